//! The site as it is delivered: the steps that run natively (`src/main.rs`) once the page's wasm,
//! the worker's and their scripts are built. The release build (xtask/src/release.rs) builds
//! them with the toolchain's own steps and hands [`release`] their files, whose index.html tags
//! `assets` first resolves as trunk would; trunk's own builds (`trunk serve`, a plain `trunk
//! build`) run [`build`] from Trunk.toml's post-build hook on the page trunk staged. These steps
//! make of either a page that reads before its wasm arrives and fetches nothing it cannot
//! check. In the order they run:
//!
//! 1. `prerender`: the lesson at its defaults, rendered by the components the browser runs
//!    (`ui::render_lesson`), is written into the page's empty `#prerendered`, so a reader sees
//!    the text before the wasm has arrived, or without it. Its typed fields are written as the
//!    text they hold (`field_stand_ins`): as parsing ends, a browser's autofill would otherwise
//!    lay out every section that holds one, undoing the skipping of sections below the first
//!    screen.
//! 2. `deferred_wasm`: trunk's preload link for the wasm becomes a `<meta>` that fetches nothing,
//!    so the wasm does not share a slow line with the page and its stylesheet; `boot.js` fetches
//!    it, checked against its hash, once the lesson is painted. The wasm is then named by its own
//!    bytes, not by trunk's hash of the file before wasm-opt.
//!    Before that renaming, `import_names` gives the imports the wasm and its script share names
//!    of a letter or two in both files, in place of wasm-bindgen's names with their hashes; it
//!    does the same for the worker's two files before step 3.
//! 3. `worker_files`: the measurements worker's files, which come without hashes, are named
//!    by their content, its wasm is fetched with an integrity check, and the page learns the
//!    script's name from a `<meta>`.
//! 4. `boot_script`: `boot.js`, on every reader's first load, loses its comment lines, with its
//!    name and integrity hash in the page following its new content.
//! 5. `sample_run`: the result file the measurements section offers as a sample, which the build
//!    copies as it is named, is named by its content, and the page learns the name and its
//!    integrity hash from a `<meta>`, fetching it only when a reader asks.
//! 6. `glue_script`: the page's wasm-bindgen script, also on every first load, loses its doc
//!    comments and indentation, with its name and integrity hash in the page following.
//! 7. `split_parts`: the page's parts, cut from its wasm as it was linked, are optimised and
//!    named by content beside the page, with the script that fetches them; the page's script
//!    imports that script by its new name, and the page preloads it.
//!
//! 8. `one_module`: the parts' script and the page's wasm-bindgen script are written into the
//!    start script, whose hash every browser checks before it runs, and their own files and
//!    preloads go: the page imports nothing (Chromium runs a refused preload's file when it is
//!    imported).
//! 9. `embed_page`: the embedded figure's own page, `embed.html`, is the finished page without
//!    the lesson written in at step 1: a frame fetches the figure's code and none of the prose.
//!    Beside it (`embed_sketches`), every figure drawn at its defaults at a few widths in both
//!    palettes, in a folder named by content that the page names in a `<meta>`: `boot.js` shows
//!    the drawing that fits the frame until the wasm has drawn the canvas.
//! 10. `workbench_page`: the review workbench's own page, `workbench.html`, is the finished page
//!     with the workbench at its defaults written in where step 1 wrote the lesson.
//!
//! Each step takes the page as text and the files beside it as a [`Folder`] held in memory, and
//! hands both on: no step reads or writes the disk, so each step's test is its input and its
//! output. [`build`] reads the staged folder once and writes it once, after the last step.
//! `markup` reads start tags in the built HTML (for steps 1, 2 and 8); `content_hash` names every
//! file a step writes by its content, with one function, and writes integrity hashes from their
//! bytes (for steps 2 to 8). The names these steps share
//! with the page and the scripts are in `crate::shared_names`.
//!
//! Native only. It sits above `ui`, whose one public function here renders the lesson; nothing
//! in `ui` knows of it.

// 1. The lesson written into the page.
mod prerender;
// 2. The wasm fetched once the lesson is painted.
mod deferred_wasm;
// 2b. The imports of the wasm and its script under short names.
mod import_names;
// 3. The worker's files named by their content.
mod worker_files;
// 4. The start script without its comment lines.
mod boot_script;
// 5. The sample run named by its content.
mod sample_run;
// 6. The wasm-bindgen script without its comments and indentation.
mod glue_script;
// 7. The page's parts beside it.
mod split_parts;
// 8. One start script, the page's script and the parts' loader in it.
mod one_module;
// 9. The embedded figure's page, without the lesson, and its figures drawn at their defaults.
mod embed_page;
mod embed_sketches;
// 10. The workbench's page, with the workbench in place of the lesson.
mod workbench_page;

// What the steps use.
mod assets;
mod content_hash;
mod field_stand_ins;
mod folder;
mod markup;

pub use prerender::{lesson_html, workbench_html};

use folder::Folder;
use std::path::Path;

/// Which build the steps finish: trunk says in `TRUNK_PROFILE`. A development build (a plain
/// `trunk serve`) gets only the steps the page needs to run; the ones that only make it smaller
/// or name files for caching (2b, the wasm's name in 2, 4 and 6) are left out, so a saved
/// change reaches the page sooner. Outside trunk, the release build's steps all run.
fn trunk_release() -> bool {
    std::env::var("TRUNK_PROFILE").map_or(true, |profile| profile != "debug")
}

/// Runs every step, in order, on the page trunk staged at `index` and the files beside it. The
/// folder is read once, the page and the files are handed from step to step in memory, and the
/// folder is written once when every step has run: a step that fails leaves it as trunk staged
/// it.
pub fn build(index: &Path) -> Result<(), String> {
    let dir = index.parent().ok_or("the built index.html has no folder")?;
    let page_name = index.file_name().and_then(|n| n.to_str()).ok_or("no page name")?;
    let page = std::fs::read_to_string(index).map_err(|e| e.to_string())?;
    let staged = Folder::read(dir, page_name)?;
    let mut folder = staged.clone();
    let cut = split_parts::take_cut(&mut folder)?;
    let page = steps(&page, &mut folder, cut.as_ref(), trunk_release())?;
    folder.write_over(dir, &staged)?;
    std::fs::write(index, page).map_err(|e| e.to_string())
}

/// The release build's site (xtask/src/release.rs): index.html at `root`, its tags resolved
/// against the toolchain's files in `built` (`assets`), every step run, and the whole written
/// as the new folder `dist`.
pub fn release(root: &Path, built: &Path, dist: &Path) -> Result<(), String> {
    let source = std::fs::read_to_string(root.join("index.html"))
        .map_err(|e| format!("{}: {e}", root.join("index.html").display()))?;
    let mut folder = Folder::read(built, "")?;
    let cut = split_parts::take_cut(&mut folder)?;
    let page = assets::resolve(&source, &mut folder, |path| {
        std::fs::read(root.join(path)).map_err(|e| format!("{path}: {e}"))
    })?;
    let page = steps(&page, &mut folder, cut.as_ref(), true)?;
    folder.put("index.html", page, &[]);
    folder.write_new(dist)
}

/// The steps, in order, on `page` and the files beside it; `cut` holds the parts when the
/// build cut any.
fn steps(
    page: &str,
    folder: &mut Folder,
    cut: Option<&Folder>,
    release: bool,
) -> Result<String, String> {
    let lesson = lesson_html();
    let mut page = prerender::fill_prerendered(page, &lesson)?;
    page = deferred_wasm::defer_wasm_fetch(&page)?;
    if release {
        page = import_names::shorten(&page, folder)?;
        page = deferred_wasm::name_by_content(&page, folder)?;
        import_names::shorten_worker(folder)?;
    }
    page = worker_files::name_by_content(&page, folder)?;
    if release {
        page = boot_script::strip_comments(&page, folder)?;
    }
    page = sample_run::name_by_content(&page, folder)?;
    if release {
        page = glue_script::strip_comments(&page, folder)?;
    }
    if let Some(cut) = cut {
        page = split_parts::place(&page, folder, cut)?;
    }
    page = one_module::into_start_script(&page, folder)?;
    let sketches = crate::render::sketch::embed_sketches()?;
    page = embed_page::write(&page, &lesson, &sketches, folder)?;
    workbench_page::write(&page, &lesson, &workbench_html(), folder)
}
