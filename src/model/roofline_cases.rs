//! The lesson's six worked settings, in its order: the chip table's chips and models at the
//! lesson's efficiencies, from one A100 to a batch of 32 long sequences on an H100. The
//! presentation steps through them, and the tests hold each to the lesson's printed digits.

use super::chips::Chip;
use super::llms::Llm;
use super::precision::WeightPrecision;
use super::roofline::Serving;

/// A named setting.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WorkedCase {
    pub name: &'static str,
    pub serving: Serving,
}

/// The six settings, each built from [`Serving::lesson`] with what it changes.
pub fn worked_cases() -> [WorkedCase; 6] {
    let h100_8b = Serving::lesson(Chip::H100, Llm::Llama8b);
    [
        WorkedCase {
            name: "Llama 3.1 8B on one A100 80GB",
            serving: Serving::lesson(Chip::A100, Llm::Llama8b),
        },
        WorkedCase { name: "Llama 3.1 8B on one H100 SXM", serving: h100_8b },
        WorkedCase {
            name: "Llama 3.1 8B on one H200 SXM",
            serving: Serving::lesson(Chip::H200, Llm::Llama8b),
        },
        WorkedCase {
            name: "Llama 3.1 70B on four H100 SXM",
            serving: Serving { chips: 4.0, ..Serving::lesson(Chip::H100, Llm::Llama70b) },
        },
        WorkedCase {
            name: "Llama 3.1 8B with 4-bit weights on one H100 SXM",
            serving: Serving { weights: WeightPrecision::Int4, ..h100_8b },
        },
        WorkedCase {
            name: "Llama 3.1 8B on one H100 SXM, 32 sequences of 4,096 tokens",
            serving: Serving { batch: 32.0, context_tokens: 4_096.0, ..h100_8b },
        },
    ]
}
