//! One program, two places. In the browser it mounts the page (`ui::mount`). Natively it runs
//! the site's build steps (`site`): on the index.html trunk staged (Trunk.toml's post-build
//! hook, `site::build`), or on the files the release build's toolchain wrote
//! (xtask/src/release.rs, `site::release`): the lesson's markup written in, the wasm fetched
//! after the first paint, the files named by content.

#[cfg(target_arch = "wasm32")]
fn main() {
    crossover::ui::mount();
}

#[cfg(not(target_arch = "wasm32"))]
#[expect(clippy::print_stderr, reason = "a build step's one line of failure")]
fn main() -> std::process::ExitCode {
    use std::path::PathBuf;
    let args: Vec<PathBuf> = std::env::args_os().skip(1).map(PathBuf::from).collect();
    let outcome = match args.as_slice() {
        [flag, root, built, dist] if flag.as_os_str() == "--release-site" => {
            crossover::site::release(root, built, dist)
                .map_err(|e| format!("cannot build the site into {}: {e}", dist.display()))
        }
        [index] => crossover::site::build(index)
            .map_err(|e| format!("cannot write the lesson into {}: {e}", index.display())),
        _ => Err("usage: crossover <built index.html> (trunk's post-build hook), or crossover --release-site <project root> <the toolchain's files> <dist> (cargo xtask build); the browser runs the page itself, see the README's quick start".to_string()),
    };
    match outcome {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("crossover: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}
