//! The page's wasm is linked against a standard library rebuilt for size, not the prebuilt one
//! rustup ships: the library code the page calls is then optimised for size like the rest,
//! which is the largest saving that removes nothing from the page.
//!
//! Three settings do it, all given to the wasm builds' cargo through its environment:
//! - `build-std` compiles core, alloc and std with the page's own release profile (opt-level
//!   "z", LTO);
//! - `optimize_for_size` picks std's smaller algorithms (sorting, formatting);
//! - `panic=immediate-abort` turns a panic into a bare trap: no message formatting, no source
//!   locations, no panic hook. boot.js shows the reader a message when that happens.
//!
//! These are unstable flags. `RUSTC_BOOTSTRAP=1` lets the stable toolchain accept them, as the
//! Linux kernel's build does; it is set only for the wasm builds' cargo, so native tests and clippy stay
//! on stable Rust exactly.
//! If a later release renames a flag, this is the only file to change.
//!
//! Rebuilding std means compiling std's own dependencies, which rust-src lists in its own
//! `library/Cargo.lock`. The builds run cargo with `--offline`, so those crates must already be in
//! cargo's registry cache: [`ensure_crates`] puts them there before any build.

use std::path::PathBuf;
use std::process::Command;

use crate::process::{command, probe, run};
use crate::tools::WASM_TARGET;

/// The settings that build the size-optimised standard library, for cargo's wasm builds only.
pub const ENV: [(&str, &str); 4] = [
    ("RUSTC_BOOTSTRAP", "1"),
    ("CARGO_UNSTABLE_BUILD_STD", "std,panic_abort"),
    ("CARGO_UNSTABLE_BUILD_STD_FEATURES", "optimize_for_size"),
    // Cargo joins these to .cargo/config.toml's wasm32 rustflags (erase_components stays).
    (RUSTFLAGS_VAR, "-Zunstable-options -Cpanic=immediate-abort"),
];

/// Sets the size-optimised standard library on a trunk command.
pub fn apply(trunk: &mut Command) {
    trunk.envs(ENV);
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

/// Puts the crates std depends on into cargo's registry cache, so the offline build can
/// resolve them. A probe with `--offline` first: when they are all there, nothing is
/// downloaded and nothing is printed but one line.
pub fn ensure_crates(cargo: &str) -> Result<(), String> {
    let manifest = library_manifest(cargo)?;
    let mut fetch = command(cargo);
    // The library's manifest uses cargo features that are unstable on a stable toolchain.
    fetch.env("RUSTC_BOOTSTRAP", "1").arg("fetch").arg("--manifest-path").arg(&manifest);
    let what = format!("the standard library's own crates (listed in {})", manifest.display());
    crate::process::fetch_unless_cached(fetch, &what)
}

/// `library/Cargo.toml` inside the active toolchain's rust-src.
fn library_manifest(cargo: &str) -> Result<PathBuf, String> {
    let sysroot = crate::tools::sysroot_of(&crate::tools::rustc_of(cargo))?;
    let manifest = sysroot.join("lib/rustlib/src/rust/library/Cargo.toml");
    if manifest.is_file() {
        Ok(manifest)
    } else {
        Err(format!("{} is missing: rustup's rust-src component is incomplete; run `rustup component add rust-src`", manifest.display()))
    }
}
