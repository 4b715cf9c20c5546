//! The roofline arithmetic against the lesson's tables, to the printed digit, and its
//! identities over every input the page accepts and beyond.

use crossover::model::chips::{Chip, ChipSpec, CustomChip};
use crossover::model::input_range::InputRange;
use crossover::model::llms::{CustomLlm, Llm, LlmSpec};
use crossover::model::precision::{KvPrecision, WeightPrecision};
use crossover::model::roofline::{DecodeLimit, Serving};
use crossover::model::roofline_cases::worked_cases;
use crossover::model::rounding::round_half_away;
use crossover::text::piece::Piece;
use crossover::text::roofline as text;
use proptest::prelude::*;

/// The lesson's answer length for the crossing column.
const ANSWER_TOKENS: f64 = 300.0;

/// Rounded half away from zero to `figures` significant figures (the ratio column's rounding).
fn to_figures(x: f64, figures: i32) -> f64 {
    let magnitude = x.abs().log10().floor() as i32;
    round_half_away(x, figures - 1 - magnitude)
}

// ---------------------------------------------------------------- the lesson's tables

/// One printed row of the worked cases: prefill (whole tok/s), decode per sequence (to a
/// tenth), decode for the batch (whole, where printed), ratio (three figures) and the crossing
/// at 300 answer tokens (to the hundred).
struct Printed {
    prefill: f64,
    decode: f64,
    throughput: Option<f64>,
    ratio: f64,
    crossing: f64,
}

const PRINTED: [Printed; 6] = [
    Printed { prefill: 9_714.0, decode: 88.9, throughput: None, ratio: 109.0, crossing: 32_800.0 },
    Printed {
        prefill: 30_791.0,
        decode: 146.0,
        throughput: None,
        ratio: 211.0,
        crossing: 63_300.0,
    },
    Printed {
        prefill: 30_791.0,
        decode: 209.2,
        throughput: None,
        ratio: 147.0,
        crossing: 44_200.0,
    },
    Printed { prefill: 14_008.0, decode: 66.4, throughput: None, ratio: 211.0, crossing: 63_300.0 },
    Printed { prefill: 30_791.0, decode: 584.1, throughput: None, ratio: 52.7, crossing: 15_800.0 },
    Printed {
        prefill: 30_791.0,
        decode: 70.6,
        throughput: Some(2_258.0),
        ratio: 436.0,
        crossing: 130_900.0,
    },
];

/// The batch case's per-sequence decode rate as the formula gives it, rounded half away from
/// zero to the tenth the lesson prints: 33,239,869,184 bytes per step at 2,345 GB/s is
/// 70.548 tok/s. The lesson prints 70.6, which is its rounded total shared out
/// (2,258 / 32 = 70.56); no single rounding of the formula's value gives it.
const BATCH_DECODE_BY_FORMULA: f64 = 70.5;

#[test]
fn the_batch_cases_printed_decode_is_its_rounded_total_shared_out() {
    let (case, printed) = (worked_cases()[5].serving, &PRINTED[5]);
    let total = printed.throughput.expect("the batch case prints a total");
    assert_eq!(round_half_away(total / case.batch, 1), printed.decode);
    assert_eq!(round_half_away(case.decode_tokens_per_sec(), 1), BATCH_DECODE_BY_FORMULA);
    assert_eq!(round_half_away(case.decode_tokens_per_sec(), 3), 70.548);
    // Every other printed figure of the case is the formula's, rounded once.
    assert_eq!(round_half_away(case.throughput_tokens_per_sec(), 0), total);
}

#[test]
fn the_six_worked_cases_match_the_lesson_to_the_printed_digit() {
    let cases = worked_cases();
    assert_eq!(cases.len(), PRINTED.len());
    for (case, printed) in cases.iter().zip(PRINTED.iter()) {
        let s = &case.serving;
        let name = case.name;
        assert_eq!(round_half_away(s.prefill_tokens_per_sec(), 0), printed.prefill, "{name}");
        let throughput = s.throughput_tokens_per_sec();
        let decode = match printed.throughput {
            Some(all) => {
                assert_eq!(round_half_away(throughput, 0), all, "{name}");
                BATCH_DECODE_BY_FORMULA
            }
            None => {
                // One sequence: the batch's output is that sequence's.
                assert_eq!(throughput, s.decode_tokens_per_sec(), "{name}");
                printed.decode
            }
        };
        assert_eq!(round_half_away(s.decode_tokens_per_sec(), 1), decode, "{name}");
        assert_eq!(to_figures(s.ratio(), 3), printed.ratio, "{name}");
        let crossing = s.crossing_prompt_tokens(ANSWER_TOKENS);
        assert_eq!(round_half_away(crossing, -2), printed.crossing, "{name}");
        // Every case of the table is memory-bound: the batch of 32 included.
        assert_eq!(s.decode_limit(), DecodeLimit::Memory, "{name}");
    }
}

#[test]
fn the_readouts_print_the_worked_cases_as_the_lesson_does() {
    let printed = worked_cases().map(|c| {
        let s = c.serving;
        (
            text::prefill_rate(s.prefill_tokens_per_sec()),
            text::decode_rate(s.decode_tokens_per_sec()),
            text::ratio(s.ratio()),
            text::crossing_tokens(s.crossing_prompt_tokens(ANSWER_TOKENS)),
        )
    });
    let lesson = [
        ("9,714 tok/s", "88.9 tok/s", "109", "32,800 tokens"),
        ("30,791 tok/s", "146.0 tok/s", "211", "63,300 tokens"),
        ("30,791 tok/s", "209.2 tok/s", "147", "44,200 tokens"),
        ("14,008 tok/s", "66.4 tok/s", "211", "63,300 tokens"),
        ("30,791 tok/s", "584.1 tok/s", "52.7", "15,800 tokens"),
        // See BATCH_DECODE_BY_FORMULA: the lesson prints 70.6.
        ("30,791 tok/s", "70.5 tok/s", "436", "130,900 tokens"),
    ];
    for (got, want) in printed.iter().zip(lesson) {
        assert_eq!((got.0.as_str(), got.1.as_str(), got.2.as_str(), got.3.as_str()), want);
    }
    let batch = worked_cases()[5].serving;
    assert_eq!(text::throughput(batch.throughput_tokens_per_sec()), "2,258 tok/s");
}

#[test]
fn the_chip_table_ridge_column() {
    for chip in Chip::ALL {
        let Some(spec) = chip.published() else { continue };
        let want = match chip {
            Chip::A100 => 153.0,
            Chip::H100 => 295.0,
            Chip::H200 => 206.0,
            Chip::L4 => 403.0,
            Chip::Mi300x => 247.0,
            Chip::Custom => unreachable!("the custom chip has no published figures"),
        };
        assert_eq!(round_half_away(spec.bf16_ridge_flop_per_byte(), 0), want, "{}", spec.name);
        // With bf16 weights on one chip, the readout's ridge is the table's.
        let s = Serving::lesson(chip, Llm::DEFAULT);
        assert_eq!(s.ridge_flop_per_byte(), spec.bf16_ridge_flop_per_byte());
        assert_eq!(text::ridge(s.ridge_flop_per_byte()), format!("{want} FLOP/byte"));
    }
}

#[test]
fn the_model_table_kv_per_token_column() {
    for llm in Llm::ALL {
        let Some(spec) = llm.published() else { continue };
        let want = match llm {
            Llm::Llama8b => 131_072.0,
            Llm::Llama70b => 327_680.0,
            Llm::Llama405b => 516_096.0,
            Llm::Custom => unreachable!("the custom model has no published figures"),
        };
        let s = Serving::lesson(Chip::DEFAULT, llm);
        assert_eq!(s.kv_bytes_per_token(), want, "{}", spec.name);
        let fp8 = Serving { kv: KvPrecision::Fp8, ..s };
        assert_eq!(fp8.kv_bytes_per_token(), want / 2.0, "{}", spec.name);
    }
    let s = Serving::lesson(Chip::DEFAULT, Llm::Llama8b);
    assert_eq!(text::bytes(s.kv_bytes_per_token()), "131,072 B");
}

#[test]
fn seventy_billion_in_bf16_is_141_gb_and_does_not_fit_one_80_gb_chip() {
    for chip in [Chip::A100, Chip::H100] {
        let s = Serving::lesson(chip, Llm::Llama70b);
        assert_eq!(round_half_away(s.weights_bytes() / 1e9, 0), 141.0);
        assert_eq!(text::gigabytes(s.weights_bytes()), "141 GB");
        assert_eq!(s.chip_memory_bytes(), 80e9);
        let fit = s.memory_fit();
        assert!(!fit.fits());
        assert_eq!(fit.chips_needed(), 2.0);
        assert_eq!(text::fits_key(&s), "no");
    }
    // The H200's 141 GB is just short of 141.2.
    assert!(!Serving::lesson(Chip::H200, Llm::Llama70b).memory_fit().fits());
    assert!(Serving::lesson(Chip::Mi300x, Llm::Llama70b).memory_fit().fits());
}

#[test]
fn the_h200_moves_decode_and_not_prefill() {
    let h100 = Serving::lesson(Chip::H100, Llm::Llama8b);
    let h200 = Serving::lesson(Chip::H200, Llm::Llama8b);
    assert_eq!(h200.prefill_tokens_per_sec(), h100.prefill_tokens_per_sec());
    let gain = h200.decode_tokens_per_sec() / h100.decode_tokens_per_sec();
    assert_eq!(round_half_away(gain, 2), 1.43);
    assert!(h200.crossing_prompt_tokens(300.0) < h100.crossing_prompt_tokens(300.0));
}

// ---------------------------------------------------------------- over every input

/// Log-uniform over a range that does not reach zero, so small values are drawn as often as
/// large ones.
fn log_uniform(r: InputRange) -> impl Strategy<Value = f64> {
    (r.min.ln()..=r.max.ln()).prop_map(move |x| r.hold(x.exp()))
}

/// Zero now and then, log-uniform up to the top otherwise.
fn context(r: InputRange) -> impl Strategy<Value = f64> {
    prop_oneof![Just(0.0), log_uniform(InputRange { min: 1.0, ..r })]
}

fn published_chip() -> impl Strategy<Value = ChipSpec> {
    proptest::sample::select(Chip::ALL.to_vec()).prop_map(|c| c.spec(CustomChip::DEFAULT))
}

fn custom_chip() -> impl Strategy<Value = ChipSpec> {
    (
        log_uniform(CustomChip::DENSE_TFLOP_PER_SEC),
        log_uniform(CustomChip::BANDWIDTH_GB_PER_SEC),
        log_uniform(CustomChip::MEMORY_GB),
    )
        .prop_map(|(dense_tflop_per_sec, bandwidth_gb_per_sec, memory_gb)| {
            CustomChip { dense_tflop_per_sec, bandwidth_gb_per_sec, memory_gb }.spec()
        })
}

fn any_llm() -> impl Strategy<Value = LlmSpec> {
    prop_oneof![
        proptest::sample::select(Llm::ALL.to_vec()).prop_map(|m| m.spec(CustomLlm::DEFAULT)),
        (
            log_uniform(CustomLlm::PARAMS_BILLIONS),
            log_uniform(CustomLlm::LAYERS),
            log_uniform(CustomLlm::KV_HEADS),
            log_uniform(CustomLlm::HEAD_DIM),
        )
            .prop_map(|(params_billions, layers, kv_heads, head_dim)| {
                CustomLlm { params_billions, layers, kv_heads, head_dim }.spec()
            }),
    ]
}

fn serving(chip: impl Strategy<Value = ChipSpec>) -> impl Strategy<Value = Serving> {
    (
        chip,
        log_uniform(Serving::CHIPS),
        any_llm(),
        proptest::sample::select(WeightPrecision::ALL.to_vec()),
        proptest::sample::select(KvPrecision::ALL.to_vec()),
        log_uniform(Serving::BATCH),
        context(Serving::CONTEXT_TOKENS),
        (log_uniform(Serving::MFU), log_uniform(Serving::MBU)),
    )
        .prop_map(|(chip, chips, llm, weights, kv, batch, context_tokens, (mfu, mbu))| {
            Serving { chip, chips, llm, weights, kv, batch, context_tokens, mfu, mbu }
        })
}

fn any_serving() -> impl Strategy<Value = Serving> {
    serving(prop_oneof![published_chip(), custom_chip()])
}

/// Every number the section shows, and the roofline figure would draw.
fn every_output(s: &Serving) -> Vec<f64> {
    let fit = s.memory_fit();
    let rates = s.published_rates();
    let mut out = vec![
        s.chip_flops_per_sec(),
        s.chip_bytes_per_sec(),
        s.chip_memory_bytes(),
        s.ridge_flop_per_byte(),
        s.reached_ridge_flop_per_byte(),
        s.weights_bytes(),
        s.kv_bytes_per_token(),
        s.kv_cache_bytes(),
        s.prefill_tokens_per_sec(),
        s.decode_memory_secs(),
        s.decode_compute_secs(),
        s.decode_step_secs(),
        s.decode_tokens_per_sec(),
        s.throughput_tokens_per_sec(),
        s.ratio(),
        s.crossing_prompt_tokens(ANSWER_TOKENS),
        s.crossing_prompt_tokens(100_000.0),
        s.decode_intensity_flop_per_byte(),
        s.prefill_intensity_flop_per_byte(1_000_000.0),
        s.peak_roof_flops_per_sec(s.decode_intensity_flop_per_byte()),
        s.reached_roof_flops_per_sec(s.prefill_intensity_flop_per_byte(16_000.0)),
        fit.needed_bytes(),
        fit.spare_bytes(),
        fit.shortfall_bytes(),
        fit.chips_needed(),
        s.implied_mfu(s.prefill_tokens_per_sec()),
        s.implied_mbu(s.decode_tokens_per_sec()),
    ];
    for span in
        [rates.prefill_tokens_per_sec, rates.decode_tokens_per_sec, rates.throughput_tokens_per_sec]
    {
        out.extend([span.low, span.high]);
    }
    out
}

fn assert_all_finite(s: &Serving) {
    for (i, x) in every_output(s).into_iter().enumerate() {
        assert!(x.is_finite() && x >= 0.0, "output {i} = {x} for {s:?}");
    }
    for sentence in [
        text::bound_sentence(s),
        text::fit_sentence(s),
        text::range_sentence(s),
        text::crossing_sentence(s, ANSWER_TOKENS),
        Piece::plain(&text::calibration_sentence(s, Some(1e5), Some(50.0)).unwrap_or_default()),
        text::precision_note(s).unwrap_or_default(),
    ] {
        assert!(
            !sentence.contains("NaN") && !sentence.contains("inf") && !sentence.contains('—'),
            "{sentence}"
        );
    }
}

#[test]
fn every_corner_of_every_range_gives_finite_numbers() {
    let ends = |r: InputRange| [r.min, r.max];
    let mut corners = 0;
    for tflop in ends(CustomChip::DENSE_TFLOP_PER_SEC) {
        for bandwidth in ends(CustomChip::BANDWIDTH_GB_PER_SEC) {
            for memory in ends(CustomChip::MEMORY_GB) {
                let chip = CustomChip {
                    dense_tflop_per_sec: tflop,
                    bandwidth_gb_per_sec: bandwidth,
                    memory_gb: memory,
                }
                .spec();
                for params in ends(CustomLlm::PARAMS_BILLIONS) {
                    for layers in ends(CustomLlm::LAYERS) {
                        for shape in ends(CustomLlm::HEAD_DIM) {
                            let llm = CustomLlm {
                                params_billions: params,
                                layers,
                                kv_heads: if shape > 100.0 { 256.0 } else { 1.0 },
                                head_dim: shape,
                            }
                            .spec();
                            for weights in WeightPrecision::ALL {
                                for kv in KvPrecision::ALL {
                                    for chips in ends(Serving::CHIPS) {
                                        for batch in ends(Serving::BATCH) {
                                            for context_tokens in ends(Serving::CONTEXT_TOKENS) {
                                                for (mfu, mbu) in [
                                                    (0.05, 1.0),
                                                    (1.0, 0.05),
                                                    (0.05, 0.05),
                                                    (1.0, 1.0),
                                                ] {
                                                    let s = Serving {
                                                        chip,
                                                        chips,
                                                        llm,
                                                        weights,
                                                        kv,
                                                        batch,
                                                        context_tokens,
                                                        mfu,
                                                        mbu,
                                                    };
                                                    assert_all_finite(&s);
                                                    corners += 1;
                                                }
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    assert_eq!(corners, 8 * 8 * 6 * 8 * 4);
}

#[test]
fn numbers_outside_every_range_are_held_inside_it() {
    let wild = [f64::NAN, f64::NEG_INFINITY, -1.0, 0.0, 1e-300, 1e300, f64::INFINITY];
    for x in wild {
        let chip =
            CustomChip { dense_tflop_per_sec: x, bandwidth_gb_per_sec: x, memory_gb: x }.spec();
        let llm = CustomLlm { params_billions: x, layers: x, kv_heads: x, head_dim: x }.spec();
        let s = Serving {
            chip,
            chips: x,
            llm,
            weights: WeightPrecision::Fp8,
            kv: KvPrecision::Bf16,
            batch: x,
            context_tokens: x,
            mfu: x,
            mbu: x,
        };
        assert_all_finite(&s);
        assert!(s.crossing_prompt_tokens(x).is_finite());
        assert!(s.implied_mfu(x).is_finite() && s.implied_mbu(x).is_finite());
        assert!(s.peak_roof_flops_per_sec(x).is_finite());
        assert!(s.reached_roof_flops_per_sec(x).is_finite());
        // A spec built by hand, bypassing the custom fields' ranges, is held all the same.
        let hand_made = ChipSpec {
            memory_bytes: x,
            bandwidth_bytes_per_sec: x,
            bf16_flops_per_sec: x,
            fp8_flops_per_sec: Some(x),
            ..Chip::H100.spec(CustomChip::DEFAULT)
        };
        let llm = LlmSpec { params: x, layers: x, kv_heads: x, head_dim: x, ..llm };
        assert_all_finite(&Serving { chip: hand_made, llm, ..s });
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    /// At batch 1 with no context, prefill is ridge × MFU/MBU × w/2 times faster than decode,
    /// at every precision (the ridge of the arithmetic in use) and on every chip in the table.
    #[test]
    fn the_ratio_is_the_ridge_scaled_by_the_efficiencies_and_the_weight_bytes(
        s in serving(published_chip()),
    ) {
        let s = Serving { batch: 1.0, context_tokens: 0.0, ..s };
        let w = s.weights.bytes_per_weight();
        let held_mfu = Serving::MFU.hold(s.mfu);
        let held_mbu = Serving::MBU.hold(s.mbu);
        let identity = s.ridge_flop_per_byte() * held_mfu / held_mbu * w / 2.0;
        prop_assert_eq!(s.decode_limit(), DecodeLimit::Memory);
        prop_assert!((s.ratio() - identity).abs() <= 1e-12 * identity, "{} against {}", s.ratio(), identity);
    }

    /// A custom chip can have so little arithmetic for its bandwidth that even one sequence is
    /// compute-bound; decode then runs exactly as fast as prefill, and the identity holds with
    /// the ratio floored at one.
    #[test]
    fn on_any_chip_the_ratio_is_the_identity_floored_at_one(s in any_serving()) {
        let s = Serving { batch: 1.0, context_tokens: 0.0, ..s };
        let w = s.weights.bytes_per_weight();
        let identity = s.reached_ridge_flop_per_byte() * w / 2.0;
        let want = identity.max(1.0);
        prop_assert!((s.ratio() - want).abs() <= 1e-12 * want, "{} against {}", s.ratio(), want);
        prop_assert_eq!(s.decode_limit() == DecodeLimit::Compute, identity < 1.0);
    }

    #[test]
    fn decode_per_sequence_never_speeds_up_with_batch_or_context(
        s in any_serving(),
        more_batch in 1.0..64.0f64,
        more_context in 0.0..200_000.0f64,
    ) {
        let bigger_batch = Serving { batch: s.batch * more_batch, ..s };
        let longer = Serving { context_tokens: s.context_tokens + more_context, ..s };
        prop_assert!(bigger_batch.decode_tokens_per_sec() <= s.decode_tokens_per_sec());
        prop_assert!(longer.decode_tokens_per_sec() <= s.decode_tokens_per_sec());
        // Prefill does not depend on either.
        prop_assert_eq!(bigger_batch.prefill_tokens_per_sec(), s.prefill_tokens_per_sec());
        prop_assert_eq!(longer.prefill_tokens_per_sec(), s.prefill_tokens_per_sec());
    }

    #[test]
    fn decode_falls_strictly_once_sequences_hold_context(s in any_serving()) {
        let s = Serving { context_tokens: 4_096.0, batch: 1.0, ..s };
        let twice = Serving { batch: 2.0, ..s };
        prop_assert!(twice.decode_tokens_per_sec() < s.decode_tokens_per_sec());
    }

    #[test]
    fn every_output_is_finite_over_the_whole_range(s in any_serving()) {
        assert_all_finite(&s);
        let r = s.published_rates();
        prop_assert!(r.prefill_tokens_per_sec.low <= r.prefill_tokens_per_sec.high);
        prop_assert!(r.decode_tokens_per_sec.low <= r.decode_tokens_per_sec.high);
        prop_assert!(s.throughput_tokens_per_sec() >= s.decode_tokens_per_sec());
        prop_assert!(s.decode_step_secs() >= s.decode_memory_secs());
        prop_assert!(s.decode_step_secs() >= s.decode_compute_secs());
    }

    #[test]
    fn any_number_at_all_gives_finite_outputs(
        chip in any::<f64>(), bw in any::<f64>(), mem in any::<f64>(),
        params in any::<f64>(), layers in any::<f64>(),
        chips in any::<f64>(), batch in any::<f64>(), context_tokens in any::<f64>(),
        mfu in any::<f64>(), mbu in any::<f64>(),
    ) {
        let s = Serving {
            chip: CustomChip { dense_tflop_per_sec: chip, bandwidth_gb_per_sec: bw, memory_gb: mem }.spec(),
            chips,
            llm: CustomLlm { params_billions: params, layers, kv_heads: layers, head_dim: params }.spec(),
            weights: WeightPrecision::Int4,
            kv: KvPrecision::Fp8,
            batch,
            context_tokens,
            mfu,
            mbu,
        };
        assert_all_finite(&s);
    }
}
