//! Components are held to the length clippy holds functions to (`too_many_lines`, with
//! clippy.toml's threshold). Clippy cannot see a component: Leptos's `#[component]` macro
//! writes the function out again under its own span, and the lint passes over it. So the lines
//! are counted here, as clippy counts them (the function's lines that hold more than blank space
//! or a comment).

use std::fs;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// clippy.toml's `too-many-lines-threshold`.
fn threshold() -> usize {
    let text = fs::read_to_string(root().join("clippy.toml")).expect("clippy.toml is readable");
    text.lines()
        .find_map(|l| l.trim().strip_prefix("too-many-lines-threshold"))
        .and_then(|rest| rest.trim().trim_start_matches('=').trim().parse().ok())
        .expect("clippy.toml sets too-many-lines-threshold")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).expect("a source folder") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The byte after the `}` that closes the `{` at `open`, skipping strings, characters and
/// comments (where a brace is text, not code).
fn closing(source: &[u8], open: usize) -> Option<usize> {
    let mut depth = 0usize;
    let mut i = open;
    while i < source.len() {
        match source[i] {
            b'/' if source.get(i + 1) == Some(&b'/') => {
                while i < source.len() && source[i] != b'\n' {
                    i += 1;
                }
            }
            b'r' if matches!(source.get(i + 1), Some(b'"' | b'#'))
                && !source
                    .get(i.wrapping_sub(1))
                    .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_') =>
            {
                let hashes = source[i + 1..].iter().take_while(|c| **c == b'#').count();
                if source.get(i + 1 + hashes) != Some(&b'"') {
                    i += 1;
                    continue;
                }
                let end: Vec<u8> =
                    std::iter::once(b'"').chain(std::iter::repeat_n(b'#', hashes)).collect();
                let from = i + 2 + hashes;
                let at = source[from..].windows(end.len()).position(|w| w == end.as_slice())?;
                i = from + at + end.len();
                continue;
            }
            b'"' => {
                i += 1;
                while i < source.len() && source[i] != b'"' {
                    i += if source[i] == b'\\' { 2 } else { 1 };
                }
            }
            b'\'' if source.get(i + 2) == Some(&b'\'') => i += 2,
            b'{' => depth += 1,
            b'}' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i + 1);
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// Each component in `source`: its name and its lines of code.
fn components(source: &str) -> Vec<(String, usize)> {
    let bytes = source.as_bytes();
    let mut found = Vec::new();
    for (at, _) in source.match_indices("#[component]") {
        let rest = &source[at..];
        let Some(fn_at) = rest.find("fn ") else { continue };
        let name: String =
            rest[fn_at + 3..].chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
        let Some(open) = rest[fn_at..].find('{').map(|o| at + fn_at + o) else { continue };
        let Some(close) = closing(bytes, open) else { continue };
        let start = at + fn_at;
        let code = source[start..close]
            .lines()
            .filter(|l| {
                let t = l.trim();
                !t.is_empty() && !t.starts_with("//")
            })
            .count();
        found.push((name, code));
    }
    found
}

#[test]
fn no_component_is_longer_than_clippy_lets_a_function_be() {
    let limit = threshold();
    let mut files = Vec::new();
    rust_files(&root().join("src"), &mut files);
    let mut long = Vec::new();
    let mut counted = 0;
    for file in files {
        let source = fs::read_to_string(&file).expect("a readable source file");
        for (name, lines) in components(&source) {
            counted += 1;
            if lines > limit {
                long.push(format!(
                    "{} in {}: {lines} lines",
                    name,
                    file.strip_prefix(root()).unwrap_or(&file).display()
                ));
            }
        }
    }
    assert!(counted > 40, "components were found ({counted})");
    assert!(
        long.is_empty(),
        "components over {limit} lines (cut them into parts):\n{}",
        long.join("\n")
    );
}

#[test]
fn lines_are_counted_as_clippy_counts_them() {
    let source = "#[component]\nfn A() -> impl IntoView {\n    // why\n\n    let x = \"{\";\n    let y = r#\"}}\"#;\n    view! { <p>{x}</p> }\n}\n";
    assert_eq!(components(source), [("A".to_string(), 5)]);
}
