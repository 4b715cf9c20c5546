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
    /// How many of it: the count the file states, else the section's.
    pub chips: f64,
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
    // A count the file states replaces the section's (within the control's bounds, said below).
    let chips_stated = stated.chips.filter(|n| n.is_finite() && *n >= 1.0);
    if let Some(n) = chips_stated {
        read.set(Param::Chips, n);
    }
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
    assumptions.extend(hardware_assumptions(stated, &read, chips_stated, named_chip.is_some()));
    Some(Reading {
        chips: read.get(Param::Chips),
        chip: read.chip,
        llm: read.llm,
        weights: read.weights,
        sentence,
        assumptions,
        mfu: prefill_tokens_per_sec.map(|r| serving.implied_mfu(r)),
        mbu: decode_tokens_per_sec.map(|r| serving.implied_mbu(r)),
    })
}

/// What the reading takes from the file's hardware and load and what it assumes: which chip,
/// how many, and the batch (a load is not a batch: how many sequences shared each decode step is
/// in no file).
fn hardware_assumptions(
    stated: &StatedSetting,
    read: &State,
    chips_stated: Option<f64>,
    chip_named: bool,
) -> Vec<Piece> {
    let serving = read.serving();
    let mut assumptions = Vec::new();
    let (chips, batch) =
        (chips_phrase(&serving), format::with_separators(whole_batch(&serving), 0));
    // How many: the file's parallelism where it states one, else the section's.
    let count = match chips_stated {
        Some(n) if read.get(Param::Chips) == n => {
            format!("its parallelism spans {chips}, as it states")
        }
        Some(n) => format!(
            "its parallelism spans {} chips, more than the calculator holds: {chips} are read",
            format::with_separators(n, 0)
        ),
        None => format!("how many, {chips}, is the chip section's"),
    };
    match (stated.hardware.is_empty(), chip_named) {
        (false, true) => assumptions.extend([
            Piece::words("The hardware it states, "),
            Piece::Stated(stated.hardware.clone()),
            Piece::words(format!(", is read as the {}; {count}. ", serving.chip.short_name)),
        ]),
        (false, false) => assumptions.extend([
            Piece::words("The hardware it states, "),
            Piece::Stated(stated.hardware.clone()),
            Piece::words(format!(
                ", names no chip the calculator knows: the chip section's {} stands in; {count}. ",
                serving.chip.short_name
            )),
        ]),
        (true, _) => assumptions.push(Piece::words(format!(
            "It names no chip: the chip section's {} stands in; {count}. ",
            serving.chip.short_name
        ))),
    }
    assumptions.push(Piece::words(if stated.load.is_empty() {
        format!("It states no load: the chip section's batch of {batch} is assumed.")
    } else {
        format!(
            "It was run at {}, but states not how many sequences shared each decode step: the \
             chip section's batch of {batch} is assumed, and had more shared them, the same rates \
             would mean a larger share of the memory's bandwidth than this says.",
            stated.load
        )
    }));
    assumptions
}

/// "Set MFU and MBU from this run": the setting read and the shares put into `state`'s chip
/// section (a share the run did not give leaves its control as it is), and what was done, in
/// words.
pub fn apply(state: &mut State, reading: &Reading) -> String {
    let before = setting(&state.serving());
    state.chip = reading.chip;
    state.llm = reading.llm;
    state.weights = reading.weights;
    state.set(Param::Chips, reading.chips);
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
            chips: None,
            load: String::new(),
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
                "It names no chip: the chip section's A100 stands in; how many, one A100, is the chip section's. It states no load: the chip section's batch of 1 is assumed."
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
    fn a_stated_parallelism_is_read_and_a_stated_load_is_not_taken_for_a_batch() {
        let section = State::default();
        let sglang = StatedSetting {
            chips: Some(8.0),
            load: "concurrency 100".to_string(),
            ..stated("/workspace/qwen-3.5-27b", "bfloat16", "tp 8, dp 1, on cuda")
        };
        let reading = read_run(&section, &sglang, None, Some(40.0)).unwrap();
        assert_eq!(reading.chips, 8.0);
        let said = Piece::plain(&reading.assumptions);
        assert!(said.contains("stands in; its parallelism spans 8 A100s, as it states."), "{said}");
        assert!(
            said.contains("It was run at concurrency 100, but states not how many sequences shared each decode step: the chip section's batch of 1 is assumed"),
            "{said}"
        );
        assert!(
            Piece::plain(&reading.sentence).contains("on 8 A100s"),
            "{}",
            Piece::plain(&reading.sentence)
        );
        // Eight chips share the bandwidth: the same rate is a smaller share of them.
        let one =
            read_run(&section, &StatedSetting { chips: None, ..sglang.clone() }, None, Some(40.0));
        assert!(reading.mbu.unwrap() < one.unwrap().mbu.unwrap());
        // Put into the section, the count goes with the setting.
        let mut state = section;
        apply(&mut state, &reading);
        assert_eq!(state.get(Param::Chips), 8.0);
        // A count past the control's bound is said, not silently held.
        let huge = StatedSetting { chips: Some(1e6), ..sglang };
        let said = Piece::plain(&read_run(&section, &huge, None, Some(40.0)).unwrap().assumptions);
        assert!(
            said.contains("its parallelism spans 1,000,000 chips, more than the calculator holds"),
            "{said}"
        );
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
