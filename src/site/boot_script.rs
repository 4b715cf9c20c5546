//! Step 4: src/boot.js without its comment lines.
//!
//! The start script is on every reader's first load, and more than half of it is comments that
//! say why it does what it does. Trunk's JavaScript minifier is not used on it (index.html marks
//! it `data-no-minify`): its output differs from build to build, which would rename an unchanged
//! file on every deploy. This step is deterministic: it drops the lines that hold only a comment
//! and the blank lines, names the file by what is left, and writes its new name and integrity
//! hash into the page's script tag.

use super::content_hash::{integrity, rename_by_content};
use std::fs;
use std::path::Path;

/// Trunk's name for boot.js starts with this, then its hash and `.js`.
const PREFIX: &str = "boot-";

/// Rewrites the boot script the page names without its comment lines, under a name from its new
/// content, and the page's tag to match.
pub fn strip_comments(page: &str, dir: &Path) -> Result<String, String> {
    let old_name = script_name(page).ok_or("the built index.html names no boot-<hash>.js")?;
    let script = fs::read_to_string(dir.join(old_name)).map_err(|e| format!("{old_name}: {e}"))?;
    let stripped = without_comment_lines(&script)?;
    let old_integrity = integrity(script.as_bytes());
    if !page.contains(&old_integrity) {
        return Err(format!("the page does not check {old_name} against its own hash"));
    }
    let new_name = rename_by_content(dir, old_name, PREFIX, ".js", stripped.as_bytes())?;
    Ok(page.replacen(old_name, &new_name, 1).replacen(
        &old_integrity,
        &integrity(stripped.as_bytes()),
        1,
    ))
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
        let dir = std::env::temp_dir().join(format!("crossover-boot-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        let script = "// a comment\nconsole.log(1);\n";
        fs::write(dir.join("boot-0123456789abcdef.js"), script).unwrap();
        let tag = format!(
            "<script integrity={} src=./boot-0123456789abcdef.js type=module></script>",
            integrity(script.as_bytes())
        );
        fs::write(dir.join("index.html"), &tag).unwrap();
        super::super::on_file(&dir.join("index.html"), strip_comments).unwrap();
        let stripped = "console.log(1);\n";
        let name = format!("boot-{}.js", short_hash(stripped.as_bytes()));
        assert_eq!(fs::read_to_string(dir.join(&name)).unwrap(), stripped);
        assert!(!dir.join("boot-0123456789abcdef.js").exists());
        let page = fs::read_to_string(dir.join("index.html")).unwrap();
        assert!(page.contains(&format!("src=./{name}")), "{page}");
        assert!(page.contains(&integrity(stripped.as_bytes())), "{page}");
        // Run again on its own output, it changes nothing.
        super::super::on_file(&dir.join("index.html"), strip_comments).unwrap();
        assert_eq!(fs::read_to_string(dir.join("index.html")).unwrap(), page);
        let _ = fs::remove_dir_all(&dir);
    }
}
