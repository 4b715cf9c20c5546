//! The chip section as the page holds and shows it: its controls bound to the hardware model's
//! own ranges, Figure 4's inputs, words and table, and the section's sentences and tables
//! against the lesson's printed figures.

use crossover::charts::{Chart, RooflineInputs};
use crossover::model::chips::{Chip, CustomChip};
use crossover::model::input_range::InputRange;
use crossover::model::llms::{CustomLlm, Llm};
use crossover::model::precision::WeightPrecision;
use crossover::model::roofline::Serving;
use crossover::model::roofline_cases::worked_cases;
use crossover::state::hardware::RateTarget;
use crossover::state::{Figure, Param, State};
use crossover::text::roofline as text;

#[test]
fn the_controls_take_their_bounds_and_defaults_from_the_hardware_model() {
    let pairs: [(Param, InputRange); 12] = [
        (Param::ChipTflops, CustomChip::DENSE_TFLOP_PER_SEC),
        (Param::ChipBandwidth, CustomChip::BANDWIDTH_GB_PER_SEC),
        (Param::ChipMemory, CustomChip::MEMORY_GB),
        (Param::HwParams, CustomLlm::PARAMS_BILLIONS),
        (Param::HwLayers, CustomLlm::LAYERS),
        (Param::HwKvHeads, CustomLlm::KV_HEADS),
        (Param::HwHeadDim, CustomLlm::HEAD_DIM),
        (Param::Chips, Serving::CHIPS),
        (Param::Batch, Serving::BATCH),
        (Param::Context, Serving::CONTEXT_TOKENS),
        (Param::Mfu, Serving::MFU),
        (Param::Mbu, Serving::MBU),
    ];
    for (param, range) in pairs {
        let spec = param.spec();
        assert_eq!(
            (spec.min, spec.max, spec.default),
            (range.min, range.max, range.default),
            "{}",
            spec.key
        );
    }
    let grouped: Vec<Param> =
        Param::CUSTOM_CHIP.into_iter().chain(Param::CUSTOM_LLM).chain(Param::SERVING).collect();
    assert_eq!(grouped, pairs.map(|(p, _)| p), "every control sits in one group of the panel");
    assert_eq!(Figure::Roofline.own_controls(), &Param::SERVING);
}

#[test]
fn the_roofline_is_redrawn_only_when_what_it_draws_changes() {
    let base = State::default();
    let inputs = |s: &State| Figure::Roofline.inputs(s);
    for elsewhere in [Param::Output, Param::Decode, Param::BRate, Param::Median, Param::ChipTflops]
    {
        let moved = base.with(elsewhere, elsewhere.spec().max);
        assert_eq!(inputs(&base), inputs(&moved), "{:?} does not move Figure 4", elsewhere);
    }
    for own in Param::SERVING.into_iter().chain([Param::Prompt]) {
        let moved = base.with(own, own.spec().max);
        assert_ne!(inputs(&base), inputs(&moved), "{:?} moves Figure 4", own);
    }
    let mut h100 = base;
    h100.chip = Chip::H100;
    assert_ne!(inputs(&base), inputs(&h100), "the chip moves it");
}

#[test]
fn the_roofline_says_what_it_shows_and_tabulates_its_points() {
    let chart = RooflineInputs::of(&State::default());
    let summary = chart.summary();
    for part in [
        "for Llama 3.1 8B, bf16 weights, 1 × A100",
        "levels off at 156 TFLOP/s (312 TFLOP/s at the data sheet's peak)",
        "bending at 109 FLOP per byte (the chip's own ridge, peak arithmetic over bandwidth, is 153)",
        "arithmetic intensity (FLOP done per byte read from memory)",
        "Decode, one sequence, does 1 FLOP per byte: memory-bound, at 1.43 TFLOP/s",
        "Prefilling a prompt of 16,000 tokens does 16,000: compute-bound, at 156 TFLOP/s",
    ] {
        assert!(summary.contains(part), "{part:?} in {summary}");
    }
    let table = chart.table();
    assert_eq!(table.rows.len(), 4);
    let first: Vec<&str> =
        table.rows.iter().filter_map(|r| r.first()).map(|c| c.text.as_str()).collect();
    assert_eq!(
        first,
        [
            "decode, one sequence",
            "prefill, prompt of 16,000 tokens",
            "ridge at these efficiencies",
            "ridge at the data sheet's peak"
        ]
    );
    let csv = table.to_csv();
    assert!(
        csv.starts_with("point,intensity (FLOP/byte),attainable (FLOP/s),limited by\r\n"),
        "{csv}"
    );
    // Unrounded in the CSV: decode's attainable arithmetic is its intensity times the reached
    // bandwidth, 2,039 GB/s at 0.7.
    let decode = csv.lines().nth(1).unwrap_or_default();
    let rest =
        decode.strip_prefix("\"decode, one sequence\",1,").unwrap_or_else(|| panic!("{csv}"));
    let attained: f64 = rest.split(',').next().and_then(|v| v.parse().ok()).unwrap_or_default();
    assert_eq!(attained, 2_039e9 * 0.7, "{csv}");
    let busy = State::default().with(Param::Batch, 1_024.0);
    let table = RooflineInputs::of(&busy).table();
    assert_eq!(
        table.rows.first().and_then(|r| r.get(3)).map(|c| c.text.as_str()),
        Some("compute-bound")
    );
}

#[test]
fn the_worked_table_prints_the_lesson_as_the_formula_gives_it() {
    let table = text::worked_cases_table();
    let rows: Vec<Vec<&str>> =
        table.rows.iter().map(|r| r.iter().map(|c| c.text.as_str()).collect()).collect();
    let lesson = [
        ["9,714 tok/s", "88.9 tok/s", "88.9 tok/s", "109", "32,800 tokens"],
        ["30,791 tok/s", "146.0 tok/s", "146.0 tok/s", "211", "63,300 tokens"],
        ["30,791 tok/s", "209.2 tok/s", "209.2 tok/s", "147", "44,200 tokens"],
        ["14,008 tok/s", "66.4 tok/s", "66.4 tok/s", "211", "63,300 tokens"],
        ["30,791 tok/s", "584.1 tok/s", "584.1 tok/s", "52.7", "15,800 tokens"],
        // The lesson prints 70.6 (its rounded total shared out); the formula gives 70.548.
        ["30,791 tok/s", "70.5 tok/s", "2,258 tok/s", "436", "130,900 tokens"],
    ];
    assert_eq!(rows.len(), lesson.len());
    for ((row, want), case) in rows.iter().zip(lesson).zip(worked_cases()) {
        assert_eq!(row.first(), Some(&case.name));
        assert_eq!(row.get(1..), Some(&want[..]), "{}", case.name);
    }
    assert!(table.caption.contains("MFU 0.5 and MBU 0.7"), "{}", table.caption);
}

#[test]
fn the_lessons_rates_are_read_off_an_a100() {
    let text = text::lesson_rates_sentence();
    for part in [
        "The lesson's 8,000 tok/s and 60 tok/s are ordinary hardware:",
        "on one A100 at MFU 0.5 and MBU 0.7 reads 9,714 tok/s and writes 88.9 tok/s",
        "the lesson's own pair is that chip at MFU 0.5 and an MBU of 0.57",
    ] {
        assert!(text.contains(part), "{part:?} in {text}");
    }
    // The lesson's ratio, which its first prediction asks for, is never stated here.
    assert!(!text.contains("133"), "{text}");
    // Both efficiencies lie in the published ranges the sentence claims.
    let mbu = 0.5 / (8_000.0 / 60.0 / (312.0 / 2.039));
    assert!((0.55..=0.90).contains(&mbu), "{mbu}");
}

#[test]
fn the_h200_question_gives_nothing_away_and_its_answer_is_the_lessons() {
    let question = text::h200_question();
    assert!(
        question.contains("1.43 times its memory bandwidth (4,800 GB/s against 3,350 GB/s)"),
        "{question}"
    );
    assert!(question.contains("is 63,300 tokens"), "{question}");
    for answer in ["44,200", "209.2", "147"] {
        assert!(!question.contains(answer), "{answer} in {question}");
    }
    let answer = text::h200_feedback(50_000.0);
    assert!(answer.starts_with("Prefill stays at 30,791 tok/s"), "{answer}");
    assert!(
        answer.contains("from 146.0 tok/s to 209.2 tok/s, so the ratio falls from 211 to 147"),
        "{answer}"
    );
    assert!(answer.contains("to 44,200 tokens"), "{answer}");
    assert!(answer.ends_with("Your guess of 50,000 tokens was 13% too long."), "{answer}");
}

#[test]
fn the_note_after_a_button_says_where_the_rates_went_and_what_the_bounds_moved() {
    let mut state = State::default();
    let moved = state.take_hardware_rates(RateTarget::B);
    assert!(
        text::applied_note(RateTarget::B, &moved, &state).starts_with(
            "Deployment B now reads the shared prompt at 9,714 tok/s and writes 88.9 tok/s, its \
             first token built from that prompt"
        ),
        "{}",
        text::applied_note(RateTarget::B, &moved, &state)
    );
    let mut fast = State::default();
    (fast.chip, fast.weights) = (Chip::H100, WeightPrecision::Int4);
    fast.set(Param::Chips, 64.0);
    let moved = fast.take_hardware_rates(RateTarget::A);
    let note = text::applied_note(RateTarget::A, &moved, &fast);
    assert!(
        note.starts_with(
            "Deployment A now reads the shared prompt at 200,000 tok/s and writes 2,000.0 tok/s"
        ),
        "{note}"
    );
    assert!(note.contains("This setting's prefill rate of 1,970,610.2 tok/s is outside the page's range, so the control holds 200,000 tok/s."), "{note}");
    assert!(note.contains("decode rate of 37,379.8 tok/s is outside"), "{note}");
    assert!(
        note.contains("Before prefill it waits 0 ms, one network and queue for both sides"),
        "{note}"
    );
    assert!(note.contains("A's busiest-hour figures are now its quiet ones"), "{note}");
}

#[test]
fn the_readout_notes_read_the_setting() {
    let mut s = State::default();
    (s.chip, s.llm) = (Chip::H100, Llm::Llama70b);
    let s = s.with(Param::Chips, 4.0).with(Param::Batch, 32.0).serving();
    assert_eq!(text::arithmetic_note(&s), "dense bf16, 4 chips together");
    assert_eq!(text::ridge_note(&s), "peak ÷ bandwidth; 211 at this MFU and MBU");
    assert_eq!(text::batch_note(&s), "32 sequences decoded together");
    assert_eq!(text::weights_note(&s), "70.6 billion parameters in bf16");
    assert_eq!(text::kv_note(&s), "2 × 80 layers × 8 KV heads × 128 values, in bf16");
    assert_eq!(text::span_note((8_741.6, 13_987.2), 0), "8,742–13,987 at published efficiencies");
    assert_eq!(text::answer_note(300.0), "prompt tokens for an answer of 300 tokens");
}

#[test]
fn a_crafted_chip_too_slow_for_the_page_is_named_with_its_own_figures() {
    // The slowest custom chip under the largest custom model: well under one token a second.
    let link = "?chip=custom&chip_tflops=0.1&chip_bw=10&hw_model=custom&hw_params=2000";
    let mut state = crossover::state::query::parse(link).state;
    let serving = state.serving();
    assert!(serving.prefill_tokens_per_sec() < 0.5 && serving.decode_tokens_per_sec() < 0.5);
    let handed = state.take_hardware_rates(RateTarget::A);
    let note = text::applied_note(RateTarget::A, &handed, &state);
    assert!(!note.contains(" 0 tok/s"), "{note}");
    assert!(note.contains("prefill rate of 0.0125 tok/s is outside the page's range"), "{note}");
    let rates = [
        text::prefill_rate(serving.prefill_tokens_per_sec()),
        text::decode_rate(serving.decode_tokens_per_sec()),
    ];
    assert!(rates.iter().all(|r| !r.starts_with("0 ") && !r.starts_with("0.0 ")), "{rates:?}");
}
