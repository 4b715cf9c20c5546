//! The page's weight: every file of the build, raw and gzipped, against three ceilings. Gzip is
//! what a reader's connection carries, so all are on sums of gzip sizes. The first load is what
//! every reader of the lesson fetches; the embed's first load is what one embedded figure
//! fetches (its own page, `embed.html`, in place of index.html, and the same scripts, wasm and
//! stylesheet); the rest is fetched only on demand (the measurements worker, when a
//! file is loaded; the sample run, when a reader asks for it; the page's parts, when a reader
//! nears them or sets a value) or by other sites (the embed host script), and is held apart so that it can
//! neither hide growth of the first load nor be mistaken for it.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Stdio;

use crate::process::command;

/// Files no reader fetches when the page opens, by the start of their names.
const NOT_FIRST_LOAD: [&str; 4] = ["crossover-worker", "embed-", "sample-run-", "part-"];

/// The lesson's page, and the embedded figure's page that stands in for it in the embed's first
/// load (the site's `embed_page` step writes it).
const LESSON_PAGE: &str = "index.html";
const EMBED_PAGE: &str = "embed.html";
/// The review workbench's page (the site's `workbench_page` step): a door of its own, on no
/// reader's first load of the lesson or of an embed.
const WORKBENCH_PAGE: &str = "workbench.html";

/// The checked-in file of budgets, at the repository's root.
pub const BUDGET_FILE: &str = "size-budget.txt";

/// What the build weighs, gzipped: the lesson's first load, an embedded figure's, and
/// everything fetched later or elsewhere.
pub struct Weight {
    pub first_load: u64,
    pub embed_first_load: u64,
    pub on_demand: u64,
}

/// The budgets of [`BUDGET_FILE`]: each a sum of gzip sizes the build may not pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    pub first_load: u64,
    pub embed_first_load: u64,
    pub on_demand: u64,
}

/// The names of the budgets in [`BUDGET_FILE`], in [`Budget`]'s order.
const BUDGET_NAMES: [&str; 3] = ["first-load", "embed-first-load", "on-demand"];

impl Budget {
    /// Reads the budget file: lines of a name and a number of bytes, `#` lines are the reasons.
    pub fn read(root: &Path) -> Result<Budget, String> {
        let path = root.join(BUDGET_FILE);
        let text = fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        Budget::parse(&text).map_err(|e| format!("{}: {e}", path.display()))
    }

    fn parse(text: &str) -> Result<Budget, String> {
        let mut found = [None, None, None];
        for line in text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')) {
            let mut words = line.split_whitespace();
            let (name, bytes) = (words.next().unwrap_or(""), words.next().unwrap_or(""));
            let bytes: u64 =
                bytes.parse().map_err(|_| format!("`{line}`: the budget is not a number"))?;
            let Some(slot) =
                BUDGET_NAMES.iter().position(|n| *n == name).and_then(|i| found.get_mut(i))
            else {
                return Err(format!("`{name}` is not a budget this build measures"));
            };
            if slot.replace(bytes).is_some() {
                return Err(format!("`{name}` is given twice"));
            }
        }
        match found {
            [Some(first_load), Some(embed_first_load), Some(on_demand)] => {
                Ok(Budget { first_load, embed_first_load, on_demand })
            }
            _ => Err(format!("it must give each of {}", BUDGET_NAMES.join(", "))),
        }
    }
}

impl Weight {
    /// Writes what was measured where a reader of the build, or a script, finds it.
    pub fn record(&self, root: &Path) -> Result<(), String> {
        let path = root.join("target").join("size-measured.txt");
        let text = format!(
            "first-load {}\nembed-first-load {}\non-demand {}\n",
            self.first_load, self.embed_first_load, self.on_demand
        );
        fs::create_dir_all(root.join("target"))
            .and_then(|()| fs::write(&path, text))
            .map_err(|e| format!("{}: {e}", path.display()))
    }

    /// A one-line summary against both budgets, or an error if either is exceeded.
    pub fn against(&self, budget: Budget) -> Result<String, String> {
        let summary = format!(
            "first load {} bytes gzipped (budget {}), an embed's first load {} (budget {}), on demand {} (budget {})",
            grouped(self.first_load),
            grouped(budget.first_load),
            grouped(self.embed_first_load),
            grouped(budget.embed_first_load),
            grouped(self.on_demand),
            grouped(budget.on_demand)
        );
        if self.first_load > budget.first_load
            || self.embed_first_load > budget.embed_first_load
            || self.on_demand > budget.on_demand
        {
            Err(format!("the page is over its size budget ({BUDGET_FILE}): {summary}"))
        } else {
            Ok(summary)
        }
    }
}

/// Prints a table of every file in `dist`, raw and gzipped, and returns the page's weight.
pub fn measure(dist: &Path) -> Result<Weight, String> {
    let mut files = Vec::new();
    collect_files(dist, &mut files).map_err(|e| format!("cannot list {}: {e}", dist.display()))?;
    if files.is_empty() {
        return Err(format!("{} is empty: nothing was built", dist.display()));
    }
    files.sort();

    println!("{:>12} {:>12}  file (in {})", "raw bytes", "gzip -9", dist.display());
    let (mut raw_total, mut gzip_total, mut on_demand) = (0u64, 0u64, 0u64);
    let (mut lesson_page, mut embed_page, mut workbench_page) = (0u64, None, 0u64);
    for file in &files {
        let raw =
            fs::metadata(file).map_err(|e| format!("cannot stat {}: {e}", file.display()))?.len();
        let gzipped = gzip_size(file)?;
        raw_total += raw;
        gzip_total += gzipped;
        let name = file.strip_prefix(dist).unwrap_or(file).to_string_lossy().into_owned();
        let later = NOT_FIRST_LOAD.iter().any(|prefix| name.starts_with(prefix));
        if later {
            on_demand += gzipped;
        }
        let mark = match name.as_str() {
            LESSON_PAGE => {
                lesson_page = gzipped;
                "  (the lesson's page)"
            }
            EMBED_PAGE => {
                embed_page = Some(gzipped);
                "  (an embed's page, in place of the lesson's)"
            }
            WORKBENCH_PAGE => {
                workbench_page = gzipped;
                "  (the workbench's page, a door of its own)"
            }
            _ if later => "  (not on the first load)",
            _ => "",
        };
        println!("{:>12} {:>12}  {name}{mark}", grouped(raw), grouped(gzipped));
    }
    println!(
        "{:>12} {:>12}  total, {} files",
        grouped(raw_total),
        grouped(gzip_total),
        files.len()
    );
    // The embed fetches everything the lesson does but its page; a build without the embed's
    // page (a bare `trunk build`) opens an embed from the lesson's.
    let embed_page = embed_page.unwrap_or(lesson_page);
    let first_load = gzip_total - on_demand - embed_page - workbench_page;
    let embed_first_load = first_load - lesson_page + embed_page;
    Ok(Weight { first_load, embed_first_load, on_demand })
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

    #[test]
    fn the_budget_file_gives_each_budget_once() {
        let good = "# why\nfirst-load 300\n\nembed-first-load 100\non-demand 200\n";
        assert_eq!(
            Budget::parse(good),
            Ok(Budget { first_load: 300, embed_first_load: 100, on_demand: 200 })
        );
        assert!(Budget::parse("first-load 300\non-demand 1").is_err(), "all three are needed");
        assert!(Budget::parse("first-load 3x0\nembed-first-load 1\non-demand 1").is_err());
        assert!(
            Budget::parse("first-load 1\nfirst-load 2\nembed-first-load 1\non-demand 1").is_err()
        );
        assert!(Budget::parse("first-lode 1\nembed-first-load 1\non-demand 1").is_err());
        let here = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap_or(Path::new("."));
        assert!(Budget::read(here).is_ok(), "the repository's own file reads");
    }

    #[test]
    fn groups_thousands() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(150_000), "150,000");
        assert_eq!(grouped(1_234_567), "1,234,567");
    }

    #[test]
    fn reports_and_enforces_the_budget() {
        let dir = std::env::temp_dir().join(format!("xtask-size-{}", std::process::id()));
        fs::create_dir_all(dir.join("sub")).unwrap();
        fs::write(dir.join("a.txt"), "a".repeat(10_000)).unwrap();
        fs::write(dir.join("sub").join("b.txt"), "hello").unwrap();
        let weight = measure(&dir).unwrap();
        let budget =
            |first_load, embed_first_load| Budget { first_load, embed_first_load, on_demand: 0 };
        assert!(weight.against(budget(1_000_000, 1_000_000)).is_ok());
        assert!(weight
            .against(budget(10, 1_000_000))
            .unwrap_err()
            .contains("over its size budget"));
        assert!(weight
            .against(budget(1_000_000, 10))
            .unwrap_err()
            .contains("over its size budget"));
        assert!(
            weight.first_load > 0 && weight.first_load < 10_000,
            "gzip shrinks 10,000 repeated bytes: {}",
            weight.first_load
        );
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn an_embed_weighs_its_own_page_in_place_of_the_lessons_and_the_workbenchs_is_in_neither() {
        let dir = std::env::temp_dir().join(format!("xtask-doors-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let noise = |n: usize, seed: u64| -> Vec<u8> {
            let mut x = seed;
            (0..n)
                .map(|_| {
                    x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                    (x >> 33) as u8
                })
                .collect()
        };
        fs::write(dir.join(LESSON_PAGE), noise(20_000, 1)).unwrap();
        fs::write(dir.join(EMBED_PAGE), noise(1_000, 2)).unwrap();
        fs::write(dir.join(WORKBENCH_PAGE), noise(4_000, 5)).unwrap();
        fs::write(dir.join("app.wasm"), noise(5_000, 3)).unwrap();
        fs::write(dir.join("part-x.wasm"), noise(3_000, 4)).unwrap();
        let weight = measure(&dir).unwrap();
        let (lesson, embed, wasm, part) = (
            gzip_size(&dir.join(LESSON_PAGE)).unwrap(),
            gzip_size(&dir.join(EMBED_PAGE)).unwrap(),
            gzip_size(&dir.join("app.wasm")).unwrap(),
            gzip_size(&dir.join("part-x.wasm")).unwrap(),
        );
        assert_eq!(weight.first_load, lesson + wasm);
        assert_eq!(weight.embed_first_load, embed + wasm);
        assert_eq!(weight.on_demand, part);
        fs::remove_dir_all(&dir).unwrap();
    }
}
