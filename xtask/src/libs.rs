//! The libraries we stage: which crate, which symbol list, which file names, SONAMEs and
//! ELF version nodes (facts from `shared/notes/peers.md` §1-2).

pub struct Output {
    /// Real file name, e.g. `libamdhip64.so.5.7.31921`.
    pub file: &'static str,
    pub soname: &'static str,
    /// Extra names (symlinks) pointing at `file`.
    pub links: &'static [&'static str],
}

pub struct Lib {
    /// Cargo package name.
    pub package: &'static str,
    /// Rust library name (the static archive is `lib<name>.a`).
    pub rlib: &'static str,
    pub symbols: &'static str,
    /// ELF version node chain (oldest first); empty for unversioned libraries.
    pub chain: &'static [&'static str],
    /// Node for symbols without one in the list ("" = unversioned).
    pub default_node: &'static str,
    /// Extra (node, patterns) exported besides the list (private interfaces).
    pub extra: &'static [(&'static str, &'static [&'static str])],
    pub outputs: &'static [Output],
    /// Links against our libamdhip64 (every library but HIP itself).
    pub needs_hip: bool,
    /// Names that Rust's compiler_builtins also defines (weak, hidden): localized in the
    /// archive copy we link, so the library's own versioned definition is exported.
    pub localize: &'static [&'static str],
    /// Extra system libraries the archive's code calls into (`-l<name>`), e.g. libstdc++ for
    /// rocBLAS's C++ `rocblas_internal_ostream`.
    pub native: &'static [&'static str],
}

pub const HIP_CHAIN: &[&str] = &[
    "hip_4.2", "hip_4.3", "hip_4.4", "hip_4.5", "hip_5.0", "hip_5.1", "hip_5.2", "hip_5.3", "hip_5.5",
    "hip_5.6", "hip_6.0", "hip_6.1", "hip_6.2", "hip_6.4", "hip_6.5", "hip_7.1", "hip_7.2",
];

/// The SONAME the other libraries link against (the ROCm 5.x ABI their Debian clients use).
pub const HIP_FOR_LIBS: &str = "libamdhip64.so.5";

pub const LIBS: &[Lib] = &[
    Lib {
        package: "libamdhip64",
        rlib: "amdhip64",
        symbols: "libamdhip64/abi/hip.symbols",
        chain: HIP_CHAIN,
        default_node: "hip_4.2",
        extra: &[("OXROCM_PRIVATE_1", &["oxrocm_private_v1_*"])],
        outputs: &[
            Output { file: "libamdhip64.so.5.7.31921", soname: "libamdhip64.so.5", links: &["libamdhip64.so.5", "libamdhip64.so"] },
            Output { file: "libamdhip64.so.6.4.43482", soname: "libamdhip64.so.6", links: &["libamdhip64.so.6"] },
            Output { file: "libamdhip64.so.7.1.25424", soname: "libamdhip64.so.7", links: &["libamdhip64.so.7"] },
        ],
        needs_hip: false,
        localize: &["__gnu_f2h_ieee", "__gnu_h2f_ieee"],
        native: &[],
    },
    Lib {
        package: "librocblas",
        rlib: "rocblas",
        symbols: "librocblas/abi/rocblas-2.47.symbols",
        chain: &[],
        default_node: "",
        extra: &[],
        outputs: &[Output { file: "librocblas.so.0.1", soname: "librocblas.so.0", links: &["librocblas.so.0", "librocblas.so"] }],
        needs_hip: true,
        localize: &[],
        native: &["stdc++"],
    },
    Lib {
        package: "librocfft",
        rlib: "rocfft",
        symbols: "librocfft/abi/rocfft.symbols",
        chain: &[],
        default_node: "",
        extra: &[],
        outputs: &[Output { file: "librocfft.so.0.1", soname: "librocfft.so.0", links: &["librocfft.so.0", "librocfft.so"] }],
        needs_hip: true,
        localize: &[],
        native: &[],
    },
    Lib {
        package: "libmiopen",
        rlib: "MIOpen",
        symbols: "libmiopen/abi/miopen.symbols",
        chain: &[],
        default_node: "MIOPEN_HIP_1",
        extra: &[],
        outputs: &[Output { file: "libMIOpen.so.1.0", soname: "libMIOpen.so.1", links: &["libMIOpen.so.1", "libMIOpen.so"] }],
        needs_hip: true,
        localize: &[],
        native: &[],
    },
    Lib {
        package: "librccl",
        rlib: "rccl",
        symbols: "librccl/abi/rccl.symbols",
        chain: &[],
        default_node: "",
        extra: &[],
        outputs: &[Output { file: "librccl.so.1.0", soname: "librccl.so.1", links: &["librccl.so.1", "librccl.so"] }],
        needs_hip: true,
        localize: &[],
        native: &[],
    },
    Lib {
        package: "libhsa-runtime64",
        rlib: "hsa_runtime64",
        symbols: "libhsa-runtime64/abi/hsa.symbols",
        chain: &[],
        default_node: "ROCR_1",
        extra: &[],
        outputs: &[Output { file: "libhsa-runtime64.so.1.0", soname: "libhsa-runtime64.so.1", links: &["libhsa-runtime64.so.1", "libhsa-runtime64.so"] }],
        needs_hip: true,
        localize: &[],
        native: &[],
    },
];
