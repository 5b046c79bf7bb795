//! `cargo xtask <command>`
//!
//!   stage [--debug]   link the libraries into target/oxrocm/<profile>/lib
//!   coverage          API coverage report per library and ABI
//!   test [--require-all] [--only PART,..] [--extra-filter GLOB]
//!                     all tests: see tests.rs (CI sets --require-all through the CI variable)
//!   example           the main job: a real HIP program on our libraries (default backend)

mod coverage;
mod fft_slices;
mod gtest;
mod libs;
mod peer_slices;
mod prefix;
mod rocblas_slices;
mod shim;
mod stage;
mod tests;

use std::path::PathBuf;
use std::process::Command;

pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).parent().expect("workspace root").to_path_buf()
}

pub fn run(cmd: &mut Command) -> Result<(), String> {
    let status = cmd.status().map_err(|e| format!("{cmd:?}: {e}"))?;
    if status.success() { Ok(()) } else { Err(format!("{cmd:?} failed: {status}")) }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("stage") => stage::stage(!args.iter().any(|a| a == "--debug")).map(drop),
        Some("coverage") => coverage::main(),
        Some("test") => tests::all(&args[1..]),
        Some("example") => tests::example(),
        _ => Err("usage: cargo xtask stage [--debug] | coverage | test [--require-all] [--only PART,...] [--extra-filter GLOB] | example".into()),
    };
    if let Err(e) = result {
        eprintln!("xtask: {e}");
        std::process::exit(1);
    }
}
