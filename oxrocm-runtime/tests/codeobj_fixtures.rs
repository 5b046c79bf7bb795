//! The code-object reader on real code objects: tests/fixtures/loader_kernels.<target>.co,
//! compiled from loader_kernels.hip by Debian's clang-15 (fixtures/build.sh). Expected
//! values are what llvm-readelf-15 prints for these files (notes, symbols, sections).

use oxrocm_runtime::codeobj::descriptor::packed_workitem_ids;
use oxrocm_runtime::codeobj::elf::Elf;
use oxrocm_runtime::codeobj::image;
use oxrocm_runtime::codeobj::metadata::ValueKind;
use oxrocm_runtime::codeobj::{CodeObject, parse_image};

fn load(target: &str) -> CodeObject {
    let path = format!("{}/tests/fixtures/loader_kernels.{target}.co", env!("CARGO_MANIFEST_DIR"));
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut cos = parse_image(&bytes).unwrap();
    assert_eq!(cos.len(), 1);
    cos.remove(0)
}

#[test]
fn metadata_lists_kernels_and_argument_layouts() {
    for target in ["gfx1030", "gfx1100"] {
        let co = load(target);
        assert_eq!(co.target, target);
        let meta = co.metadata().unwrap();
        assert_eq!(meta.version, (1, 1), "{target}: code object v4");
        assert_eq!(meta.target, format!("amdgcn-amd-amdhsa--{target}"));
        let names: Vec<_> = meta.kernels.iter().map(|k| k.name.as_str()).collect();
        for k in ["scaled_copy", "by_value_struct", "dynamic_lds_sum", "grid_2d"] {
            assert!(names.contains(&k), "{target}: {k} missing from {names:?}");
        }
        let sc = meta.kernel("scaled_copy").unwrap();
        assert_eq!(sc.symbol, "scaled_copy.kd");
        assert_eq!((sc.kernarg_size, sc.kernarg_align, sc.wavefront_size), (24, 8, 32));
        let layout: Vec<_> = sc.args.iter().map(|a| (a.offset, a.size, a.kind.clone())).collect();
        assert_eq!(
            layout,
            [(0, 8, ValueKind::GlobalBuffer), (8, 8, ValueKind::GlobalBuffer), (16, 4, ValueKind::ByValue), (20, 4, ValueKind::ByValue)]
        );
        assert_eq!(sc.args[0].address_space.as_deref(), Some("global"));
        // A 16-byte struct by value, then a pointer.
        let bv = meta.kernel("by_value_struct").unwrap();
        assert_eq!(bv.explicit_args().map(|a| (a.offset, a.size)).collect::<Vec<_>>(), [(0, 16), (16, 8)]);
        assert_eq!(meta.kernel("grid_2d").unwrap().kernarg_size, 12);
    }
}

#[test]
fn descriptors_give_entry_points_and_initial_registers() {
    // (kernel, USER_SGPR_COUNT, kernarg pointer SGPR, workgroup id SGPRs)
    let expect = [
        ("gfx1030", "scaled_copy", 8, 6, [Some(8), None, None]),
        ("gfx1030", "by_value_struct", 6, 4, [Some(6), None, None]),
        ("gfx1030", "grid_2d", 8, 6, [Some(8), Some(9), None]),
        ("gfx1100", "scaled_copy", 15, 2, [Some(15), None, None]),
        ("gfx1100", "by_value_struct", 15, 0, [Some(15), None, None]),
        ("gfx1100", "grid_2d", 14, 2, [Some(14), Some(15), None]),
    ];
    for (target, name, users, kernarg, wg) in expect {
        let co = load(target);
        let (addr, kd) = co.descriptor(name).unwrap();
        // The descriptor's entry offset lands on the kernel's function symbol.
        let entry = Elf::new(&co.image).unwrap().symbol(name).unwrap().value;
        assert_eq!(co.entry(name), Some(entry), "{target} {name}");
        assert_eq!((addr as i64 + kd.entry_offset) as u64, entry);
        assert!(kd.wave32());
        let l = kd.sgpr_layout();
        assert_eq!(l.user_sgpr_count, users, "{target} {name}");
        assert_eq!(l.kernarg_ptr, Some(kernarg), "{target} {name}");
        assert_eq!(l.workgroup_id, wg, "{target} {name}");
        assert_eq!(kd.workitem_id_dims(), if name == "grid_2d" { 2 } else { 1 });
        // HIP kernels run with f32 denormals kept (FLOAT_DENORM_MODE_32 = 3) and IEEE mode.
        assert_eq!(kd.denorm_mode_f32(), 3);
        assert!(kd.ieee_mode());
    }
    assert!(!packed_workitem_ids("gfx1030") && packed_workitem_ids("gfx1100"));
}

#[test]
fn device_variables_have_their_initial_values() {
    for target in ["gfx1030", "gfx1100"] {
        let co = load(target);
        let table = co.global("scale_table").unwrap();
        let floats: Vec<f32> = table.chunks_exact(4).map(|c| f32::from_le_bytes(c.try_into().unwrap())).collect();
        assert_eq!(floats, [1.0, 2.0, 3.0, 4.0]);
        assert_eq!(co.global("hit_count").unwrap(), 7i32.to_le_bytes());
        assert!(co.global("no_such_variable").is_none());
        // Kernels are functions, not data.
        assert!(co.global("scaled_copy").is_none());
    }
}

#[test]
fn loaded_image_resolves_function_pointers_in_data() {
    // llvm-readelf-15 -r: two R_AMDGPU_RELATIVE64 at op_table, addends add_one and twice.
    for (target, table, add_one, twice) in [("gfx1030", 0x4b50usize, 0x2898u64, 0x28a8u64), ("gfx1100", 0x4c50, 0x28b8, 0x28c8)] {
        let co = load(target);
        let elf = Elf::new(&co.image).unwrap();
        assert_eq!(elf.symbol("op_table").unwrap().value as usize, table);
        let base = 0x7f00_1234_0000u64;
        let img = image::relocated(&elf, base).unwrap();
        assert_eq!(img.len(), image::span(&elf).unwrap());
        let at = |o: usize| u64::from_le_bytes(img[o..o + 8].try_into().unwrap());
        assert_eq!((at(table), at(table + 8)), (base + add_one, base + twice), "{target}");
        // Code and initialised data sit at their virtual addresses.
        let entry = co.entry("apply_op").unwrap() as usize;
        let text = elf.section(".text").unwrap();
        let file = &co.image[text.offset + (entry - text.addr as usize)..][..16];
        assert_eq!(&img[entry..entry + 16], file);
        let hit = elf.symbol("hit_count").unwrap().value as usize;
        assert_eq!(img[hit..hit + 4], 7i32.to_le_bytes());
    }
}

#[test]
fn launches_are_prepared_for_the_executor() {
    use oxrocm_runtime::codeobj::kernarg::HiddenValues;
    use oxrocm_runtime::gcn::prepare;
    use oxrocm_runtime::kernel::{GcnKernel, LaunchInfo};
    for target in ["gfx1030", "gfx1100"] {
        let co = load(target);
        let meta = co.metadata().unwrap().kernel("scaled_copy").unwrap().clone();
        let (_, descriptor) = co.descriptor("scaled_copy").unwrap();
        let entry = co.entry("scaled_copy").unwrap();
        let k = GcnKernel { target: target.into(), module: 0, arg_sizes: meta.explicit_args().map(|a| a.size).collect(), meta, descriptor, entry };
        let args = vec![0x1111u64.to_le_bytes().to_vec(), 0x2222u64.to_le_bytes().to_vec(), 77i32.to_le_bytes().to_vec(), 2.5f32.to_le_bytes().to_vec()];
        let info = LaunchInfo { grid: [3, 1, 1], block: [96, 1, 1], shared_mem_bytes: 0 };
        let base = 0x7000_0000u64;
        let g = prepare(&k, base, &info, &args, &HiddenValues::default()).unwrap();
        let l = &g.launch;
        assert_eq!(l.entry, base + entry);
        assert_eq!(l.lanes, 32);
        assert_eq!(&g.kernarg[16..24], &[77, 0, 0, 0, 0, 0, 0x20, 0x40], "{target}: n and 2.5f at 16 and 20");
        assert_eq!(u64::from_le_bytes(g.kernarg[8..16].try_into().unwrap()), 0x2222);
        // The descriptor's requests (see descriptors_give_entry_points_and_initial_registers).
        assert_eq!(l.state.kernarg_ptr, Some(if target == "gfx1030" { 6 } else { 2 }));
        assert_eq!(l.state.packed_ids, target == "gfx1100");
        assert_eq!(l.kernarg, g.kernarg.as_ptr() as u64);
        // f32 denormals kept (MODE bits 5:4 = 3), IEEE mode on.
        assert_eq!(l.mode >> 4 & 3, 3);
        assert_ne!(l.mode & 1 << 9, 0);
        // The packet: 96 work-items per group, 288 in the grid, kernel object = the .kd.
        let p = &g.packet;
        assert_eq!(u16::from_le_bytes([p[4], p[5]]), 96);
        assert_eq!(u32::from_le_bytes(p[12..16].try_into().unwrap()), 288);
        let kd_sym = Elf::new(&co.image).unwrap().symbol("scaled_copy.kd").unwrap().value;
        assert_eq!(u64::from_le_bytes(p[32..40].try_into().unwrap()), base + kd_sym);
        // A wrongly sized argument is refused.
        let mut bad = args.clone();
        bad[2] = vec![0; 8];
        assert!(prepare(&k, base, &info, &bad, &HiddenValues::default()).is_err());
    }
}
