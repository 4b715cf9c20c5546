//! Every sentence and table the page builds from numbers, as pure functions of the state and
//! the model: compiled natively, unit-tested and held to the no-panic lints like the layers
//! below. Components in `ui` only place them.

pub mod announce;
pub mod compare;
pub mod comparison;
pub mod deeper;
pub mod deployments;
pub mod embed;
pub mod fields;
pub mod figure_csv;
pub mod files;
pub mod levers;
pub mod live;
pub mod markdown;
pub mod measurements;
pub mod piece;
pub mod playing;
pub mod request;
pub mod review;
pub mod roofline;
pub mod sample_answer;
pub mod sample_run;
pub mod scenarios;
pub mod slides;
pub mod strip;
pub mod veil;
