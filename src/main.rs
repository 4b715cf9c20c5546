//! The browser entry point mounts the app. Natively, the same program writes the lesson's
//! markup into a built index.html (Trunk.toml's post-build hook runs it), so the page can be
//! read before its wasm has arrived, names the worker's files by their content
//! (worker_files.rs) and drops the start script's comment lines (boot_script.rs). Everything
//! else lives in the library.

#[cfg(not(target_arch = "wasm32"))]
mod boot_script;
#[cfg(not(target_arch = "wasm32"))]
mod content_hash;
#[cfg(not(target_arch = "wasm32"))]
mod worker_files;

#[cfg(target_arch = "wasm32")]
fn main() {
    crossover::ui::mount();
}

#[cfg(not(target_arch = "wasm32"))]
#[allow(clippy::print_stderr, reason = "a build step's one line of failure")]
fn main() -> std::process::ExitCode {
    let Some(path) = std::env::args_os().nth(1) else {
        eprintln!("usage: crossover <built index.html>: writes the lesson's markup into it (the browser runs the page itself; see the README's quick start)");
        return std::process::ExitCode::FAILURE;
    };
    let path = std::path::Path::new(&path);
    let steps = prerender_into(path)
        .and_then(|()| worker_files::name_by_content(path))
        .and_then(|()| boot_script::strip_comments(path));
    match steps {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("crossover: cannot write the lesson into {}: {e}", path.to_string_lossy());
            std::process::ExitCode::FAILURE
        }
    }
}

/// Fills the page's `#prerendered` element with the lesson, and has the wasm fetched once that
/// lesson is on screen rather than beside the page.
#[cfg(not(target_arch = "wasm32"))]
fn prerender_into(path: &std::path::Path) -> Result<(), String> {
    let page = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let filled = crossover::ui::fill_prerendered(&page, &crossover::ui::lesson_html())?;
    let filled = crossover::ui::defer_wasm_fetch(&filled)?;
    std::fs::write(path, filled).map_err(|e| e.to_string())
}
