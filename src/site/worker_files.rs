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
//! The script is named by the wasm and the start line, not by its own bytes: trunk's minifier (in
//! a `trunk build --release`; the release build's own pipeline does not minify it)
//! writes the same glue with its names in a different order from one build to the next, which
//! would give an unchanged worker a new name, and every returning reader a new download, on
//! each deploy. The glue is wasm-bindgen's for exactly that wasm (its imports are the glue's
//! functions, named by hash), so the same wasm means the same glue, however it is minified.

use super::content_hash::{content_name, integrity};
use super::folder::Folder;
use super::markup::with_meta;
use crate::shared_names::files::{MEASUREMENTS_PROMISE, WORKER, WORKER_META};

/// Trunk's names for the worker crate's output, from index.html's `data-bin` ([`WORKER`]): the
/// wasm, wasm-bindgen's glue and trunk's loader.
fn trunk_names() -> [String; 3] {
    [format!("{WORKER}_bg.wasm"), format!("{WORKER}.js"), format!("{WORKER}_loader.js")]
}

/// Renames the worker's files in `folder` by content, writes the wasm's integrity into the script
/// and the script's name into the page.
pub fn name_by_content(page: &str, folder: &mut Folder) -> Result<String, String> {
    let trunk = trunk_names();
    let [wasm_file, glue_file, loader_file] = &trunk;
    let missing = |e: String| format!("the worker's files are not all there: {e}");
    let wasm = folder.bytes(wasm_file).map_err(missing)?.to_vec();
    // wasm-bindgen's own script loses its comments and indentation, as the page's does
    // (`glue_script`); one it cannot read line by line (trunk's minified release) stays as it is.
    let glue = folder.text(glue_file).map_err(missing)?;
    let glue = super::glue_script::without_comments(glue).unwrap_or_else(|_| glue.to_string());
    let wasm_name = content_name(&format!("{WORKER}-"), &wasm, "_bg.wasm");
    let start = start_line(&wasm_name, &integrity(&wasm));
    // Named by the wasm and the line that starts it, not by the minified glue (see the module).
    let script_name =
        content_name(&format!("{WORKER}-"), &[&wasm, start.as_bytes()].concat(), ".js");
    let script = format!("{glue}\n{start}");
    let page = worker_meta(page, &script_name)?;
    folder.put(&wasm_name, wasm, &[wasm_file]);
    // The loader is trunk's and replaced by the script's last line; it may be absent.
    folder.put(&script_name, script, &[glue_file, loader_file]);
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

/// The `<meta>` naming the worker's script. The page never runs the script itself: it starts
/// the worker from it, and `new Worker(url)` takes no integrity, so none is written.
fn worker_meta(page: &str, script_name: &str) -> Result<String, String> {
    with_meta(page, WORKER_META, &format!("content=\"./{script_name}\""))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::site::content_hash::short_hash;

    /// The worker's files as trunk writes them.
    const WASM: &str = "crossover-worker_bg.wasm";
    const GLUE: &str = "crossover-worker.js";
    const LOADER: &str = "crossover-worker_loader.js";

    const PAGE: &str = "<html><head><title>t</title></head><body></body>";

    /// A folder laid out as trunk leaves it, with the given wasm bytes and glue.
    fn staged<'a>(wasm: &'a [u8], glue: &'a str) -> Folder {
        Folder::of([
            (WASM, wasm),
            (GLUE, glue.as_bytes()),
            (LOADER, &b"importScripts(\"./crossover-worker.js\");"[..]),
        ])
    }

    fn names(folder: &Folder) -> Vec<String> {
        folder.names().map(str::to_string).collect()
    }

    #[test]
    fn the_files_are_named_by_content_and_the_page_names_the_script() {
        let wasm = b"\0asm\x01\0\0\0 one build";
        let mut folder = staged(wasm, "let wasm_bindgen=(()=>{})();");
        let page = name_by_content(PAGE, &mut folder).unwrap();
        let names = names(&folder);
        assert_eq!(names.len(), 2, "{names:?}");
        let script = names.iter().find(|n| n.ends_with(".js")).unwrap();
        let wasm_name = names.iter().find(|n| n.ends_with("_bg.wasm")).unwrap();
        assert!(script.starts_with("crossover-worker-") && script.len() == 36, "{script}");
        assert_eq!(wasm_name, &format!("crossover-worker-{}_bg.wasm", short_hash(wasm)));
        assert_eq!(folder.bytes(wasm_name), Ok(&wasm[..]), "the wasm is moved unchanged");

        let text = folder.text(script).unwrap();
        let meta = format!("<meta name=\"crossover-worker\" content=\"./{script}\"></head>");
        assert!(page.contains(&meta), "the page names the script: {page}");
        assert!(text.starts_with("let wasm_bindgen="), "the glue comes first");
        // The integrity is the wasm's own sha384, which a fetch checks the body against.
        let expected = integrity(wasm);
        assert!(expected.starts_with("sha384-") && expected.len() == 7 + 64, "{expected}");
        assert!(text.contains(&format!("fetch(\"./{wasm_name}\",{{integrity:\"{expected}\"}})")));
        assert!(text.ends_with(&start_line(wasm_name, &expected)), "the start line comes last");

        // Run twice on the same page, the step refuses rather than naming two workers.
        let mut again = staged(wasm, "x");
        assert!(name_by_content(&page, &mut again).unwrap_err().contains("twice"));
    }

    #[test]
    fn the_same_wasm_minified_otherwise_keeps_its_names() {
        let wasm = b"\0asm\x01\0\0\0 same build";
        let named = |glue: &str| {
            let mut folder = staged(wasm, glue);
            name_by_content(PAGE, &mut folder).unwrap();
            let found = names(&folder);
            let script = found.iter().find(|n| n.ends_with(".js")).cloned().unwrap();
            let text = folder.text(&script).unwrap().to_string();
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
        let (mut a, mut b) = (staged(b"\0asm build a", "g"), staged(b"\0asm build b", "g"));
        name_by_content(PAGE, &mut a).unwrap();
        name_by_content(PAGE, &mut b).unwrap();
        let (names_a, names_b) = (names(&a), names(&b));
        assert_eq!(names_a.len(), 2);
        assert!(names_a.iter().zip(&names_b).all(|(x, y)| x != y));
    }

    #[test]
    fn a_build_without_the_worker_is_refused() {
        let mut folder = staged(b"\0asm", "g");
        folder.put("other.js", "o", &[WASM]);
        let error = name_by_content(PAGE, &mut folder).unwrap_err();
        assert!(error.contains(WASM), "{error}");
        assert!(worker_meta("<body></body>", "w.js").is_err());
    }
}
