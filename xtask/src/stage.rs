//! `cargo xtask stage`: builds the static archives and links each library into its real
//! file name with its SONAME, ELF symbol versions and symlinks, into one folder.

use crate::libs::{Core, HIP_FOR_LIBS, LIBS, Lib, Output};
use crate::shim;
use crate::{root, run};
use oxrocm_ffi::symbols;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

pub struct Staged {
    pub lib_dir: PathBuf,
}

/// Libraries whose crate exists in this checkout (the workspace grows one crate at a time).
pub fn present() -> Vec<&'static Lib> {
    LIBS.iter().filter(|l| root().join(l.package).join("Cargo.toml").exists()).collect()
}

pub fn stage(release: bool) -> Result<Staged, String> {
    let profile = if release { "release" } else { "debug" };
    let libs = present();
    let mut cargo = Command::new(env!("CARGO"));
    cargo.current_dir(root()).arg("build");
    if release {
        cargo.arg("--release");
    }
    for l in &libs {
        cargo.args(["-p", l.package]);
    }
    eprintln!("[stage] building {} libraries ({profile})", libs.len());
    run(&mut cargo)?;

    let target = root().join("target");
    let out = target.join("oxrocm").join(profile);
    let lib_dir = out.join("lib");
    let map_dir = out.join("maps");
    std::fs::create_dir_all(&lib_dir).map_err(|e| e.to_string())?;
    std::fs::create_dir_all(&map_dir).map_err(|e| e.to_string())?;
    // HIP first: the others link against it.
    for l in &libs {
        let mut archive = target.join(profile).join(format!("lib{}.a", l.rlib));
        if !l.localize.is_empty() {
            let copy = out.join(format!("lib{}.a", l.rlib));
            std::fs::copy(&archive, &copy).map_err(|e| e.to_string())?;
            let mut objcopy = Command::new("objcopy");
            for s in l.localize {
                objcopy.arg(format!("--localize-symbol={s}"));
            }
            run(objcopy.arg(&copy))?;
            archive = copy;
        }
        if let Some(core) = &l.core {
            link_core_and_layers(l, core, &archive, &out, &lib_dir, &map_dir)?;
            continue;
        }
        for o in l.outputs {
            eprintln!("[stage] linking {}", o.file);
            let map = map_dir.join(format!("{}.map", o.soname));
            std::fs::write(&map, version_script(l, &o.lists(l))?).map_err(|e| e.to_string())?;
            let archive = if o.replace.is_empty() { archive.clone() } else { replaced(&archive, o, &out)? };
            let mut cc = linker(&lib_dir.join(o.file), o.soname, &map);
            cc.arg("-Wl,--whole-archive").arg(&archive).arg("-Wl,--no-whole-archive");
            if l.needs_hip {
                // Always NEEDED (no --as-needed): the runtime is part of every library, even
                // one that does not call it yet.
                cc.arg(format!("-L{}", lib_dir.display()))
                    .args(["-Wl,--no-as-needed", &format!("-l:{HIP_FOR_LIBS}"), "-Wl,--as-needed"]);
            }
            for n in l.native {
                cc.arg(format!("-l{n}"));
            }
            cc.args(["-lgcc_s", "-lpthread", "-ldl", "-lm", "-lrt", "-lc"]);
            run(&mut cc)?;
            for link in o.links {
                let p = lib_dir.join(link);
                let _ = std::fs::remove_file(&p);
                std::os::unix::fs::symlink(o.file, &p).map_err(|e| format!("symlink {link}: {e}"))?;
            }
        }
    }
    crate::prefix::write(&out)?;
    eprintln!("[stage] libraries in {} (prefix {}: include/, lib/pkgconfig/hip.pc, lib/cmake/hip/)", lib_dir.display(), out.display());
    Ok(Staged { lib_dir })
}

/// A library whose code lives in one file (`core`) under thin ABI layers (its outputs): the
/// archive, its exports renamed `oxrocm_core_<name>`, links into the core; each output is a
/// generated file of trampolines (`shim.rs`) that needs the core.
fn link_core_and_layers(l: &Lib, core: &Core, archive: &Path, out: &Path, lib_dir: &Path, map_dir: &Path) -> Result<(), String> {
    let nm = Command::new("nm").args(["--defined-only", "-g", "--format=posix"]).arg(archive).output().map_err(|e| format!("nm: {e}"))?;
    if !nm.status.success() {
        return Err(format!("nm {}: {}", archive.display(), String::from_utf8_lossy(&nm.stderr)));
    }
    let defined: Vec<String> =
        String::from_utf8_lossy(&nm.stdout).lines().filter_map(|l| l.split_whitespace().next().map(str::to_string)).collect();
    // Every name any layer exports: the lists, and the private interface's globs.
    let mut names: std::collections::BTreeSet<String> = Default::default();
    for o in l.outputs {
        for list in o.lists(l) {
            let text = std::fs::read_to_string(root().join(list)).map_err(|e| format!("{list}: {e}"))?;
            names.extend(symbols::parse(&text).into_iter().map(|s| s.name));
        }
    }
    for (_, patterns) in l.extra {
        names.extend(defined.iter().filter(|d| patterns.iter().any(|p| shim::glob_matches(p, d))).cloned());
    }
    let names: Vec<String> = names.into_iter().collect();

    eprintln!("[stage] linking {} (the runtime: {} entry points)", core.file, names.len());
    let renames = out.join(format!("{}.renames", core.soname));
    // Only what the archive defines globally: names it defines under their runtime name
    // already (half.rs) stay as they are.
    let global: std::collections::BTreeSet<&String> = defined.iter().collect();
    let to_rename: Vec<String> = names.iter().filter(|n| global.contains(n)).cloned().collect();
    std::fs::write(&renames, shim::rename_table(&to_rename)).map_err(|e| e.to_string())?;
    let renamed = out.join(format!("{}.a", core.soname));
    std::fs::copy(archive, &renamed).map_err(|e| e.to_string())?;
    run(Command::new("objcopy").arg(format!("--redefine-syms={}", renames.display())).arg(&renamed))?;
    let map = map_dir.join(format!("{}.map", core.soname));
    std::fs::write(&map, shim::core_version_script(core.node)).map_err(|e| e.to_string())?;
    let mut cc = linker(&lib_dir.join(core.file), core.soname, &map);
    cc.arg("-Wl,--whole-archive").arg(&renamed).arg("-Wl,--no-whole-archive");
    for n in l.native {
        cc.arg(format!("-l{n}"));
    }
    cc.args(["-lgcc_s", "-lpthread", "-ldl", "-lm", "-lrt", "-lc"]);
    run(&mut cc)?;

    let shim_dir = out.join("shims");
    std::fs::create_dir_all(&shim_dir).map_err(|e| e.to_string())?;
    for o in l.outputs {
        let abi = shim::abi_of(o.soname).ok_or_else(|| format!("{}: no ABI major in the SONAME", o.soname))?;
        eprintln!("[stage] linking {} (HIP {abi} ABI layer over {})", o.file, core.soname);
        let asm = shim_dir.join(format!("{}.s", o.soname));
        std::fs::write(&asm, shim::assembly(&names, abi)).map_err(|e| e.to_string())?;
        let map = map_dir.join(format!("{}.map", o.soname));
        std::fs::write(&map, version_script(l, &o.lists(l))?).map_err(|e| e.to_string())?;
        let mut cc = linker(&lib_dir.join(o.file), o.soname, &map);
        // libc NEEDED although the trampolines call nothing of it: GNU ld, resolving a
        // client's link, passes over a NEEDED library without one on its first search (it
        // then took a real libamdhip64.so.5 from the system path before ours from -rpath-link).
        cc.arg(&asm).arg(format!("-L{}", lib_dir.display())).args(["-Wl,--no-as-needed", &format!("-l:{}", core.soname), "-lc"]);
        run(&mut cc)?;
        for link in o.links {
            let p = lib_dir.join(link);
            let _ = std::fs::remove_file(&p);
            std::os::unix::fs::symlink(o.file, &p).map_err(|e| format!("symlink {link}: {e}"))?;
        }
    }
    Ok(())
}

/// `cc -shared` for `dest` with its SONAME, version script, and the flags every file we ship
/// carries.
fn linker(dest: &Path, soname: &str, map: &Path) -> Command {
    let mut cc = Command::new(std::env::var("CC").unwrap_or_else(|_| "cc".into()));
    cc.arg("-shared")
        .arg("-o")
        .arg(dest)
        .arg(format!("-Wl,-soname,{soname}"))
        .arg(format!("-Wl,--version-script={}", map.display()))
        .args(["-Wl,--gc-sections", "-Wl,--no-undefined", "-Wl,-z,now"])
        // RUNPATH $ORIGIN: a library's own dependencies resolve to the files beside it, not
        // to another ROCm in the system path.
        .args(["-Wl,--enable-new-dtags", "-Wl,-rpath,$ORIGIN"]);
    cc
}

/// A copy of `archive` for output `o` in which every symbol named `<prefix><name>` (for
/// `o.replace`'s prefixes, later ones winning) is renamed to `<name>`, and the archive's own
/// `<name>` to `oxrocm_replaced_<name>` (local in the output: not in its list).
fn replaced(archive: &Path, o: &Output, out: &Path) -> Result<PathBuf, String> {
    let nm = Command::new("nm").args(["--defined-only", "-g", "--format=posix"]).arg(archive).output().map_err(|e| format!("nm: {e}"))?;
    if !nm.status.success() {
        return Err(format!("nm {}: {}", archive.display(), String::from_utf8_lossy(&nm.stderr)));
    }
    let mut winner: BTreeMap<String, String> = BTreeMap::new();
    for prefix in o.replace {
        for line in String::from_utf8_lossy(&nm.stdout).lines() {
            let Some(sym) = line.split_whitespace().next() else { continue };
            if let Some(name) = sym.strip_prefix(prefix) {
                winner.insert(name.to_string(), sym.to_string());
            }
        }
    }
    if winner.is_empty() {
        return Err(format!("{}: no archive symbol starts with {:?}", o.file, o.replace));
    }
    let mut table = String::new();
    for (name, from) in &winner {
        table += &format!("{name} oxrocm_replaced_{name}\n{from} {name}\n");
    }
    let renames = out.join(format!("{}.renames", o.soname));
    std::fs::write(&renames, table).map_err(|e| e.to_string())?;
    let copy = out.join(format!("{}.a", o.soname));
    std::fs::copy(archive, &copy).map_err(|e| e.to_string())?;
    run(Command::new("objcopy").arg(format!("--redefine-syms={}", renames.display())).arg(&copy))?;
    eprintln!("[stage] {}: {} entry points of another ABI ({})", o.file, winner.len(), o.replace.join(", "));
    Ok(copy)
}

/// The version script exporting the symbol lists at `lists` (paths under the root).
pub fn version_script(l: &Lib, lists: &[&str]) -> Result<String, String> {
    let mut syms = Vec::new();
    for list in lists {
        let text = std::fs::read_to_string(root().join(list)).map_err(|e| format!("{list}: {e}"))?;
        syms.extend(symbols::parse(&text));
    }
    let extra: Vec<(&str, Vec<String>)> =
        l.extra.iter().map(|(n, p)| (*n, p.iter().map(|s| s.to_string()).collect())).collect();
    Ok(oxrocm_ffi::codegen::version_script(&syms, l.chain, l.default_node, &extra))
}

