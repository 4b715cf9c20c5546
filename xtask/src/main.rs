//! The project's commands, run as `cargo xtask <command>`:
//!
//! - `serve`: install what is missing, then serve the explainer at http://127.0.0.1:8080.
//! - `build`: install what is missing, make the release build in `dist/` and report its size.
//! - `test`:  install what is missing, then run every check, failing at the first that fails.
//! - `bench`: release build, then measure it against a Chart.js page (bench/README.md).
//! - `fresh-check`: the release build with an empty cargo home, proving that the offline build
//!   fetches everything it needs instead of relying on this machine's caches.
//!
//! Written in Rust with the standard library only, so a machine with nothing but rustup and
//! cargo can run it; every other tool is installed from here.

#![expect(clippy::print_stdout, reason = "a command-line tool: what it prints is its output")]

mod browser;
mod lean_std;
mod process;
mod release;
mod size;
mod tools;

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Mutex;
use std::time::Instant;

use process::{cargo, command, run};

/// Where `cargo xtask serve` listens. Fixed, because the README links to it.
const SERVE_ADDRESS: &str = "127.0.0.1";
const SERVE_PORT: &str = "8080";
/// The variable proptest reads its seed from, and the seed `cargo xtask test` gives it unless
/// the caller chose one.
const PROPERTY_SEED_VAR: &str = "PROPTEST_RNG_SEED";
const PROPERTY_SEED: u64 = 62;

const USAGE: &str = "usage: cargo xtask <command>

commands:
  serve   install what is missing, then serve the explainer at http://127.0.0.1:8080
  build   install what is missing, release build into dist/, print its size
  test    install what is missing, then run native tests, clippy (native and wasm32),
          the release build, its sizes against sizes.txt and the browser tests; with --fresh
          (as CI runs it) the release build is the fresh check's, from an empty cargo home
  bench   install what is missing, release build into dist/, then measure it against the
          Chart.js page in bench/ (extra arguments go to bench/run.mjs)
  fresh-check
          the release build again with an empty cargo home and target directory, to prove
          that it fetches every crate it needs (as on a new machine)
  release-into <folder>
          the release build alone into <folder>, nothing installed or measured (`test` runs it
          to check that the same source gives the same bytes)";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(name) = args.first().map(String::as_str) else {
        println!("{USAGE}");
        return ExitCode::SUCCESS;
    };
    let root = project_root();
    // Tools installed by the steps below land in these folders; putting them first on PATH
    // makes every later command (trunk looking for wasm-bindgen and wasm-opt included) find
    // exactly those, not an older copy elsewhere on the machine.
    process::prepend_to_path(&[root.join("node_modules").join(".bin"), tools::cargo_bin_dir()]);

    let started = Instant::now();
    let outcome = match name {
        "serve" => serve(&root),
        "build" => build(&root),
        "test" => test(&root, &args[1..]),
        "bench" => bench(&root, &args[1..]),
        "fresh-check" => fresh_check(&root),
        "release-into" => match &args[1..] {
            [folder] => release::build(&root, Path::new(folder))
                .map(|()| format!("the release build in {folder}")),
            _ => Err(format!("`release-into` takes one folder\n\n{USAGE}")),
        },
        "help" | "--help" | "-h" => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        other => Err(format!("unknown command `{other}`\n\n{USAGE}")),
    };
    let secs = started.elapsed().as_secs();
    if let Ok(notes) = END_NOTES.lock() {
        for note in notes.iter() {
            println!("\n{note}");
        }
    }
    let steps = step_times();
    if !steps.is_empty() {
        println!("\nxtask {name} steps: {steps}");
    }
    // One last line, always, so a CI log can be read from its end.
    match outcome {
        Ok(summary) => {
            println!("\nxtask {name}: PASS in {secs} s ({summary})");
            ExitCode::SUCCESS
        }
        Err(error) => {
            println!("\nxtask {name}: FAIL after {secs} s: {error}");
            ExitCode::FAILURE
        }
    }
}

/// The repository root: the parent of this crate, wherever the command is started from.
fn project_root() -> PathBuf {
    let manifest_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest_dir.parent().unwrap_or(manifest_dir).to_path_buf()
}

/// When each step began, in order: the log's second-to-last line says how long each took, so a
/// slow step is found without timestamps.
static STEPS: Mutex<Vec<(String, Instant)>> = Mutex::new(Vec::new());

/// Prints a visible header for each step, so a failure in a long log is easy to place.
fn step(title: &str) {
    println!("\n==> {title}");
    let name = title.split(" (").next().unwrap_or(title).to_string();
    if let Ok(mut steps) = STEPS.lock() {
        steps.push((name, Instant::now()));
    }
}

/// What a step found for the end of the log (the slowest tests), printed before the steps' times
/// whether the command passed or failed.
static END_NOTES: Mutex<Vec<String>> = Mutex::new(Vec::new());

/// Keeps `note` for the end of the log (nothing if it is empty).
pub fn note_at_end(note: &str) {
    if note.is_empty() {
        return;
    }
    if let Ok(mut notes) = END_NOTES.lock() {
        notes.push(note.to_string());
    }
}

/// How long each step took, the last one until now: `formatting 1 s, native tests 95 s, …`.
fn step_times() -> String {
    let Ok(steps) = STEPS.lock() else { return String::new() };
    let ends = steps.iter().skip(1).map(|(_, at)| *at).chain(std::iter::once(Instant::now()));
    let times: Vec<String> = steps
        .iter()
        .zip(ends)
        .map(|((name, start), end)| format!("{name} {} s", end.duration_since(*start).as_secs()))
        .collect();
    times.join(", ")
}

fn serve(root: &Path) -> Result<String, String> {
    step("checking the toolchain");
    tools::ensure_build_tools(root)?;
    step(&format!("serving at http://{SERVE_ADDRESS}:{SERVE_PORT}/ (Ctrl-C stops)"));
    // Stdin stays attached here: this is the one interactive command.
    let mut trunk = command("trunk");
    trunk
        .args(["serve", "--offline", "--release", "--address", SERVE_ADDRESS, "--port", SERVE_PORT])
        .current_dir(root);
    lean_std::apply(&mut trunk);
    process::run_interactive(&mut trunk)?;
    Ok("server stopped".to_string())
}

fn build(root: &Path) -> Result<String, String> {
    step("checking the toolchain");
    tools::ensure_build_tools(root)?;
    release_build(root)?;
    step("page size");
    // The build's job is to build: growth past the tracked sizes is reported, and judged by
    // `test`.
    let weight = size::measure(&root.join("dist"))?;
    weight.record(root)?;
    Ok(weight.against(&size::Tracked::read(root)?).unwrap_or_else(|over| {
        println!("WARNING: {over}");
        over
    }))
}

/// Runs `cargo xtask build` in a child whose cargo home starts empty (and whose target
/// directory is new, so nothing compiled before stands in for a source that is missing). The
/// tools themselves (trunk, wasm-bindgen) are installed first in this machine's own cargo home
/// and found on PATH; only the crates are under test. Without the fetch steps in
/// `tools::ensure_build_tools`, the offline build in the child fails.
fn fresh_check(root: &Path) -> Result<String, String> {
    step("checking the toolchain (in this machine's cargo home, where the tools live)");
    tools::ensure_build_tools(root)?;
    fresh_build(root)
}

/// The release build into dist/ from an empty cargo home and a new target directory.
fn fresh_build(root: &Path) -> Result<String, String> {
    let scratch = root.join("target").join("fresh-check");
    release::empty(&scratch)?;
    let cargo_home = scratch.join("cargo-home");
    release::empty(&cargo_home)?;

    step(&format!("cargo xtask build with an empty cargo home ({})", cargo_home.display()));
    let exe =
        std::env::current_exe().map_err(|e| format!("cannot find this xtask's own binary: {e}"))?;
    let child = |args: &[&std::ffi::OsStr]| {
        let mut child = command(&exe.to_string_lossy());
        child
            .args(args)
            .env("CARGO_HOME", &cargo_home)
            .env("CARGO_TARGET_DIR", scratch.join("target"))
            .current_dir(root);
        child
    };
    run(&mut child(&["build".as_ref()]))?;

    let fetched = count_crate_files(&cargo_home.join("registry").join("cache"));
    if fetched == 0 {
        return Err(format!(
            "the build passed but fetched nothing into {}: it did not start from an empty cache",
            cargo_home.display()
        ));
    }
    step("the release build again, which must give dist/ byte for byte");
    let again = scratch.join("dist-again");
    run(&mut child(&["release-into".as_ref(), again.as_os_str()]))?;
    let same = release::same_files(&root.join("dist"), &again)?;
    let _ = std::fs::remove_dir_all(&scratch);
    Ok(format!(
        "dist/ built from an empty cargo home, {fetched} crates fetched into it; built again, {same}"
    ))
}

/// The release build again into a folder of its own, as [`fresh_build`] does after its build.
fn build_again(root: &Path) -> Result<String, String> {
    step("the release build again, which must give dist/ byte for byte");
    let again = root.join("target").join("dist-again");
    release::build(root, &again)?;
    release::same_files(&root.join("dist"), &again)
}

/// `.crate` archives under a registry cache (one folder per registry).
fn count_crate_files(cache: &Path) -> usize {
    let Ok(registries) = std::fs::read_dir(cache) else { return 0 };
    registries
        .filter_map(|r| std::fs::read_dir(r.ok()?.path()).ok())
        .flatten()
        .filter(|f| f.as_ref().is_ok_and(|f| f.path().extension().is_some_and(|e| e == "crate")))
        .count()
}

fn release_build(root: &Path) -> Result<(), String> {
    step("release build into dist/ (cargo, wasm-split, wasm-bindgen, wasm-opt, the site's steps; std rebuilt for size)");
    release::build(root, &root.join("dist"))
}

/// `--fresh` (what CI runs): the release build the tests run against is the one from an empty
/// cargo home (`fresh-check`'s), rather than a second build after it.
fn test(root: &Path, args: &[String]) -> Result<String, String> {
    let fresh = match args {
        [] => false,
        [flag] if flag == "--fresh" => true,
        _ => {
            return Err(format!("`test` takes no arguments but `--fresh`, not {args:?}\n\n{USAGE}"))
        }
    };
    step("checking the toolchain");
    let (browsers, python) = tools::ensure_test_tools(root)?;

    step("formatting (cargo fmt --all --check; rustfmt.toml sets the style)");
    run(cargo(root).args(["fmt", "--all", "--check"]))?;

    // Property tests draw their cases from a seed. Here it is fixed, so this command and CI
    // try the same cases on the same commit, and a commit fails only for what it changed. A
    // plain `cargo test` draws a fresh seed each run; what that finds is saved in
    // `tests/proptest-regressions/`, committed, and tried first by every run after.
    let seed = std::env::var(PROPERTY_SEED_VAR).unwrap_or_else(|_| PROPERTY_SEED.to_string());
    step(&format!("native tests (cargo test --workspace, {PROPERTY_SEED_VAR}={seed})"));
    run(cargo(root).args(["test", "--workspace"]).env(PROPERTY_SEED_VAR, &seed))?;

    step("clippy, native (cargo clippy --workspace --all-targets -- -D warnings)");
    run(cargo(root).args(["clippy", "--workspace", "--all-targets", "--", "-D", "warnings"]))?;

    // The page and the measurements worker, each as the browser runs it.
    step(
        "clippy, wasm32 (cargo clippy --target wasm32-unknown-unknown -p crossover -p crossover-worker --lib --bins -- -D warnings)",
    );
    run(cargo(root).args([
        "clippy",
        "--target",
        tools::WASM_TARGET,
        "-p",
        "crossover",
        "-p",
        "crossover-worker",
        "--lib",
        "--bins",
        "--",
        "-D",
        "warnings",
    ]))?;

    let reproduced = if fresh {
        step("release build from an empty cargo home (the fresh check), into dist/");
        fresh_build(root)?
    } else {
        release_build(root)?;
        build_again(root)?
    };

    step("page size");
    let weight = size::measure(&root.join("dist"))?;
    weight.record(root)?;
    let size = weight.against(&size::Tracked::read(root)?)?;

    step("browser tests (node --test tests/e2e/ against dist/ in headless Chromium, then Firefox)");
    let timings = browser::run_tests(root, &root.join("dist"), &browsers, &python)?;

    // The loop a developer runs, `trunk serve`, builds without any of the xtask's flags: the
    // same build, into a folder of its own, must give a live page too.
    step("development build (trunk build --offline, as trunk serve builds) and its controls in Chromium");
    let dev = root.join("target").join("dist-dev");
    run(command("trunk").args(["build", "--offline", "--dist"]).arg(&dev).current_dir(root))?;
    let dev_timing = browser::check_development_build(root, &dev, &browsers, &python)?;

    Ok(format!(
        "native tests, clippy native and wasm32, release build ({reproduced}), {size}, browser tests ({timings}), development build ({dev_timing})"
    ))
}

/// Builds the release page and measures it against the Chart.js peer in headless Chromium (step
/// latency in Firefox too).
/// Timings and the tracked sizes are reported by the benchmark, never asserted here: only a
/// harness failure fails this command.
fn bench(root: &Path, extra: &[String]) -> Result<String, String> {
    step("checking the toolchain");
    tools::ensure_build_tools(root)?;
    let browsers = tools::ensure_browsers()?;
    release_build(root)?;
    step("page size");
    let size = size::measure(&root.join("dist"))?
        .against(&size::Tracked::read(root)?)
        .unwrap_or_else(|over| over);
    step("benchmark against the Chart.js page (node bench/run.mjs)");
    run(command("node")
        .arg(root.join("bench").join("run.mjs"))
        .arg("--dist")
        .arg(root.join("dist"))
        .args(extra)
        .env("CHROMIUM_PATH", &browsers.chromium)
        .env("FIREFOX_PATH", &browsers.firefox)
        .current_dir(root))?;
    Ok(format!("{size}; results in bench/results/latest.json"))
}
