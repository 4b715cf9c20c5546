//! Installing what the build and the tests need, each only when it is missing or the wrong
//! version, so a second run costs a few version probes.

use std::fs;
use std::path::{Path, PathBuf};

use crate::process::{command, probe, run};

pub const WASM_TARGET: &str = "wasm32-unknown-unknown";

/// The trunk release the README documents; its behaviour (offline tool lookup, wasm-opt
/// flags) is what Trunk.toml is written against.
const TRUNK_VERSION: &str = "0.21.14";

/// Where `cargo install` puts binaries.
pub fn cargo_bin_dir() -> PathBuf {
    if let Some(home) = std::env::var_os("CARGO_HOME") {
        return PathBuf::from(home).join("bin");
    }
    std::env::var_os("HOME").map(PathBuf::from).unwrap_or_default().join(".cargo").join("bin")
}

/// Everything `trunk build --offline` needs: the wasm32 target and std's source, every crate
/// the build compiles (the project's and std's) in cargo's registry cache, trunk, wasm-bindgen
/// and wasm-opt at the versions Trunk.toml pins, and the node packages (wasm-opt comes from
/// npm's binaryen).
pub fn ensure_build_tools(root: &Path) -> Result<(), String> {
    let pins = TrunkPins::read(root)?;
    ensure_wasm_target()?;
    crate::lean_std::ensure_source()?;
    ensure_project_crates(root)?;
    crate::lean_std::ensure_crates(&cargo_program())?;
    ensure_trunk()?;
    ensure_wasm_split()?;
    ensure_wasm_bindgen(root, &pins)?;
    ensure_node()?;
    ensure_node_modules(root)?;
    ensure_wasm_opt(root, &pins)?;
    Ok(())
}

/// Everything the tests need: the build's tools, the browsers, the docs site's tools and the
/// live servers', returning the browsers and the Python programs. On a new machine the build's
/// come from cargo and npm (compiling, mostly) and the others from apt and pip (downloading,
/// mostly), so the two sets are fetched side by side.
pub fn ensure_test_tools(root: &Path) -> Result<(Browsers, PythonTools), String> {
    let (build, others) = std::thread::scope(|scope| {
        let others = scope.spawn(|| {
            let browsers = ensure_browsers()?;
            let mkdocs = ensure_docs_site_tools(root)?;
            let live_python = ensure_live_server_tools(root)?;
            Ok((browsers, PythonTools { mkdocs, live_python }))
        });
        (ensure_build_tools(root), others.join())
    });
    build?;
    others
        .unwrap_or_else(|_| Err("installing the browsers and the Python tools stopped".to_string()))
}

/// The programs from the tests' Python environments.
pub struct PythonTools {
    /// Builds the example docs site (examples/docs-site) that one test embeds figures in.
    pub mkdocs: PathBuf,
    /// The Python that runs the live tests' servers (tests/live/servers.py).
    pub live_python: PathBuf,
}

fn ensure_wasm_target() -> Result<(), String> {
    if let Some(installed) = probe("rustup", &["target", "list", "--installed"]) {
        if installed.lines().any(|l| l.trim() == WASM_TARGET) {
            println!("ok: rust target {WASM_TARGET}");
            return Ok(());
        }
        return run(command("rustup").args(["target", "add", WASM_TARGET]));
    }
    // Without rustup the target can only have come with the toolchain itself.
    let libdir = probe("rustc", &["--print", "target-libdir", "--target", WASM_TARGET]);
    match libdir {
        Some(dir) if Path::new(&dir).is_dir() => {
            println!("ok: rust target {WASM_TARGET} (no rustup)");
            Ok(())
        }
        _ => Err(format!("the Rust target {WASM_TARGET} is missing and rustup is not available to add it; install rustup (https://rustup.rs) or a toolchain that includes {WASM_TARGET}")),
    }
}

/// `cargo` as the one running this xtask (rustup sets CARGO).
pub fn cargo_program() -> String {
    std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string())
}

/// The rustc that `cargo` runs: RUSTC, else the one beside it, so a rustup override is followed.
pub fn rustc_of(cargo: &str) -> String {
    std::env::var("RUSTC").unwrap_or_else(|_| {
        PathBuf::from(cargo)
            .parent()
            .map(|dir| dir.join("rustc"))
            .filter(|p| p.exists())
            .map_or_else(|| "rustc".to_string(), |p| p.to_string_lossy().into_owned())
    })
}

/// The toolchain folder of `rustc`.
pub fn sysroot_of(rustc: &str) -> Result<PathBuf, String> {
    let sysroot = probe(rustc, &["--print", "sysroot"])
        .ok_or_else(|| format!("`{rustc} --print sysroot` failed"))?;
    Ok(PathBuf::from(sysroot.trim()))
}

/// The project's crates for every target, the page's wasm32-only ones included: a native
/// `cargo test` would not download those, and trunk builds offline.
fn ensure_project_crates(root: &Path) -> Result<(), String> {
    let mut fetch = command(&cargo_program());
    fetch.args(["fetch", "--locked"]).current_dir(root);
    crate::process::fetch_unless_cached(fetch, "the project's crates (Cargo.lock, every target)")
}

fn ensure_trunk() -> Result<(), String> {
    let found = probe("trunk", &["--version"]);
    if found.as_deref().and_then(|v| v.split_whitespace().nth(1)) == Some(TRUNK_VERSION) {
        println!("ok: trunk {TRUNK_VERSION}");
        return Ok(());
    }
    println!(
        "installing trunk {TRUNK_VERSION} (found: {}); this compiles for several minutes",
        found.as_deref().unwrap_or("none")
    );
    // --force replaces another version already in ~/.cargo/bin.
    run(cargo_install().args(["--locked", "--force", "trunk", "--version", TRUNK_VERSION]))
}

/// The tool that cuts the page's parts out of its wasm (release.rs). It has no
/// `--version`: the record cargo keeps beside the binaries it installed (`.crates.toml`, in the
/// folder above the one the tool is found in on PATH) says which version that is.
fn ensure_wasm_split() -> Result<(), String> {
    use crate::release::{SPLIT_CLI, SPLIT_CLI_CRATE, SPLIT_CLI_VERSION};
    let installed = on_path(SPLIT_CLI)
        .and_then(|bin| fs::read_to_string(bin.parent()?.parent()?.join(".crates.toml")).ok())
        .is_some_and(|record| records_version(&record, SPLIT_CLI_CRATE, SPLIT_CLI_VERSION));
    if installed {
        println!("ok: {SPLIT_CLI} ({SPLIT_CLI_CRATE} {SPLIT_CLI_VERSION})");
        return Ok(());
    }
    println!("installing {SPLIT_CLI} ({SPLIT_CLI_CRATE} {SPLIT_CLI_VERSION}), which compiles for a minute or two");
    run(cargo_install().args([
        "--locked",
        "--force",
        SPLIT_CLI_CRATE,
        "--version",
        SPLIT_CLI_VERSION,
        "--features",
        "build-binary",
    ]))
}

/// `cargo install`, compiling the tool for a short build rather than its fastest code (no
/// link-time optimisation, many codegen units, light optimisation): trunk's own release profile
/// asks for fat LTO in one unit, which on two cores takes minutes longer to build, and these
/// tools spend their time waiting on cargo and the disk, not in their own code. Cargo lets a
/// profile in its environment override the one in a crate's manifest.
fn cargo_install() -> std::process::Command {
    let mut install = command("cargo");
    install
        .arg("install")
        .env("CARGO_PROFILE_RELEASE_LTO", "false")
        .env("CARGO_PROFILE_RELEASE_CODEGEN_UNITS", "16")
        .env("CARGO_PROFILE_RELEASE_OPT_LEVEL", "1");
    install
}

/// Whether cargo's record of what it installed (`.crates.toml`) holds `krate` at `version`.
fn records_version(record: &str, krate: &str, version: &str) -> bool {
    let wanted = format!("\"{krate} {version} ");
    record.lines().any(|l| l.starts_with(&wanted))
}

/// The first file called `program` in a folder of PATH.
fn on_path(program: &str) -> Option<PathBuf> {
    std::env::split_paths(&std::env::var_os("PATH")?)
        .map(|dir| dir.join(program))
        .find(|path| path.is_file())
}

fn ensure_wasm_bindgen(root: &Path, pins: &TrunkPins) -> Result<(), String> {
    let lock = fs::read_to_string(root.join("Cargo.lock"))
        .map_err(|e| format!("cannot read Cargo.lock: {e}"))?;
    let locked = locked_version(&lock, "wasm-bindgen")?;
    // The CLI must equal the library exactly (they share a schema), and trunk only accepts
    // the version Trunk.toml pins: all three have to agree.
    if pins.wasm_bindgen != locked {
        return Err(format!(
            "Trunk.toml pins wasm_bindgen = \"{}\" but Cargo.lock has wasm-bindgen {locked}; set [tools] wasm_bindgen = \"{locked}\" in Trunk.toml",
            pins.wasm_bindgen
        ));
    }
    let found = probe("wasm-bindgen", &["--version"]);
    if found.as_deref().and_then(|v| v.split_whitespace().nth(1)) == Some(locked.as_str()) {
        println!("ok: wasm-bindgen {locked}");
        return Ok(());
    }
    println!(
        "installing wasm-bindgen-cli {locked} to match Cargo.lock (found: {})",
        found.as_deref().unwrap_or("none")
    );
    // A bare version is an exact requirement for `cargo install`. Deliberately without
    // --locked: that is how the CLI was installed and checked on this project's machines.
    run(cargo_install().args(["--force", "wasm-bindgen-cli", "--version", &locked]))
}

fn ensure_node() -> Result<(), String> {
    if let (Some(node), Some(npm)) = (probe("node", &["--version"]), probe("npm", &["--version"])) {
        println!("ok: node {node}, npm {npm}");
        return Ok(());
    }
    apt_install(&["nodejs", "npm"], "Node.js and npm (for wasm-opt and the browser tests)")
}

/// `npm ci` when node_modules is missing or was installed from another lockfile. A copy of
/// the lockfile kept inside node_modules records what it was installed from.
fn ensure_node_modules(root: &Path) -> Result<(), String> {
    let lockfile = root.join("package-lock.json");
    let stamp = root.join("node_modules").join(".xtask-installed-from-package-lock.json");
    let wanted = fs::read(&lockfile).map_err(|e| format!("cannot read package-lock.json: {e}"))?;
    if fs::read(&stamp).ok().as_deref() == Some(wanted.as_slice()) {
        println!("ok: node_modules matches package-lock.json");
        return Ok(());
    }
    // puppeteer-core drives the system's Firefox and downloads nothing; the variable makes sure
    // no puppeteer package ever fetches a browser of its own at install time.
    run(command("npm")
        .args(["ci", "--no-audit", "--no-fund"])
        .env("PUPPETEER_SKIP_DOWNLOAD", "1")
        .current_dir(root))?;
    fs::write(&stamp, &wanted).map_err(|e| format!("cannot write {}: {e}", stamp.display()))
}

fn ensure_wasm_opt(root: &Path, pins: &TrunkPins) -> Result<(), String> {
    let bin = root.join("node_modules").join(".bin").join("wasm-opt");
    let found = probe(&bin.to_string_lossy(), &["--version"]).ok_or_else(|| {
        format!("{} is missing or does not run; delete node_modules and retry", bin.display())
    })?;
    // Trunk reads "wasm-opt version 132 (version_132)" as version_132.
    let version = found.split_whitespace().nth(2).map(|v| format!("version_{v}"));
    if version.as_deref() != Some(pins.wasm_opt.as_str()) {
        return Err(format!("Trunk.toml pins wasm_opt = \"{}\" but node_modules has `{found}`; keep package.json's binaryen and Trunk.toml in step", pins.wasm_opt));
    }
    println!("ok: wasm-opt {} from npm binaryen", pins.wasm_opt);
    Ok(())
}

/// Where the docs site's Python tools live: a virtual environment in the ignored target folder,
/// so nothing is installed into the system's Python.
pub fn docs_venv(root: &Path) -> PathBuf {
    root.join("target").join("docs-venv")
}

/// MkDocs with the Material theme, at the versions examples/docs-site/requirements.txt pins, in
/// a virtual environment made with the machine's Python 3 and filled by pip. Returns the
/// `mkdocs` program to run.
pub fn ensure_docs_site_tools(root: &Path) -> Result<PathBuf, String> {
    let requirements = root.join("examples").join("docs-site").join("requirements.txt");
    let venv = docs_venv(root);
    let mkdocs = venv.join("bin").join("mkdocs");
    ensure_venv(
        &venv,
        &requirements,
        &mkdocs,
        "MkDocs and Material",
        "to build the docs site the browser tests embed figures in",
    )?;
    Ok(mkdocs)
}

/// Where the live tests' servers and their Python live (tests/live/): a virtual environment in
/// the ignored target folder, as the docs site's.
pub fn live_venv(root: &Path) -> PathBuf {
    root.join("target").join("live-venv")
}

/// llama.cpp's server (PyPI's prebuilt `xllamacpp` wheel) and the `gguf` writer of its small
/// random-weight models, at the versions tests/live/requirements.txt pins, in a virtual
/// environment as the docs site's tools are. The wheel needs GCC's OpenMP library (Debian's
/// libgomp1). Returns the environment's `python`, which runs tests/live/servers.py.
pub fn ensure_live_server_tools(root: &Path) -> Result<PathBuf, String> {
    if !has_libgomp() {
        apt_install(
            &["libgomp1"],
            "GCC's OpenMP library (llama.cpp's server for the live tests needs it)",
        )?;
    }
    let requirements = root.join("tests").join("live").join("requirements.txt");
    let venv = live_venv(root);
    let python = venv.join("bin").join("python");
    ensure_venv(
        &venv,
        &requirements,
        &python,
        "llama.cpp's server (xllamacpp) and gguf",
        "to run the live tests' OpenAI-compatible servers",
    )?;
    Ok(python)
}

/// Whether the dynamic linker knows libgomp.so.1. When no `ldconfig` answers, it is taken to be
/// there: importing xllamacpp then says what is missing.
fn has_libgomp() -> bool {
    ["ldconfig", "/sbin/ldconfig", "/usr/sbin/ldconfig"]
        .into_iter()
        .find_map(|ldconfig| probe(ldconfig, &["-p"]))
        .is_none_or(|libraries| libraries.contains("libgomp.so.1"))
}

/// A virtual environment at `venv`, made with the machine's Python 3 and filled by pip from
/// `requirements` (exact pins), holding `program` afterwards. A copy of the requirements kept in
/// the environment records what it was installed from, so a second run only compares two
/// files. `what` names the packages and `why` says what they are for, in the log and errors.
fn ensure_venv(
    venv: &Path,
    requirements: &Path,
    program: &Path,
    what: &str,
    why: &str,
) -> Result<(), String> {
    let wanted = fs::read(requirements)
        .map_err(|e| format!("cannot read {}: {e}", requirements.display()))?;
    let stamp = venv.join("xtask-installed-from-requirements.txt");
    if program.exists() && fs::read(&stamp).ok().as_deref() == Some(wanted.as_slice()) {
        println!("ok: {what} in {}", venv.display());
        return Ok(());
    }
    let python = ["python3", "python"]
        .into_iter()
        .find(|p| {
            probe(p, &["-c", "import sys, venv, ensurepip; sys.exit(sys.version_info < (3, 8))"])
                .is_some()
        })
        .map(str::to_string);
    let python = match python {
        Some(python) => python,
        None => {
            apt_install(
                &["python3", "python3-venv"],
                &format!("Python 3 with its venv module ({why})"),
            )?;
            "python3".to_string()
        }
    };
    println!("installing {what} ({}) into {} with pip", requirements.display(), venv.display());
    if venv.exists() {
        fs::remove_dir_all(venv).map_err(|e| format!("cannot empty {}: {e}", venv.display()))?;
    }
    run(command(&python).arg("-m").arg("venv").arg(venv))?;
    run(command(&venv.join("bin").join("pip").to_string_lossy())
        .args(["install", "--quiet", "--disable-pip-version-check", "--no-input", "-r"])
        .arg(requirements))?;
    if !program.exists() {
        return Err(format!("pip installed the requirements but {} is missing", program.display()));
    }
    fs::write(&stamp, &wanted).map_err(|e| format!("cannot write {}: {e}", stamp.display()))
}

/// The browsers the tests run in, each Debian's own build.
pub struct Browsers {
    pub chromium: PathBuf,
    pub firefox: PathBuf,
}

/// Headless Chromium and Firefox ESR for the browser tests. Chromium is driven by playwright-core
/// and Firefox by puppeteer-core over WebDriver BiDi, both from node_modules; neither downloads a
/// browser of its own.
pub fn ensure_browsers() -> Result<Browsers, String> {
    Ok(Browsers { chromium: ensure_chromium()?, firefox: ensure_firefox()? })
}

/// Headless Chromium for the browser tests and the benchmark, and its driver. Returns its path.
fn ensure_chromium() -> Result<PathBuf, String> {
    let chromium = browser_path("CHROMIUM_PATH", "/usr/bin/chromium");
    let driver_present = probe("chromedriver", &["--version"]).is_some();
    if !chromium.exists() || !driver_present {
        apt_install(
            &["chromium", "chromium-driver"],
            "Chromium and its driver (for the browser tests)",
        )?;
    }
    if !chromium.exists() {
        return Err(format!(
            "no Chromium at {}; install Debian's chromium or set CHROMIUM_PATH",
            chromium.display()
        ));
    }
    println!("ok: chromium at {}", chromium.display());
    Ok(chromium)
}

/// Headless Firefox ESR for the browser tests' second pass. Returns its path.
fn ensure_firefox() -> Result<PathBuf, String> {
    let firefox = browser_path("FIREFOX_PATH", "/usr/bin/firefox-esr");
    if !firefox.exists() {
        apt_install(&["firefox-esr"], "Firefox ESR (for the browser tests)")?;
    }
    if !firefox.exists() {
        return Err(format!(
            "no Firefox at {}; install Debian's firefox-esr or set FIREFOX_PATH",
            firefox.display()
        ));
    }
    println!("ok: firefox at {}", firefox.display());
    Ok(firefox)
}

/// A browser's path: the environment variable `var` when set, else Debian's `default`.
fn browser_path(var: &str, default: &str) -> PathBuf {
    std::env::var_os(var).map(PathBuf::from).unwrap_or_else(|| PathBuf::from(default))
}

/// Installs Debian packages when running as root; otherwise says what to install and stops,
/// since asking for a password would hang CI.
fn apt_install(packages: &[&str], what: &str) -> Result<(), String> {
    // The build's tools and the browsers are installed side by side (`ensure_test_tools`), and
    // apt takes one install at a time.
    static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let list = packages.join(" ");
    if probe("id", &["-u"]).as_deref() != Some("0") {
        return Err(format!("{what} missing: install them with `sudo apt-get install -y {list}` (Debian/Ubuntu), then run this command again"));
    }
    if probe("apt-get", &["--version"]).is_none() {
        return Err(format!("{what} missing and apt-get is not available: install the packages {list} with this system's package manager"));
    }
    println!("installing {what}: {list}");
    // Another apt run on the machine (a second checkout's tests, an unattended upgrade) holds
    // dpkg's lock for a while: wait up to ten minutes for it instead of failing at once.
    let apt_get = |args: &[&str]| {
        let mut cmd = command("apt-get");
        cmd.args(["-o", "DPkg::Lock::Timeout=600"])
            .args(args)
            .env("DEBIAN_FRONTEND", "noninteractive");
        cmd
    };
    run(&mut apt_get(&["update"]))?;
    run(apt_get(&["install", "-y"]).args(packages))
}

/// The tool versions Trunk.toml pins under `[tools]`.
struct TrunkPins {
    wasm_bindgen: String,
    wasm_opt: String,
}

impl TrunkPins {
    fn read(root: &Path) -> Result<TrunkPins, String> {
        let text = fs::read_to_string(root.join("Trunk.toml"))
            .map_err(|e| format!("cannot read Trunk.toml: {e}"))?;
        let get = |key: &str| {
            toml_value(&text, "tools", key)
                .ok_or_else(|| format!("Trunk.toml has no [tools] {key} = \"...\""))
        };
        Ok(TrunkPins { wasm_bindgen: get("wasm_bindgen")?, wasm_opt: get("wasm_opt")? })
    }
}

/// A quoted string value from a flat TOML section; enough for Trunk.toml's `[tools]`.
fn toml_value(text: &str, section: &str, key: &str) -> Option<String> {
    let mut current = String::new();
    for line in text.lines().map(|l| l.split('#').next().unwrap_or("").trim()) {
        if let Some(name) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            current = name.trim().to_string();
        } else if current == section {
            if let Some((k, v)) = line.split_once('=') {
                if k.trim() == key {
                    return Some(v.trim().trim_matches('"').to_string());
                }
            }
        }
    }
    None
}

/// The one version of `name` in a Cargo.lock. Two versions would leave the CLI ambiguous.
fn locked_version(lock: &str, name: &str) -> Result<String, String> {
    let mut versions: Vec<String> = Vec::new();
    for block in lock.split("[[package]]").skip(1) {
        let field = |key: &str| {
            block.lines().find_map(|l| {
                l.trim()
                    .strip_prefix(key)
                    .map(|v| v.trim().trim_start_matches('=').trim().trim_matches('"').to_string())
            })
        };
        if field("name ").as_deref() == Some(name) {
            if let Some(v) = field("version ") {
                if !versions.contains(&v) {
                    versions.push(v);
                }
            }
        }
    }
    match versions.as_slice() {
        [one] => Ok(one.clone()),
        [] => Err(format!("Cargo.lock has no {name} package")),
        many => Err(format!(
            "Cargo.lock has several {name} versions ({}); the CLI must match exactly one",
            many.join(", ")
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cargos_record_names_the_installed_version() {
        let record = "[v1]\n\"trunk 0.21.14 (registry+https://github.com/rust-lang/crates.io-index)\" = [\"trunk\"]\n\"wasm_split_cli_support 0.2.4 (registry+https://github.com/rust-lang/crates.io-index)\" = [\"wasm-split-cli\"]\n";
        assert!(records_version(record, "wasm_split_cli_support", "0.2.4"));
        assert!(!records_version(record, "wasm_split_cli_support", "0.2.3"));
        assert!(!records_version(record, "wasm_split_cli_support", "0.2.41"));
        assert!(!records_version("", "trunk", "0.21.14"));
    }

    const LOCK: &str = r#"
version = 4

[[package]]
name = "wasm-bindgen-macro"
version = "0.2.130"

[[package]]
name = "wasm-bindgen"
version = "0.2.130"
source = "registry+https://github.com/rust-lang/crates.io-index"
dependencies = [
 "cfg-if",
]
"#;

    #[test]
    fn finds_the_locked_wasm_bindgen() {
        assert_eq!(locked_version(LOCK, "wasm-bindgen"), Ok("0.2.130".to_string()));
        assert!(locked_version(LOCK, "leptos").is_err());
        let two = format!("{LOCK}\n[[package]]\nname = \"wasm-bindgen\"\nversion = \"0.2.99\"\n");
        assert!(locked_version(&two, "wasm-bindgen").unwrap_err().contains("several"));
    }

    #[test]
    fn reads_pins_from_the_tools_section_only() {
        let text = "[build]\nwasm_opt = \"no\"\n\n[tools]\n# pinned\nwasm_bindgen = \"0.2.130\" # exact\nwasm_opt = \"version_132\"\n";
        assert_eq!(toml_value(text, "tools", "wasm_bindgen").as_deref(), Some("0.2.130"));
        assert_eq!(toml_value(text, "tools", "wasm_opt").as_deref(), Some("version_132"));
        assert_eq!(toml_value(text, "build", "wasm_bindgen"), None);
    }

    #[test]
    fn the_projects_own_files_agree() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
        let pins = TrunkPins::read(root).expect("Trunk.toml pins both tools");
        let lock = fs::read_to_string(root.join("Cargo.lock")).unwrap();
        assert_eq!(
            pins.wasm_bindgen,
            locked_version(&lock, "wasm-bindgen").unwrap(),
            "Trunk.toml and Cargo.lock disagree"
        );
        let package = fs::read_to_string(root.join("package.json")).unwrap();
        let binaryen_major = pins.wasm_opt.trim_start_matches("version_");
        assert!(
            package.contains(&format!("\"binaryen\": \"{binaryen_major}.")),
            "package.json's binaryen is not version {binaryen_major}"
        );
    }
}
