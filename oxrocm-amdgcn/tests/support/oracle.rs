//! Differential check against llvm-objdump-15: shared by the integration test and the
//! `diffsweep` example (included with `#[path]`).

#![allow(dead_code)]

use std::collections::HashMap;
use std::path::PathBuf;
use std::process::Command;

use oxrocm_amdgcn::{Target, corpus, decode};

pub const OBJDUMP: &str = "llvm-objdump-15";

pub fn objdump_available() -> bool {
    Command::new(OBJDUMP).arg("--version").output().map(|o| o.status.success()).unwrap_or(false)
}

pub fn target_of(mach: &str) -> Option<Target> {
    match mach {
        "gfx1030" => Some(Target::Gfx1030),
        "gfx1100" => Some(Target::Gfx1100),
        _ => None,
    }
}

fn fnv(b: &[u8]) -> u64 {
    let mut h = 0xcbf29ce484222325u64;
    for &x in b {
        h ^= x as u64;
        h = h.wrapping_mul(0x100000001b3);
    }
    h
}

pub fn cache_dir() -> PathBuf {
    let home = std::env::var("HOME").unwrap_or_else(|_| "/tmp".into());
    PathBuf::from(home).join(".cache/oxrocm/amdgcn-oracle")
}

/// One instruction line of llvm-objdump: address, text, word count.
pub struct Line {
    pub addr: u64,
    pub text: String,
    pub words: usize,
}

/// llvm-objdump's lines for a code object. Cached on disk by content hash in a compact
/// form (`hexaddr words text` per line); llvm-objdump runs only on a cache miss.
pub fn oracle(co: &[u8], target: Target) -> std::io::Result<Vec<Line>> {
    let dir = cache_dir();
    std::fs::create_dir_all(&dir)?;
    let key = format!("{:016x}.{}", fnv(co), target.name());
    let lines_path = dir.join(format!("{key}.lines"));
    if let Ok(t) = std::fs::read_to_string(&lines_path) {
        return Ok(t
            .lines()
            .filter_map(|l| {
                let mut it = l.splitn(3, ' ');
                let addr = u64::from_str_radix(it.next()?, 16).ok()?;
                let words = it.next()?.parse().ok()?;
                Some(Line { addr, words, text: it.next()?.to_string() })
            })
            .collect());
    }
    let txt_path = dir.join(format!("{key}.txt"));
    let txt = match std::fs::read_to_string(&txt_path) {
        Ok(t) => t,
        Err(_) => {
            let co_path = dir.join(format!("{key}.co"));
            std::fs::write(&co_path, co)?;
            let out = Command::new(OBJDUMP)
                .args(["-d", &format!("--mcpu={}", target.name())])
                .arg(&co_path)
                .output()?;
            let _ = std::fs::remove_file(&co_path);
            String::from_utf8_lossy(&out.stdout).into_owned()
        }
    };
    let lines = parse_objdump(&txt);
    let mut compact = String::new();
    for l in &lines {
        compact.push_str(&format!("{:x} {} {}\n", l.addr, l.words, l.text));
    }
    std::fs::write(&lines_path, compact)?;
    let _ = std::fs::remove_file(&txt_path);
    Ok(lines)
}

/// Instruction lines of `llvm-objdump -d` output (`.long` lines, i.e. undecodable words,
/// are left out).
pub fn parse_objdump(txt: &str) -> Vec<Line> {
    let mut lines = Vec::new();
    for l in txt.lines() {
        let Some(rest) = l.strip_prefix('\t') else { continue };
        let Some(k) = rest.rfind("// ") else { continue };
        let (ins, cmt) = rest.split_at(k);
        let cmt = &cmt[3..];
        let Some((addr, words)) = cmt.split_once(':') else { continue };
        let Ok(addr) = u64::from_str_radix(addr.trim(), 16) else { continue };
        let ins = ins.trim();
        if ins.starts_with(".long") || ins.is_empty() {
            continue;
        }
        let words = words.split('<').next().unwrap_or("").split_whitespace().count();
        lines.push(Line { addr, text: ins.to_string(), words });
    }
    lines
}

#[derive(Default)]
pub struct Stats {
    pub total: u64,
    pub agree: u64,
    /// expected mnemonic -> (count, first example: expected, got)
    pub bad: HashMap<String, (u64, String, String)>,
}

impl Stats {
    pub fn add(&mut self, o: &Stats) {
        self.total += o.total;
        self.agree += o.agree;
        for (k, (n, e, g)) in &o.bad {
            let ent = self.bad.entry(k.clone()).or_insert((0, e.clone(), g.clone()));
            ent.0 += n;
        }
    }
}

/// Decodes every instruction llvm-objdump printed and compares the text.
pub fn compare(co: &[u8], target: Target, limit: Option<usize>) -> std::io::Result<Stats> {
    let mut st = Stats::default();
    let Some((text, base)) = corpus::text(co) else { return Ok(st) };
    let words: Vec<u32> = text.chunks_exact(4).map(|c| u32::from_le_bytes(c.try_into().unwrap())).collect();
    let lines = oracle(co, target)?;
    for l in lines.iter().take(limit.unwrap_or(usize::MAX)) {
        let idx = ((l.addr - base) / 4) as usize;
        if idx >= words.len() {
            continue;
        }
        st.total += 1;
        let got = match decode(&words[idx..], target) {
            Ok((inst, n)) => {
                let s = inst.to_string();
                if n != l.words { format!("{s} [words {n} != {}]", l.words) } else { s }
            }
            Err(e) => format!("<error: {e}>"),
        };
        if got == l.text {
            st.agree += 1;
        } else {
            let mn = l.text.split(' ').next().unwrap_or("").to_string();
            let ent = st.bad.entry(mn).or_insert((0, l.text.clone(), got.clone()));
            ent.0 += 1;
        }
    }
    Ok(st)
}
