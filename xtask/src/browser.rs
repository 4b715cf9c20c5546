//! The browser tests: serve the built page from a throwaway static server and run node's test
//! runner over tests/e2e/ against it, once in Chromium and once in Firefox (E2E_ENGINE; see
//! tests/e2e/helpers.mjs). The same test files run in both; the few an engine cannot run are
//! skipped there with the reason in the report.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, Stdio};
use std::time::Instant;

use crate::process::{command, run};
use crate::tools::{Browsers, PythonTools};

/// Test files run three at a time. Most of a browser test's time is spent waiting (for a
/// frame, a worker, a debounce), so files run side by side overlap their waits; node's default
/// on a two-core machine is one at a time. More than three makes the two cores the limit, and
/// tests that time the page's responsiveness then fail.
const TEST_CONCURRENCY: &str = "--test-concurrency=3";

/// Test files that time the page's own thread end in this: they run one at a time after the
/// others, since a neighbour's browser on the same cores would hold that thread too.
const ALONE: &str = ".alone.test.mjs";

/// How many of the slowest browser tests the log names at its end.
const SLOWEST_NAMED: usize = 12;

/// The reporter beside the spec reporter that writes each test's time (tests/e2e/).
const DURATIONS_REPORTER: &str = "durations-reporter.mjs";

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

/// Every browser test against the release build in `dist`, in both engines. `python` has the
/// MkDocs that builds the example docs site (examples/docs-site) one test embeds figures in, and
/// the Python that runs the live tests' servers (tests/live/servers.py).
pub fn run_tests(
    root: &Path,
    dist: &Path,
    browsers: &Browsers,
    python: &PythonTools,
) -> Result<String, String> {
    let files = test_files(root)?;
    run_files(root, dist, browsers, python, &files, &["chromium", "firefox"], true)
}

/// The controls' tests against a development build (what `trunk serve` serves), in Chromium:
/// the page a developer works on is live, not only the release one.
pub fn check_development_build(
    root: &Path,
    dist: &Path,
    browsers: &Browsers,
    python: &PythonTools,
) -> Result<String, String> {
    run_files(root, dist, browsers, python, &[DEVELOPMENT_CHECK.to_string()], &["chromium"], false)
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

/// Serves `dist` and runs `test_files` against it in each of `engines`; with `name_slowest`, the
/// end of the log names the slowest of them.
fn run_files(
    root: &Path,
    dist: &Path,
    browsers: &Browsers,
    python: &PythonTools,
    test_files: &[String],
    engines: &[&str],
    name_slowest: bool,
) -> Result<String, String> {
    let tests_dir = root.join("tests").join("e2e");
    let (server, base_url) = start_server(root, dist)?;

    // Both passes run even when the first fails, so one run tells whether a failure is
    // Chromium's, Firefox's or the page's in both.
    let mut failures = Vec::new();
    let mut timings = Vec::new();
    let mut durations = Vec::new();
    let (alone, together): (Vec<&String>, Vec<&String>) =
        test_files.iter().partition(|f| f.ends_with(ALONE));
    for &engine in engines {
        println!("\n--- browser tests in {engine} ---");
        let started = Instant::now();
        let node = |files: &[&String], concurrency: &str, pass: &str| {
            let written = durations_file(root, engine, pass);
            let _ = std::fs::remove_file(&written);
            run(command("node")
                .args(["--test", concurrency])
                .args(["--test-reporter=spec", "--test-reporter-destination=stdout"])
                .arg(format!("--test-reporter={}", tests_dir.join(DURATIONS_REPORTER).display()))
                .arg(format!("--test-reporter-destination={}", written.display()))
                .args(files)
                .env("E2E_ENGINE", engine)
                .env("E2E_BASE_URL", &base_url)
                .env("E2E_DIST_DIR", dist)
                .env("CHROMIUM_PATH", &browsers.chromium)
                .env("FIREFOX_PATH", &browsers.firefox)
                .env("E2E_MKDOCS", &python.mkdocs)
                .env("CROSSOVER_LIVE_PYTHON", &python.live_python)
                .env("PUPPETEER_SKIP_DOWNLOAD", "1")
                .current_dir(root))
        };
        // Both runs happen even when the first fails, as the engines' passes do.
        let side_by_side = if together.is_empty() {
            Ok(())
        } else {
            node(&together, TEST_CONCURRENCY, "together")
        };
        let one_by_one =
            if alone.is_empty() { Ok(()) } else { node(&alone, "--test-concurrency=1", "alone") };
        for pass in ["together", "alone"] {
            durations.extend(read_durations(&durations_file(root, engine, pass), engine));
        }
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
    if name_slowest {
        crate::note_at_end(&slowest(durations));
    }
    if failures.is_empty() {
        Ok(timings.join(", "))
    } else {
        Err(format!("browser tests failed: {}", failures.join("; ")))
    }
}

/// Serves `dist` from a throwaway static server on a port the system picks (so parallel runs and
/// a developer's `cargo xtask serve` on 8080 never collide), and returns it with its address.
fn start_server(root: &Path, dist: &Path) -> Result<(Server, String), String> {
    let mut child = command("node")
        .arg(root.join("tests").join("e2e").join("server.mjs"))
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
    Ok((server, base_url))
}

/// Where one pass of one engine's tests writes each test's time.
fn durations_file(root: &Path, engine: &str, pass: &str) -> std::path::PathBuf {
    root.join("target").join(format!("e2e-durations-{engine}-{pass}.tsv"))
}

/// One browser test's time, as the durations reporter wrote it.
#[derive(Debug, PartialEq)]
struct Duration {
    ms: u64,
    outcome: String,
    engine: String,
    file: String,
    name: String,
}

/// The tests' times in `path` (none if the pass did not run or wrote nothing).
fn read_durations(path: &Path, engine: &str) -> Vec<Duration> {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    text.lines().filter_map(|line| parse_duration(line, engine)).collect()
}

fn parse_duration(line: &str, engine: &str) -> Option<Duration> {
    let mut fields = line.splitn(4, '\t');
    let ms = fields.next()?.parse().ok()?;
    let outcome = fields.next()?.to_string();
    let file = fields.next()?.to_string();
    let name = fields.next()?.to_string();
    Some(Duration { ms, outcome, engine: engine.to_string(), file, name })
}

/// The slowest tests that ran, slowest first, a line each, for the end of the log: where the
/// suite's time goes, and which test to look at when it grows.
fn slowest(mut durations: Vec<Duration>) -> String {
    durations.retain(|d| d.outcome != "skipped");
    if durations.is_empty() {
        return String::new();
    }
    durations.sort_by_key(|d| std::cmp::Reverse(d.ms));
    let lines: Vec<String> = durations
        .iter()
        .take(SLOWEST_NAMED)
        .map(|d| {
            let failed = if d.outcome == "failed" { " (FAILED)" } else { "" };
            format!(
                "  {:>6.1} s  {:<8} {}: {}{failed}",
                d.ms as f64 / 1000.0,
                d.engine,
                d.file,
                d.name
            )
        })
        .collect();
    format!("slowest browser tests:\n{}", lines.join("\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_reporters_lines_and_names_the_slowest_first() {
        let line =
            |ms: u64, outcome: &str, name: &str| format!("{ms}\t{outcome}\tx.test.mjs\t{name}");
        let durations: Vec<Duration> = [
            line(1200, "passed", "quick"),
            line(90_000, "failed", "slow\twith a tab"),
            line(0, "skipped", "never ran"),
            "not a line".to_string(),
        ]
        .iter()
        .filter_map(|l| parse_duration(l, "firefox"))
        .collect();
        assert_eq!(durations.len(), 3);
        assert_eq!(durations[1].name, "slow\twith a tab");
        let said = slowest(durations);
        let lines: Vec<&str> = said.lines().collect();
        assert_eq!(lines.len(), 3, "{said}");
        assert!(lines[1].contains("90.0 s") && lines[1].ends_with("(FAILED)"), "{said}");
        assert!(
            lines[2].contains("1.2 s") && lines[2].contains("firefox  x.test.mjs: quick"),
            "{said}"
        );
    }
}
