//! Step 3: gives the measurements worker's files names from their content and its wasm an
//! integrity check, which trunk's worker pipeline does for neither.
//!
//! Trunk writes the worker as three fixed names: a loader, wasm-bindgen's glue and the wasm.
//! Fixed names let a browser or a proxy pair a new page with an old cached worker, and a wasm
//! fetched without `integrity` is run whatever it holds. This step replaces the three with two:
//!
//! - `crossover-worker-<hash>_bg.wasm`, the wasm as built;
//! - `crossover-worker-<hash>.js`, the glue followed by one line that fetches that wasm with its
//!   sha384 `integrity` (a fetch refuses a body that does not match). If that or the start
//!   fails, it throws where the page's `error` handler hears it instead of leaving it waiting.
//!
//! The page learns the script's name from a `<meta name="crossover-worker">` written into the
//! built index.html, so nothing is fetched for it before a reader loads a file. The page never
//! runs the script itself: it starts the worker from it, and a worker started from a script
//! (`new Worker(url)`) cannot be given an integrity in any browser, so the worker's copy is
//! checked only through the wasm it fetches, whose hash it holds.
//!
//! The script is named by the wasm and the start line, not by its own bytes: trunk's minifier
//! writes the same glue with its names in a different order from one build to the next, which
//! would give an unchanged worker a new name, and every returning reader a new download, on
//! each deploy. The glue is wasm-bindgen's for exactly that wasm (its imports are the glue's
//! functions, named by hash), so the same wasm means the same glue, however it is minified.

use super::content_hash::{content_name, integrity, put};
use crate::shared_names::files::{MEASUREMENTS_PROMISE, WORKER, WORKER_META};
use std::fs;
use std::path::Path;

/// Trunk's names for the worker crate's output, from index.html's `data-bin` ([`WORKER`]): the
/// wasm, wasm-bindgen's glue and trunk's loader.
fn trunk_names() -> [String; 3] {
    [format!("{WORKER}_bg.wasm"), format!("{WORKER}.js"), format!("{WORKER}_loader.js")]
}

/// Renames the worker's files in `dir` by content, writes the wasm's integrity into the script
/// and the script's name into the page.
pub fn name_by_content(page: &str, dir: &Path) -> Result<String, String> {
    let read = |name: &str| {
        fs::read(dir.join(name)).map_err(|e| format!("the worker's {name} is missing: {e}"))
    };
    let trunk = trunk_names();
    let [wasm_file, glue_file, loader_file] = &trunk;
    let (wasm, glue) = (read(wasm_file)?, read(glue_file)?);
    let glue =
        String::from_utf8(glue).map_err(|_| format!("the worker's {glue_file} is not UTF-8"))?;
    let wasm_name = content_name(&format!("{WORKER}-"), &wasm, "_bg.wasm");
    let start = start_line(&wasm_name, &integrity(&wasm));
    // Named by the wasm and the line that starts it, not by the minified glue (see the module).
    let script_name =
        content_name(&format!("{WORKER}-"), &[&wasm, start.as_bytes()].concat(), ".js");
    let script = format!("{glue}\n{start}");
    let page = with_meta(page, &script_name)?;
    put(dir, &wasm_name, &wasm, &[wasm_file])?;
    // The loader is trunk's and replaced by the script's last line; it may be absent.
    put(dir, &script_name, script.as_bytes(), &[glue_file, loader_file])?;
    Ok(page)
}

/// The line after the glue that starts it on the wasm named `wasm_name`, checked against
/// `integrity`.
fn start_line(wasm_name: &str, integrity: &str) -> String {
    // The promise of the wasm's functions is left in `MEASUREMENTS_PROMISE` for the tests. A
    // failed start would be an unhandled rejection, which a worker does not report to its page:
    // it is thrown instead, where the page's `error` handler hears it.
    format!(
        "self.{MEASUREMENTS_PROMISE}=wasm_bindgen({{module_or_path:fetch(\"./{wasm_name}\",\
         {{integrity:\"{integrity}\"}})}}).then(()=>wasm_bindgen);\
         {MEASUREMENTS_PROMISE}.catch(e=>setTimeout(()=>{{throw e}}));\n"
    )
}

/// `page` with the `<meta>` naming the worker's script added at the end of its head. The page
/// never runs the script itself: it starts the worker from it, and `new Worker(url)` takes no
/// integrity, so none is written.
fn with_meta(page: &str, script_name: &str) -> Result<String, String> {
    if page.contains(&format!("name={WORKER_META}"))
        || page.contains(&format!("name=\"{WORKER_META}\""))
    {
        return Err("the built index.html names a worker already: was this step run twice?".into());
    }
    let at = page.find("</head>").ok_or("the built index.html has no </head>")?;
    let (head, rest) = page.split_at(at);
    Ok(format!("{head}<meta name=\"{WORKER_META}\" content=\"./{script_name}\">{rest}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::site::content_hash::short_hash;

    /// The worker's files as trunk writes them.
    const WASM: &str = "crossover-worker_bg.wasm";
    const GLUE: &str = "crossover-worker.js";
    const LOADER: &str = "crossover-worker_loader.js";

    /// A folder laid out as trunk leaves it, with the given wasm bytes.
    fn staged(wasm: &[u8]) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!(
            "crossover-worker-files-{}-{}",
            std::process::id(),
            short_hash(wasm)
        ));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        fs::write(dir.join(WASM), wasm).unwrap();
        fs::write(dir.join(GLUE), "let wasm_bindgen=(()=>{})();").unwrap();
        fs::write(dir.join(LOADER), "importScripts(\"./crossover-worker.js\");").unwrap();
        fs::write(dir.join("index.html"), "<html><head><title>t</title></head><body></body>")
            .unwrap();
        dir
    }

    fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn the_files_are_named_by_content_and_the_page_names_the_script() {
        let wasm = b"\0asm\x01\0\0\0 one build";
        let dir = staged(wasm);
        super::super::on_file(&dir.join("index.html"), name_by_content).unwrap();
        let names = names(&dir);
        assert_eq!(names.len(), 3, "{names:?}");
        let script = names.iter().find(|n| n.ends_with(".js")).unwrap();
        let wasm_name = names.iter().find(|n| n.ends_with("_bg.wasm")).unwrap();
        assert!(script.starts_with("crossover-worker-") && script.len() == 36, "{script}");
        assert_eq!(wasm_name, &format!("crossover-worker-{}_bg.wasm", short_hash(wasm)));
        assert_eq!(fs::read(dir.join(wasm_name)).unwrap(), wasm, "the wasm is moved unchanged");

        let page = fs::read_to_string(dir.join("index.html")).unwrap();
        let text = fs::read_to_string(dir.join(script)).unwrap();
        let meta = format!("<meta name=\"crossover-worker\" content=\"./{script}\"></head>");
        assert!(page.contains(&meta), "the page names the script: {page}");
        assert!(text.starts_with("let wasm_bindgen="), "the glue comes first");
        // The integrity is the wasm's own sha384, which a fetch checks the body against.
        let expected = integrity(wasm);
        assert!(expected.starts_with("sha384-") && expected.len() == 7 + 64, "{expected}");
        assert!(text.contains(&format!("fetch(\"./{wasm_name}\",{{integrity:\"{expected}\"}})")));
        assert!(text.ends_with(&start_line(wasm_name, &expected)), "the start line comes last");

        // Run twice on the same page, the step refuses rather than naming two workers.
        fs::write(dir.join(WASM), wasm).unwrap();
        fs::write(dir.join(GLUE), "x").unwrap();
        assert!(super::super::on_file(&dir.join("index.html"), name_by_content)
            .unwrap_err()
            .contains("twice"));
        fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn the_same_wasm_minified_otherwise_keeps_its_names() {
        let wasm = b"\0asm\x01\0\0\0 same build";
        let named = |glue: &str| {
            let dir = staged(wasm);
            fs::write(dir.join(GLUE), glue).unwrap();
            super::super::on_file(&dir.join("index.html"), name_by_content).unwrap();
            let found = names(&dir);
            let script = found.iter().find(|n| n.ends_with(".js")).cloned().unwrap();
            let text = fs::read_to_string(dir.join(&script)).unwrap();
            fs::remove_dir_all(dir).unwrap();
            (found, text)
        };
        let (first, first_text) = named("let wasm_bindgen=(a=>{let P=null,O=1;})();");
        let (second, second_text) = named("let wasm_bindgen=(a=>{let O=1,P=null;})();");
        assert_eq!(first, second, "the same names");
        assert!(
            first_text.starts_with("let wasm_bindgen=(a=>{let P=null"),
            "each with its own glue"
        );
        assert!(second_text.starts_with("let wasm_bindgen=(a=>{let O=1"), "{second_text}");
    }

    #[test]
    fn another_wasm_gives_other_names() {
        let (a, b) = (staged(b"\0asm build a"), staged(b"\0asm build b"));
        super::super::on_file(&a.join("index.html"), name_by_content).unwrap();
        super::super::on_file(&b.join("index.html"), name_by_content).unwrap();
        let (names_a, names_b) = (names(&a), names(&b));
        assert!(names_a.iter().zip(&names_b).all(|(x, y)| x != y || x == "index.html"));
        fs::remove_dir_all(a).unwrap();
        fs::remove_dir_all(b).unwrap();
    }

    #[test]
    fn a_build_without_the_worker_is_refused() {
        let dir = staged(b"\0asm");
        fs::remove_file(dir.join(WASM)).unwrap();
        let error = super::super::on_file(&dir.join("index.html"), name_by_content).unwrap_err();
        assert!(error.contains(WASM), "{error}");
        assert!(with_meta("<body></body>", "w.js").is_err());
        fs::remove_dir_all(dir).unwrap();
    }
}
