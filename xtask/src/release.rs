//! The release build, as a pipeline of the toolchain's own steps:
//!
//! 1. cargo builds the page and the measurements worker for wasm, the page's final link keeping
//!    its relocations (`--emit-relocs`), which the cut reads to find what each part calls;
//! 2. `wasm-split-cli` cuts the page's parts (`src/ui/parts.rs`) out of the page's wasm;
//! 3. wasm-bindgen writes the page's script (`--keep-lld-exports`, so the function table the
//!    parts call the page through stays exported under its own name) and the worker's;
//! 4. wasm-opt runs one list of passes per kind of file ([`PAGE_PASSES`], [`PART_PASSES`],
//!    [`WORKER_PASSES`]);
//! 5. the native build of the page (`src/main.rs`, `site::release`) takes those files, resolves
//!    index.html's tags against them, runs the site's steps in memory (`src/site/`) and writes
//!    the folder once.
//!
//! Trunk is not in it: `trunk serve` and a plain `trunk build` still give a whole page, unsplit,
//! for the loop of a developer. The outputs of steps 1 to 4 are staged in one folder under the
//! target directory, emptied first, so nothing of an earlier build can stand in for this one's.

use std::fs;
use std::path::{Path, PathBuf};

use crate::process::{cargo, command, run};
use crate::tools::WASM_TARGET;

/// The crate that installs `wasm-split-cli`, and the version whose output format
/// src/site/split_parts.rs reads. It must agree with Cargo.lock's `wasm_split_helpers`, which
/// writes the split points it finds.
pub const SPLIT_CLI_CRATE: &str = "wasm_split_cli_support";
pub const SPLIT_CLI_VERSION: &str = "0.2.4";
pub const SPLIT_CLI: &str = "wasm-split-cli";

/// The page's binary and the worker's, as their crates name them.
const PAGE: &str = "crossover";
const WORKER: &str = "crossover-worker";

/// The cfg under which the page's parts are split points (src/ui/parts.rs).
const SPLIT_CFG: &str = "crossover_split";

/// Cargo joins these to .cargo/config.toml's wasm32 rustflags.
const WASM_RUSTFLAGS_VAR: &str = "CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS";

/// The features rustc's wasm32 target uses, which wasm-opt must accept in a part: the cut
/// writes no section naming them.
const WASM_FEATURES: [&str; 6] = [
    "--enable-bulk-memory",
    "--enable-mutable-globals",
    "--enable-nontrapping-float-to-int",
    "--enable-sign-ext",
    "--enable-reference-types",
    "--enable-multivalue",
];

/// What makes the page and its parts smaller once the first pass has run. Small functions are
/// inlined whether or not they loop: a browser compiles each function on its first call, one at
/// a time, and fewer of them start sooner. The passes repeat until the file stops shrinking.
/// Last, the functions are put in order of their names, which sets the many copies of one
/// generic function side by side, where gzip finds each copy's bytes in the one before it; the
/// order changes nothing they do. The producers and target-features sections, which no browser
/// reads, are dropped.
const SHRINK: [&str; 12] = [
    "--inline-functions-with-loops",
    "-aimfs",
    "4",
    "--flatten",
    "--rereloop",
    "-Oz",
    "-Oz",
    "-Oz",
    "--converge",
    "--reorder-functions-by-name",
    "--strip-producers",
    "--strip-target-features",
];

/// The exports of wasm-streams' stream classes go: leptos links them in for server functions
/// this page never calls, and exported, they kept their code in the module; the generated
/// script names them only inside those classes, which nothing constructs.
const UNUSED_EXPORTS: [&str; 2] =
    ["--remove-exports", "--pass-arg=remove-exports@*intounderlying*"];

/// The page: first a level that inlines nothing, so each figure's drawing stays a function of
/// its own (src/charts/mod.rs, `Chart`, says why), then [`SHRINK`].
fn page_passes() -> Vec<&'static str> {
    let mut passes = vec!["-O1", "--no-inline=*::charts::Chart>::draw::<*"];
    passes.extend(UNUSED_EXPORTS);
    passes.extend(SHRINK);
    passes
}

/// A part: its debug names dropped, then as the page, less what concerns only the page's
/// exports and figures.
fn part_passes() -> Vec<&'static str> {
    let mut passes = WASM_FEATURES.to_vec();
    passes.extend(["--strip-debug", "-O1"]);
    passes.extend(SHRINK);
    passes
}

/// The worker, which is fetched once a reader loads a file and runs off the page's thread:
/// smaller, as the page is, without the inlining meant for a first start.
fn worker_passes() -> Vec<&'static str> {
    let mut passes = vec!["-Oz"];
    passes.extend(UNUSED_EXPORTS);
    passes.extend([
        "--flatten",
        "--rereloop",
        "-Oz",
        "-Oz",
        "--reorder-functions-by-name",
        "--strip-producers",
        "--strip-target-features",
    ]);
    passes
}

/// Builds the release site into `dist`, the size-optimised standard library's settings
/// (`lean_std::ENV`) given to cargo's wasm builds only.
pub fn build(root: &Path, dist: &Path) -> Result<(), String> {
    let wasm_env = crate::lean_std::ENV;
    let target_dir =
        std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root.join("target"), PathBuf::from);
    let stage = target_dir.join("release-site");
    empty(&stage)?;
    let cut = stage.join("cut");
    let files = stage.join("files");
    empty(&cut)?;
    empty(&files)?;

    // 1. cargo, the same flags for both wasm builds, so the standard library and every crate
    // they share are compiled once.
    let flags = wasm_env
        .iter()
        .find(|(name, _)| *name == WASM_RUSTFLAGS_VAR)
        .map_or("", |(_, value)| value);
    let flags = format!("{flags} --cfg {SPLIT_CFG}");
    let wasm_cargo = |args: &[&str]| {
        let mut cmd = cargo(root);
        cmd.args(args)
            .args(["--release", "--offline", "--locked", "--target", WASM_TARGET])
            .envs(wasm_env.iter().copied())
            .env(WASM_RUSTFLAGS_VAR, flags.trim());
        cmd
    };
    // Only the page's own link keeps its relocations: `cargo rustc` hands the flag to the
    // final crate alone.
    let mut page = wasm_cargo(&["rustc", "-p", PAGE, "--bin", PAGE]);
    run(page.args(["--", "-C", "link-arg=--emit-relocs"]))?;
    run(&mut wasm_cargo(&["build", "-p", WORKER, "--bin", WORKER]))?;
    let built = target_dir.join(WASM_TARGET).join("release");

    // 2. The cut: the page without its parts, each part, and the script that fetches them.
    run(command(SPLIT_CLI)
        .arg(built.join(format!("{PAGE}.wasm")))
        .arg(&cut)
        .args(["--out-name", PAGE]))
    .map_err(|e| format!("{e} (cargo xtask installs {SPLIT_CLI})"))?;

    // 3. wasm-bindgen.
    run(command("wasm-bindgen")
        .args(["--target", "web", "--keep-lld-exports", "--no-typescript", "--out-name", PAGE])
        .arg("--out-dir")
        .arg(&files)
        .arg(cut.join(format!("{PAGE}.wasm"))))?;
    run(command("wasm-bindgen")
        .args(["--target", "no-modules", "--no-typescript", "--out-name", WORKER])
        .arg("--out-dir")
        .arg(&files)
        .arg(built.join(format!("{WORKER}.wasm"))))?;

    // 4. wasm-opt, each file in place: the page, the longest, beside the worker and the parts.
    let page_wasm = files.join(format!("{PAGE}_bg.wasm"));
    std::thread::scope(|scope| {
        let page = scope.spawn(|| optimise(&page_wasm, &page_passes()));
        let rest = optimise(&files.join(format!("{WORKER}_bg.wasm")), &worker_passes())
            .and_then(|()| place_parts(&cut, &files));
        page.join().map_err(|_| "wasm-opt's thread for the page failed".to_string())?.and(rest)
    })?;

    // 5. The site, written into `dist` once.
    let mut site = cargo(root);
    site.args(["run", "--quiet", "--offline", "--locked", "--bin", PAGE, "--", "--release-site"])
        .arg(root)
        .arg(&files)
        .arg(dist);
    run(&mut site)
}

/// Optimises each part the cut wrote in `cut` and puts it, with the cut's script, in `files`.
fn place_parts(cut: &Path, files: &Path) -> Result<(), String> {
    for entry in fs::read_dir(cut).map_err(|e| format!("{}: {e}", cut.display()))? {
        let path = entry.map_err(|e| e.to_string())?.path();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or_default().to_string();
        if name == format!("{PAGE}.wasm") {
            continue;
        }
        if name.ends_with(".wasm") {
            optimise(&path, &part_passes())?;
        }
        fs::copy(&path, files.join(&name)).map_err(|e| format!("{name}: {e}"))?;
    }
    Ok(())
}

/// Whether the folders `first` and `second` hold the same files with the same bytes: an error
/// naming each file that differs, or is in one only.
pub fn same_files(first: &Path, second: &Path) -> Result<String, String> {
    let (a, b) = (files_in(first)?, files_in(second)?);
    let mut differ: Vec<String> = a
        .iter()
        .filter(|(name, bytes)| b.get(*name) != Some(*bytes))
        .map(|(name, _)| name.clone())
        .collect();
    differ.extend(b.keys().filter(|name| !a.contains_key(*name)).cloned());
    if differ.is_empty() {
        Ok(format!("the same {} files, byte for byte", a.len()))
    } else {
        Err(format!(
            "two release builds of one source differ: {} (compare {} with {})",
            differ.join(", "),
            first.display(),
            second.display()
        ))
    }
}

/// Every file under `dir`, by its path from `dir` (a folder's files too: the embeds' drawings).
fn files_in(dir: &Path) -> Result<std::collections::BTreeMap<String, Vec<u8>>, String> {
    let mut files = std::collections::BTreeMap::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(folder) = todo.pop() {
        for entry in fs::read_dir(&folder).map_err(|e| format!("{}: {e}", folder.display()))? {
            let path = entry.map_err(|e| e.to_string())?.path();
            if path.is_dir() {
                todo.push(path);
            } else if path.is_file() {
                let name = path.strip_prefix(dir).unwrap_or(&path).to_string_lossy().into_owned();
                files
                    .insert(name, fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?);
            }
        }
    }
    Ok(files)
}

/// Runs wasm-opt on `wasm` with `passes`, writing it back in place.
fn optimise(wasm: &Path, passes: &[&str]) -> Result<(), String> {
    let out = wasm.with_extension("opt");
    run(command("wasm-opt").args(passes).arg(wasm).arg("-o").arg(&out))?;
    fs::rename(&out, wasm).map_err(|e| format!("{}: {e}", wasm.display()))
}

/// Makes `dir` an empty folder.
pub fn empty(dir: &Path) -> Result<(), String> {
    match fs::remove_dir_all(dir) {
        Ok(()) => {}
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return Err(format!("cannot empty {}: {e}", dir.display())),
    }
    fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))
}

/// The passes as one command line, for a reader of the build's log and for the test below.
#[cfg(test)]
fn line(passes: &[&str]) -> String {
    passes.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_builds_are_compared_file_by_file_into_their_folders() {
        let root = std::env::temp_dir().join(format!("crossover-same-{}", std::process::id()));
        let _ = fs::remove_dir_all(&root);
        for build in ["one", "two"] {
            fs::create_dir_all(root.join(build).join("sketches-0123456789abcdef")).unwrap();
            fs::write(root.join(build).join("index.html"), "page").unwrap();
            fs::write(root.join(build).join("sketches-0123456789abcdef").join("a.svg"), "a")
                .unwrap();
        }
        let (one, two) = (root.join("one"), root.join("two"));
        assert_eq!(same_files(&one, &two), Ok("the same 2 files, byte for byte".to_string()));
        fs::write(two.join("sketches-0123456789abcdef").join("a.svg"), "b").unwrap();
        let differ = same_files(&one, &two).unwrap_err();
        assert!(differ.contains("a.svg"), "{differ}");
        let _ = fs::remove_dir_all(&root);
    }

    #[test]
    fn the_page_keeps_its_figures_drawing_apart_and_every_file_ends_ordered_and_stripped() {
        let page = line(&page_passes());
        assert!(page.starts_with("-O1 --no-inline="), "{page}");
        for passes in [page_passes(), part_passes(), worker_passes()] {
            let text = line(&passes);
            assert!(
                text.ends_with(
                    "--reorder-functions-by-name --strip-producers --strip-target-features"
                ),
                "{text}"
            );
        }
        assert!(line(&part_passes()).contains("--strip-debug -O1"));
        assert!(!line(&worker_passes()).contains("--inline-functions-with-loops"));
    }
}
