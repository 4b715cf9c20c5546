//! Running other programs: echoed before they start, never waiting on a terminal, and turned
//! into an error naming the command when they fail.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// Puts `dirs` in front of this process's PATH, so every child started afterwards sees them.
/// Called once at start-up, before any other thread exists.
pub fn prepend_to_path(dirs: &[PathBuf]) {
    let current = std::env::var_os("PATH").unwrap_or_default();
    let mut all: Vec<PathBuf> = dirs.to_vec();
    all.extend(std::env::split_paths(&current).filter(|p| !dirs.contains(p)));
    if let Ok(joined) = std::env::join_paths(all) {
        std::env::set_var("PATH", joined);
    }
}

/// A command with no standard input: CI runs with none, and a tool that stops to ask a
/// question must fail instead of hanging.
pub fn command(program: &str) -> Command {
    let mut cmd = Command::new(program);
    cmd.stdin(Stdio::null());
    cmd
}

/// `cargo` as the one running this xtask (rustup sets CARGO), in the project root.
pub fn cargo(root: &Path) -> Command {
    let mut cmd = command(&crate::tools::cargo_program());
    cmd.current_dir(root);
    cmd
}

/// The command line as a person would type it, for logs and error messages.
pub fn describe(cmd: &Command) -> String {
    let program = Path::new(cmd.get_program())
        .file_name()
        .map(OsString::from)
        .unwrap_or_else(|| cmd.get_program().to_owned());
    std::iter::once(program.as_os_str())
        .chain(cmd.get_args())
        .map(|a| a.to_string_lossy().into_owned())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Runs `cmd` with its output going straight to ours; an error if it cannot start or fails.
pub fn run(cmd: &mut Command) -> Result<(), String> {
    let line = describe(cmd);
    println!("$ {line}");
    let status = cmd.status().map_err(|e| format!("could not start `{line}`: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("`{line}` failed ({status})"))
    }
}

/// Like [`run`] but keeps the terminal's standard input, for a server stopped with Ctrl-C.
pub fn run_interactive(cmd: &mut Command) -> Result<(), String> {
    cmd.stdin(Stdio::inherit());
    run(cmd)
}

/// Standard output of a command that succeeded, or None if it is missing or failed. For probes
/// such as `trunk --version`, where absence is an answer, not an error.
pub fn probe(program: &str, args: &[&str]) -> Option<String> {
    let output = command(program).args(args).stderr(Stdio::null()).output().ok()?;
    output.status.success().then(|| String::from_utf8_lossy(&output.stdout).trim().to_string())
}

/// Makes sure the crates `fetch` (a `cargo fetch` command) names are in cargo's registry cache:
/// the same fetch with `--offline` first, which needs no network when they are all there, and
/// only otherwise the real one, saying that it is downloading `what`.
pub fn fetch_unless_cached(mut fetch: Command, what: &str) -> Result<(), String> {
    let mut offline = Command::new(fetch.get_program());
    offline.args(fetch.get_args()).arg("--offline");
    offline.envs(fetch.get_envs().filter_map(|(k, v)| Some((k, v?))));
    if let Some(dir) = fetch.get_current_dir() {
        offline.current_dir(dir);
    }
    let cached = offline
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if cached {
        println!("ok: {what} are in cargo's registry cache");
        return Ok(());
    }
    println!("fetching {what} into cargo's registry cache, for the offline build");
    run(&mut fetch)
}
