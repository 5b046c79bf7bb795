//! Makes the staging folder a usable install prefix: headers, a pkg-config file and a
//! CMake package, so C/C++ builds find oxrocm like a ROCm install
//! (`pkg-config --cflags --libs hip`, `find_package(hip)` with target `hip::host`).

use crate::root;
use std::path::Path;

fn copy_dir(from: &Path, to: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(to)?;
    for e in std::fs::read_dir(from)? {
        let e = e?;
        let dest = to.join(e.file_name());
        if e.file_type()?.is_dir() {
            copy_dir(&e.path(), &dest)?;
        } else {
            std::fs::copy(e.path(), dest)?;
        }
    }
    Ok(())
}

pub fn write(prefix: &Path) -> Result<(), String> {
    let err = |e: std::io::Error| e.to_string();
    copy_dir(&root().join("include"), &prefix.join("include")).map_err(err)?;
    let version = "5.7.31921";
    let pc = format!(
        "# oxrocm HIP runtime (ROCm {version} ABI)\n\
         prefix={p}\nlibdir=${{prefix}}/lib\nincludedir=${{prefix}}/include\n\n\
         Name: hip\nDescription: HIP runtime (oxrocm)\nVersion: {version}\n\
         Cflags: -I${{includedir}} -D__HIP_PLATFORM_AMD__\nLibs: -L${{libdir}} -lamdhip64\n",
        p = prefix.display()
    );
    std::fs::create_dir_all(prefix.join("lib/pkgconfig")).map_err(err)?;
    std::fs::write(prefix.join("lib/pkgconfig/hip.pc"), pc).map_err(err)?;
    let cmake = format!(
        "# oxrocm HIP runtime (ROCm {version} ABI): find_package(hip) provides hip::host and hip::amdhip64\n\
         get_filename_component(_oxrocm_prefix \"${{CMAKE_CURRENT_LIST_DIR}}/../../..\" ABSOLUTE)\n\
         set(hip_VERSION {version})\n\
         set(hip_INCLUDE_DIRS \"${{_oxrocm_prefix}}/include\")\n\
         set(hip_LIBRARIES \"${{_oxrocm_prefix}}/lib/libamdhip64.so\")\n\
         if(NOT TARGET hip::amdhip64)\n\
         \x20 add_library(hip::amdhip64 SHARED IMPORTED)\n\
         \x20 set_target_properties(hip::amdhip64 PROPERTIES IMPORTED_LOCATION \"${{hip_LIBRARIES}}\"\n\
         \x20   INTERFACE_INCLUDE_DIRECTORIES \"${{hip_INCLUDE_DIRS}}\" INTERFACE_COMPILE_DEFINITIONS __HIP_PLATFORM_AMD__)\n\
         \x20 add_library(hip::host INTERFACE IMPORTED)\n\
         \x20 set_target_properties(hip::host PROPERTIES INTERFACE_LINK_LIBRARIES hip::amdhip64)\n\
         endif()\n\
         set(hip_FOUND TRUE)\n"
    );
    std::fs::create_dir_all(prefix.join("lib/cmake/hip")).map_err(err)?;
    std::fs::write(prefix.join("lib/cmake/hip/hip-config.cmake"), cmake).map_err(err)?;
    std::fs::write(
        prefix.join("lib/cmake/hip/hip-config-version.cmake"),
        format!("set(PACKAGE_VERSION {version})\nif(PACKAGE_FIND_VERSION VERSION_GREATER PACKAGE_VERSION)\n  set(PACKAGE_VERSION_COMPATIBLE FALSE)\nelse()\n  set(PACKAGE_VERSION_COMPATIBLE TRUE)\nendif()\n"),
    )
    .map_err(err)?;
    Ok(())
}
