//! Decodes instructions given as hex words, one instruction per input line
//! (`TARGET w0 w1 ...`), and prints the text (or `<error: ...>`) and the words used.
//! Used by `tools/fuzz.py` to compare random encodings with llvm-objdump-15.

use std::io::BufRead;

fn main() {
    for line in std::io::stdin().lock().lines() {
        let line = line.unwrap();
        let mut it = line.split_whitespace();
        let target = match it.next() {
            Some("gfx1100") => oxrocm_amdgcn::Target::Gfx1100,
            _ => oxrocm_amdgcn::Target::Gfx1030,
        };
        let words: Vec<u32> = it.filter_map(|w| u32::from_str_radix(w, 16).ok()).collect();
        match oxrocm_amdgcn::decode(&words, target) {
            Ok((i, n)) => println!("{n}\t{i}"),
            Err(e) => println!("0\t<error: {e}>"),
        }
    }
}
