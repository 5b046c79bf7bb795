//! How much shared (Workgroup storage class) memory a SPIR-V module declares. A module that
//! asks for more than the device's `maxComputeSharedMemorySize` is invalid there: NVIDIA's
//! driver (580) still built a pipeline for one of 51,200 B, and the benchmark launching it
//! never finished (bench/results/h100-gemm-2026-11-26.txt). The runtime checks the size
//! first and runs the kernel's host twin instead (see `ShaderCaps::allows`). The committed
//! modules declare at most 32 KiB (the f32/f64 GEMMs), lavapipe's limit.

use std::collections::HashMap;

const OP_TYPE_BOOL: u32 = 20;
const OP_TYPE_INT: u32 = 21;
const OP_TYPE_FLOAT: u32 = 22;
const OP_TYPE_VECTOR: u32 = 23;
const OP_TYPE_MATRIX: u32 = 24;
const OP_TYPE_ARRAY: u32 = 28;
const OP_TYPE_STRUCT: u32 = 30;
const OP_TYPE_POINTER: u32 = 32;
const OP_CONSTANT: u32 = 43;
const OP_VARIABLE: u32 = 59;
const STORAGE_WORKGROUP: u32 = 4;

/// A type's size and alignment in bytes, as a driver lays out shared memory without
/// explicit offsets (members at their natural alignment).
#[derive(Clone, Copy)]
struct Layout {
    size: u64,
    align: u64,
}

/// Bytes of every `Workgroup` variable of `module` together (each at its alignment). Types
/// this does not size (none that shared memory may hold in our kernels) count as 0.
pub fn workgroup_bytes(module: &[u32]) -> u64 {
    let mut types: HashMap<u32, Layout> = HashMap::new();
    let mut constants: HashMap<u32, u64> = HashMap::new();
    let mut pointers: HashMap<u32, (u32, u32)> = HashMap::new();
    let mut total = 0u64;
    for (op, w) in super::caps::instructions(module) {
        let layout_of = |id: u32| types.get(&id).copied();
        let made = match op {
            OP_TYPE_BOOL => Some(Layout { size: 4, align: 4 }),
            OP_TYPE_INT | OP_TYPE_FLOAT if w.len() >= 2 => Some(Layout { size: w[1] as u64 / 8, align: w[1] as u64 / 8 }),
            // Three-component vectors take four components' room, as in std430.
            OP_TYPE_VECTOR | OP_TYPE_MATRIX if w.len() >= 3 => layout_of(w[1]).map(|e| {
                let n = if op == OP_TYPE_VECTOR && w[2] == 3 { 4 } else { w[2] as u64 };
                Layout { size: e.size * n, align: if op == OP_TYPE_VECTOR { e.size * n } else { e.align } }
            }),
            OP_TYPE_ARRAY if w.len() >= 3 => layout_of(w[1])
                .zip(constants.get(&w[2]))
                .map(|(e, &n)| Layout { size: e.size.next_multiple_of(e.align.max(1)) * n, align: e.align }),
            OP_TYPE_STRUCT if !w.is_empty() => {
                let mut size = 0u64;
                let mut align = 1u64;
                let mut known = true;
                for &m in &w[1..] {
                    match layout_of(m) {
                        Some(l) => {
                            size = size.next_multiple_of(l.align.max(1)) + l.size;
                            align = align.max(l.align);
                        }
                        None => known = false,
                    }
                }
                known.then(|| Layout { size: size.next_multiple_of(align), align })
            }
            _ => None,
        };
        if let Some(l) = made {
            types.insert(w[0], l);
        }
        match op {
            OP_TYPE_POINTER if w.len() >= 3 => {
                pointers.insert(w[0], (w[1], w[2]));
            }
            OP_CONSTANT if w.len() >= 3 => {
                constants.insert(w[1], w[2] as u64);
            }
            OP_VARIABLE if w.len() >= 3 && w[2] == STORAGE_WORKGROUP => {
                if let Some(l) = pointers.get(&w[0]).and_then(|&(_, pointee)| types.get(&pointee)) {
                    total = total.next_multiple_of(l.align.max(1)) + l.size;
                }
            }
            _ => {}
        }
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A module body of instructions (opcode, operands), after a 5-word header.
    fn module(insts: &[(u32, &[u32])]) -> Vec<u32> {
        let mut m = vec![0x0723_0203, 0x0001_0500, 0, 100, 0];
        for (op, ops) in insts {
            m.push(((ops.len() as u32 + 1) << 16) | op);
            m.extend_from_slice(ops);
        }
        m
    }

    #[test]
    fn arrays_of_vectors_and_scalars_add_up() {
        // uint (1), uvec4 (2), 1088 (3), uvec4[1088] (4), pointer (5), float (6), 3 (7),
        // vec3 (8), vec3[3] (9), its pointer (10); two shared variables and a private one.
        let m = module(&[
            (OP_TYPE_INT, &[1, 32, 0]),
            (OP_TYPE_VECTOR, &[2, 1, 4]),
            (OP_CONSTANT, &[1, 3, 1088]),
            (OP_TYPE_ARRAY, &[4, 2, 3]),
            (OP_TYPE_POINTER, &[5, STORAGE_WORKGROUP, 4]),
            (OP_TYPE_FLOAT, &[6, 32]),
            (OP_CONSTANT, &[1, 7, 3]),
            (OP_TYPE_VECTOR, &[8, 6, 3]),
            (OP_TYPE_ARRAY, &[9, 8, 7]),
            (OP_TYPE_POINTER, &[10, STORAGE_WORKGROUP, 9]),
            (OP_TYPE_POINTER, &[11, 6, 4]),
            (OP_VARIABLE, &[5, 20, STORAGE_WORKGROUP]),
            (OP_VARIABLE, &[10, 21, STORAGE_WORKGROUP]),
            (OP_VARIABLE, &[11, 22, 6]),
        ]);
        assert_eq!(workgroup_bytes(&m), 1088 * 16 + 3 * 16);
    }

    #[test]
    fn structs_align_their_members_and_modules_without_shared_memory_are_zero() {
        // struct { half; float; double } (5): half at 0, float at 4, double at 8: 16 bytes.
        let m = module(&[
            (OP_TYPE_FLOAT, &[1, 16]),
            (OP_TYPE_FLOAT, &[2, 32]),
            (OP_TYPE_FLOAT, &[3, 64]),
            (OP_TYPE_STRUCT, &[5, 1, 2, 3]),
            (OP_TYPE_POINTER, &[6, STORAGE_WORKGROUP, 5]),
            (OP_VARIABLE, &[6, 7, STORAGE_WORKGROUP]),
        ]);
        assert_eq!(workgroup_bytes(&m), 16);
        assert_eq!(workgroup_bytes(&module(&[(OP_TYPE_FLOAT, &[1, 32])])), 0);
    }

    #[test]
    fn every_committed_library_module_fits_lavapipes_shared_memory() {
        // lavapipe's maxComputeSharedMemorySize, the smallest of the devices tests run on:
        // the f32 and f64 GEMMs are exactly at it (their host twins must not run there for
        // shared memory; librocblas's GEMM tests assert the SPIR-V path on lavapipe).
        const LAVAPIPE: u64 = 32_768;
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../librocblas/shaders/spv");
        let mut sizes = Vec::new();
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            let bytes = std::fs::read(&path).unwrap();
            let words: Vec<u32> = bytes.chunks(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect();
            sizes.push((path.file_stem().unwrap().to_string_lossy().into_owned(), workgroup_bytes(&words)));
        }
        sizes.sort();
        assert!(sizes.len() >= 18, "{}: {sizes:?}", dir.display());
        for (name, bytes) in &sizes {
            assert!(*bytes <= LAVAPIPE, "{name} declares {bytes} B of shared memory, more than lavapipe's {LAVAPIPE}");
        }
        for at_limit in ["gemm_f32", "gemm_f32_nt", "gemm_f32_t", "gemm_f64"] {
            assert!(sizes.contains(&(at_limit.to_string(), LAVAPIPE)), "{at_limit}: {sizes:?}");
        }
    }

    #[test]
    fn the_committed_gemm_modules_match_what_the_driver_reported() {
        // NVIDIA's pipeline statistics on the H100 (bench/results): 17,408 B for the NT
        // module, 18,944 B for NN (its tiles hold both layouts' padding).
        let words = |bytes: &[u8]| bytes.chunks(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect::<Vec<u32>>();
        let nt = words(include_bytes!("../../../librocblas/shaders/spv/gemm_f16_nt.spv"));
        let nn = words(include_bytes!("../../../librocblas/shaders/spv/gemm_f16_nn.spv"));
        assert_eq!(workgroup_bytes(&nt), 17_408);
        assert_eq!(workgroup_bytes(&nn), 18_944);
    }
}
