//! The browser tests: serve the built page from a throwaway static server and run node's test
//! runner over tests/e2e/ against it.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, Stdio};

use crate::process::{command, run};

/// The server's first line on stdout is "serving <dir> at <url>"; see tests/e2e/server.mjs.
const READY_PREFIX: &str = "serving ";

/// Kills the server however the tests end, including by an early `?` return.
struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

pub fn run_tests(root: &Path, dist: &Path, chromium: &Path) -> Result<(), String> {
    let tests_dir = root.join("tests").join("e2e");
    let mut test_files: Vec<String> = std::fs::read_dir(&tests_dir)
        .map_err(|e| format!("cannot list {}: {e}", tests_dir.display()))?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|p| {
            p.file_name().and_then(|n| n.to_str()).is_some_and(|n| n.ends_with(".test.mjs"))
        })
        .map(|p| p.strip_prefix(root).unwrap_or(&p).to_string_lossy().into_owned())
        .collect();
    test_files.sort();
    if test_files.is_empty() {
        return Err(format!("no *.test.mjs files in {}", tests_dir.display()));
    }

    // Port 0: the system picks a free port and the server reports it, so parallel runs and a
    // developer's `cargo xtask serve` on 8080 never collide.
    let mut child = command("node")
        .arg(tests_dir.join("server.mjs"))
        .arg("--root")
        .arg(dist)
        .args(["--host", "127.0.0.1", "--port", "0"])
        .current_dir(root)
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start the static server (node): {e}"))?;
    let stdout = child.stdout.take().ok_or("the static server has no stdout")?;
    let server = Server(child);
    let mut lines = BufReader::new(stdout).lines();
    let first = lines.next().and_then(Result::ok).unwrap_or_default();
    let base_url = first
        .strip_prefix(READY_PREFIX)
        .and_then(|rest| rest.rsplit(" at ").next())
        .filter(|url| url.starts_with("http://"))
        .map(str::to_string)
        .ok_or_else(|| format!("the static server did not start (it said: {first:?})"))?;
    println!("{first}");
    // Anything more the server prints is passed on, and the pipe never fills up and blocks it.
    std::thread::spawn(move || {
        for line in lines.map_while(Result::ok) {
            let _ = writeln!(std::io::stdout(), "[server] {line}");
        }
    });

    let result = run(command("node")
        .args(["--test", "--test-reporter=spec"])
        .args(&test_files)
        .env("E2E_BASE_URL", &base_url)
        .env("E2E_DIST_DIR", dist)
        .env("CHROMIUM_PATH", chromium)
        .current_dir(root));
    drop(server);
    result
}
