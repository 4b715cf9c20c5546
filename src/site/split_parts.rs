//! Step 7: the page's parts (`ui::parts`), cut from its wasm by the release build
//! (xtask/src/release.rs), placed beside the page.
//!
//! The cut leaves one wasm per part (and one for code two parts share), which the release build
//! optimises, and the script that fetches them, `__wasm_split.js`, which the page's
//! wasm-bindgen script imports. This step:
//!
//! - names each part by its content, `part-…`, fetched by the script with an integrity check;
//! - names the script by its content, `parts-…`: the page's wasm-bindgen script imports it under
//!   that name, and is itself renamed and rechecked for it; the script imports the page's under
//!   its final name, and the page preloads it with an integrity hash like its other modules.
//!
//! The script's name comes from its content before the page's name is written into it, since
//! each of the two scripts names the other. A build without the cut (a plain `trunk build`) has
//! no cut script, and nothing to do.

use super::content_hash::{content_name, integrity};
use super::folder::Folder;
use super::glue_script::{self, script_name};
use crate::shared_names::files::{PART, PARTS_SCRIPT};

/// The script the cut writes, as the page's wasm-bindgen script imports it.
const CUT_SCRIPT: &str = "__wasm_split.js";
/// How the cut's script imports the page's wasm-bindgen script (its `--out-name`).
const CUT_PAGE_IMPORT: &str = "from \"./crossover.js\"";

/// The cut's script and the parts it fetches, taken out of `folder` where the release build
/// put them beside the page's files; `None` for a build without the cut (a plain `trunk
/// build`).
pub fn take_cut(folder: &mut Folder) -> Result<Option<Folder>, String> {
    let Some(script) = folder.remove(CUT_SCRIPT) else { return Ok(None) };
    let mut cut = Folder::default();
    for part in part_files(&String::from_utf8_lossy(&script)) {
        let bytes = folder
            .remove(&part)
            .ok_or(format!("{CUT_SCRIPT} fetches {part}, which the build did not write"))?;
        cut.put(&part, bytes, &[]);
    }
    cut.put(CUT_SCRIPT, script, &[]);
    Ok(Some(cut))
}

/// Places the parts of `cut` (optimised by the release build) in `folder` beside the page.
pub fn place(page: &str, folder: &mut Folder, cut: &Folder) -> Result<String, String> {
    let script = cut.text(CUT_SCRIPT)?;
    if !script.contains(CUT_PAGE_IMPORT) {
        return Err(format!(
            "{CUT_SCRIPT} does not import the page's script as `{CUT_PAGE_IMPORT}`"
        ));
    }
    let mut script = with_streaming_fallback(script)?;
    for part in part_files(&script) {
        let optimised = cut.bytes(&part)?;
        let name = content_name(&format!("{PART}{}-", readable(&part)), optimised, ".wasm");
        script = with_part_named(&script, &part, &name, &integrity(optimised))?;
        folder.put(&name, optimised, &[]);
    }
    let script_file = content_name(PARTS_SCRIPT, script.as_bytes(), ".js");
    let page = import_renamed(page, folder, &script_file)?;
    let glue = script_name(&page).ok_or("the built index.html names no crossover-<hash>.js")?;
    let script = script.replacen(CUT_PAGE_IMPORT, &format!("from \"./{glue}\""), 1);
    let preloaded = with_preload(&page, glue, &script_file, &integrity(script.as_bytes()))?;
    folder.put(&script_file, script, &[]);
    Ok(preloaded)
}

/// How the cut's script compiles a part: streaming, which a browser refuses for a file not
/// served as `application/wasm`.
const CUT_INSTANTIATE: &str = "(WebAssembly.instantiateStreaming(src, imports))";

/// The script compiling a part the way `boot.js` compiles the page's wasm: streaming where it
/// can, and where the host labels the file otherwise, once it has all arrived (a fetch that
/// failed fails again there, with its own error).
fn with_streaming_fallback(script: &str) -> Result<String, String> {
    if script.matches(CUT_INSTANTIATE).count() == 0 {
        return Err(format!("{CUT_SCRIPT} does not compile its parts as `{CUT_INSTANTIATE}`"));
    }
    Ok(script.replace(
        CUT_INSTANTIATE,
        "(WebAssembly.instantiateStreaming(src, imports).catch(async () => WebAssembly.instantiate(await (await src).arrayBuffer(), imports)))",
    ))
}

/// The wasm files the script fetches, as it names them (`./name.wasm`).
fn part_files(script: &str) -> Vec<String> {
    script
        .match_indices("new URL(\"./")
        .filter_map(|(at, found)| {
            let rest = script.get(at + found.len()..)?;
            let name = rest.get(..rest.find('"')?)?;
            name.ends_with(".wasm").then(|| name.to_string())
        })
        .collect()
}

/// A part's file name as the cut gives it, as words for its new name: `split_chip.wasm` reads
/// `chip`, `chunk_3.wasm` reads `chunk-3`.
fn readable(file: &str) -> String {
    let stem = file.trim_end_matches(".wasm");
    stem.strip_prefix("split_").unwrap_or(stem).replace('_', "-")
}

/// The script fetching `part` as `name`, checked against `integrity`.
fn with_part_named(
    script: &str,
    part: &str,
    name: &str,
    integrity: &str,
) -> Result<String, String> {
    let fetch = format!("fetch(new URL(\"./{part}\", import.meta.url))");
    if script.matches(&fetch).count() != 1 {
        return Err(format!("{CUT_SCRIPT} does not fetch {part} as `{fetch}`"));
    }
    Ok(script.replacen(
        &fetch,
        &format!("fetch(new URL(\"./{name}\", import.meta.url), {{ integrity: \"{integrity}\" }})"),
        1,
    ))
}

/// The page's wasm-bindgen script importing the parts' script as `script_file`, under a new name
/// from its new content, with the page's link and integrity hash following.
fn import_renamed(page: &str, folder: &mut Folder, script_file: &str) -> Result<String, String> {
    let import = format!("from \"./{CUT_SCRIPT}\"");
    glue_script::rewrite(page, folder, |glue| {
        if glue.contains(&import) {
            Ok(glue.replace(&import, &format!("from \"./{script_file}\"")))
        } else {
            Err(format!("the page's script does not import the parts' script as `{import}`"))
        }
    })
}

/// The page with a module preload of the parts' script, checked against `integrity`, after its
/// preload of the page's script `glue`.
fn with_preload(
    page: &str,
    glue: &str,
    script_file: &str,
    integrity: &str,
) -> Result<String, String> {
    let link_start = page
        .match_indices("<link")
        .map(|(at, _)| at)
        .find(|&at| {
            page.get(at..).and_then(|rest| rest.find('>')).is_some_and(|end| {
                page.get(at..at + end)
                    .is_some_and(|tag| tag.contains(glue) && tag.contains("modulepreload"))
            })
        })
        .ok_or(format!("the page has no modulepreload link to {glue}"))?;
    let end = link_start
        + page.get(link_start..).and_then(|rest| rest.find('>')).ok_or("an unclosed <link")?
        + 1;
    let link =
        format!("<link crossorigin href=./{script_file} integrity={integrity} rel=modulepreload>");
    Ok(format!("{}{link}{}", page.get(..end).unwrap_or(page), page.get(end..).unwrap_or("")))
}

#[cfg(test)]
mod tests {
    use super::*;

    const CUT: &str = r#"import { initSync } from "./crossover.js";
function getSharedImports() {
        const { __indirect_function_table, __wasm_split_shared0, memory,  } = initSync(undefined, undefined);
}
const __chunk_3 = makeLoad(() => {
    const src = fetch(new URL("./chunk_3.wasm", import.meta.url));
}, []);
export const __wasm_split_load_chip = wrapAsyncCb(makeLoad(() => {
    const src = fetch(new URL("./split_chip.wasm", import.meta.url));
}, [__chunk_3]));
"#;

    #[test]
    fn a_part_served_as_another_type_is_compiled_once_it_has_arrived() {
        let cut = "const src = fetch(x);\n    return async (imports) => (WebAssembly.instantiateStreaming(src, imports));";
        let script = with_streaming_fallback(cut).unwrap();
        assert!(script.contains("instantiateStreaming(src, imports).catch(async () => WebAssembly.instantiate(await (await src).arrayBuffer(), imports))"), "{script}");
        assert!(with_streaming_fallback("nothing to compile").is_err());
    }

    #[test]
    fn finds_every_part_the_script_fetches() {
        assert_eq!(part_files(CUT), ["chunk_3.wasm", "split_chip.wasm"]);
        assert_eq!(readable("split_chip.wasm"), "chip");
        assert_eq!(readable("chunk_3.wasm"), "chunk-3");
    }

    #[test]
    fn the_script_fetches_each_part_by_its_new_name_with_its_hash() -> Result<(), String> {
        let script = with_part_named(CUT, "chunk_3.wasm", "part-chunk-3-ab.wasm", "sha384-x")?;
        assert!(script.contains(
            r#"fetch(new URL("./part-chunk-3-ab.wasm", import.meta.url), { integrity: "sha384-x" })"#
        ));
        assert!(!script.contains("chunk_3.wasm"));
        assert!(with_part_named(CUT, "split_other.wasm", "x", "y").is_err());
        Ok(())
    }

    #[test]
    fn the_preload_follows_the_page_scripts_own() -> Result<(), String> {
        let page = "<head><link crossorigin href=./crossover-1f.js integrity=sha384-a rel=modulepreload><meta x></head>";
        let page = with_preload(page, "crossover-1f.js", "parts-2e.js", "sha384-b")?;
        assert_eq!(
            page,
            "<head><link crossorigin href=./crossover-1f.js integrity=sha384-a rel=modulepreload><link crossorigin href=./parts-2e.js integrity=sha384-b rel=modulepreload><meta x></head>"
        );
        assert!(with_preload("<head></head>", "crossover-1f.js", "p.js", "i").is_err());
        Ok(())
    }
}
