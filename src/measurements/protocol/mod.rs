//! Every message of the measurements section, written once for both crates. The section is two
//! programs: the page (`ui/sections/measurements/`, in the workbench's part) and the Web Worker
//! (the worker crate, started on a reader's first file), which reads and fits files, keeps the
//! runs, draws their figures and writes their downloads.
//!
//! - page → worker: [`Request`]s; worker → page: [`READY`] once its handler is set, then
//!   exactly one [`Reply`] per request in the order asked, a read's [`Reply::Progress`] reports
//!   coming before its answer.
//!
//! Every name the two share is written once: the messages' tags in [`Tag`]'s table, the others in
//! [`name!`]. The runs a read gives cross as one string, whose form is in [`runs`]; what the page
//! shows of a run or of two runs compared crosses as data in [`wire`]'s form, never as markup:
//! the page lays it out with its own components.
//!
//! Why here: both ends import it (the page from `ui`, the worker from its own crate), and it needs nothing above `state` (the number parser): a figure is named by its slug
//! and what the page shows crosses as a string of [`wire`]'s form, so it reaches up to neither
//! `charts` nor `text`, which write and read those strings. Placed in `measurements`, the lowest
//! layer whose subject it is, it is also held to this layer's no-panic lints, as code that reads
//! what another program sent must be. The names, the tags and the runs' text form are plain
//! Rust, tested natively; the conversions to and from `js_sys` values are a few lines each and
//! run only in the browser.
//!
//! Its rooms: [`names`] (every name shared), [`page`] (the downloads of a run), [`worker`]
//! (page and worker), [`runs`] and
//! [`wire`] (the text forms runs and views cross in) and [`bakeoff`] (two runs as the panel's
//! sides).

/// The most drawings the page takes from the worker for one run: one per figure of a run
/// (`charts::measured::RunFigure::ALL`; a native test holds the two together).
pub const MOST_BITMAPS: usize = 3;

pub mod bakeoff;
mod names;
mod page;
pub mod runs;
pub mod wire;
mod worker;

pub use bakeoff::{CompareAsked, DeploymentApplied, DeploymentAsked, SideAsked};
// Only the page's deployment inputs name things from outside this module; the worker's build of
// the crate leaves the page out.
#[cfg(feature = "page")]
pub(crate) use names::name;
pub use names::WORKER_META_SELECTOR;
pub use page::{FigureFormat, RunFile};
pub use runs::{decode_runs, encode_runs, PageRun, RunsReply};
pub use worker::{CssSize, FileContent, Reply, Request, RunAsDeployment, Tag, READY};
