//! Two deployments reviewed side by side in the workbench: what each side is (typed, a chip's,
//! a run's), what a run observed, whether the pair can be compared as run, and what the record a
//! reviewer signs says of them.

pub mod facts;
pub mod observed;
pub mod standing;
