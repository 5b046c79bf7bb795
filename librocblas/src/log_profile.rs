//! rocBLAS's profile layer (`ROCBLAS_LAYER` bit 4), as rocBLAS 2.47 prints it.
//!
//! rocBLAS (library/src/include/logging.hpp `log_profile` / `argument_profile`) counts every
//! call by its values: the tuple (`rocblas_function`, name, `atomics_mode`, the handle's mode,
//! then the function's own keys, see `keys`) is looked up in a table and its count bumped.
//! Nothing is printed during the run: each table prints when it is destroyed, at process exit
//! (or `quick_exit`), one line per distinct tuple, in the stream (`ROCBLAS_LOG_PROFILE_PATH`,
//! else `ROCBLAS_LOG_PATH`, else stderr) of the handle that made the table's first call:
//!
//! `- { rocblas_function: "rocblas_sgemm", atomics_mode: atomics_allowed, transA: 'N', transB: 'T', M: 4, N: 4, K: 4, alpha: 1.0, lda: 4, ldb: 4, beta: 0.0, ldc: 4, call_count: 2 }`
//!
//! Values print as rocblas_ostream.hpp's YAML mode does: strings (the name, `*_type` names)
//! in double quotes, enum letters in single quotes, numbers and the atomics mode and GEMM
//! flags bare, scalars as their value category (0.0, 1.0, -1.0 or 2.0, `value_category`).
//!
//! rocBLAS's tables are static variables of the `log_profile<Ts...>` template, one per list of
//! argument types after the function name: the keys' lengths (they are string literals) and
//! the values' types. The name itself is a plain `const char*` and does not count, so
//! functions whose key lengths and value types agree share a table (sgemm and dgemm, saxpy and
//! sdot), and tables print in the reverse order of their first calls (C++ static destruction).
//! We key tables the same way (key lengths, value kinds; the const-ness of rocBLAS's variables,
//! also part of the type, is not modelled). Within a table rocBLAS prints in its hash map's
//! order, which nothing specifies; we print in first-call order.
//! The format and the key lists, with their origin in rocBLAS's source, are stated in
//! librocblas/tests/fixtures/rocblas-profile-format.txt, which the tests check against.

mod keys;

use crate::logging::{self, Arg, Kind, Sink};
use crate::types::*;
use std::collections::HashMap;
use std::fmt::Write as _;
use std::sync::{Mutex, Once};

/// One rocBLAS profile table: the calls that share a `log_profile` instantiation.
struct Table {
    /// Key lengths and value kinds: what makes rocBLAS's instantiations differ.
    signature: String,
    /// The stream of the handle that made the first call.
    sink: Sink,
    /// Each distinct call's `{ key: value, ...` text (up to `call_count`) and count.
    rows: Vec<(String, u64)>,
    index: HashMap<String, usize>,
}

/// The tables, in the order of their first calls.
static TABLES: Mutex<Vec<Table>> = Mutex::new(Vec::new());
static AT_EXIT: Once = Once::new();

unsafe extern "C" {
    // glibc's (libc_nonshared's) registration for quick_exit, where rocBLAS also dumps.
    fn at_quick_exit(f: extern "C" fn()) -> libc::c_int;
}

/// Counts one call of `name` (its arguments after the handle) into the profile.
pub fn record(
    sink: &Sink,
    name: &str,
    args: &[(&str, &dyn Arg)],
    device_scalars: bool,
    atomics: rocblas_atomics_mode,
) {
    let Some(values) = values(name, args, device_scalars) else {
        return;
    };
    let compute_type = args
        .iter()
        .find(|(a, _)| *a == "compute_type")
        .and_then(|(_, v)| logging::int(*v));
    let function = keys::function_name(name, compute_type);
    let mut row = format!(
        "{{ rocblas_function: \"{function}\", atomics_mode: {}",
        logging::atomics_string(atomics)
    );
    // The table: key lengths and value kinds (the types of log_profile's arguments after the
    // name), not the name nor the keys' spelling.
    let mut signature = String::new();
    for (key, value, kind) in &values {
        let _ = write!(row, ", {key}: {value}");
        let _ = write!(signature, "{}:{kind} ", key.len());
    }
    add(sink, signature, row);
    AT_EXIT.call_once(|| unsafe {
        libc::atexit(dump_at_exit);
        at_quick_exit(dump_at_exit);
    });
}

fn add(sink: &Sink, signature: String, row: String) {
    let mut tables = TABLES.lock().unwrap_or_else(|e| e.into_inner());
    let t = match tables.iter().position(|t| t.signature == signature) {
        Some(i) => &mut tables[i],
        None => {
            tables.push(Table {
                signature,
                sink: sink.clone(),
                rows: Vec::new(),
                index: HashMap::new(),
            });
            tables.last_mut().expect("just pushed")
        }
    };
    match t.index.get(&row) {
        Some(&i) => t.rows[i].1 += 1,
        None => {
            t.index.insert(row.clone(), t.rows.len());
            t.rows.push((row, 1));
        }
    }
}

/// The profile text of every table, in print order (the last table first), each a block of
/// `- { ..., call_count: n }` lines; the tables are emptied.
fn take_dump() -> Vec<(Sink, String)> {
    let tables = std::mem::take(&mut *TABLES.lock().unwrap_or_else(|e| e.into_inner()));
    tables
        .into_iter()
        .rev()
        .map(|t| {
            let mut text = String::new();
            for (row, count) in &t.rows {
                let _ = writeln!(text, "- {row}, call_count: {count} }}");
            }
            (t.sink, text)
        })
        .collect()
}

/// The exit hook: prints and empties the tables (so a `quick_exit` then `exit` prints once).
/// It runs from libc, where a panic must not unwind.
extern "C" fn dump_at_exit() {
    let _ = std::panic::catch_unwind(|| {
        for (sink, text) in take_dump() {
            sink.line(&text);
        }
    });
}

/// The call's profile values: (key, printed value, value kind), None if rocBLAS does not
/// profile the function.
fn values(
    name: &str,
    args: &[(&str, &dyn Arg)],
    device_scalars: bool,
) -> Option<Vec<(String, String, char)>> {
    let family = keys::family(name)?;
    let find = |wanted: &str| -> Option<(&str, &dyn Arg)> {
        let by = |n: &str| {
            args.iter()
                .find(|(a, _)| keys::normalize(a) == n)
                .map(|&(a, v)| (a, v))
        };
        by(wanted).or_else(|| keys::aliases(wanted).iter().find_map(|n| by(n)))
    };
    let Some(spec) = keys::table(&family) else {
        return Some(general(args, device_scalars));
    };
    let mut out = Vec::new();
    for (key, source) in spec {
        let value = match source {
            // geam_ex records its scalars only when they are on the host.
            keys::Source::Category(_) if family == "geam_ex" && device_scalars => continue,
            keys::Source::Category(arg) => {
                find(arg).map(|(_, v)| (category(v, args, device_scalars), 'd'))
            }
            keys::Source::Arg(arg) => find(&arg).map(|(a, v)| render(a, v)),
        };
        // Every key names an argument of the function (a unit test checks the table); a
        // miss would be a table error, which drops the key rather than failing the call.
        if let Some((text, kind)) = value {
            out.push((key.to_string(), text, kind));
        }
    }
    Some(out)
}

/// Functions outside rocBLAS 2.47's table (the 4.x/5.x additions): every argument that is
/// not a pointer, under its own name, in declaration order; scalars as value categories.
fn general(args: &[(&str, &dyn Arg)], device_scalars: bool) -> Vec<(String, String, char)> {
    let mut out = Vec::new();
    for &(arg, v) in args {
        if logging::is_result(arg) {
            continue;
        }
        let value = match Kind::of(arg) {
            Kind::Scalar => Some((category(v, args, device_scalars), 'd')),
            Kind::Int if logging::int(v).is_none() => None, // a matrix or vector
            _ => Some(render(arg, v)),
        };
        if let Some((text, kind)) = value {
            out.push((arg.to_string(), text, kind));
        }
    }
    out
}

/// An argument as rocBLAS's YAML output prints it, with its kind for the table signature:
/// enum letters quoted ('N'), type names as strings ("f32_r"), GEMM flags by name, other
/// integers (and integer enums such as `algo`) as numbers.
fn render(arg: &str, v: &dyn Arg) -> (String, char) {
    let kind = Kind::of(arg);
    let Some(i) = logging::int(v) else {
        return (format!("{v:?}"), 'p');
    };
    match kind {
        Kind::Datatype => (format!("\"{}\"", logging::datatype_string(i as i32)), 's'),
        Kind::Flags => (logging::gemm_flags_string(i as u32).to_string(), 'f'),
        Kind::Operation | Kind::Fill | Kind::Diagonal | Kind::Side => {
            // rocBLAS's *_letter functions give ' ' for values outside the enum.
            let l = kind
                .letter(v)
                .filter(|l| l.len() == 1)
                .unwrap_or_else(|| " ".into());
            (format!("'{l}'"), 'c')
        }
        _ => (
            i.to_string(),
            if v.as_any_value().is::<i64>() {
                'l'
            } else {
                'i'
            },
        ),
    }
}

/// rocBLAS's `value_category` of a scalar, as YAML prints the double: 0.0 for zero (and for
/// a NULL pointer, as the `_ex` functions do), 1.0, -1.0, else 2.0 (complex: on the real
/// axis only).
fn category(v: &dyn Arg, args: &[(&str, &dyn Arg)], device_scalars: bool) -> String {
    let c = match logging::scalar_parts(v, args, device_scalars) {
        Some((Some(re), im, _)) if im.unwrap_or(0.0) == 0.0 => {
            if re == 0.0 {
                0.0
            } else if re == 1.0 {
                1.0
            } else if re == -1.0 {
                -1.0
            } else {
                2.0
            }
        }
        Some((Some(_), _, _)) => 2.0,
        _ => 0.0,
    };
    format!("{c:.1}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args<'a>(list: &'a [(&'a str, &'a dyn Arg)]) -> &'a [(&'a str, &'a dyn Arg)] {
        list
    }

    #[test]
    fn gemm_values_follow_rocblas_keys() {
        let (alpha, beta) = (1.0f32, 0.0f32);
        let (pa, pb) = (&alpha as *const f32, &beta as *const f32);
        let a = std::ptr::null::<f32>();
        let c = std::ptr::null_mut::<f32>();
        let list: [(&str, &dyn Arg); 13] = [
            ("trans_a", &111i32),
            ("trans_b", &112i32),
            ("m", &4i32),
            ("n", &5i32),
            ("k", &6i32),
            ("alpha", &pa),
            ("a", &a),
            ("lda", &7i32),
            ("b", &a),
            ("ldb", &8i32),
            ("beta", &pb),
            ("c", &c),
            ("ldc", &9i32),
        ];
        let v = values("rocblas_sgemm", args(&list), false).unwrap();
        let text: Vec<String> = v.iter().map(|(k, t, _)| format!("{k}: {t}")).collect();
        assert_eq!(
            text.join(", "),
            "transA: 'N', transB: 'T', M: 4, N: 5, K: 6, alpha: 1.0, lda: 7, ldb: 8, beta: 0.0, ldc: 9"
        );
    }

    #[test]
    fn categories() {
        for (x, want) in [
            (0.0f64, "0.0"),
            (1.0, "1.0"),
            (-1.0, "-1.0"),
            (0.5, "2.0"),
            (f64::NAN, "2.0"),
        ] {
            let p = &x as *const f64;
            assert_eq!(category(&p, &[], false), want);
        }
        let z = crate::blas1::num::C64 { re: 1.0, im: 1.0 };
        let p = &z as *const crate::blas1::num::C64;
        assert_eq!(category(&p, &[], false), "2.0");
        assert_eq!(category(&std::ptr::null::<f32>(), &[], false), "0.0");
    }

    #[test]
    fn table_keys_name_arguments() {
        // The argument lists of our exports, by family (as declared in the export lists).
        let ours: &[(&str, &str)] = &[
            (
                "rocblas_saxpy_strided_batched",
                "n alpha x incx stridex y incy stridey batch_count",
            ),
            ("rocblas_sdot", "n x incx y incy result"),
            (
                "rocblas_dscal_strided_batched",
                "n alpha x incx stridex batch_count",
            ),
            (
                "rocblas_sgemv_strided_batched",
                "trans m n alpha a lda stride_a x incx stride_x beta y incy stride_y batch_count",
            ),
            ("rocblas_stbmv", "uplo trans diag n k a lda x incx"),
            (
                "rocblas_strsm_strided_batched",
                "side uplo trans_a diag m n alpha a lda stride_a b ldb stride_b batch_count",
            ),
            (
                "rocblas_strtri_strided_batched",
                "uplo diag n a lda stride_a inv_a ldinv_a stride_inv_a batch_count",
            ),
            (
                "rocblas_gemm_strided_batched_ex",
                "trans_a trans_b m n k alpha a a_type lda stride_a b b_type ldb stride_b beta c c_type ldc stride_c d d_type ldd stride_d batch_count compute_type algo solution_index flags",
            ),
            (
                "rocblas_dot_strided_batched_ex",
                "n x x_type incx stride_x y y_type incy stride_y batch_count result result_type execution_type",
            ),
            (
                "rocblas_srotmg_strided_batched",
                "d1 stride_d1 d2 stride_d2 x1 stride_x1 y1 stride_y1 param stride_param batch_count",
            ),
            (
                "rocblas_ssyrkx_strided_batched",
                "uplo trans n k alpha a lda stride_a b ldb stride_b beta c ldc stride_c batch_count",
            ),
            (
                "rocblas_cher2k",
                "uplo trans n k alpha a lda b ldb beta c ldc",
            ),
            (
                "rocblas_sdgmm_strided_batched",
                "side m n a lda stride_a x incx stride_x c ldc stride_c batch_count",
            ),
        ];
        for (name, list) in ours {
            let fam = keys::family(name).unwrap();
            for (key, source) in keys::table(&fam).unwrap() {
                let wanted = match source {
                    keys::Source::Arg(a) => a,
                    keys::Source::Category(a) => a.to_string(),
                };
                let found = list.split(' ').any(|a| keys::normalize(a) == wanted)
                    || keys::aliases(&wanted)
                        .iter()
                        .any(|w| list.split(' ').any(|a| keys::normalize(a) == *w));
                assert!(found, "{name}: key {key} ({wanted}) names no argument");
            }
        }
    }
}
