//! The names the page and its worker share: each written once, in [`name!`]. The messages' tags
//! are written once too, in [`Tag`](super::Tag)'s table.

/// Each name the protocol gives a file or a place in the markup, as a literal: each is written
/// once, and a `match` can take it as a pattern.
macro_rules! name {
    // What the downloads are named in an export request.
    (fit) => {
        "fit"
    };
    (residuals) => {
        "residuals"
    };
    // The lines under the panel's sides naming the run each comes from.
    (run_side_a) => {
        "a-run"
    };
    (run_side_b) => {
        "b-run"
    };
}
pub(crate) use name;

// The `<meta>` naming the worker's script (named by its content at build time) is the
// contract's (`shared_names`), which the build step and the page share.
pub use crate::shared_names::files::WORKER_META_SELECTOR;
