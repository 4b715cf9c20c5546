//! Step 6: the page's wasm-bindgen script without its doc comments and indentation.
//!
//! The script wasm-bindgen writes beside the page's wasm is on every reader's first load. Trunk's
//! JavaScript minifier cannot parse it and copies it as it is, with a doc comment over most
//! functions and every line indented. This step drops the doc-comment blocks, the lines that hold
//! only a comment, the blank lines and each line's leading spaces; the line breaks stay, so the
//! script reads as the same statements. It names the file by what is left, as `boot_script` does,
//! and writes the new name and integrity hash into the page's modulepreload link, the one
//! `boot.js` imports.

use super::content_hash::integrity;
use super::folder::Folder;

/// Trunk's name for the page's script: this, its hash in hex, `.js`. Trunk writes the hash
/// without leading zeros, so it has up to sixteen digits, sometimes fewer. The worker's script
/// starts `crossover-worker`, which the hex digits exclude.
const PREFIX: &str = "crossover-";

/// Rewrites the page's wasm-bindgen script without its comments and indentation, under a name
/// from its new content, and the page's link to match.
pub fn strip_comments(page: &str, folder: &mut Folder) -> Result<String, String> {
    rewrite(page, folder, without_comments)
}

/// The page's wasm-bindgen script in `folder`, named in `page`, changed by `change` and named by its
/// new content; returns the page with its link and integrity hash following.
pub(super) fn rewrite(
    page: &str,
    folder: &mut Folder,
    change: impl FnOnce(&str) -> Result<String, String>,
) -> Result<String, String> {
    let old_name = script_name(page).ok_or("the built index.html names no crossover-<hash>.js")?;
    let script = folder.text(old_name)?;
    let changed = change(script)?;
    let old_integrity = integrity(script.as_bytes());
    if !page.contains(&old_integrity) {
        return Err(format!("the page does not check {old_name} against its own hash"));
    }
    let new_integrity = integrity(changed.as_bytes());
    let new_name = folder.rename_by_content(old_name, PREFIX, ".js", changed);
    Ok(page.replacen(old_name, &new_name, 1).replacen(&old_integrity, &new_integrity, 1))
}

/// The script's file name as the page's link gives it: `crossover-`, one to sixteen hex digits,
/// `.js`.
pub(super) fn script_name(page: &str) -> Option<&str> {
    // The length of the hash and `.js` after the prefix, when that is what follows it.
    let hex_then_js = |rest: &str| {
        let digits = rest.bytes().take_while(u8::is_ascii_hexdigit).count();
        ((1..=16).contains(&digits) && rest.get(digits..digits + 3) == Some(".js"))
            .then_some(digits + 3)
    };
    page.match_indices(&format!("./{PREFIX}")).find_map(|(at, found)| {
        let start = at + 2;
        let len = hex_then_js(page.get(at + found.len()..)?)?;
        page.get(start..start + PREFIX.len() + len)
    })
}

/// `script` without its `/** … */` blocks (each opened and closed on lines of their own), the
/// lines that hold only a `//` comment, the blank lines and every line's leading whitespace. A
/// template literal or a string across lines could hold such a line as text, or its indentation,
/// so a script with one is refused, as is a block left open.
pub(super) fn without_comments(script: &str) -> Result<String, String> {
    if script.lines().any(|line| line.matches('`').count() % 2 == 1 || line.ends_with('\\')) {
        return Err(
            "the wasm-bindgen script has a literal across lines; it is left as it is".into()
        );
    }
    let mut out = String::with_capacity(script.len());
    let mut in_doc_comment = false;
    for line in script.lines() {
        let code = line.trim();
        if in_doc_comment {
            in_doc_comment = !code.ends_with("*/");
        } else if code == "/**" {
            in_doc_comment = true;
        } else if !code.is_empty() && !code.starts_with("//") {
            out.push_str(line.trim_start());
            out.push('\n');
        }
    }
    if in_doc_comment {
        return Err("the wasm-bindgen script has a doc comment that does not close".into());
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::site::content_hash::short_hash;

    #[test]
    fn doc_comments_comment_lines_blank_lines_and_indentation_go() {
        let script = "export class A {\n    /**\n     * @returns {number}\n     */\n    get x() {\n        // why\n\n        return f('/** not a comment */'); // kept\n    }\n}\n";
        assert_eq!(
            without_comments(script).unwrap(),
            "export class A {\nget x() {\nreturn f('/** not a comment */'); // kept\n}\n}\n"
        );
        assert!(without_comments("const t = `one\n  two\n`;\n").is_err());
        assert!(without_comments("const s = 'one\\\n  two';\n").is_err());
        assert!(without_comments("/**\n * open\n").is_err());
        assert!(without_comments("f(`a ${b}`);\n").is_ok());
    }

    #[test]
    fn the_page_script_is_found_and_the_worker_script_is_not() {
        let page = "<meta name=crossover-worker content=./crossover-worker-0123456789abcdef.js><link crossorigin href=./crossover-fedcba9876543210.js integrity=sha384-x rel=modulepreload>";
        assert_eq!(script_name(page), Some("crossover-fedcba9876543210.js"));
        assert_eq!(script_name("<link href=./crossover-worker-0123456789abcdef.js>"), None);
    }

    #[test]
    fn a_hash_trunk_wrote_without_its_leading_zero_is_found() {
        // Trunk writes its hash without leading zeros: a build named its script with fifteen.
        let page = "<link crossorigin href=./crossover-ffb0f35a53e28dd.js integrity=sha384-x rel=modulepreload>";
        assert_eq!(script_name(page), Some("crossover-ffb0f35a53e28dd.js"));
        assert_eq!(
            script_name("<link href=./crossover-0123456789abcdef0.js>"),
            None,
            "seventeen digits"
        );
        assert_eq!(script_name("<link href=./crossover-.js>"), None, "no digits");
    }

    #[test]
    fn the_file_is_renamed_by_its_new_content_and_the_link_follows() {
        let script = "/**\n * @param {number} a\n */\nfunction f(a) {\n    return a;\n}\n";
        let mut folder = Folder::of([("crossover-0123456789abcdef.js", script.as_bytes())]);
        let tag = format!(
            "<link crossorigin href=./crossover-0123456789abcdef.js integrity={} rel=modulepreload>",
            integrity(script.as_bytes())
        );
        let page = strip_comments(&tag, &mut folder).unwrap();
        let stripped = "function f(a) {\nreturn a;\n}\n";
        let name = format!("crossover-{}.js", short_hash(stripped.as_bytes()));
        assert_eq!(folder.names().collect::<Vec<_>>(), [name.as_str()]);
        assert_eq!(folder.text(&name), Ok(stripped));
        assert!(page.contains(&format!("href=./{name}")), "{page}");
        assert!(page.contains(&integrity(stripped.as_bytes())), "{page}");
        // Run again on its own output, it changes nothing.
        let before = folder.clone();
        assert_eq!(strip_comments(&page, &mut folder).as_ref(), Ok(&page));
        assert_eq!(folder, before);
    }
}
