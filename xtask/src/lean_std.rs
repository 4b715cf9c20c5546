//! The page's wasm is linked against a standard library rebuilt for size, not the prebuilt one
//! rustup ships. Measured on 2026-11-30 with Rust 1.95: the page's wasm went from 229.6 KB to
//! 207.2 KB gzipped, the largest single saving left on the way to the 150 KB budget.
//!
//! Three settings do it, all given to cargo through trunk's environment:
//! - `build-std` compiles core, alloc and std with the page's own release profile (opt-level
//!   "z", LTO), so the library code the page calls is optimised for size like the rest;
//! - `optimize_for_size` picks std's smaller algorithms (sorting, formatting);
//! - `panic=immediate-abort` turns a panic into a bare trap: no message formatting, no source
//!   locations, no panic hook. boot.js shows the reader a message when that happens.
//!
//! These are unstable flags. `RUSTC_BOOTSTRAP=1` lets the stable toolchain accept them, as the
//! Linux kernel's build does; it is set only for trunk's cargo, so native tests, clippy and a
//! plain `trunk build` (which keeps panic messages, for debugging) stay on stable Rust exactly.
//! The flags were checked with Rust 1.95; if a later release renames one, this is the only file
//! to change.

use std::process::Command;

use crate::process::{command, probe, run};
use crate::tools::WASM_TARGET;

/// Sets the size-optimised standard library on a trunk command.
pub fn apply(trunk: &mut Command) {
    trunk
        .env("RUSTC_BOOTSTRAP", "1")
        .env("CARGO_UNSTABLE_BUILD_STD", "std,panic_abort")
        .env("CARGO_UNSTABLE_BUILD_STD_FEATURES", "optimize_for_size")
        // Cargo joins these to .cargo/config.toml's wasm32 rustflags (erase_components stays).
        .env(RUSTFLAGS_VAR, "-Zunstable-options -Cpanic=immediate-abort");
}

const RUSTFLAGS_VAR: &str = "CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS";

/// Rebuilding std needs its source, rustup's `rust-src` component.
pub fn ensure_source() -> Result<(), String> {
    match probe("rustup", &["component", "list", "--installed"]) {
        Some(installed) if installed.lines().any(|l| l.trim().starts_with("rust-src")) => {
            println!("ok: rust-src (to build std for size for {WASM_TARGET})");
            Ok(())
        }
        Some(_) => run(command("rustup").args(["component", "add", "rust-src"])),
        None => Err("rebuilding std for the page needs rustup's rust-src component, and rustup is not available; install rustup (https://rustup.rs)".to_string()),
    }
}
