//! The page's building blocks, shared by every section: controls, readouts, radio choices,
//! figure cards with their canvas and table, the handles dragged on them and the player that
//! runs a request under them, the guess form and its veil, disclosures, the workload label,
//! notices, sharing, theme and presets, and the masthead that opens a door.

pub mod announcer;
pub mod canvas;
pub mod choice;
pub mod controls;
pub mod data_table;
pub mod disclosure;
pub mod figure_card;
pub mod guess;
#[cfg(target_arch = "wasm32")]
pub mod handle;
pub mod lab_panel;
pub mod masthead;
pub mod notices;
pub mod player;
pub mod presets;
pub mod readout;
pub mod share;
pub mod table_of;
pub mod theme;
pub mod veil;
pub mod workload_label;
