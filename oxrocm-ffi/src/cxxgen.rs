//! Build-time generation of a library's C++ internals from a declaration list: functions
//! that log once, data of the real size and alignment, typeinfo objects and vtables that are
//! valid for the C++ runtime (see [`crate::cxxabi`]). The list (e.g.
//! `libmiopen/abi/miopen-internal.symbols`, written by `tools/miopen-internal-symbols.sh`) is a
//! symbol list whose lines carry tags after the node:
//!
//! ```text
//! NAME  NODE  FUNC                                  a C++ function: logs once, returns 0
//! NAME  NODE  FUNC    status                        one returning the library's status type
//! NAME  NODE  OBJECT  SIZE  ALIGN                   zeroed, writable data
//! NAME  NODE  OBJECT  SIZE  ALIGN  typeinfo SHAPE   a typeinfo object
//! NAME  NODE  OBJECT  SIZE  ALIGN  vtable SHAPE     a vtable: 0, the class's typeinfo, functions
//!   SHAPE: class | si BASE | vmi FLAGS BASE:OFFSET_FLAGS...   (BASE: a `_ZTI` name)
//! ```
//!
//! A vtable's slots point at one stub per vtable that logs "a virtual function of NAME" once
//! and returns 0. A typeinfo object that the list does not export (a vtable's class, a base)
//! is made privately in the shape the list gives it, or as a class without bases.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

/// How a library wants its C++ internals generated.
pub struct CxxSpec<'a> {
    /// Rust path of `fn(&'static str)` that logs the first call of a C++ function.
    pub log_fn: &'a str,
    /// Rust path of `fn(&'static str) -> i32` that logs once and returns "not supported".
    pub status_fn: &'a str,
}

#[derive(Clone, Debug, PartialEq)]
enum Shape {
    Class,
    Si(String),
    Vmi(u32, Vec<(String, i64)>),
}

#[derive(Debug)]
enum Decl {
    Func { status: bool },
    Data { size: usize, align: usize },
    TypeInfo { size: usize, shape: Shape },
    VTable { size: usize, shape: Shape },
}

fn parse_shape(tags: &[&str]) -> Result<Shape, String> {
    match tags {
        ["class"] => Ok(Shape::Class),
        ["si", base] => Ok(Shape::Si(base.to_string())),
        ["vmi", flags, bases @ ..] => {
            let flags = flags.parse().map_err(|_| format!("vmi flags {flags}"))?;
            let bases = bases
                .iter()
                .map(|b| {
                    let (ti, off) = b.rsplit_once(':').ok_or(format!("vmi base {b}"))?;
                    Ok((ti.to_string(), off.parse().map_err(|_| format!("vmi base {b}"))?))
                })
                .collect::<Result<_, String>>()?;
            Ok(Shape::Vmi(flags, bases))
        }
        _ => Err(format!("typeinfo shape {tags:?}")),
    }
}

fn parse(text: &str) -> Result<Vec<(String, Decl)>, String> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let f: Vec<&str> = line.split('\t').map(str::trim).collect();
        let err = |what: &str| format!("line {}: {what}: {line}", n + 1);
        let num = |i: usize| f.get(i).and_then(|s| s.parse::<usize>().ok()).ok_or_else(|| err("size/alignment"));
        let decl = match f.get(2).copied() {
            Some("FUNC") => Decl::Func { status: f.get(3) == Some(&"status") },
            Some("OBJECT") => {
                let (size, align) = (num(3)?, num(4)?);
                match f.get(5).copied() {
                    None => Decl::Data { size, align },
                    Some("typeinfo") => Decl::TypeInfo { size, shape: parse_shape(&f[6..]).map_err(|e| err(&e))? },
                    Some("vtable") => Decl::VTable { size, shape: parse_shape(&f[6..]).map_err(|e| err(&e))? },
                    Some(t) => return Err(err(&format!("object kind {t}"))),
                }
            }
            _ => return Err(err("kind")),
        };
        out.push((f[0].to_string(), decl));
    }
    Ok(out)
}

/// Words a typeinfo object of `shape` takes.
fn typeinfo_words(shape: &Shape) -> usize {
    match shape {
        Shape::Class => 2,
        Shape::Si(_) => 3,
        Shape::Vmi(_, bases) => 3 + 2 * bases.len(),
    }
}

struct Gen<'a> {
    out: String,
    spec: &'a CxxSpec<'a>,
    /// typeinfo name -> Rust static holding it (exported or private)
    typeinfos: BTreeMap<String, String>,
    /// typeinfo objects still to be written privately, with their shape
    pending: Vec<(String, Shape)>,
}

impl Gen<'_> {
    /// The Rust static of typeinfo `ti`, made privately (as `shape`) if nothing names it yet.
    fn typeinfo(&mut self, ti: &str, shape: Shape) -> String {
        if let Some(s) = self.typeinfos.get(ti) {
            return s.clone();
        }
        let ident = format!("TI_{}", self.typeinfos.len());
        self.typeinfos.insert(ti.to_string(), ident.clone());
        self.pending.push((ti.to_string(), shape));
        ident
    }

    /// Writes typeinfo object `ti` (static `ident`, `words` words long) of `shape`.
    fn write_typeinfo(&mut self, ti: &str, ident: &str, shape: &Shape, words: usize, export: bool) {
        let type_name = ti.strip_prefix("_ZTI").unwrap_or(ti);
        let mut w = vec![
            match shape {
                Shape::Class => "oxrocm_ffi::typeinfo_vptr!(class)".to_string(),
                Shape::Si(_) => "oxrocm_ffi::typeinfo_vptr!(si)".to_string(),
                Shape::Vmi(..) => "oxrocm_ffi::typeinfo_vptr!(vmi)".to_string(),
            },
            format!("(&raw const {ident}_NAME).cast()"),
        ];
        match shape {
            Shape::Class => {}
            Shape::Si(base) => {
                let b = self.typeinfo(base, Shape::Class);
                w.push(format!("(&raw const {b}).cast()"));
            }
            Shape::Vmi(flags, bases) => {
                let word = u64::from(*flags) | ((bases.len() as u64) << 32);
                w.push(format!("core::ptr::without_provenance({word:#x})"));
                for (base, offset_flags) in bases {
                    let b = self.typeinfo(base, Shape::Class);
                    w.push(format!("(&raw const {b}).cast()"));
                    w.push(format!("core::ptr::without_provenance({offset_flags}_i64 as usize)"));
                }
            }
        }
        while w.len() < words {
            w.push("core::ptr::null()".into());
        }
        let attr = if export { format!("#[unsafe(export_name = \"{ti}\")]\n") } else { String::new() };
        let _ = writeln!(
            self.out,
            "/// typeinfo for `{type_name}` ({shape:?})\n{attr}pub static {ident}: Words<{words}> = Words([\n    {}\n]);\n\
             static {ident}_NAME: [u8; {}] = *b\"{type_name}\\0\";",
            w.join(",\n    "),
            type_name.len() + 1
        );
    }
}

/// Rust source defining every declaration of `list_text` not in `implemented`. The code
/// uses `oxrocm_ffi::cxxabi::*` (import it where the file is included) and must be linked
/// with libstdc++.
pub fn cxx_exports(list_text: &str, implemented: &BTreeSet<String>, spec: &CxxSpec) -> Result<String, String> {
    let decls: Vec<(String, Decl)> = parse(list_text)?.into_iter().filter(|(n, _)| !implemented.contains(n)).collect();
    let mut g = Gen {
        out: String::from("// @generated by oxrocm_ffi::cxxgen from the library's C++ declaration list; do not edit.\n"),
        spec,
        typeinfos: BTreeMap::new(),
        pending: Vec::new(),
    };
    // Exported typeinfo objects first, so that vtables and bases refer to them.
    for (name, d) in &decls {
        if let Decl::TypeInfo { .. } = d {
            let ident = format!("TI_{}", g.typeinfos.len());
            g.typeinfos.insert(name.clone(), ident);
        }
    }
    for (i, (name, d)) in decls.iter().enumerate() {
        match d {
            Decl::Func { status: false } => {
                let _ = writeln!(
                    g.out,
                    "#[unsafe(export_name = \"{name}\")]\npub extern \"C\" fn cxx_fn_{i}() -> usize {{ {}(\"{name}\"); 0 }}",
                    g.spec.log_fn
                );
            }
            Decl::Func { status: true } => {
                let _ = writeln!(
                    g.out,
                    "#[unsafe(export_name = \"{name}\")]\npub extern \"C\" fn cxx_fn_{i}() -> i32 {{ {}(\"{name}\") }}",
                    g.spec.status_fn
                );
            }
            Decl::Data { size, align } => {
                let ty = match align {
                    1 => "Bytes1",
                    2 => "Bytes2",
                    4 => "Bytes4",
                    8 => "Bytes8",
                    16 => "Bytes16",
                    _ => return Err(format!("{name}: alignment {align}")),
                };
                let _ = writeln!(
                    g.out,
                    "#[unsafe(export_name = \"{name}\")]\npub static mut CXX_DATA_{i}: {ty}<{size}> = {ty}::ZERO;"
                );
            }
            Decl::TypeInfo { size, shape } => {
                let words = typeinfo_words(shape);
                if size % 8 != 0 || words * 8 != *size {
                    return Err(format!("{name}: {size} bytes for a typeinfo of shape {shape:?}"));
                }
                let ident = g.typeinfos[name].clone();
                g.write_typeinfo(name, &ident, shape, words, true);
            }
            Decl::VTable { size, shape } => {
                if size % 8 != 0 || *size < 16 {
                    return Err(format!("{name}: a vtable of {size} bytes"));
                }
                let class = name.strip_prefix("_ZTV").ok_or(format!("{name}: not a vtable name"))?;
                let ti = g.typeinfo(&format!("_ZTI{class}"), shape.clone());
                let slots = size / 8 - 2;
                let _ = writeln!(
                    g.out,
                    "extern \"C\" fn cxx_virtual_{i}() -> usize {{ {}(\"a virtual function of {name}\"); 0 }}\n\
                     #[unsafe(export_name = \"{name}\")]\n\
                     pub static CXX_VTABLE_{i}: VTable<{slots}> = VTable {{ offset_to_top: 0, typeinfo: (&raw const {ti}).cast(), \
                     slots: [cxx_virtual_{i} as *const core::ffi::c_void; {slots}] }};",
                    g.spec.log_fn
                );
            }
        }
    }
    // Typeinfo objects the list does not export: the vtables' classes and bases, in the shape
    // given (their own bases made in turn).
    while let Some((ti, shape)) = g.pending.pop() {
        let ident = g.typeinfos[&ti].clone();
        let words = typeinfo_words(&shape);
        g.write_typeinfo(&ti, &ident, &shape, words, false);
    }
    Ok(g.out)
}

/// Build-script helper: the declarations of `list` (a path relative to the crate) that
/// `src/` does not define, written to `$OUT_DIR/<out_name>`.
pub fn build_script(list: &str, out_name: &str, spec: &CxxSpec) {
    println!("cargo:rerun-if-changed={list}");
    let text = std::fs::read_to_string(list).expect("C++ declaration list");
    let symbols = crate::symbols::parse(&text);
    let implemented = crate::codegen::implemented_in(std::path::Path::new("src"), &symbols);
    let code = cxx_exports(&text, &implemented, spec).unwrap_or_else(|e| panic!("{list}: {e}"));
    let out = std::path::PathBuf::from(std::env::var("OUT_DIR").expect("OUT_DIR")).join(out_name);
    std::fs::write(out, code).expect("write C++ internals");
}

#[cfg(test)]
mod tests {
    use super::*;

    const LIST: &str = "# test\n\
        _ZN2ns1fEv\tNODE\tFUNC\n\
        _Z6nsGetXPi\tNODE\tFUNC\tstatus\n\
        _ZN2ns5debug1qE\tNODE\tOBJECT\t1\t1\n\
        _ZTIN2ns1BE\tNODE\tOBJECT\t24\t8\ttypeinfo\tsi\t_ZTIN2ns1AE\n\
        _ZTVN2ns1CE\tNODE\tOBJECT\t40\t8\tvtable\tvmi\t0\t_ZTIN2ns1BE:2\t_ZTIN2ns1DE:2050\n";

    #[test]
    fn generates_every_kind() {
        let spec = CxxSpec { log_fn: "log", status_fn: "status" };
        let code = cxx_exports(LIST, &BTreeSet::new(), &spec).unwrap();
        assert!(code.contains("#[unsafe(export_name = \"_ZN2ns1fEv\")]\npub extern \"C\" fn cxx_fn_0() -> usize { log(\"_ZN2ns1fEv\"); 0 }"));
        assert!(code.contains("fn cxx_fn_1() -> i32 { status(\"_Z6nsGetXPi\") }"));
        assert!(code.contains("pub static mut CXX_DATA_2: Bytes1<1> = Bytes1::ZERO;"));
        // exported si typeinfo, its base made privately without bases
        assert!(code.contains("#[unsafe(export_name = \"_ZTIN2ns1BE\")]\npub static TI_0: Words<3>"));
        assert!(code.contains("static TI_0_NAME: [u8; 8] = *b\"N2ns1BE\\0\";"));
        // the vtable's class: a private vmi typeinfo with the exported B and a private D
        assert!(code.contains("pub static CXX_VTABLE_4: VTable<3>"));
        assert!(code.contains("/// typeinfo for `N2ns1CE` (Vmi(0, [(\"_ZTIN2ns1BE\", 2), (\"_ZTIN2ns1DE\", 2050)]))\npub static TI_2: Words<7>"));
        assert!(code.contains("core::ptr::without_provenance(0x200000000)"));
        assert!(code.contains("core::ptr::without_provenance(2050_i64 as usize)"));
        assert!(code.contains("typeinfo for `N2ns1AE` (Class)\npub static TI_"));
        assert!(code.contains("typeinfo for `N2ns1DE` (Class)\npub static TI_"));
        // implemented names are left out
        let skip: BTreeSet<String> = ["_ZN2ns1fEv".to_string()].into();
        assert!(!cxx_exports(LIST, &skip, &spec).unwrap().contains("\"_ZN2ns1fEv\""));
    }

    #[test]
    fn rejects_wrong_sizes() {
        let spec = CxxSpec { log_fn: "log", status_fn: "status" };
        assert!(cxx_exports("_ZTI1A\tN\tOBJECT\t24\t8\ttypeinfo\tclass\n", &BTreeSet::new(), &spec).is_err());
        assert!(cxx_exports("x\tN\tOBJECT\t4\t3\n", &BTreeSet::new(), &spec).is_err());
    }
}
