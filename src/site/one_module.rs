//! Step 8: the page runs one script, whose hash the browser checks on the load that runs it.
//!
//! Trunk loads the page's wasm-bindgen script by a `modulepreload` link with its hash, and
//! `boot.js` imports it; step 7 adds the parts' script the same way, imported by that script.
//! A preload's hash is checked on the preload only: when the copy on the host does not match,
//! Chromium refuses the preload, fetches the file again for the import that runs it, unchecked,
//! and runs whatever came (nothing a page can write checks an `import`). The start script, on
//! the other hand, is loaded by a script element, whose hash every browser checks before it
//! runs anything. So this step writes the parts' script and the page's script into the start
//! script, in that order, and drops their preloads and files: the page imports nothing, and a
//! changed copy of any of them is a changed start script, refused whole.
//!
//! The three were modules of their own; in one they keep their own names apart. The parts'
//! script goes inside a function that returns its exports, which the page's script used under
//! the names of its `import * as …` lines; the start script goes inside a block, after a name for
//! the page's start function (`crossoverPageInit`, which `boot.js` calls).

use super::content_hash::{content_name, integrity};
use super::folder::Folder;
use super::markup::{tags, value};

/// The start script's name in the build starts with this (`boot_script`).
const BOOT: &str = "boot-";
/// The page's wasm-bindgen script's name starts with this; the worker's does too, and more.
const PAGE: &str = "crossover-";
const WORKER: &str = "crossover-worker-";
/// The parts' script's name (`split_parts`).
const PARTS: &str = crate::shared_names::files::PARTS_SCRIPT;
/// What `boot.js` calls the page's start function; this step defines it.
const PAGE_INIT: &str = "crossoverPageInit";

/// A script the page loads: its file name, and where its tag is in the page.
struct Loaded {
    name: String,
    tag: (usize, usize),
}

/// The start script's tag, and the preloads of the page's script and of the parts' script.
fn find(page: &str) -> Result<(Loaded, Loaded, Option<Loaded>), String> {
    let file = |attributes: &[(String, String)], name: &str| {
        value(attributes, name).map(|v| v.trim_start_matches("./").to_string())
    };
    let boot = tags(page, "script")
        .find_map(|(start, end, a)| {
            file(&a, "src")
                .filter(|n| n.starts_with(BOOT))
                .map(|name| Loaded { name, tag: (start, end) })
        })
        .ok_or("the page has no start script (boot-<hash>.js)")?;
    let mut glue = None;
    let mut parts = None;
    for (start, end, a) in tags(page, "link") {
        if value(&a, "rel") != Some("modulepreload") {
            continue;
        }
        let Some(name) = file(&a, "href") else { continue };
        let loaded = Some(Loaded { name: name.clone(), tag: (start, end) });
        if name.starts_with(PARTS) {
            parts = loaded;
        } else if name.starts_with(PAGE) && !name.starts_with(WORKER) {
            glue = loaded;
        }
    }
    let glue = glue.ok_or("the page has no modulepreload link to its wasm-bindgen script")?;
    Ok((boot, glue, parts))
}

/// The parts' script as an expression of its exports: its import of the page's script
/// (`glue_name`) dropped, since that script will share its scope, and each `export const` a
/// name returned.
fn parts_as_expression(parts: &str, glue_name: &str) -> Result<String, String> {
    let import = format!("from \"./{glue_name}\";");
    let mut body = String::with_capacity(parts.len());
    let mut exported = Vec::new();
    for line in parts.lines() {
        if line.starts_with("import ") {
            if !line.ends_with(&import) {
                return Err(format!(
                    "the parts' script imports something besides the page's: {line}"
                ));
            }
            continue;
        }
        if let Some(rest) = line.strip_prefix("export const ") {
            let name = rest.split(|c: char| !c.is_alphanumeric() && c != '_').next().unwrap_or("");
            exported.push(name.to_string());
            body.push_str("const ");
            body.push_str(rest);
        } else if line.starts_with("export ") {
            return Err(format!("the parts' script exports something besides its loaders: {line}"));
        } else {
            body.push_str(line);
        }
        body.push('\n');
    }
    Ok(format!("(() => {{\n{body}return {{ {} }};\n}})()", exported.join(", ")))
}

/// The page's script without its imports of the parts' script (`parts_name`), with the names
/// those imports gave; and the name of its start function (its default export).
fn glue_without_imports(
    glue: &str,
    parts_name: Option<&str>,
) -> Result<(String, Vec<String>, String), String> {
    let mut body = String::with_capacity(glue.len());
    let mut names = Vec::new();
    for line in glue.lines() {
        if line.starts_with("import ") {
            let from_parts = parts_name.map(|p| format!("from \"./{p}\""));
            let namespace = line
                .strip_prefix("import * as ")
                .and_then(|rest| rest.split_once(' '))
                .filter(|(_, from)| {
                    from_parts.as_deref().is_some_and(|f| from.trim_end_matches(';') == f)
                });
            let Some((name, _)) = namespace else {
                return Err(format!(
                    "the page's script imports something besides the parts' loaders: {line}"
                ));
            };
            names.push(name.to_string());
            continue;
        }
        body.push_str(line);
        body.push('\n');
    }
    // `export { initSync, __wbg_init as default };`
    let default = glue
        .lines()
        .filter_map(|l| l.strip_prefix("export {")?.split_once('}').map(|(names, _)| names))
        .find_map(|names| names.split(',').find_map(|e| e.trim().strip_suffix(" as default")))
        .map(|name| name.trim().to_string())
        .ok_or("the page's script has no default export to start it by")?;
    Ok((body, names, default))
}

/// The one script: the parts' loaders, the page's script, and the start script after them.
pub fn merged(
    boot: &str,
    glue: &str,
    glue_name: &str,
    parts: Option<(&str, &str)>,
) -> Result<String, String> {
    if !boot.contains(PAGE_INIT) {
        return Err(format!(
            "the start script does not call the page's start function `{PAGE_INIT}`"
        ));
    }
    let (glue, namespaces, default) = glue_without_imports(glue, parts.map(|(name, _)| name))?;
    let mut out = String::with_capacity(boot.len() + glue.len() + 4096);
    match parts {
        Some((_, parts)) => {
            let loaders = parts_as_expression(parts, glue_name)?;
            out.push_str(&format!("const crossoverParts = {loaders};\n"));
            for name in &namespaces {
                out.push_str(&format!("const {name} = crossoverParts;\n"));
            }
        }
        None if !namespaces.is_empty() => {
            return Err("the page's script imports a parts' script the page does not load".into())
        }
        None => {}
    }
    out.push_str(&glue);
    out.push_str(&format!("const {PAGE_INIT} = {default};\n{{\n{boot}}}\n"));
    Ok(out)
}

/// Step 8 on the built page, whose files are in `folder`.
pub fn into_start_script(page: &str, folder: &mut Folder) -> Result<String, String> {
    let (boot, glue, parts) = find(page)?;
    let parts_text = parts.as_ref().map(|p| folder.text(&p.name)).transpose()?;
    let one = merged(
        folder.text(&boot.name)?,
        folder.text(&glue.name)?,
        &glue.name,
        parts.as_ref().map(|p| p.name.as_str()).zip(parts_text),
    )?;
    let name = content_name(BOOT, one.as_bytes(), ".js");
    let merged_files: Vec<&str> = [Some(&boot), Some(&glue), parts.as_ref()]
        .into_iter()
        .flatten()
        .map(|f| f.name.as_str())
        .collect();
    let tag = format!(
        "<script integrity={} src=./{name} type=module></script>",
        integrity(one.as_bytes())
    );
    folder.put(&name, one, &merged_files);
    // The start script's tag takes the new name and hash; the preloads go.
    let mut cut: Vec<(usize, usize, &str)> = vec![(boot.tag.0, boot.tag.1, tag.as_str())];
    cut.push((glue.tag.0, glue.tag.1, ""));
    if let Some(p) = &parts {
        cut.push((p.tag.0, p.tag.1, ""));
    }
    cut.sort_by_key(|c| c.0);
    let mut out = String::with_capacity(page.len());
    let mut at = 0;
    for (start, end, with) in cut {
        out.push_str(page.get(at..start).unwrap_or_default());
        out.push_str(with);
        at = end;
    }
    out.push_str(page.get(at..).unwrap_or_default());
    // The start script's tag ends with its own `</script>`, which the new tag brings.
    Ok(out.replacen(&format!("{tag}</script>"), &tag, 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    const GLUE: &str = "import * as import1 from \"./parts-2e.js\"\nimport * as import2 from \"./parts-2e.js\"\nlet wasm;\nfunction initSync(m) { return wasm; }\nasync function __wbg_init(p) { wasm = 1; return import1.load; }\nexport { initSync, __wbg_init as default };\n";
    const PARTS: &str = "import { initSync } from \"./crossover-1f.js\";\nlet shared;\nfunction get() { return initSync(); }\nexport const __wasm_split_load_chip = get;\nexport const __wasm_split_load_deployments = get;\n";
    const BOOT: &str = "let wasm;\nconst init = crossoverPageInit;\nwasm = await init({});\n";

    #[test]
    fn the_three_scripts_become_one_that_imports_nothing() {
        let one = merged(BOOT, GLUE, "crossover-1f.js", Some(("parts-2e.js", PARTS))).unwrap();
        assert!(!one.contains("import "), "{one}");
        assert!(one.starts_with("const crossoverParts = (() => {\nlet shared;"), "{one}");
        assert!(
            one.contains("return { __wasm_split_load_chip, __wasm_split_load_deployments };"),
            "{one}"
        );
        assert!(
            one.contains(
                "const import1 = crossoverParts;\nconst import2 = crossoverParts;\nlet wasm;"
            ),
            "{one}"
        );
        assert!(one.ends_with("const crossoverPageInit = __wbg_init;\n{\nlet wasm;\nconst init = crossoverPageInit;\nwasm = await init({});\n}\n"), "{one}");
        // Without parts (a development build), the page's script and the start script alone.
        let glue = "let wasm;\nasync function __wbg_init() {}\nexport { initSync, __wbg_init as default };\n";
        let one = merged(BOOT, glue, "crossover-1f.js", None).unwrap();
        assert!(
            one.starts_with("let wasm;") && one.contains("const crossoverPageInit = __wbg_init;"),
            "{one}"
        );
    }

    #[test]
    fn anything_else_imported_or_exported_is_refused() {
        let other = "import * as x from \"./elsewhere.js\"\nexport { a as default };\n";
        assert!(merged(BOOT, other, "crossover-1f.js", None).is_err());
        let parts = "import { initSync } from \"./crossover-1f.js\";\nexport function f() {}\n";
        assert!(merged(BOOT, GLUE, "crossover-1f.js", Some(("parts-2e.js", parts))).is_err());
        assert!(merged("no call", GLUE, "crossover-1f.js", Some(("parts-2e.js", PARTS))).is_err());
        assert!(
            merged(BOOT, GLUE, "crossover-1f.js", None).is_err(),
            "parts imported but not loaded"
        );
    }

    #[test]
    fn the_page_loads_only_the_start_script_under_its_new_name() {
        let mut folder = Folder::of([
            ("boot-aa.js", BOOT.as_bytes()),
            ("crossover-1f.js", GLUE.as_bytes()),
            ("parts-2e.js", PARTS.as_bytes()),
            ("crossover-worker-0.js", &b"w"[..]),
        ]);
        let page = "<head><script integrity=sha384-b src=./boot-aa.js type=module></script><link crossorigin href=./crossover-1f.js integrity=sha384-g rel=modulepreload><link crossorigin href=./parts-2e.js integrity=sha384-p rel=modulepreload><meta name=\"crossover-worker\" content=\"./crossover-worker-0.js\"></head>";
        let page = into_start_script(page, &mut folder).unwrap();
        assert!(!page.contains("modulepreload") && !page.contains("boot-aa.js"), "{page}");
        let name = page.split("src=./").nth(1).unwrap().split(' ').next().unwrap();
        let one = folder.text(name).unwrap();
        assert!(
            page.contains(&format!(
                "<script integrity={} src=./{name} type=module></script><meta",
                integrity(one.as_bytes())
            )),
            "{page}"
        );
        assert_eq!(
            folder.names().collect::<Vec<_>>(),
            [name, "crossover-worker-0.js"],
            "the three scripts are one"
        );
    }
}
