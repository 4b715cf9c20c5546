//! Step 5: the sample run the measurements section offers to try without a file of one's own.
//!
//! Trunk copies one of the real result files in `tests/data/bench-results/` into the build as
//! it is named there (index.html's `copy-file` link). This step renames it by its content,
//! `sample-run-<hash>.json`, so a changed sample is never paired with an old cached one, and
//! writes a `<meta name="crossover-sample">` holding the name and its sha384 integrity hash:
//! the section fetches it only when a reader asks for it, checked against that hash, so it is
//! never part of the first load.

use super::content_hash::{content_name, integrity};
use super::folder::Folder;
use super::markup::with_meta;
use crate::shared_names::files::{META_INTEGRITY, SAMPLE_META, SAMPLE_RUN, SAMPLE_RUN_SOURCE};

/// Renames the copied sample in `folder` by content and names it in the page.
pub fn name_by_content(page: &str, folder: &mut Folder) -> Result<String, String> {
    let bytes = folder
        .bytes(SAMPLE_RUN_SOURCE)
        .map_err(|e| format!("the sample run was not copied: {e}"))?
        .to_vec();
    let name = content_name(&format!("{SAMPLE_RUN}-"), &bytes, ".json");
    let attributes = format!("content=\"./{name}\" {META_INTEGRITY}=\"{}\"", integrity(&bytes));
    let page = with_meta(page, SAMPLE_META, &attributes)?;
    folder.put(&name, bytes, &[SAMPLE_RUN_SOURCE]);
    Ok(page)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::site::content_hash::short_hash;

    #[test]
    fn the_sample_is_named_by_content_and_the_page_names_it_with_its_hash() {
        let bytes = b"[{\"ttft_s\": 0.3}]";
        let mut folder = Folder::of([(SAMPLE_RUN_SOURCE, &bytes[..])]);
        let page = name_by_content("<html><head></head><body></body></html>", &mut folder).unwrap();
        let name = format!("sample-run-{}.json", short_hash(bytes));
        assert_eq!(folder.names().collect::<Vec<_>>(), [name.as_str()], "under one name only");
        assert_eq!(folder.bytes(&name), Ok(&bytes[..]), "the file moved unchanged");
        let meta = format!(
            "<meta name=\"crossover-sample\" content=\"./{name}\" data-integrity=\"{}\"></head>",
            integrity(bytes)
        );
        assert!(page.contains(&meta), "{page}");
        folder.put(SAMPLE_RUN_SOURCE, &bytes[..], &[]);
        assert!(name_by_content(&page, &mut folder).unwrap_err().contains("twice"));
    }
}
