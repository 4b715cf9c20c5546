//! Where the two rates come from: the chip beneath them. The lesson's section (`ChipBeneath`)
//! teaches why prefill is compute-bound and decode memory-bound, shows Figure 4, asks for a
//! prediction about the H200 and says why the lesson's 8,000 and 60 are ordinary hardware. The
//! workbench's calculator (`ChipCalculator`) works the rates out for any chip, model, precision
//! and serving, and hands them to deployment A or B.

mod calculator;
mod challenge;
mod lesson;
mod panel;
mod rates;
mod sources;

pub use calculator::ChipCalculator;
pub use lesson::ChipBeneath;
