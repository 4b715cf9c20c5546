//! Crossover: an interactive explainer of LLM response latency.
//!
//! Layers, bottom up: `model` (latency arithmetic on plain numbers), `format` (numbers to text),
//! `state` (the page's inputs, their bounds and the URL codec), `charts` (one drawing function
//! per figure over any plotters backend) and, in the browser build only, `ui` (Leptos).

pub mod charts;
pub mod format;
pub mod model;
pub mod state;

#[cfg(target_arch = "wasm32")]
pub mod ui;
