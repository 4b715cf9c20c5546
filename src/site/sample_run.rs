//! Step 5: the sample run the measurements section offers to try without a file of one's own.
//!
//! Trunk copies one of the real result files in `tests/data/bench-results/` into the build as
//! it is named there (index.html's `copy-file` link). This step renames it by its content,
//! `sample-run-<hash>.json`, so a changed sample is never paired with an old cached one, and
//! writes a `<meta name="crossover-sample">` holding the name and its sha384 integrity hash:
//! the section fetches it only when a reader asks for it, checked against that hash, so it is
//! never part of the first load.

use super::content_hash::{content_name, integrity, put};
use crate::shared_names::files::{META_INTEGRITY, SAMPLE_META, SAMPLE_RUN, SAMPLE_RUN_SOURCE};
use std::fs;
use std::path::Path;

/// Renames the copied sample in `dir` by content and names it in the page.
pub fn name_by_content(page: &str, dir: &Path) -> Result<String, String> {
    let bytes = fs::read(dir.join(SAMPLE_RUN_SOURCE))
        .map_err(|e| format!("the sample run {SAMPLE_RUN_SOURCE} was not copied: {e}"))?;
    // The page first, so that a refusal leaves the files as they were.
    let name = content_name(&format!("{SAMPLE_RUN}-"), &bytes, ".json");
    let page = with_meta(page, &name, &integrity(&bytes))?;
    put(dir, &name, &bytes, &[SAMPLE_RUN_SOURCE])?;
    Ok(page)
}

/// `page` with the sample's `<meta>` added at the end of its head.
fn with_meta(page: &str, name: &str, integrity: &str) -> Result<String, String> {
    if page.contains(&format!("name=\"{SAMPLE_META}\"")) {
        return Err(
            "the built index.html names a sample run already: was this step run twice?".into()
        );
    }
    let at = page.find("</head>").ok_or("the built index.html has no </head>")?;
    let (head, rest) = page.split_at(at);
    Ok(format!(
        "{head}<meta name=\"{SAMPLE_META}\" content=\"./{name}\" {META_INTEGRITY}=\"{integrity}\">{rest}"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::site::content_hash::short_hash;

    #[test]
    fn the_sample_is_named_by_content_and_the_page_names_it_with_its_hash() {
        let dir = std::env::temp_dir().join(format!("crossover-sample-run-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        let bytes = b"[{\"ttft_s\": 0.3}]";
        fs::write(dir.join(SAMPLE_RUN_SOURCE), bytes).unwrap();
        fs::write(dir.join("index.html"), "<html><head></head><body></body></html>").unwrap();
        super::super::on_file(&dir.join("index.html"), name_by_content).unwrap();
        let name = format!("sample-run-{}.json", short_hash(bytes));
        assert_eq!(fs::read(dir.join(&name)).unwrap(), bytes, "the file moved unchanged");
        assert!(!dir.join(SAMPLE_RUN_SOURCE).exists(), "under one name only");
        let page = fs::read_to_string(dir.join("index.html")).unwrap();
        let meta = format!(
            "<meta name=\"crossover-sample\" content=\"./{name}\" data-integrity=\"{}\"></head>",
            integrity(bytes)
        );
        assert!(page.contains(&meta), "{page}");
        fs::write(dir.join(SAMPLE_RUN_SOURCE), bytes).unwrap();
        assert!(super::super::on_file(&dir.join("index.html"), name_by_content)
            .unwrap_err()
            .contains("twice"));
        fs::remove_dir_all(dir).unwrap();
    }
}
