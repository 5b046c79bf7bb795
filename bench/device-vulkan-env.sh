# Sourced by the bench/device-*.sh scripts on the lent GPU machine (run from the repository
# root): unpacks the carried Vulkan loader packages (.gl/, see the device tool's README),
# points the loader at NVIDIA's driver where the image keeps it outside the default search
# path, and gives Vulkan a runtime directory.
for f in .gl/*.deb; do dpkg -x "$f" /; done
ldconfig
[ -e /usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json ] && export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
export XDG_RUNTIME_DIR=/tmp
