//! The chosen run read against the chip calculator: the model, the weights' precision and the
//! chip the file states, where the calculator knows them, and the chip section's own for the
//! rest, each said beside the shares of the hardware the run's rates imply. "Set MFU and MBU
//! from this run" puts the setting read and the shares into the section's controls.

use super::sentences::calibrated_text;
use super::StatedSetting;
use crate::format;
use crate::model::chips::Chip;
use crate::model::llms::Llm;
use crate::model::precision::WeightPrecision;
use crate::state::{Param, State};
use crate::text::piece::Piece;
use crate::text::roofline::{calibration_sentence, chips_phrase, setting, whole_batch};

/// How a run is read on the chip calculator.
#[derive(Clone, Debug, PartialEq)]
pub struct Reading {
    pub chip: Chip,
    pub llm: Llm,
    pub weights: WeightPrecision,
    /// "Read as … at a batch of …, your run's decode reached …".
    pub sentence: Vec<Piece>,
    /// What was read from the file and what was assumed.
    pub assumptions: Vec<Piece>,
    /// The shares the run's rates imply, where it gave the rate.
    pub mfu: Option<f64>,
    pub mbu: Option<f64>,
}

/// The run with `stated` and its fitted rates read on the section's setting `section`, with the
/// file's model, precision and chip in place of the section's wherever the calculator knows
/// them. `None` when the run gave neither rate.
pub fn read_run(
    section: &State,
    stated: &StatedSetting,
    prefill_tokens_per_sec: Option<f64>,
    decode_tokens_per_sec: Option<f64>,
) -> Option<Reading> {
    let named_llm = Llm::named(&stated.model);
    let precision_stated = WeightPrecision::named(&stated.precision);
    let precision_in_name = WeightPrecision::named(&stated.model);
    let named_chip = Chip::named(&stated.hardware);
    let mut read = *section;
    read.llm = named_llm.unwrap_or(section.llm);
    read.weights = precision_stated.or(precision_in_name).unwrap_or(section.weights);
    read.chip = named_chip.unwrap_or(section.chip);
    let serving = read.serving();
    let sentence = calibration_sentence(&serving, prefill_tokens_per_sec, decode_tokens_per_sec)?;
    let stated_piece = |s: &str| Piece::Stated(s.to_string());
    let mut assumptions = Vec::new();
    let model = serving.llm.name;
    match (stated.model.is_empty(), named_llm) {
        (false, Some(_)) => assumptions.extend([
            Piece::words("The file names its model, "),
            stated_piece(&stated.model),
            Piece::words(format!(": the calculator's {model}. ")),
        ]),
        (false, None) => assumptions.extend([
            Piece::words("The file names its model, "),
            stated_piece(&stated.model),
            Piece::words(format!(", which the calculator does not know: its {model} stands in. ")),
        ]),
        (true, _) => {
            assumptions.push(Piece::words(format!(
                "The file names no model: the chip section's {model} stands in. "
            )));
        }
    }
    let weights = read.weights.label();
    assumptions.push(Piece::words(match (precision_stated, precision_in_name) {
        (Some(_), _) => format!("Its weights are {weights}, as it states. "),
        (None, Some(_)) => format!("Its weights are {weights}, as the model's name says. "),
        (None, None) => {
            format!(
                "It states no precision for the weights: the chip section's {weights} is assumed. "
            )
        }
    }));
    let (chips, batch) =
        (chips_phrase(&serving), format::with_separators(whole_batch(&serving), 0));
    match (stated.hardware.is_empty(), named_chip) {
        (false, Some(_)) => assumptions.extend([
            Piece::words("The hardware it states, "),
            stated_piece(&stated.hardware),
            Piece::words(format!(
                ", is read as the {}; how many, and the batch of {batch}, are the chip \
                 section's.",
                serving.chip.short_name
            )),
        ]),
        (false, None) => assumptions.extend([
            Piece::words("The hardware it states, "),
            stated_piece(&stated.hardware),
            Piece::words(format!(
                ", names no chip the calculator knows: the chip section's {chips} and its batch \
                 of {batch} are assumed."
            )),
        ]),
        (true, _) => assumptions.push(Piece::words(format!(
            "It names no chip: the chip section's {chips} and its batch of {batch} are assumed."
        ))),
    }
    Some(Reading {
        chip: read.chip,
        llm: read.llm,
        weights: read.weights,
        sentence,
        assumptions,
        mfu: prefill_tokens_per_sec.map(|r| serving.implied_mfu(r)),
        mbu: decode_tokens_per_sec.map(|r| serving.implied_mbu(r)),
    })
}

/// "Set MFU and MBU from this run": the setting read and the shares put into `state`'s chip
/// section (a share the run did not give leaves its control as it is), and what was done, in
/// words.
pub fn apply(state: &mut State, reading: &Reading) -> String {
    let before = setting(&state.serving());
    state.chip = reading.chip;
    state.llm = reading.llm;
    state.weights = reading.weights;
    let after = setting(&state.serving());
    let wanted = [reading.mfu, reading.mbu].map(|x| x.unwrap_or(f64::NAN));
    let mut held = [f64::NAN; 2];
    for ((param, wanted), held) in [Param::Mfu, Param::Mbu].into_iter().zip(wanted).zip(&mut held) {
        if !wanted.is_nan() {
            *held = state.set(param, wanted);
        }
    }
    let served = (after != before)
        .then(|| format!("The chip section now serves {after}, as the run's file states. "));
    format!("{}{}", served.unwrap_or_default(), calibrated_text(wanted, held))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stated(model: &str, precision: &str, hardware: &str) -> StatedSetting {
        StatedSetting {
            model: model.to_string(),
            precision: precision.to_string(),
            hardware: hardware.to_string(),
        }
    }

    #[test]
    fn a_run_is_read_as_the_model_its_file_names() {
        let section = State::default();
        let file = stated("neuralmagic/Meta-Llama-3.1-70B-Instruct-FP8", "", "");
        let reading = read_run(&section, &file, None, Some(20.0)).expect("a decode rate");
        assert_eq!((reading.llm, reading.weights), (Llm::Llama70b, WeightPrecision::Fp8));
        let sentence = Piece::plain(&reading.sentence);
        assert!(
            sentence.starts_with("Read as Llama 3.1 70B with fp8 weights on one A100"),
            "{sentence}"
        );
        let said = Piece::plain(&reading.assumptions);
        assert!(said.contains("names its model, neuralmagic/Meta-Llama-3.1-70B-Instruct-FP8: the calculator's Llama 3.1 70B."), "{said}");
        assert!(said.contains("Its weights are fp8, as the model's name says."), "{said}");
        assert!(
            said.contains(
                "It names no chip: the chip section's one A100 and its batch of 1 are assumed."
            ),
            "{said}"
        );
        // The file's words are marked as the file's, for the page to isolate.
        assert!(reading
            .assumptions
            .iter()
            .any(|p| matches!(p, Piece::Stated(m) if m.contains("FP8"))));
        let on_8b = section.serving();
        assert!(
            (reading.mbu.unwrap() - on_8b.implied_mbu(20.0)).abs() > 0.01,
            "the 70B reads otherwise"
        );
    }

    #[test]
    fn what_the_file_does_not_name_is_said_to_be_assumed() {
        let section = State::default();
        let nothing =
            read_run(&section, &StatedSetting::default(), Some(5_000.0), Some(40.0)).unwrap();
        assert_eq!(
            (nothing.llm, nothing.weights, nothing.chip),
            (section.llm, section.weights, section.chip)
        );
        let said = Piece::plain(&nothing.assumptions);
        assert!(
            said.starts_with("The file names no model: the chip section's Llama 3.1 8B stands in."),
            "{said}"
        );
        assert!(said.contains("the chip section's bf16 is assumed"), "{said}");
        let qwen = read_run(
            &section,
            &stated("/workspace/qwen-3.5-27b", "bfloat16", "tp 1, dp 1, on cuda"),
            None,
            Some(40.0),
        )
        .unwrap();
        let said = Piece::plain(&qwen.assumptions);
        assert!(
            said.contains("which the calculator does not know: its Llama 3.1 8B stands in."),
            "{said}"
        );
        assert!(said.contains("Its weights are bf16, as it states."), "{said}");
        assert!(
            said.contains("The hardware it states, tp 1, dp 1, on cuda, names no chip"),
            "{said}"
        );
        let h100 =
            read_run(&section, &stated("", "", "8x NVIDIA H100 80GB"), None, Some(40.0)).unwrap();
        assert_eq!(h100.chip, Chip::H100);
        assert!(Piece::plain(&h100.assumptions).contains("is read as the H100"));
        assert_eq!(read_run(&section, &StatedSetting::default(), None, None), None);
    }

    #[test]
    fn setting_from_a_run_puts_the_setting_read_and_its_shares_in_the_controls() {
        let mut state = State::default();
        let file = stated("Meta-Llama-3.1-70B-Instruct-FP8", "", "");
        let reading = read_run(&state, &file, None, Some(20.0)).unwrap();
        let note = apply(&mut state, &reading);
        assert_eq!((state.llm, state.weights), (Llm::Llama70b, WeightPrecision::Fp8));
        assert!(
            (state.get(Param::Mbu) - reading.mbu.unwrap()).abs() < 1e-9
                || reading.mbu.unwrap() > 1.0
        );
        assert!(
            note.starts_with(
                "The chip section now serves Llama 3.1 70B with fp8 weights on one A100"
            ),
            "{note}"
        );
        // Read again on the setting it put there, the run gives the same share.
        let again = read_run(&state, &file, None, Some(20.0)).unwrap();
        assert_eq!(again.mbu, reading.mbu);
        let same = apply(&mut state, &again);
        assert!(!same.contains("now serves"), "{same}");
    }
}
