//! A bake-off from two runs: each run taken as a deployment, the length at which their
//! completion lines cross with the uncertainty the runs leave, who finishes first at a given
//! answer length, the comparison table's numbers, and what makes the pair an unfair race.
//!
//! Everything is computed from a run and its fit, with seeds drawn from the requests, so the
//! same two files always give the same answer, in a Web Worker and in native tests alike.

pub mod crossover;
pub mod deployment;
pub mod mismatch;
pub mod percentile;
pub mod points;
pub mod sample;
pub mod side;
pub mod table;
pub mod winner;

pub use crossover::{estimate, CrossoverEstimate, NstarRange, Orders};
pub use deployment::RunDeployment;
pub use mismatch::{findings, Finding};
pub use percentile::TtftPercentile;
pub use points::{completion_points, Overlay, Point, MOST_POINTS};
pub use sample::{LineSecs, NoDeployment};
pub use side::{both_from_runs, sources, ChipSide, RunSide};
pub use table::{table, Column, Table, Workload};
pub use winner::{winner_at, WinnerAt};
