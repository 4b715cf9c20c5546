//! The worker's work as plain Rust, apart from the browser's side (`main.rs`): compiled natively
//! too, so its tests, the memory test and the import benchmark run it as the worker does.

pub mod runs;
