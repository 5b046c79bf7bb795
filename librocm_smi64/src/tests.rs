//! ROCm SMI's answers checked against HIP's for the same devices.

use crate::api::*;
use crate::devices::*;
use crate::hip;
use crate::types::*;
use amdhip64::types::{hipDeviceProp_tR0000, hipUUID};
use std::ffi::{CStr, c_char};
use std::sync::Mutex;

/// The SMI reference count is process-wide: tests that init and shut down take turns.
static SMI_LOCK: Mutex<()> = Mutex::new(());

unsafe extern "C" {
    fn hipDeviceGetPCIBusId(bus: *mut c_char, len: i32, device: i32) -> i32;
}

fn props(d: i32) -> hipDeviceProp_tR0000 {
    let mut p = hipDeviceProp_tR0000::default();
    assert_eq!(unsafe { hip::hipGetDeviceProperties((&mut p as *mut hipDeviceProp_tR0000).cast(), d) }, 0);
    p
}

fn c_string(b: &[c_char]) -> String {
    unsafe { CStr::from_ptr(b.as_ptr()) }.to_string_lossy().into_owned()
}

/// `dddd:bb:dd.f` of hipDeviceGetPCIBusId as (domain, bus, device, function).
fn parse_bus_id(s: &str) -> (u64, u64, u64, u64) {
    let (dom, rest) = s.split_once(':').unwrap();
    let (bus, rest) = rest.split_once(':').unwrap();
    let (dev, func) = rest.split_once('.').unwrap();
    let h = |x: &str| u64::from_str_radix(x, 16).unwrap();
    (h(dom), h(bus), h(dev), h(func))
}

#[test]
fn property_offsets_match_hip() {
    use hip::prop::*;
    use std::mem::offset_of;
    type P = hipDeviceProp_tR0000;
    assert_eq!(std::mem::size_of::<P>(), hip::DEVICE_PROP_R0000_SIZE);
    for (ours, theirs) in [
        (NAME, offset_of!(P, name)),
        (TOTAL_GLOBAL_MEM, offset_of!(P, totalGlobalMem)),
        (CLOCK_RATE, offset_of!(P, clockRate)),
        (MEMORY_CLOCK_RATE, offset_of!(P, memoryClockRate)),
        (PCI_DOMAIN_ID, offset_of!(P, pciDomainID)),
        (PCI_BUS_ID, offset_of!(P, pciBusID)),
        (PCI_DEVICE_ID, offset_of!(P, pciDeviceID)),
        (GCN_ARCH_NAME, offset_of!(P, gcnArchName)),
        (ASIC_REVISION, offset_of!(P, asicRevision)),
    ] {
        assert_eq!(ours, theirs);
    }
    assert_eq!(std::mem::size_of::<hipUUID>(), std::mem::size_of::<hip::HipUuid>());
    // rsmi_frequencies_t: bool, two uint32_t, then 33 uint64_t
    assert_eq!(std::mem::size_of::<rsmi_frequencies_t>(), 16 + 8 * 33);
    assert_eq!(std::mem::offset_of!(rsmi_frequencies_t, frequency), 16);
}

/// The device ID ROCm SMI reports is the chip ID libhsa-runtime64 reports (rocminfo).
#[test]
fn device_ids_match_hsa_chip_ids() {
    for t in ["gfx900", "gfx906", "gfx908", "gfx90a:sramecc+:xnack-", "gfx942", "gfx1030", "gfx1100", "gfx1101", "gfx1102", "gfx1201", "gfx1150"] {
        assert_eq!(device_id_of(t) as u32, hsa_runtime64::agents::chip_id_of(t), "{t}");
    }
}

#[test]
fn smi_reports_hip_devices() {
    let _g = SMI_LOCK.lock().unwrap_or_else(|e| e.into_inner());
    unsafe {
        let mut n = 0u32;
        assert_eq!(rsmi_num_monitor_devices(&mut n), RSMI_STATUS_INIT_ERROR);
        assert_eq!(rsmi_shut_down(), RSMI_STATUS_INIT_ERROR);
        assert_eq!(rsmi_init(0), RSMI_STATUS_SUCCESS);
        assert_eq!(rsmi_num_monitor_devices(&mut n), RSMI_STATUS_SUCCESS);
        let mut count = 0;
        assert_eq!(hip::hipGetDeviceCount(&mut count), 0);
        assert_eq!(n, count as u32);
        assert!(n >= 1);

        let mut ids = Vec::new();
        for d in 0..n {
            let p = props(d as i32);
            let mut buf = [0 as c_char; 256];
            assert_eq!(rsmi_dev_name_get(d, buf.as_mut_ptr(), buf.len()), RSMI_STATUS_SUCCESS);
            assert_eq!(c_string(&buf), c_string(&p.name));
            assert_eq!(rsmi_dev_market_name_get(d, buf.as_mut_ptr(), 256), RSMI_STATUS_SUCCESS);
            assert_eq!(c_string(&buf), c_string(&p.name));
            // a short buffer: cut, terminated, INSUFFICIENT_SIZE
            assert_eq!(rsmi_dev_brand_get(d, buf.as_mut_ptr(), 5), RSMI_STATUS_INSUFFICIENT_SIZE);
            assert_eq!(c_string(&buf), c_string(&p.name)[..4]);
            assert_eq!(rsmi_dev_vendor_name_get(d, buf.as_mut_ptr(), 256), RSMI_STATUS_SUCCESS);
            assert!(c_string(&buf).starts_with("Advanced Micro Devices"));

            let mut v16 = 0u16;
            assert_eq!(rsmi_dev_vendor_id_get(d, &mut v16), RSMI_STATUS_SUCCESS);
            assert_eq!(v16, 0x1002);
            let arch = c_string(&p.gcnArchName);
            if device_id_of(&arch) != 0 {
                assert_eq!(rsmi_dev_id_get(d, &mut v16), RSMI_STATUS_SUCCESS);
                assert_eq!(v16, device_id_of(&arch));
            }
            assert_eq!(rsmi_dev_revision_get(d, &mut v16), RSMI_STATUS_SUCCESS);
            assert_eq!(v16 as i32, p.asicRevision);

            // the PCI address: HIP's bus ID string and its properties, as rocBLAS encodes them
            let mut bdfid = 0u64;
            assert_eq!(rsmi_dev_pci_id_get(d, &mut bdfid), RSMI_STATUS_SUCCESS);
            let from_props = ((p.pciDomainID as u64) << 32) | (((p.pciBusID & 0xff) as u64) << 8) | (((p.pciDeviceID & 0x1f) as u64) << 3);
            assert_eq!(bdfid, from_props);
            let mut bus = [0 as c_char; 64];
            assert_eq!(hipDeviceGetPCIBusId(bus.as_mut_ptr(), 64, d as i32), 0);
            let (dom, b, dv, f) = parse_bus_id(&c_string(&bus));
            assert_eq!(bdfid, (dom << 32) | (b << 8) | (dv << 3) | f);

            // IDs from HIP's UUID
            let mut u = hipUUID::default();
            assert_eq!(hip::hipDeviceGetUuid((&mut u as *mut hipUUID).cast(), d as i32), 0);
            let uuid: [u8; 16] = u.bytes.map(|b| b as u8);
            let mut uid = 0u64;
            assert_eq!(rsmi_dev_unique_id_get(d, &mut uid), RSMI_STATUS_SUCCESS);
            if let Some(hex) = std::str::from_utf8(&uuid).ok().and_then(|s| u64::from_str_radix(s, 16).ok()) {
                assert_eq!(uid, hex);
            }
            ids.push(uid);
            assert_eq!(rsmi_dev_serial_number_get(d, buf.as_mut_ptr(), 256), RSMI_STATUS_SUCCESS);
            if uuid.iter().all(|b| b.is_ascii_graphic()) {
                assert_eq!(c_string(&buf).as_bytes(), &uuid);
            }
            let mut guid = 0u64;
            assert_eq!(rsmi_dev_guid_get(d, &mut guid), RSMI_STATUS_SUCCESS);
            assert!(guid != 0 && guid <= 0xffff);
            let mut node = 0u32;
            assert_eq!(rsmi_dev_node_id_get(d, &mut node), RSMI_STATUS_SUCCESS);
            assert_eq!(node, d + 1);
            let mut gfx = 0u64;
            assert_eq!(rsmi_dev_target_graphics_version_get(d, &mut gfx), RSMI_STATUS_SUCCESS);
            assert_eq!(format!("gfx{gfx:x}"), arch.split(':').next().unwrap());

            // memory: hipMemGetInfo on that device
            assert_eq!(hip::hipSetDevice(d as i32), 0);
            let (mut free, mut total) = (0usize, 0usize);
            assert_eq!(hip::hipMemGetInfo(&mut free, &mut total), 0);
            let (mut t, mut used) = (0u64, 0u64);
            assert_eq!(rsmi_dev_memory_total_get(d, RSMI_MEM_TYPE_VRAM, &mut t), RSMI_STATUS_SUCCESS);
            assert_eq!(t, total as u64);
            assert_eq!(t, p.totalGlobalMem as u64);
            assert_eq!(rsmi_dev_memory_usage_get(d, RSMI_MEM_TYPE_VRAM, &mut used), RSMI_STATUS_SUCCESS);
            assert!(used <= t);
            assert!(used.abs_diff((total - free) as u64) < 1 << 30, "{used} vs {}", total - free);
            assert_eq!(rsmi_dev_memory_total_get(d, RSMI_MEM_TYPE_GTT, &mut t), RSMI_STATUS_NOT_SUPPORTED);
            assert_eq!(rsmi_dev_memory_total_get(d, 7, &mut t), RSMI_STATUS_INVALID_ARGS);

            // clocks
            let mut f: rsmi_frequencies_t = std::mem::zeroed();
            assert_eq!(rsmi_dev_gpu_clk_freq_get(d, RSMI_CLK_TYPE_SYS, &mut f), RSMI_STATUS_SUCCESS);
            assert_eq!((f.num_supported, f.current, f.frequency[0]), (1, 0, p.clockRate as u64 * 1000));
            assert_eq!(rsmi_dev_gpu_clk_freq_get(d, RSMI_CLK_TYPE_MEM, &mut f), RSMI_STATUS_SUCCESS);
            assert_eq!(f.frequency[f.current as usize], p.memoryClockRate as u64 * 1000);
            assert_eq!(rsmi_dev_gpu_clk_freq_get(d, RSMI_CLK_TYPE_DF, &mut f), RSMI_STATUS_NOT_SUPPORTED);

            let mut yes = false;
            assert_eq!(rsmi_is_P2P_accessible(d, d, &mut yes), RSMI_STATUS_SUCCESS);
            assert!(yes);
            let mut xcd = 0u16;
            assert_eq!(rsmi_dev_metrics_xcd_counter_get(d, &mut xcd), RSMI_STATUS_SUCCESS);
            assert_eq!(xcd, 1);
        }
        ids.sort();
        ids.dedup();
        assert_eq!(ids.len(), n as usize, "unique IDs repeat");

        // bad arguments, stubs, strings
        assert_eq!(rsmi_dev_name_get(n, [0 as c_char; 8].as_mut_ptr(), 8), RSMI_STATUS_INVALID_ARGS);
        assert_eq!(rsmi_dev_pci_id_get(0, std::ptr::null_mut()), RSMI_STATUS_INVALID_ARGS);
        assert_eq!(crate::stubs::rsmi_dev_temp_metric_get(), RSMI_STATUS_NOT_SUPPORTED);
        let mut s: *const c_char = std::ptr::null();
        assert_eq!(rsmi_status_string(RSMI_STATUS_NOT_SUPPORTED, &mut s), RSMI_STATUS_SUCCESS);
        assert!(CStr::from_ptr(s).to_str().unwrap().starts_with("RSMI_STATUS_NOT_SUPPORTED"));
        let mut v: rsmi_version_t = std::mem::zeroed();
        assert_eq!(rsmi_version_get(&mut v), RSMI_STATUS_SUCCESS);
        assert_eq!((v.major, v.minor), (7, 6));
        assert_eq!(oxrocm_smi7_rsmi_version_get(&mut v), RSMI_STATUS_SUCCESS);
        assert_eq!((v.major, v.minor), (7, 8));
        let mut drv = [0 as c_char; 128];
        assert_eq!(rsmi_version_str_get(RSMI_SW_COMP_DRIVER, drv.as_mut_ptr(), 128), RSMI_STATUS_SUCCESS);
        assert!(!c_string(&drv).is_empty());

        assert_eq!(rsmi_shut_down(), RSMI_STATUS_SUCCESS);
        assert_eq!(rsmi_num_monitor_devices(&mut n), RSMI_STATUS_INIT_ERROR);
        assert_eq!(rsmi_dev_pci_id_get(0, &mut 0u64), RSMI_STATUS_INIT_ERROR);
    }
}

/// The metrics table: the clocks at their offsets, nothing written past each library's size.
#[test]
fn gpu_metrics_hold_the_clocks() {
    use crate::metrics::*;
    let _g = SMI_LOCK.lock().unwrap_or_else(|e| e.into_inner());
    unsafe {
        assert_eq!(rsmi_init(0), RSMI_STATUS_SUCCESS);
        let p = props(0);
        for (f, size) in [
            (rsmi_dev_gpu_metrics_info_get as unsafe extern "C" fn(u32, *mut u8) -> i32, METRICS_SIZE_7_6),
            (oxrocm_smi7_rsmi_dev_gpu_metrics_info_get, METRICS_SIZE_7_8),
        ] {
            let mut buf = vec![0x11u8; 8192];
            assert_eq!(f(0, buf.as_mut_ptr()), RSMI_STATUS_SUCCESS);
            assert!(buf[size..].iter().all(|b| *b == 0x11), "written past {size}");
            let u16_at = |o: usize| u16::from_le_bytes([buf[o], buf[o + 1]]);
            assert_eq!(u16_at(offset::CURRENT_GFXCLKS) as i32, p.clockRate / 1000);
            assert_eq!(u16_at(offset::CURRENT_GFXCLKS + 2), u16::MAX, "one XCD");
            assert_eq!(u16_at(offset::CURRENT_UCLK) as i32, p.memoryClockRate / 1000);
            assert_eq!(u16_at(0) as usize, size);
            assert_eq!(f(0, std::ptr::null_mut()), RSMI_STATUS_INVALID_ARGS);
        }
        assert_eq!(rsmi_shut_down(), RSMI_STATUS_SUCCESS);
    }
}
