//! Measuring two live OpenAI-compatible servers from the page: a designed experiment whose
//! requests identify both rates of each server, timed as the serving benchmarks time a stream,
//! and written down as a file the page's own reader reads back ([`crate::measurements::formats::live`]).
//!
//! Everything here is plain computation: the plan and its order, the prompts, reading the
//! event stream, what a request's times and counts were, why it failed, and the file. The page
//! (`ui::workbench::live`) only sends the requests and hands this module what came back, with
//! the clock's readings.

pub mod address;
pub mod failure;
pub mod file;
pub mod plan;
pub mod prompt;
pub mod stream;
pub mod timing;

pub use failure::Failure;
pub use plan::{Plan, Planned, Side};
pub use timing::Timed;
