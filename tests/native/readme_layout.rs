//! The README's Layout names every source file under its folder, so a contributor looking for a
//! file's room finds it there, and a file added, moved or removed without the README changing
//! fails here.
//!
//! The Layout's code blocks hold entries: a line starting in the first column with a path (a
//! folder ending in `/`, or a file), followed by indented lines that belong to it. A folder's
//! entry names each of its files; a path named in an entry exists.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

/// The folders whose files the Layout must name, with every folder below them.
const SOURCE_ROOTS: [&str; 2] = ["src", "worker/src"];
/// A source file, as the Layout names it.
const SOURCE_EXTENSIONS: [&str; 2] = ["rs", "js"];

fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The text of the README's `## Layout` section's code blocks.
fn layout_blocks() -> String {
    let readme = fs::read_to_string(repo_root().join("README.md")).expect("README.md is readable");
    let start = readme.find("\n## Layout\n").expect("the README has a Layout section");
    let section = &readme[start + 1..];
    let end = section[3..].find("\n## ").map_or(section.len(), |i| i + 3);
    let section = &section[..end];
    let mut blocks = String::new();
    let mut inside = false;
    for line in section.lines() {
        if line.starts_with("```") {
            inside = !inside;
        } else if inside {
            blocks.push_str(line);
            blocks.push('\n');
        }
    }
    assert!(!inside, "the Layout's code blocks are closed");
    blocks
}

/// Each entry's path and the text that belongs to it (its own line and its indented lines).
fn entries(blocks: &str) -> BTreeMap<String, String> {
    let mut out: BTreeMap<String, String> = BTreeMap::new();
    let mut current: Option<String> = None;
    for line in blocks.lines() {
        if line.trim().is_empty() {
            continue;
        }
        if !line.starts_with(' ') {
            let path = line.split_whitespace().next().unwrap_or_default().to_string();
            out.entry(path.clone()).or_default().push_str(line);
            current = Some(path);
        } else if let Some(path) = &current {
            let text = out.entry(path.clone()).or_default();
            text.push('\n');
            text.push_str(line);
        }
    }
    out
}

/// Every source file under the roots, grouped by folder (`src/ui/arrival/`).
fn source_files() -> BTreeMap<String, Vec<String>> {
    fn walk(root: &Path, dir: &Path, out: &mut BTreeMap<String, Vec<String>>) {
        let mut names: Vec<PathBuf> = fs::read_dir(dir)
            .expect("a source folder is readable")
            .map(|e| e.unwrap().path())
            .collect();
        names.sort();
        for path in names {
            if path.is_dir() {
                walk(root, &path, out);
            } else if path
                .extension()
                .and_then(|e| e.to_str())
                .is_some_and(|e| SOURCE_EXTENSIONS.contains(&e))
            {
                let folder = format!(
                    "{}/",
                    dir.strip_prefix(root).unwrap().to_string_lossy().replace('\\', "/")
                );
                let name = path.file_name().unwrap().to_string_lossy().to_string();
                out.entry(folder).or_default().push(name);
            }
        }
    }
    let root = repo_root();
    let mut out = BTreeMap::new();
    for source_root in SOURCE_ROOTS {
        walk(&root, &root.join(source_root), &mut out);
    }
    out
}

/// Whether `name` stands in `text` as a word of its own (`mod.rs` is not found in `lemod.rs`).
fn names(text: &str, name: &str) -> bool {
    text.match_indices(name).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + name.len()..].chars().next();
        let part_of_a_name = |c: char| c.is_alphanumeric() || c == '_' || c == '/' || c == '.';
        !before.is_some_and(part_of_a_name) && !after.is_some_and(part_of_a_name)
    })
}

#[test]
fn the_layout_names_every_source_file_under_its_folder() {
    let entries = entries(&layout_blocks());
    let files = source_files();
    assert!(files.len() > 10, "the walk found the source folders: {files:?}");
    let mut missing = Vec::new();
    for (folder, names_in_folder) in &files {
        for name in names_in_folder {
            let own_entry = entries.contains_key(&format!("{folder}{name}"));
            let in_folder = entries.get(folder).is_some_and(|text| names(text, name));
            if !own_entry && !in_folder {
                missing.push(format!("{folder}{name}"));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "files the README's Layout does not name under their folder: {missing:?}"
    );
}

#[test]
fn every_path_the_layout_names_exists() {
    let root = repo_root();
    let entries = entries(&layout_blocks());
    assert!(entries.len() > 10, "the Layout's entries were read: {entries:?}");
    let mut gone = Vec::new();
    for (path, text) in &entries {
        // An entry's first line may name two paths ("index.html style/").
        let first_line = text.lines().next().unwrap_or_default();
        let more = first_line.split_whitespace().skip(1).take_while(|w| w.ends_with('/'));
        for candidate in std::iter::once(path.as_str()).chain(more) {
            if !root.join(candidate).exists() {
                gone.push(candidate.to_string());
            }
        }
        // A folder's entry names only files that are in it.
        if path.ends_with('/') && SOURCE_ROOTS.iter().any(|r| path.starts_with(r)) {
            for word in text.split(|c: char| c.is_whitespace() || c == '(' || c == ')' || c == ',')
            {
                let is_file = SOURCE_EXTENSIONS.iter().any(|e| word.ends_with(&format!(".{e}")));
                if is_file && !word.contains('/') && !root.join(path).join(word).exists() {
                    gone.push(format!("{path}{word}"));
                }
            }
        }
    }
    assert!(gone.is_empty(), "paths the README's Layout names that are not in the tree: {gone:?}");
}

#[test]
fn a_file_left_out_of_the_layout_is_found() {
    let blocks = "src/ui/arrival/   stages.rs takeover.rs\n    sight.rs\nsrc/other/   mod.rs\n";
    let entries = entries(blocks);
    let arrival = &entries["src/ui/arrival/"];
    assert!(names(arrival, "sight.rs"), "an indented line belongs to the entry above it");
    assert!(!names(arrival, "still.rs"), "a file not written is not found");
    assert!(!names(&entries["src/other/"], "sight.rs"), "a line belongs to one entry only");
    assert!(!names("lemod.rs", "mod.rs"), "a name inside another name does not count");
}
