//! `cargo xtask test` and `cargo xtask example`.

use crate::stage::stage;
use crate::{root, run};
use std::process::Command;

/// Runs cargo's tests, stages the libraries, then the C-level suites in abi-tests/.
pub fn all() -> Result<(), String> {
    let mut cargo = Command::new(env!("CARGO"));
    cargo.current_dir(root()).args(["test", "--workspace", "--exclude", "xtask"]);
    run(&mut cargo)?;
    let staged = stage(true)?;
    let mut sh = Command::new("bash");
    sh.current_dir(root()).arg("abi-tests/run.sh").env("OXROCM_LIB_DIR", &staged.lib_dir);
    run(&mut sh)
}

/// The main job: builds and runs the multi-stream example against the staged libraries.
pub fn example() -> Result<(), String> {
    let staged = stage(true)?;
    let mut sh = Command::new("bash");
    sh.current_dir(root()).arg("abi-tests/run.sh").arg("--example").env("OXROCM_LIB_DIR", &staged.lib_dir);
    run(&mut sh)
}
