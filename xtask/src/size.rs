//! The page's weight, gzipped (what a reader's connection carries), tracked file by file in a
//! checked-in file that the build writes and a person reviews in the diff, as the native tests'
//! fixtures are: `UPDATE_FIXTURES=1 cargo xtask build` rewrites it, and git keeps its history.
//!
//! Sizes are judged by door, each the files one reader fetches together: the lesson's first
//! load, one embedded figure's (its own page in place of the lesson's), the workbench's (its
//! page, the shared files and its part), and each part the page fetches later, on its own (its
//! file and the shared chunks it needs), as well as the measurements worker, the sample run and
//! the embed host script. No total adds up files that no reader loads together, so one door's
//! growth cannot hide behind another's saving. `cargo xtask test` fails when any door is more
//! than [`TOLERANCE_BYTES`] over its tracked size, and names the files that grew.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Stdio;

use crate::process::command;

/// The checked-in file of tracked sizes, at the repository's root.
pub const SIZES_FILE: &str = "sizes.txt";

/// How far a door may grow over its tracked size before the test fails: the same source builds
/// the same bytes, so this is room for a reason to be written, not for noise.
pub const TOLERANCE_BYTES: u64 = 64;

/// Files no reader fetches when the lesson opens, by the start of their (stable) names.
const NOT_FIRST_LOAD: [&str; 5] = ["crossover-worker", "embed", "sample-run", "part-", SKETCHES];

/// The folder of the embedded figures drawn at their defaults, its hash taken out: a frame at
/// the defaults fetches one of them with its first load.
const SKETCHES: &str = "sketches/";

/// The lesson's page, the embedded figure's page and the workbench's: each door's own page.
const LESSON_PAGE: &str = "index.html";
const EMBED_PAGE: &str = "embed.html";
const WORKBENCH_PAGE: &str = "workbench.html";
/// The start script, which names every part's file and the shared chunks each needs.
const START_SCRIPT: &str = "boot.js";
/// The workbench's part, which its page loads at once.
const WORKBENCH_PART: &str = "part-workbench.wasm";

/// What the build weighs: every file by its stable name (the content hash taken out), gzipped,
/// and the doors.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weight {
    pub files: BTreeMap<String, u64>,
    pub doors: Vec<Door>,
}

/// Files one reader fetches together, and their total.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Door {
    pub name: String,
    pub files: Vec<String>,
    pub bytes: u64,
}

/// A shipped file's name without the content hash the build gives it, so that the tracked file
/// names the same file from build to build: `part-chip-0123456789abcdef.wasm` is
/// `part-chip.wasm`, `crossover-0123456789abcdef_bg.wasm` is `crossover_bg.wasm`.
pub fn stable_name(name: &str) -> String {
    let bytes = name.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        let hash = bytes.get(i + 1..i + 17);
        let after = bytes.get(i + 17).copied();
        let is_hash =
            hash.is_some_and(|h| h.iter().all(|c| c.is_ascii_digit() || (b'a'..=b'f').contains(c)));
        if b == b'-' && is_hash && matches!(after, None | Some(b'.' | b'_' | b'/')) {
            return format!("{}{}", &name[..i], &name[i + 17..]);
        }
    }
    name.to_string()
}

/// Each file the start script loads on demand (by stable name) with the shared chunks it needs,
/// read from the script the build wrote: every loader there is `const __name = …makeLoad(() =>
/// { … fetch(new URL("./file", …)) … }, [__dependency, …])`.
fn part_needs(script: &str) -> BTreeMap<String, Vec<String>> {
    let mut file_of = BTreeMap::new();
    let mut deps_of = BTreeMap::new();
    for block in script.split("const __").skip(1) {
        let Some((var, rest)) = block.split_once(" = ") else { continue };
        if !rest.contains("makeLoad(") {
            continue;
        }
        let Some(file) = rest.split("new URL(\"./").nth(1).and_then(|f| f.split('"').next()) else {
            continue;
        };
        let deps = rest
            .rfind('[')
            .and_then(|open| rest[open + 1..].split(']').next())
            .map(|list| {
                list.split(',')
                    .map(|d| d.trim().trim_start_matches("__").to_string())
                    .filter(|d| !d.is_empty())
                    .collect::<Vec<_>>()
            })
            .unwrap_or_default();
        file_of.insert(var.to_string(), stable_name(file));
        deps_of.insert(var.to_string(), deps);
    }
    let mut needs = BTreeMap::new();
    for (var, file) in &file_of {
        let mut all = BTreeSet::new();
        let mut todo = deps_of.get(var).cloned().unwrap_or_default();
        while let Some(dep) = todo.pop() {
            if let Some(dep_file) = file_of.get(&dep) {
                if all.insert(dep_file.clone()) {
                    todo.extend(deps_of.get(&dep).cloned().unwrap_or_default());
                }
            }
        }
        needs.insert(file.clone(), all.into_iter().collect());
    }
    needs
}

/// A file's name before its extension and any `_bg` (wasm-bindgen's name for a script's wasm):
/// the files a script and its wasm are fetched together by.
fn stem_of(name: &str) -> &str {
    let base = name.split('.').next().unwrap_or(name);
    base.strip_suffix("_bg").unwrap_or(base)
}

impl Weight {
    /// The doors of a build whose files weigh `files` and whose start script reads `script`.
    fn of(files: BTreeMap<String, u64>, script: &str) -> Weight {
        let shared: Vec<String> = files
            .keys()
            .filter(|n| {
                !NOT_FIRST_LOAD.iter().any(|p| n.starts_with(p))
                    && ![LESSON_PAGE, EMBED_PAGE, WORKBENCH_PAGE].contains(&n.as_str())
            })
            .cloned()
            .collect();
        let needs = part_needs(script);
        let with = |own: &[&str], rest: &[String]| -> Vec<String> {
            let mut list: Vec<String> = own
                .iter()
                .map(|s| s.to_string())
                .chain(rest.iter().cloned())
                .filter(|n| files.contains_key(n))
                .collect();
            list.sort();
            list.dedup();
            list
        };
        let part = |file: &str| -> Vec<String> {
            let chunks = needs.get(file).cloned().unwrap_or_default();
            with(&[file], &chunks)
        };
        let mut doors = vec![
            ("lesson, first load".to_string(), with(&[LESSON_PAGE], &shared)),
            ("embed, first load".to_string(), with(&[EMBED_PAGE], &shared)),
            (
                "workbench, first load".to_string(),
                with(&[WORKBENCH_PAGE], &[shared.clone(), part(WORKBENCH_PART)].concat()),
            ),
        ];
        // An embed at the defaults also fetches one drawing of its figure: counted here with
        // the largest of them.
        let largest_sketch = files
            .iter()
            .filter(|(name, _)| name.starts_with(SKETCHES))
            .max_by_key(|&(name, bytes)| (bytes, std::cmp::Reverse(name)))
            .map(|(name, _)| name.clone());
        if let Some(sketch) = largest_sketch {
            let mut with_sketch = doors[1].1.clone();
            with_sketch.push(sketch);
            doors.push((
                "embed at the defaults, with its drawing, first load".to_string(),
                with_sketch,
            ));
        }
        // Everything else on its own: each part with its chunks, and each other file with those
        // that share its stem (the worker's script and its wasm).
        for name in files.keys() {
            if name.starts_with("part-chunk")
                || name.starts_with(SKETCHES)
                || doors.iter().any(|(_, f)| f.contains(name))
            {
                continue;
            }
            if name.starts_with("part-") {
                doors.push((format!("{name}, on demand"), part(name)));
                continue;
            }
            let stem = stem_of(name);
            let counted = |n: &String| doors.iter().any(|(_, f)| f.contains(n));
            let together: Vec<String> =
                files.keys().filter(|n| stem_of(n) == stem && !counted(n)).cloned().collect();
            doors.push((format!("{}, on demand", together.join(" + ")), together));
        }
        let doors = doors
            .into_iter()
            .map(|(name, list)| {
                let bytes = list.iter().filter_map(|f| files.get(f)).sum();
                Door { name, files: list, bytes }
            })
            .collect();
        Weight { files, doors }
    }

    /// The tracked file's text: a header, each door's total, then each file's size.
    pub fn tracked_text(&self) -> String {
        let mut out = String::from(
            "# Every shipped file's gzip -9 size, and each door's total (the files one reader\n\
             # fetches together), written by `UPDATE_FIXTURES=1 cargo xtask build` and reviewed in\n\
             # the diff; a commit that grows a door says why. `cargo xtask test` fails when a door\n\
             # is more than xtask/src/size.rs's TOLERANCE_BYTES over its line here.\n",
        );
        for door in &self.doors {
            out.push_str(&format!("door {} {}\n", door.bytes, door.name));
        }
        for (name, bytes) in &self.files {
            out.push_str(&format!("file {bytes} {name}\n"));
        }
        out
    }

    /// Writes what was measured to `target/size-measured.txt`, and to [`SIZES_FILE`] when
    /// `UPDATE_FIXTURES` is set.
    pub fn record(&self, root: &Path) -> Result<(), String> {
        let text = self.tracked_text();
        let measured = root.join("target").join("size-measured.txt");
        fs::create_dir_all(root.join("target"))
            .and_then(|()| fs::write(&measured, &text))
            .map_err(|e| format!("{}: {e}", measured.display()))?;
        if std::env::var_os("UPDATE_FIXTURES").is_some() {
            let tracked = root.join(SIZES_FILE);
            fs::write(&tracked, &text).map_err(|e| format!("{}: {e}", tracked.display()))?;
            println!("wrote {SIZES_FILE}");
        }
        Ok(())
    }

    /// A summary of the doors against the tracked sizes, or an error naming each door over its
    /// tracked size by more than the tolerance, and the files in it that grew.
    pub fn against(&self, tracked: &Tracked) -> Result<String, String> {
        let mut over = Vec::new();
        let mut lines = Vec::new();
        for door in &self.doors {
            let Some(&was) = tracked.doors.get(&door.name) else {
                over.push(format!("{} ({} B) is not in {SIZES_FILE}", door.name, door.bytes));
                continue;
            };
            let change = door.bytes as i64 - was as i64;
            // The summary names the three doors a reader opens; the parts are judged alike.
            if door.name.ends_with("first load") {
                lines.push(format!("{} {} ({change:+})", door.name, grouped(door.bytes)));
            }
            if door.bytes > was + TOLERANCE_BYTES {
                let grew: Vec<String> = door
                    .files
                    .iter()
                    .filter_map(|f| {
                        let now = *self.files.get(f)?;
                        let then = tracked.files.get(f).copied().unwrap_or(0);
                        (now > then).then(|| format!("{f} {then} -> {now}"))
                    })
                    .collect();
                over.push(format!(
                    "{} grew {change:+} B to {} (tracked {}): {}",
                    door.name,
                    grouped(door.bytes),
                    grouped(was),
                    grew.join(", ")
                ));
            }
        }
        let gone: Vec<&String> =
            tracked.doors.keys().filter(|d| !self.doors.iter().any(|o| &o.name == *d)).collect();
        if !gone.is_empty() {
            lines.push(format!("no longer built: {gone:?}"));
        }
        lines.push(format!("{} doors in all", self.doors.len()));
        let summary = lines.join("; ");
        if over.is_empty() {
            Ok(format!("sizes within {TOLERANCE_BYTES} B of {SIZES_FILE}: {summary}"))
        } else {
            Err(format!(
                "the page outgrew {SIZES_FILE} (refresh it with UPDATE_FIXTURES=1 cargo xtask build, and say why in the commit):\n  {}",
                over.join("\n  ")
            ))
        }
    }
}

/// The sizes [`SIZES_FILE`] tracks: each door's total and each file's, by name.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tracked {
    pub doors: BTreeMap<String, u64>,
    pub files: BTreeMap<String, u64>,
}

impl Tracked {
    pub fn read(root: &Path) -> Result<Tracked, String> {
        let path = root.join(SIZES_FILE);
        let text = fs::read_to_string(&path).map_err(|e| {
            format!("{}: {e} (write it with UPDATE_FIXTURES=1 cargo xtask build)", path.display())
        })?;
        Tracked::parse(&text).map_err(|e| format!("{}: {e}", path.display()))
    }

    fn parse(text: &str) -> Result<Tracked, String> {
        let mut tracked = Tracked::default();
        for line in text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')) {
            let mut words = line.splitn(3, ' ');
            let (kind, bytes, name) = (words.next(), words.next(), words.next());
            let (Some(kind), Some(bytes), Some(name)) = (kind, bytes, name) else {
                return Err(format!("`{line}`: expected `door|file <bytes> <name>`"));
            };
            let bytes: u64 = bytes.parse().map_err(|_| format!("`{line}`: not a number"))?;
            let into = match kind {
                "door" => &mut tracked.doors,
                "file" => &mut tracked.files,
                _ => return Err(format!("`{line}`: expected `door` or `file`")),
            };
            if into.insert(name.to_string(), bytes).is_some() {
                return Err(format!("`{name}` is given twice"));
            }
        }
        Ok(tracked)
    }
}

/// Prints a table of every file in `dist`, raw and gzipped, and returns the page's weight.
pub fn measure(dist: &Path) -> Result<Weight, String> {
    let mut paths = Vec::new();
    collect_files(dist, &mut paths).map_err(|e| format!("cannot list {}: {e}", dist.display()))?;
    if paths.is_empty() {
        return Err(format!("{} is empty: nothing was built", dist.display()));
    }
    paths.sort();
    println!("{:>12} {:>12}  file (in {})", "raw bytes", "gzip -9", dist.display());
    let (mut raw_total, mut gzip_total) = (0u64, 0u64);
    let mut files = BTreeMap::new();
    let mut script = String::new();
    for path in &paths {
        let raw =
            fs::metadata(path).map_err(|e| format!("cannot stat {}: {e}", path.display()))?.len();
        let gzipped = gzip_size(path)?;
        raw_total += raw;
        gzip_total += gzipped;
        let name = path.strip_prefix(dist).unwrap_or(path).to_string_lossy().into_owned();
        let stable = stable_name(&name);
        if stable == START_SCRIPT {
            script = fs::read_to_string(path).unwrap_or_default();
        }
        println!("{:>12} {:>12}  {name}", grouped(raw), grouped(gzipped));
        files.insert(stable, gzipped);
    }
    println!(
        "{:>12} {:>12}  total, {} files",
        grouped(raw_total),
        grouped(gzip_total),
        paths.len()
    );
    let weight = Weight::of(files, &script);
    for door in &weight.doors {
        println!("{:>25}  {} ({} files)", grouped(door.bytes), door.name, door.files.len());
    }
    Ok(weight)
}

fn collect_files(dir: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for entry in fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            collect_files(&path, out)?;
        } else {
            out.push(path);
        }
    }
    Ok(())
}

/// Bytes of `gzip -9` output: the system gzip, since this crate has no dependencies.
fn gzip_size(file: &Path) -> Result<u64, String> {
    let output = command("gzip")
        .args(["-9", "-c", "-n"])
        .arg(file)
        .stderr(Stdio::inherit())
        .output()
        .map_err(|e| format!("cannot run gzip (install the gzip package): {e}"))?;
    if !output.status.success() {
        return Err(format!("gzip failed on {}", file.display()));
    }
    Ok(output.stdout.len() as u64)
}

/// 123456 -> "123,456", for tables a person reads.
fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A start script as the build writes it: two chunks, a part needing one of them (which
    /// needs the other), and a part needing none.
    const SCRIPT: &str = r#"
const __chunk_3 = makeLoad(() => {
    const src = fetch(new URL("./part-chunk-3-0123456789abcdef.wasm", import.meta.url), { integrity: "sha384-x" })
}
, [__chunk_4])
const __chunk_4 = makeLoad(() => {
    const src = fetch(new URL("./part-chunk-4-0123456789abcdef.wasm", import.meta.url))
}
, [])
const __wasm_split_load_workbench = wrapAsyncCb(makeLoad(() => {
    const src = fetch(new URL("./part-workbench-fedcba9876543210.wasm", import.meta.url))
}
, [__chunk_3]))
const __wasm_split_load_chip = wrapAsyncCb(makeLoad(() => {
    const src = fetch(new URL("./part-chip-fedcba9876543210.wasm", import.meta.url))
}
, []))
"#;

    fn build() -> Weight {
        let files: BTreeMap<String, u64> = [
            ("index.html", 20),
            ("embed.html", 2),
            ("workbench.html", 5),
            ("boot.js", 3),
            ("crossover_bg.wasm", 100),
            ("main.css", 4),
            ("part-chunk-3.wasm", 7),
            ("part-chunk-4.wasm", 11),
            ("part-workbench.wasm", 30),
            ("part-chip.wasm", 13),
            ("crossover-worker_bg.wasm", 50),
            ("crossover-worker.js", 6),
            ("embed.js", 1),
            ("sketches/bend-344-dark.svg", 9),
            ("sketches/bend-1100-light.svg", 12),
        ]
        .into_iter()
        .map(|(n, b)| (n.to_string(), b))
        .collect();
        Weight::of(files, SCRIPT)
    }

    fn door(w: &Weight, name: &str) -> u64 {
        w.doors.iter().find(|d| d.name == name).map_or(0, |d| d.bytes)
    }

    #[test]
    fn names_lose_their_content_hash() {
        assert_eq!(stable_name("part-chip-0123456789abcdef.wasm"), "part-chip.wasm");
        assert_eq!(stable_name("part-chunk-10-4b5f0123456789ab.wasm"), "part-chunk-10.wasm");
        assert_eq!(stable_name("crossover-da60736f09aa1171_bg.wasm"), "crossover_bg.wasm");
        assert_eq!(stable_name("index.html"), "index.html");
        assert_eq!(stable_name("sample-run-5c2731a70f56ef61.json"), "sample-run.json");
        assert_eq!(stable_name("not-a-hash-0123.js"), "not-a-hash-0123.js");
        assert_eq!(
            stable_name("sketches-0123456789abcdef/bend-344-dark.svg"),
            "sketches/bend-344-dark.svg"
        );
    }

    #[test]
    fn each_door_counts_what_one_reader_fetches_together() {
        let w = build();
        let shared = 3 + 100 + 4;
        assert_eq!(door(&w, "lesson, first load"), 20 + shared);
        assert_eq!(door(&w, "embed, first load"), 2 + shared);
        // The workbench's part needs chunk 3, which needs chunk 4.
        assert_eq!(door(&w, "workbench, first load"), 5 + shared + 30 + 7 + 11);
        assert_eq!(door(&w, "part-chip.wasm, on demand"), 13);
        assert_eq!(door(&w, "crossover-worker.js + crossover-worker_bg.wasm, on demand"), 50 + 6);
        assert_eq!(door(&w, "embed.js, on demand"), 1);
        assert_eq!(
            door(&w, "embed at the defaults, with its drawing, first load"),
            2 + shared + 12
        );
        assert!(w.doors.iter().all(|d| !d.name.starts_with("sketches")), "no drawing on its own");
        assert!(
            w.doors.iter().all(|d| !d.name.starts_with("part-chunk")),
            "chunks count in their parts"
        );
    }

    #[test]
    fn the_tracked_file_reads_back_and_judges_growth_by_door() {
        let w = build();
        let tracked = Tracked::parse(&w.tracked_text()).unwrap();
        assert_eq!(tracked.doors.len(), w.doors.len());
        assert!(w.against(&tracked).is_ok());
        let mut grown = w.clone();
        grown.files.insert("part-chunk-4.wasm".to_string(), 11 + TOLERANCE_BYTES + 1);
        let grown = Weight::of(grown.files, SCRIPT);
        let err = grown.against(&tracked).unwrap_err();
        assert!(err.contains("workbench, first load grew"), "{err}");
        assert!(err.contains("part-chunk-4.wasm 11 -> "), "{err}");
        assert!(!err.contains("lesson, first load grew"), "the lesson does not fetch it: {err}");
        let mut small = w.clone();
        small.files.insert("part-chip.wasm".to_string(), 13 + TOLERANCE_BYTES);
        assert!(Weight::of(small.files, SCRIPT).against(&tracked).is_ok(), "within the tolerance");
        assert!(Tracked::parse("door x 1").is_err(), "a number first");
        assert!(Tracked::parse("door 1 x\ndoor 2 x").is_err(), "once each");
    }

    #[test]
    fn the_repositorys_tracked_file_reads() {
        let here = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap_or(Path::new("."));
        let tracked = Tracked::read(here).unwrap();
        assert!(tracked.doors.contains_key("lesson, first load"), "{tracked:?}");
    }

    #[test]
    fn groups_thousands() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(150_000), "150,000");
        assert_eq!(grouped(1_234_567), "1,234,567");
    }
}
