//! The browser entry point: mount the app. Everything else lives in the library.

#[cfg(target_arch = "wasm32")]
fn main() {
    crossover::ui::mount();
}

#[cfg(not(target_arch = "wasm32"))]
#[allow(clippy::print_stderr, reason = "the one line a native run has to say")]
fn main() {
    eprintln!("crossover runs in the browser: see the README's quick start (cargo xtask serve).");
}
