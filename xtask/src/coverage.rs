//! `cargo xtask coverage`: per library and ABI, how many reference symbols are exported
//! by the staged file, implemented by our sources, or answered "not supported".

use crate::libs::Lib;
use crate::root;
use crate::stage::{present, stage};
use oxrocm_ffi::{codegen, symbols};
use std::collections::BTreeSet;
use std::process::Command;

/// Defined dynamic symbols of a shared object (names without version suffix).
pub fn exported(path: &std::path::Path) -> Result<BTreeSet<String>, String> {
    let out = Command::new("nm").args(["-D", "--defined-only", "--format=posix"]).arg(path).output().map_err(|e| e.to_string())?;
    Ok(String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .map(|s| s.split('@').next().unwrap_or(s).to_string())
        .collect())
}

pub fn report(l: &Lib, lib_dir: &std::path::Path) -> Result<Vec<String>, String> {
    let mut lines = Vec::new();
    for o in l.outputs {
        let mut syms = Vec::new();
        for list in o.lists(l) {
            let text = std::fs::read_to_string(root().join(list)).map_err(|e| e.to_string())?;
            syms.extend(symbols::parse(&text));
        }
        let names: BTreeSet<String> = syms.iter().map(|s| s.name.clone()).collect();
        let implemented = codegen::implemented_in(&root().join(l.package).join("src"), &syms);
        let exp = exported(&lib_dir.join(o.file))?;
        let present = names.iter().filter(|n| exp.contains(*n)).count();
        let missing: Vec<&String> = names.iter().filter(|n| !exp.contains(*n)).collect();
        lines.push(format!(
            "{:<26} {:>5} listed  {:>5} exported  {:>5} implemented  {:>5} not-supported{}",
            o.soname,
            names.len(),
            present,
            implemented.len(),
            names.len() - implemented.len(),
            if missing.is_empty() { String::new() } else { format!("  MISSING {}: {:?}", missing.len(), &missing[..missing.len().min(5)]) }
        ));
    }
    Ok(lines)
}

pub fn main() -> Result<(), String> {
    let staged = stage(true)?;
    println!("API coverage (reference symbol lists in <crate>/abi/; implemented = defined in our sources)");
    for l in present() {
        for line in report(l, &staged.lib_dir)? {
            println!("  {line}");
        }
    }
    Ok(())
}
