//! One program, two places. In the browser it mounts the page (`ui::mount`). Natively, Trunk.toml's
//! post-build hook runs it on the built index.html, and it runs the site's build steps there
//! (`site::build`): the lesson's markup written in, the wasm fetched after the first paint, the
//! worker's files named by content, the start script without its comments, the sample run
//! named by content.

#[cfg(target_arch = "wasm32")]
fn main() {
    crossover::ui::mount();
}

#[cfg(not(target_arch = "wasm32"))]
#[expect(clippy::print_stderr, reason = "a build step's one line of failure")]
fn main() -> std::process::ExitCode {
    let Some(path) = std::env::args_os().nth(1) else {
        eprintln!("usage: crossover <built index.html>: writes the lesson's markup into it (the browser runs the page itself; see the README's quick start)");
        return std::process::ExitCode::FAILURE;
    };
    let path = std::path::Path::new(&path);
    match crossover::site::build(path) {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("crossover: cannot write the lesson into {}: {e}", path.to_string_lossy());
            std::process::ExitCode::FAILURE
        }
    }
}
