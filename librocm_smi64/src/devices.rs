//! The monitored devices: one per HIP device, in HIP's order, described at `rsmi_init` from
//! HIP's device properties; `rsmi_init`/`rsmi_shut_down` (reference counted) and the count.

use crate::hip;
use crate::types::*;
use std::sync::Mutex;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Device {
    /// HIP ordinal.
    pub ordinal: i32,
    /// HIP's device name.
    pub name: String,
    /// HIP's gcnArchName: the target and its features (`gfx90a:sramecc+:xnack-`).
    pub target: String,
    /// HIP's UUID (`hipDeviceGetUuid`).
    pub uuid: [u8; 16],
    pub total_memory: u64,
    pub sys_clock_hz: u64,
    pub mem_clock_hz: u64,
    pub pci_domain: u32,
    pub pci_bus: u32,
    pub pci_device: u32,
    pub asic_revision: u16,
}

impl Device {
    /// `((domain) << 32) | (bus << 8) | (device << 3) | function`, as ROCm SMI encodes a
    /// BDF (function 0).
    pub fn bdfid(&self) -> u64 {
        ((self.pci_domain as u64) << 32) | (((self.pci_bus & 0xff) as u64) << 8) | (((self.pci_device & 0x1f) as u64) << 3)
    }

    /// The 64-bit unique ID: the UUID's 16 characters as hex digits when they are (ROCm's
    /// HIP UUID is the unique ID in hex), else a 64-bit FNV-1a hash of the UUID.
    pub fn unique_id(&self) -> u64 {
        if let Ok(s) = std::str::from_utf8(&self.uuid) {
            if let Ok(v) = u64::from_str_radix(s, 16) {
                return v;
            }
        }
        self.uuid.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ *b as u64).wrapping_mul(0x0000_0100_0000_01b3))
    }

    /// The board serial: the UUID's characters when printable, else the unique ID in hex.
    pub fn serial(&self) -> String {
        if self.uuid.iter().all(|b| b.is_ascii_graphic()) {
            String::from_utf8_lossy(&self.uuid).into_owned()
        } else {
            format!("{:016x}", self.unique_id())
        }
    }

    /// The KFD GPU ID stand-in: the unique ID folded to 16 bits, never 0.
    pub fn gpu_id(&self) -> u64 {
        let u = self.unique_id();
        let folded = (u ^ (u >> 16) ^ (u >> 32) ^ (u >> 48)) & 0xffff;
        if folded == 0 { 1 } else { folded }
    }

    /// The KFD node: the CPU is node 0, GPUs follow in order (libhsa-runtime64 numbers its
    /// agents the same way).
    pub fn node_id(&self) -> u32 {
        self.ordinal as u32 + 1
    }

    /// The target's number read as hex (`gfx90a` → 0x90a), as KFD reports it.
    pub fn gfx_version(&self) -> Option<u64> {
        let gfx = self.target.split(':').next()?.strip_prefix("gfx")?;
        u64::from_str_radix(gfx, 16).ok()
    }

    pub fn device_id(&self) -> u16 {
        device_id_of(&self.target)
    }
}

/// A PCI device ID of a product of each target (pci.ids), for `rsmi_dev_id_get`: our devices
/// are the target, not a particular board. The same IDs as libhsa-runtime64's chip IDs. 0 for
/// targets not listed.
pub fn device_id_of(target: &str) -> u16 {
    match target.split(':').next().unwrap_or_default() {
        "gfx900" => 0x687f,  // Vega 10 [Radeon RX Vega 56/64]
        "gfx906" => 0x66a1,  // Vega 20 [Radeon Pro VII/Radeon Instinct MI50]
        "gfx908" => 0x738c,  // Arcturus [Instinct MI100]
        "gfx90a" => 0x740f,  // Aldebaran [Instinct MI210]
        "gfx942" => 0x74a1,  // Aqua Vanjaram [Instinct MI300X]
        "gfx1030" => 0x73bf, // Navi 21 [Radeon RX 6800/6800 XT / 6900 XT]
        "gfx1031" => 0x73df, // Navi 22
        "gfx1032" => 0x73ff, // Navi 23
        "gfx1100" => 0x744c, // Navi 31 [Radeon RX 7900 XT/7900 XTX]
        "gfx1101" => 0x747e, // Navi 32
        "gfx1102" => 0x7480, // Navi 33
        "gfx1200" => 0x7590, // Navi 44
        "gfx1201" => 0x7550, // Navi 48 [Radeon RX 9070]
        _ => 0,
    }
}

struct State {
    refcount: u32,
    devices: Vec<Device>,
}

static STATE: Mutex<State> = Mutex::new(State { refcount: 0, devices: Vec::new() });

fn state() -> std::sync::MutexGuard<'static, State> {
    STATE.lock().unwrap_or_else(|e| e.into_inner())
}

fn read_i32(p: &[u8], off: usize) -> i32 {
    i32::from_ne_bytes(p[off..off + 4].try_into().unwrap())
}

fn read_cstr(p: &[u8], off: usize, max: usize) -> String {
    let s = &p[off..off + max];
    let end = s.iter().position(|&c| c == 0).unwrap_or(max);
    String::from_utf8_lossy(&s[..end]).into_owned()
}

fn discover() -> Vec<Device> {
    let mut n = 0;
    if unsafe { hip::hipGetDeviceCount(&mut n) } != 0 {
        return Vec::new();
    }
    let mut out = Vec::new();
    for d in 0..n {
        let mut p = vec![0u8; hip::DEVICE_PROP_R0000_SIZE];
        if unsafe { hip::hipGetDeviceProperties(p.as_mut_ptr(), d) } != 0 {
            continue;
        }
        let mut uuid = hip::HipUuid::default();
        if unsafe { hip::hipDeviceGetUuid(&mut uuid, d) } != 0 {
            uuid = hip::HipUuid::default();
        }
        use hip::prop::*;
        out.push(Device {
            ordinal: d,
            name: read_cstr(&p, NAME, 256),
            target: read_cstr(&p, GCN_ARCH_NAME, 256),
            uuid: uuid.bytes,
            total_memory: u64::from_ne_bytes(p[TOTAL_GLOBAL_MEM..TOTAL_GLOBAL_MEM + 8].try_into().unwrap()),
            sys_clock_hz: read_i32(&p, CLOCK_RATE).max(0) as u64 * 1000,
            mem_clock_hz: read_i32(&p, MEMORY_CLOCK_RATE).max(0) as u64 * 1000,
            pci_domain: read_i32(&p, PCI_DOMAIN_ID) as u32,
            pci_bus: read_i32(&p, PCI_BUS_ID) as u32,
            pci_device: read_i32(&p, PCI_DEVICE_ID) as u32,
            asic_revision: read_i32(&p, ASIC_REVISION) as u16,
        });
    }
    out
}

/// The device at `dv_ind`: INIT_ERROR before `rsmi_init`, INVALID_ARGS past the last one.
pub fn device(dv_ind: u32) -> Result<Device, rsmi_status_t> {
    let s = state();
    if s.refcount == 0 {
        return Err(RSMI_STATUS_INIT_ERROR);
    }
    s.devices.get(dv_ind as usize).cloned().ok_or(RSMI_STATUS_INVALID_ARGS)
}

/// `(used, total)` bytes of a device's memory from `hipMemGetInfo`, asked on a thread of its
/// own so that the caller's current HIP device stays as it is.
pub fn memory_info(d: &Device) -> Result<(u64, u64), rsmi_status_t> {
    let ordinal = d.ordinal;
    let r = std::thread::spawn(move || {
        let (mut free, mut total) = (0usize, 0usize);
        let ok = unsafe { hip::hipSetDevice(ordinal) == 0 && hip::hipMemGetInfo(&mut free, &mut total) == 0 };
        ok.then_some((total.saturating_sub(free) as u64, total as u64))
    })
    .join();
    match r {
        Ok(Some(x)) => Ok(x),
        _ => Err(RSMI_STATUS_INTERNAL_EXCEPTION),
    }
}

oxrocm_ffi::c_api! { lib = "rocm_smi", ret = rsmi_status_t, on_panic = RSMI_STATUS_INTERNAL_EXCEPTION;

    /// Any flags: there is one kind of device, all of them monitored.
    fn rsmi_init(init_flags: u64) {
        let _ = init_flags;
        let mut s = state();
        if s.refcount == u32::MAX {
            return RSMI_STATUS_REFCOUNT_OVERFLOW;
        }
        if s.refcount == 0 {
            s.devices = discover();
        }
        s.refcount += 1;
        RSMI_STATUS_SUCCESS
    }

    fn rsmi_shut_down() {
        let mut s = state();
        if s.refcount == 0 {
            return RSMI_STATUS_INIT_ERROR;
        }
        s.refcount -= 1;
        if s.refcount == 0 {
            s.devices.clear();
        }
        RSMI_STATUS_SUCCESS
    }

    fn rsmi_num_monitor_devices(num_devices: *mut u32) {
        let s = state();
        if s.refcount == 0 {
            return RSMI_STATUS_INIT_ERROR;
        }
        if num_devices.is_null() {
            return RSMI_STATUS_INVALID_ARGS;
        }
        *num_devices = s.devices.len() as u32;
        RSMI_STATUS_SUCCESS
    }
}
