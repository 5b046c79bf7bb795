//! The libraries we stage: which crate, which symbol list, which file names, SONAMEs and
//! ELF version nodes (facts from `shared/notes/peers.md` §1-2).

pub struct Output {
    /// Real file name, e.g. `libamdhip64.so.5.7.31921`.
    pub file: &'static str,
    pub soname: &'static str,
    /// Extra names (symlinks) pointing at `file`.
    pub links: &'static [&'static str],
    /// The symbol list this file exports, where it is not the library's (another ABI).
    pub symbols: Option<&'static str>,
    /// Prefixes of archive symbols that take the place of the name after the prefix in this
    /// file (later prefixes win): `oxrocm_abi4_rocblas_strmm` becomes `rocblas_strmm`, and
    /// the archive's own `rocblas_strmm` is renamed out of the way. For entry points whose
    /// signature or behaviour differs between ABIs under one name.
    pub replace: &'static [&'static str],
}

impl Output {
    /// An output exporting the library's list under its own names.
    pub const fn plain(file: &'static str, soname: &'static str, links: &'static [&'static str]) -> Output {
        Output { file, soname, links, symbols: None, replace: &[] }
    }
    /// The symbol list of this file.
    pub fn symbols<'a>(&'a self, lib: &'a Lib) -> &'a str {
        self.symbols.unwrap_or(lib.symbols)
    }
    /// Every list this file exports: its own and the library's `more_symbols`.
    pub fn lists<'a>(&'a self, lib: &'a Lib) -> Vec<&'a str> {
        std::iter::once(self.symbols(lib)).chain(lib.more_symbols.iter().copied()).collect()
    }
}

pub struct Lib {
    /// Cargo package name.
    pub package: &'static str,
    /// Rust library name (the static archive is `lib<name>.a`).
    pub rlib: &'static str,
    /// The reference symbol list (`<crate>/abi/*.symbols`) its outputs export, unless an
    /// output names its own.
    pub symbols: &'static str,
    /// Further lists every output of the library exports too (libMIOpen's C++ internals).
    pub more_symbols: &'static [&'static str],
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
    /// Where the code lives in a file of its own and the outputs are thin ABI layers over it
    /// (HIP: one runtime per process, whichever `libamdhip64.so.N` files get loaded).
    pub core: Option<Core>,
}

/// The one shared object holding a library's code and state, under its ABI layers.
pub struct Core {
    pub file: &'static str,
    /// Its own SONAME: the loader keeps one copy per process, also across `RTLD_LOCAL` loads.
    pub soname: &'static str,
    /// Version node of its exports (`oxrocm_core_*`).
    pub node: &'static str,
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
        more_symbols: &[],
        chain: HIP_CHAIN,
        default_node: "hip_4.2",
        extra: &[("OXROCM_PRIVATE_1", &["oxrocm_private_v1_*"])],
        outputs: &[
            Output::plain("libamdhip64.so.5.7.31921", "libamdhip64.so.5", &["libamdhip64.so.5", "libamdhip64.so"]),
            Output::plain("libamdhip64.so.6.4.43482", "libamdhip64.so.6", &["libamdhip64.so.6"]),
            Output::plain("libamdhip64.so.7.1.25424", "libamdhip64.so.7", &["libamdhip64.so.7"]),
        ],
        needs_hip: false,
        localize: &["__gnu_f2h_ieee", "__gnu_h2f_ieee"],
        native: &[],
        core: Some(Core { file: "liboxrocm-runtime.so.1", soname: "liboxrocm-runtime.so.1", node: "OXROCM_CORE_1" }),
    },
    Lib {
        package: "librocblas",
        rlib: "rocblas",
        symbols: "librocblas/abi/rocblas-2.47.symbols",
        more_symbols: &[],
        chain: &[],
        default_node: "",
        extra: &[],
        outputs: &[
            // ROCm 5.5 (Debian's clients): rocBLAS 2.47, in-place trmm
            Output::plain("librocblas.so.0.1", "librocblas.so.0", &["librocblas.so.0", "librocblas.so"]),
            // ROCm 6.x: rocBLAS 4.x, out-of-place trmm, ILP64 `_64` forms
            Output {
                file: "librocblas.so.4.4",
                soname: "librocblas.so.4",
                links: &["librocblas.so.4"],
                symbols: Some("librocblas/abi/rocblas-4.symbols"),
                replace: &["oxrocm_abi4_"],
            },
            // ROCm 7.x: rocBLAS 5.x, as 4.x minus the removed functions, atomics not allowed by default
            Output {
                file: "librocblas.so.5.8",
                soname: "librocblas.so.5",
                links: &["librocblas.so.5"],
                symbols: Some("librocblas/abi/rocblas-5.symbols"),
                replace: &["oxrocm_abi4_", "oxrocm_abi5_"],
            },
        ],
        needs_hip: true,
        localize: &[],
        native: &["stdc++"],
        core: None,
    },
    Lib {
        package: "librocfft",
        rlib: "rocfft",
        symbols: "librocfft/abi/rocfft.symbols",
        more_symbols: &[],
        chain: &[],
        default_node: "",
        extra: &[],
        outputs: &[Output::plain("librocfft.so.0.1", "librocfft.so.0", &["librocfft.so.0", "librocfft.so"])],
        needs_hip: true,
        localize: &[],
        native: &[],
        core: None,
    },
    Lib {
        package: "libmiopen",
        rlib: "MIOpen",
        symbols: "libmiopen/abi/miopen.symbols",
        more_symbols: &["libmiopen/abi/miopen-internal.symbols"],
        chain: &[],
        default_node: "MIOPEN_HIP_1",
        extra: &[],
        outputs: &[Output::plain("libMIOpen.so.1.0", "libMIOpen.so.1", &["libMIOpen.so.1", "libMIOpen.so"])],
        needs_hip: true,
        localize: &[],
        native: &["stdc++"],
        core: None,
    },
    Lib {
        package: "librccl",
        rlib: "rccl",
        symbols: "librccl/abi/rccl.symbols",
        more_symbols: &[],
        chain: &[],
        default_node: "",
        extra: &[],
        outputs: &[Output::plain("librccl.so.1.0", "librccl.so.1", &["librccl.so.1", "librccl.so"])],
        needs_hip: true,
        localize: &[],
        native: &[],
        core: None,
    },
    Lib {
        package: "libhsa-runtime64",
        rlib: "hsa_runtime64",
        symbols: "libhsa-runtime64/abi/hsa.symbols",
        more_symbols: &[],
        chain: &[],
        default_node: "ROCR_1",
        extra: &[],
        outputs: &[Output::plain("libhsa-runtime64.so.1.0", "libhsa-runtime64.so.1", &["libhsa-runtime64.so.1", "libhsa-runtime64.so"])],
        needs_hip: true,
        localize: &[],
        native: &[],
        core: None,
    },
    Lib {
        package: "librocm_smi64",
        rlib: "rocm_smi64",
        symbols: "librocm_smi64/abi/rocm_smi64.symbols",
        more_symbols: &[],
        chain: &[],
        default_node: "",
        extra: &[],
        outputs: &[
            // ROCm 6.4 in Debian (librocm-smi64-1): ROCm SMI 7.6
            Output::plain("librocm_smi64.so.1.0", "librocm_smi64.so.1", &["librocm_smi64.so.1", "librocm_smi64.so"]),
            // ROCm 7.x (librocm-smi64-7): ROCm SMI 7.8, the same list; its rsmi_version_get says so
            Output {
                file: "librocm_smi64.so.7.8",
                soname: "librocm_smi64.so.7",
                links: &["librocm_smi64.so.7"],
                symbols: None,
                replace: &["oxrocm_smi7_"],
            },
        ],
        needs_hip: true,
        localize: &[],
        native: &[],
        core: None,
    },
];
