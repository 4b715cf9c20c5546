//! Step 4: src/boot.js without its comment lines.
//!
//! The start script is on every reader's first load, and more than half of it is comments that
//! say why it does what it does. Trunk's JavaScript minifier is not used on it (index.html marks
//! it `data-no-minify`): its output differs from build to build, which would rename an unchanged
//! file on every deploy. This step is deterministic: it drops the lines that hold only a comment
//! and the blank lines, names the file by what is left, and writes its new name and integrity
//! hash into the page's script tag.

use super::content_hash::integrity;
use super::folder::Folder;

/// Trunk's name for boot.js starts with this, then its hash and `.js`.
const PREFIX: &str = "boot-";

/// Rewrites the boot script the page names without its comment lines, under a name from its new
/// content, and the page's tag to match.
pub fn strip_comments(page: &str, folder: &mut Folder) -> Result<String, String> {
    let old_name = script_name(page).ok_or("the built index.html names no boot-<hash>.js")?;
    let script = folder.text(old_name)?;
    let stripped = without_comment_lines(script)?;
    let old_integrity = integrity(script.as_bytes());
    if !page.contains(&old_integrity) {
        return Err(format!("the page does not check {old_name} against its own hash"));
    }
    let new_integrity = integrity(stripped.as_bytes());
    let new_name = folder.rename_by_content(old_name, PREFIX, ".js", stripped);
    Ok(page.replacen(old_name, &new_name, 1).replacen(&old_integrity, &new_integrity, 1))
}

/// The boot script's file name as the page's script tag gives it.
fn script_name(page: &str) -> Option<&str> {
    let start = page.find(&format!("./{PREFIX}"))? + 2;
    let rest = page.get(start..)?;
    let len = rest.find(".js")? + 3;
    rest.get(..len)
}

/// `script` without its blank lines and the lines that hold only a `//` comment. A template
/// literal across lines could hold such a line as text, so a script with one is refused.
fn without_comment_lines(script: &str) -> Result<String, String> {
    if script.lines().any(|line| line.matches('`').count() % 2 == 1) {
        return Err(
            "boot.js has a template literal across lines; its lines cannot be dropped".into()
        );
    }
    let mut out = String::with_capacity(script.len());
    for line in script.lines() {
        let code = line.trim_start();
        if !code.is_empty() && !code.starts_with("//") {
            out.push_str(line);
            out.push('\n');
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::site::content_hash::short_hash;

    #[test]
    fn comment_lines_and_blank_lines_go_and_code_stays_as_written() {
        let script =
            "// why\n\nconst a = 'x // y'; // kept: not a whole line\n  // indented why\nrun(a);\n";
        assert_eq!(
            without_comment_lines(script).unwrap(),
            "const a = 'x // y'; // kept: not a whole line\nrun(a);\n"
        );
        assert!(without_comment_lines("const t = `one\n// two\n`;\n").is_err());
        assert!(without_comment_lines("f(`a ${b}`);\n").is_ok());
    }

    #[test]
    fn the_file_is_renamed_by_its_new_content_and_the_tag_follows() {
        let script = "// a comment\nconsole.log(1);\n";
        let mut folder = Folder::of([("boot-0123456789abcdef.js", script.as_bytes())]);
        let tag = format!(
            "<script integrity={} src=./boot-0123456789abcdef.js type=module></script>",
            integrity(script.as_bytes())
        );
        let page = strip_comments(&tag, &mut folder).unwrap();
        let stripped = "console.log(1);\n";
        let name = format!("boot-{}.js", short_hash(stripped.as_bytes()));
        assert_eq!(folder.names().collect::<Vec<_>>(), [name.as_str()]);
        assert_eq!(folder.text(&name), Ok(stripped));
        assert!(page.contains(&format!("src=./{name}")), "{page}");
        assert!(page.contains(&integrity(stripped.as_bytes())), "{page}");
        // Run again on its own output, it changes nothing.
        let before = folder.clone();
        assert_eq!(strip_comments(&page, &mut folder).as_ref(), Ok(&page));
        assert_eq!(folder, before);
    }
}
