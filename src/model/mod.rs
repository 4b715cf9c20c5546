//! The latency arithmetic, free of any web or drawing types so it can be tested natively.
//!
//! Every function takes plain numbers in the units its name carries (`_secs`, `_tokens`,
//! `_tokens_per_sec`) and returns plain numbers. Inputs are assumed to be within the bounds the
//! state layer enforces; the functions still never panic on anything else.

pub mod chips;
pub mod deep;
pub mod deployments;
pub mod input_range;
pub mod levers;
pub mod llms;
pub mod numerics;
pub mod precision;
pub mod reading;
pub mod request;
pub mod retries;
pub mod roofline;
pub mod roofline_cases;
pub mod rounding;
mod sanitize;
pub mod source;
pub mod workload;

pub use reading::ReadingSpeed;
pub use request::{Bound, Request};
