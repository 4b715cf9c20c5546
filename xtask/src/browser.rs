//! The browser tests: serve the built page from a throwaway static server and run node's test
//! runner over tests/e2e/ against it, once in Chromium and once in Firefox (E2E_ENGINE; see
//! tests/e2e/helpers.mjs). The same test files run in both; the few an engine cannot run are
//! skipped there with the reason in the report.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, Stdio};
use std::time::Instant;

use crate::process::{command, run};
use crate::tools::Browsers;

/// Test files run three at a time. Most of a browser test's time is spent waiting (for a
/// frame, a worker, a debounce), so files run side by side overlap their waits; node's default
/// on a two-core machine is one at a time. More than three makes the two cores the limit, and
/// tests that time the page's responsiveness then fail.
const TEST_CONCURRENCY: &str = "--test-concurrency=3";

/// Test files that time the page's own thread end in this: they run one at a time after the
/// others, since a neighbour's browser on the same cores would hold that thread too.
const ALONE: &str = ".alone.test.mjs";

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

/// The test file run against the development build: keyboard and typing on the controls, the
/// readouts and both figures following them.
const DEVELOPMENT_CHECK: &str = "tests/e2e/controls.test.mjs";

/// Every browser test against the release build in `dist`, in both engines. `mkdocs` builds
/// the example docs site (examples/docs-site) that one test embeds figures in.
pub fn run_tests(
    root: &Path,
    dist: &Path,
    browsers: &Browsers,
    mkdocs: &Path,
) -> Result<String, String> {
    let files = test_files(root)?;
    run_files(root, dist, browsers, mkdocs, &files, &["chromium", "firefox"])
}

/// The controls' tests against a development build (what `trunk serve` serves), in Chromium:
/// the page a developer works on is live, not only the release one.
pub fn check_development_build(
    root: &Path,
    dist: &Path,
    browsers: &Browsers,
    mkdocs: &Path,
) -> Result<String, String> {
    run_files(root, dist, browsers, mkdocs, &[DEVELOPMENT_CHECK.to_string()], &["chromium"])
}

/// The `*.test.mjs` files of tests/e2e/, as paths from the root, in order.
fn test_files(root: &Path) -> Result<Vec<String>, String> {
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
    Ok(test_files)
}

/// Serves `dist` and runs `test_files` against it in each of `engines`.
fn run_files(
    root: &Path,
    dist: &Path,
    browsers: &Browsers,
    mkdocs: &Path,
    test_files: &[String],
    engines: &[&str],
) -> Result<String, String> {
    let tests_dir = root.join("tests").join("e2e");

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

    // Both passes run even when the first fails, so one run tells whether a failure is
    // Chromium's, Firefox's or the page's in both.
    let mut failures = Vec::new();
    let mut timings = Vec::new();
    let (alone, together): (Vec<&String>, Vec<&String>) =
        test_files.iter().partition(|f| f.ends_with(ALONE));
    for &engine in engines {
        println!("\n--- browser tests in {engine} ---");
        let started = Instant::now();
        let node = |files: &[&String], concurrency: &str| {
            run(command("node")
                .args(["--test", "--test-reporter=spec", concurrency])
                .args(files)
                .env("E2E_ENGINE", engine)
                .env("E2E_BASE_URL", &base_url)
                .env("E2E_DIST_DIR", dist)
                .env("CHROMIUM_PATH", &browsers.chromium)
                .env("FIREFOX_PATH", &browsers.firefox)
                .env("E2E_MKDOCS", mkdocs)
                .env("PUPPETEER_SKIP_DOWNLOAD", "1")
                .current_dir(root))
        };
        // Both runs happen even when the first fails, as the engines' passes do.
        let side_by_side =
            if together.is_empty() { Ok(()) } else { node(&together, TEST_CONCURRENCY) };
        let one_by_one =
            if alone.is_empty() { Ok(()) } else { node(&alone, "--test-concurrency=1") };
        let result = side_by_side.and(one_by_one);
        let secs = started.elapsed().as_secs();
        println!(
            "browser tests in {engine}: {} in {secs} s",
            if result.is_ok() { "passed" } else { "FAILED" }
        );
        timings.push(format!("{engine} {secs} s"));
        if let Err(e) = result {
            failures.push(format!("{engine}: {e}"));
        }
    }
    drop(server);
    if failures.is_empty() {
        Ok(timings.join(", "))
    } else {
        Err(format!("browser tests failed: {}", failures.join("; ")))
    }
}
