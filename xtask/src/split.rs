//! The page's wasm, cut into parts as it is linked (the parts are named in src/ui/parts.rs).
//!
//! Trunk runs cargo, then wasm-bindgen and wasm-opt on what cargo linked; the cut has to fall
//! between the link and wasm-bindgen, where trunk offers no step. So trunk's cargo is told to
//! link the page through this xtask (`apply`): rustc then runs it with rust-lld's own arguments
//! (`is_link_call`), and [`link`] runs rust-lld with them, keeping the relocations the cut needs,
//! then cuts the page's wasm with `wasm-split-cli`. What trunk sees is the page without its
//! parts; the parts and the script that fetches them wait in [`PARTS_DIR_VAR`]'s folder for the
//! site's last build step (src/site/split_parts.rs). Any other wasm (the measurements worker) is
//! linked as it would be without this.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

use crate::process::probe;
use crate::tools;

/// The folder the parts are written to, named for trunk's cargo and for the site's build step
/// after trunk (which reads the same variable).
const PARTS_DIR_VAR: &str = "CROSSOVER_PARTS_DIR";
/// rust-lld, which this xtask stands in front of.
const LLD_VAR: &str = "CROSSOVER_LLD";
const LINKER_VAR: &str = "CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER";

/// Cargo's name for the page's wasm while linking is this, a dash and a hash.
const PAGE_STEM: &str = "crossover";

/// The crate that installs `wasm-split-cli`, and the version whose output format
/// src/site/split_parts.rs reads. It must agree with Cargo.lock's `wasm_split_helpers`, which
/// writes the split points it finds.
pub const SPLIT_CLI_CRATE: &str = "wasm_split_cli_support";
pub const SPLIT_CLI_VERSION: &str = "0.2.4";
pub const SPLIT_CLI: &str = "wasm-split-cli";

/// The function table the parts call the page through. wasm-bindgen removes the linker's export
/// of it by that name; under a name of the same length it is kept, and the fetching script
/// passes it to the parts under the linker's name (src/site/split_parts.rs).
const LINKER_TABLE: &str = "__indirect_function_table";
pub const KEPT_TABLE: &str = "__wasm_split_shared_table";

/// Whether rustc is running this xtask as its linker: rust-lld's arguments start so.
pub fn is_link_call(args: &[String]) -> bool {
    args.first().map(String::as_str) == Some("-flavor")
}

/// Makes trunk's cargo link the page through this xtask, with the parts written under `root`'s
/// target folder.
pub fn apply(trunk: &mut Command, root: &Path) -> Result<(), String> {
    let exe =
        std::env::current_exe().map_err(|e| format!("cannot find this xtask's own binary: {e}"))?;
    // The page compiles its parts as split points only under this cfg (src/ui/parts.rs), added
    // to whatever wasm32 flags are already set for this build (lean_std's).
    let flags = trunk
        .get_envs()
        .find(|(name, _)| *name == WASM_RUSTFLAGS_VAR)
        .and_then(|(_, value)| value)
        .map(|v| v.to_string_lossy().into_owned())
        .unwrap_or_default();
    trunk
        .env(WASM_RUSTFLAGS_VAR, format!("{flags} --cfg {SPLIT_CFG}").trim())
        .env(LINKER_VAR, exe)
        .env(LLD_VAR, rust_lld()?)
        .env(PARTS_DIR_VAR, root.join("target").join("page-parts"));
    Ok(())
}

/// The cfg under which the page's parts are split points.
const SPLIT_CFG: &str = "crossover_split";

/// Cargo joins these to .cargo/config.toml's wasm32 rustflags.
const WASM_RUSTFLAGS_VAR: &str = "CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS";

/// The toolchain's own rust-lld, the linker rustc uses for wasm when none is named: that of the
/// rustc cargo runs.
fn rust_lld() -> Result<PathBuf, String> {
    let rustc = tools::rustc_of(&tools::cargo_program());
    let version = probe(&rustc, &["-vV"]).ok_or(format!("cannot run `{rustc} -vV`"))?;
    let host =
        version.lines().find_map(|l| l.strip_prefix("host: ")).ok_or("rustc -vV names no host")?;
    let lld = tools::sysroot_of(&rustc)?
        .join("lib")
        .join("rustlib")
        .join(host.trim())
        .join("bin")
        .join("rust-lld");
    if lld.is_file() {
        Ok(lld)
    } else {
        Err(format!("rust-lld is not at {}", lld.display()))
    }
}

/// Links as rust-lld would, then cuts the page's parts out of the page's wasm.
pub fn link(args: &[String]) -> ExitCode {
    match link_and_cut(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            // rustc shows what its linker printed when the link fails.
            println!("xtask linker: {error}");
            ExitCode::FAILURE
        }
    }
}

fn link_and_cut(args: &[String]) -> Result<(), String> {
    let lld = std::env::var_os(LLD_VAR).ok_or(format!("{LLD_VAR} is not set"))?;
    let page = output(args).filter(|out| is_page(out));
    let mut lld = Command::new(lld);
    lld.args(args);
    if page.is_some() {
        // The cut follows the relocations to find what each part calls.
        lld.arg("--emit-relocs");
    }
    let status = lld.status().map_err(|e| format!("cannot run rust-lld: {e}"))?;
    if !status.success() {
        return Err(format!("rust-lld failed ({status})"));
    }
    let Some(out) = page else { return Ok(()) };
    cut(&out)
}

/// The file rust-lld writes: the argument after `-o`.
fn output(args: &[String]) -> Option<PathBuf> {
    args.windows(2).find(|pair| pair[0] == "-o").map(|pair| PathBuf::from(&pair[1]))
}

fn is_page(out: &Path) -> bool {
    let name = out.file_name().map(|n| n.to_string_lossy()).unwrap_or_default();
    name.strip_suffix(".wasm").and_then(|stem| stem.split_once('-')).map(|(s, _)| s)
        == Some(PAGE_STEM)
}

/// Cuts the linked page at `out` into the page, written back in its place, and its parts.
fn cut(out: &Path) -> Result<(), String> {
    let dir = PathBuf::from(
        std::env::var_os(PARTS_DIR_VAR).ok_or(format!("{PARTS_DIR_VAR} is not set"))?,
    );
    match fs::remove_dir_all(&dir) {
        Ok(()) => {}
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return Err(format!("cannot empty {}: {e}", dir.display())),
    }
    fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let status = Command::new(SPLIT_CLI)
        .arg(out)
        .arg(&dir)
        .args(["--out-name", PAGE_STEM])
        .status()
        .map_err(|e| format!("cannot run {SPLIT_CLI} (cargo xtask installs it): {e}"))?;
    if !status.success() {
        return Err(format!("{SPLIT_CLI} failed ({status})"));
    }
    let main = dir.join(format!("{PAGE_STEM}.wasm"));
    let page = fs::read(&main).map_err(|e| format!("{}: {e}", main.display()))?;
    let page = rename_export(&page, LINKER_TABLE, KEPT_TABLE)?;
    fs::write(out, page).map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    fs::remove_file(&main).map_err(|e| format!("cannot remove {}: {e}", main.display()))
}

/// `wasm` with its export named `from` named `to`, a name of the same length, so no size in the
/// module changes.
fn rename_export(wasm: &[u8], from: &str, to: &str) -> Result<Vec<u8>, String> {
    if from.len() != to.len() {
        return Err(format!("{to} is not as long as {from}"));
    }
    let at = export_name_at(wasm, from).ok_or(format!("the page's wasm exports no {from}"))?;
    let mut renamed = wasm.to_vec();
    renamed
        .get_mut(at..at + to.len())
        .ok_or("the export's name runs past the module")?
        .copy_from_slice(to.as_bytes());
    Ok(renamed)
}

/// Where the name of the export `name` starts in `wasm`, reading the export section.
fn export_name_at(wasm: &[u8], name: &str) -> Option<usize> {
    let mut at = 8;
    while at < wasm.len() {
        let id = *wasm.get(at)?;
        let (size, body) = leb(wasm, at + 1)?;
        if id == 7 {
            let (count, mut entry) = leb(wasm, body)?;
            for _ in 0..count {
                let (len, start) = leb(wasm, entry)?;
                let end = start.checked_add(len)?;
                if wasm.get(start..end)? == name.as_bytes() {
                    return Some(start);
                }
                // The kind's byte, then the index.
                let (_, next) = leb(wasm, end + 1)?;
                entry = next;
            }
            return None;
        }
        at = body.checked_add(size)?;
    }
    None
}

/// An unsigned LEB128 number at `at`, and where the bytes after it start.
fn leb(bytes: &[u8], mut at: usize) -> Option<(usize, usize)> {
    let mut value = 0_usize;
    for shift in (0..35).step_by(7) {
        let byte = *bytes.get(at)?;
        at += 1;
        value |= usize::from(byte & 0x7f) << shift;
        if byte < 0x80 {
            return Some((value, at));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A module with a type section and an export section of two entries.
    fn module(names: &[&str]) -> Vec<u8> {
        let mut exports = vec![u8::try_from(names.len()).unwrap_or(0)];
        for (i, name) in names.iter().enumerate() {
            exports.push(u8::try_from(name.len()).unwrap_or(0));
            exports.extend_from_slice(name.as_bytes());
            exports.extend([1, u8::try_from(i).unwrap_or(0)]);
        }
        let mut wasm = b"\0asm\x01\0\0\0".to_vec();
        wasm.extend([1, 1, 0]);
        wasm.push(7);
        wasm.push(u8::try_from(exports.len()).unwrap_or(0));
        wasm.extend(exports);
        wasm
    }

    #[test]
    fn renames_the_table_export_in_place() {
        let wasm = module(&["memory", LINKER_TABLE]);
        let renamed = rename_export(&wasm, LINKER_TABLE, KEPT_TABLE).unwrap_or_default();
        assert_eq!(renamed, module(&["memory", KEPT_TABLE]));
    }

    #[test]
    fn a_missing_export_or_a_longer_name_is_an_error() {
        let wasm = module(&["memory"]);
        assert!(rename_export(&wasm, LINKER_TABLE, KEPT_TABLE).is_err());
        assert!(rename_export(
            &module(&[LINKER_TABLE]),
            LINKER_TABLE,
            "a_longer_name_than_the_linkers"
        )
        .is_err());
        assert!(rename_export(&wasm[..12], "memory", "memorx").is_err());
    }

    #[test]
    fn only_the_page_is_cut() {
        assert!(is_page(Path::new("/t/deps/crossover-0a1b2c.wasm")));
        assert!(!is_page(Path::new("/t/deps/crossover_worker-0a1b2c.wasm")));
        assert!(!is_page(Path::new("/t/deps/crossover-0a1b2c.rlib")));
        let args = ["-flavor", "wasm", "-o", "/t/x.wasm"].map(String::from);
        assert!(is_link_call(&args));
        assert_eq!(output(&args), Some(PathBuf::from("/t/x.wasm")));
    }
}
