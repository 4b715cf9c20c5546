//! The native tests, as one test binary with a module per subject: each file under `tests/` used
//! to be a binary of its own, and every one of them linked the crate and its dependencies
//! again.

mod charts_svg;
mod completion_chart;
mod deep_model;
mod deployments_figures;
mod label_clearance;
mod lengths_chart;
mod lesson_figures;
mod measurements_files;
mod measurements_fit;
mod measurements_formats;
mod measurements_fuzz;
mod model_properties;
mod parse_fuzz;
mod prerender;
mod readme_params;
