//! The native tests, as one test binary with a module per subject: a binary per file would link
//! the crate and its dependencies once for each.

mod charts_svg;
mod completion_chart;
mod component_length;
mod deep_model;
mod deployments_figures;
mod figure_controls;
mod figures;
mod label_clearance;
mod lengths_chart;
mod lesson_figures;
mod measurements_compare;
mod measurements_files;
mod measurements_fit;
mod measurements_formats;
mod measurements_fuzz;
mod measurements_hostile;
mod model_properties;
mod one_source;
mod params_fixture;
mod parse_fuzz;
mod prerender;
mod readme_layout;
mod readme_params;
mod review_pairs;
mod rng;
mod roofline;
mod roofline_page;
