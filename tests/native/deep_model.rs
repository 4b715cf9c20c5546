//! The deeper model and the levers: worked cases checked by hand, and the promises the page
//! makes about them checked over every input.

use crossover::model::deep::{
    derived_attention_knee, derived_kv_knee, DeepRequest, Knees, TtftDefinition,
    DEFAULT_ATTENTION_KNEE_TOKENS, DEFAULT_KV_KNEE_TOKENS,
};
use crossover::model::levers::{
    band_of, cache_prefix, fewer_passages, off_request_path, split, Effect, Retrieval, Split,
    DEFAULT_ACK_SECS, RESPONSE_BANDS,
};
use crossover::model::Request;
use proptest::prelude::*;

fn close(a: f64, b: f64, rel: f64) -> bool {
    (a - b).abs() <= rel * a.abs().max(b.abs()).max(1e-300)
}

macro_rules! assert_close {
    ($a:expr, $b:expr) => {
        assert_close!($a, $b, 1e-12)
    };
    ($a:expr, $b:expr, $rel:expr) => {{
        let (a, b) = ($a, $b);
        assert!(close(a, b, $rel), "{} = {a}, expected {b}", stringify!($a));
    }};
}

/// The lesson's summariser (16,000-token prompt, 300-token answer, 8,000 and 60 tok/s) under the
/// default knees K = 60,000 and C = 120,000.
fn summariser() -> DeepRequest {
    DeepRequest::SUMMARISER
}

// ---------------------------------------------------------------- worked cases

#[test]
fn summariser_prefill_by_hand() {
    let r = summariser();
    // Linear part: 16,000 / 8,000 = 2 s.
    assert_close!(r.prefill_linear_secs(), 2.0);
    // Quadratic part: 16,000² / (8,000 × 60,000) = 256,000,000 / 480,000,000 = 0.5333… s.
    assert_close!(r.prefill_quadratic_secs(), 8.0 / 15.0);
    assert_close!(r.prefill_secs(), 2.0 + 8.0 / 15.0);
}

#[test]
fn summariser_decode_and_milestones_by_hand() {
    let r = summariser();
    // First step: (1/60)(1 + 16,000/120,000) = (1/60)(17/15) = 0.018888… s.
    assert_close!(r.decode_step_secs(0.0), 17.0 / 900.0);
    // TTFT = 0 + 2.5333… + 0.018888… = 2.552222… s.
    assert_close!(r.ttft_secs(), 2.0 + 8.0 / 15.0 + 17.0 / 900.0);
    // All 300 steps: 300/60 + (300 × 16,000 + 300 × 299 / 2) / (120,000 × 60)
    //   = 5 + (4,800,000 + 44,850) / 7,200,000 = 5 + 0.672895833… = 5.672895833… s.
    assert_close!(r.decode_secs(), 5.0 + 4_844_850.0 / 7_200_000.0);
    assert_close!(r.decode_growth_secs(), 4_844_850.0 / 7_200_000.0, 1e-9);
    // Total = 2.5333… + 5.6728958… = 8.2062291… s, against 7 s on the straight line.
    assert_close!(r.total_secs(), 2.0 + 8.0 / 15.0 + 5.0 + 4_844_850.0 / 7_200_000.0);
}

#[test]
fn how_optimistic_the_straight_line_is_for_the_summariser() {
    let o = summariser().optimism();
    // TTFT: 2.552222… − (2 + 1/60 = 2.016666…) = 0.535555… s, 26.6% more than the line says.
    assert_close!(o.ttft_gap_secs, 2.0 + 8.0 / 15.0 + 17.0 / 900.0 - (2.0 + 1.0 / 60.0), 1e-9);
    assert_close!(o.ttft_gap_fraction, o.ttft_gap_secs / (2.0 + 1.0 / 60.0), 1e-9);
    // Total: 8.2062291… − 7 = 1.2062291… s, 17.2% more.
    assert_close!(o.total_gap_secs, 8.0 / 15.0 + 4_844_850.0 / 7_200_000.0, 1e-9);
    assert_close!(o.total_gap_fraction, (8.0 / 15.0 + 4_844_850.0 / 7_200_000.0) / 7.0, 1e-9);
    // Nothing cached, so against the linear model of request.rs it is the same gap.
    assert_eq!(summariser().versus_linear(), o);
}

#[test]
fn cached_prefix_by_hand() {
    // 12,000 of the 16,000 tokens cached:
    // (16,000 − 12,000)/8,000 + (16,000² − 12,000²)/(8,000 × 60,000)
    //   = 0.5 + 112,000,000/480,000,000 = 0.5 + 0.2333… = 0.7333… s.
    let r = summariser().with_cached(12_000.0);
    assert_close!(r.prefill_secs(), 0.5 + 7.0 / 30.0);
    // Decode still reads the whole 16,000-token context: unchanged.
    assert_eq!(r.decode_secs(), summariser().decode_secs());
    // More cached than the prompt counts as the whole prompt: no prefill at all.
    let all = summariser().with_cached(1e9);
    assert_eq!(all.effective_cached_tokens(), 16_000.0);
    assert_eq!(all.prefill_secs(), 0.0);
}

#[test]
fn long_answers_use_the_closed_form() {
    // 100,000 answer tokens: 100,000/60 + (100,000 × 16,000 + 100,000 × 99,999/2)/7,200,000
    //   = 1,666.666… + 6,599,950,000/7,200,000 = 1,666.666… + 916.659722… = 2,583.326388… s.
    let r = summariser().with_output(100_000.0);
    assert_close!(r.decode_secs(), 100_000.0 / 60.0 + 6_599_950_000.0 / 7_200_000.0);
    // And the closed form is the sum of the steps.
    let summed: f64 = (0..100_000).map(|k| r.decode_step_secs(f64::from(k))).sum();
    assert_close!(r.decode_secs(), summed, 1e-9);
}

#[test]
fn crossing_under_both_models() {
    // Straight line: 300 × 8,000/60 = 40,000 tokens.
    assert_close!(
        summariser().straight_line_crossing_prompt_tokens().unwrap_or(f64::NAN),
        40_000.0
    );
    // Deeper: p/8,000 + p²/480,000,000 = 5 + (300p + 44,850)/7,200,000; times 8,000:
    // p²/60,000 + (2/3)p − 40,049.8333… = 0, so p = (−2/3 + √(4/9 + 4 × 40,049.8333…/60,000)) × 30,000
    //   = 32,943.27… tokens: the bend in prefill brings the crossing well forward.
    let p = summariser().crossing_prompt_tokens().unwrap_or(f64::NAN);
    let (a, b, c): (f64, f64, f64) = (1.0 / 60_000.0, 2.0 / 3.0, -(40_000.0 + 44_850.0 / 900.0));
    assert_close!(p, (-b + (b * b - 4.0 * a * c).sqrt()) / (2.0 * a), 1e-9);
    assert!((p - 32_943.27).abs() < 0.01, "{p}");
    let at = summariser().with_prompt(p);
    assert_close!(at.prefill_secs(), at.decode_secs(), 1e-9);
}

#[test]
fn no_crossing_when_decode_outgrows_a_straight_prefill() {
    // Attention knee off; decode grows by n·r/(C·d) = 300 × 8,000/(1,000 × 60) = 40 prefill-seconds'
    // worth per prompt token, so prefill never catches up.
    let r = summariser().with_knees(Knees { attention_tokens: f64::INFINITY, kv_tokens: 1_000.0 });
    assert_eq!(r.crossing_prompt_tokens(), None);
}

#[test]
fn the_knees_mean_what_they_say() {
    // At p = K the quadratic part of prefill equals the linear part.
    let at_knee = summariser().with_prompt(DEFAULT_ATTENTION_KNEE_TOKENS);
    assert_close!(at_knee.prefill_quadratic_secs(), at_knee.prefill_linear_secs());
    // At context C a decode step takes twice what it takes at context 0.
    let empty = summariser().with_prompt(0.0);
    assert_close!(
        empty.decode_step_secs(DEFAULT_KV_KNEE_TOKENS),
        2.0 * empty.decode_step_secs(0.0)
    );
    let full = summariser().with_prompt(DEFAULT_KV_KNEE_TOKENS);
    assert_close!(full.decode_step_secs(0.0), 2.0 / 60.0);
}

#[test]
fn defaults_come_from_the_rough_scale() {
    // 2 × 16 GFLOP / 0.5 MFLOP = 64,000; 16 GB / 128 KB = 125,000: the defaults are these, rounded.
    assert_eq!(derived_attention_knee(), 64_000.0);
    assert_eq!(derived_kv_knee().round(), 122_528.0);
    assert!((derived_attention_knee() / DEFAULT_ATTENTION_KNEE_TOKENS - 1.0).abs() < 0.1);
    assert!((derived_kv_knee() / DEFAULT_KV_KNEE_TOKENS - 1.0).abs() < 0.1);
    assert_eq!(Knees::default(), Knees::DEFAULT);
}

#[test]
fn disabled_knees_give_the_linear_model_to_the_bit() {
    let deep = DeepRequest::linear(Request::SUMMARISER);
    let line = Request::SUMMARISER;
    assert_eq!(deep.prefill_secs(), line.prefill_secs());
    assert_eq!(deep.decode_secs(), line.decode_secs());
    assert_eq!(deep.ttft_secs(), line.ttft_secs());
    assert_eq!(deep.total_secs(), line.total_secs());
    assert!(Knees::DISABLED.is_disabled() && !Knees::DEFAULT.is_disabled());
}

#[test]
fn silly_knees_are_tamed() {
    let k = Knees { attention_tokens: f64::NAN, kv_tokens: -5.0 }.sanitised();
    assert_eq!(k.attention_tokens, DEFAULT_ATTENTION_KNEE_TOKENS);
    assert_eq!(k.kv_tokens, 1.0);
}

#[test]
fn ttft_clocks_differ_by_what_came_before_prefill() {
    // A quarter second on the network, half a second queued: the client's clock sees both, the
    // server's only the queue, the scheduler's neither.
    let client = summariser().with_wait(0.75).ttft_secs();
    assert_close!(client, 0.75 + 2.0 + 8.0 / 15.0 + 17.0 / 900.0);
    let on = |d: TtftDefinition| client - d.unseen_secs(0.25, 0.5);
    assert_eq!(on(TtftDefinition::Client), client);
    assert_close!(on(TtftDefinition::Server), 0.5 + 2.0 + 8.0 / 15.0 + 17.0 / 900.0);
    assert_close!(on(TtftDefinition::Scheduled), 2.0 + 8.0 / 15.0 + 17.0 / 900.0);
    // Nothing before prefill: every clock reads the same.
    assert!(TtftDefinition::ALL.iter().all(|d| d.unseen_secs(0.0, 0.0) == 0.0));
    assert_eq!(TtftDefinition::Scheduled.unseen_secs(f64::NAN, -1.0), 0.0);
    for d in TtftDefinition::ALL {
        assert_eq!(TtftDefinition::from_key(d.key()), Some(d));
    }
    assert_eq!(TtftDefinition::from_key("both"), None);
    assert_eq!(TtftDefinition::default(), TtftDefinition::Client);
}

// ---------------------------------------------------------------- levers

fn deployment_b() -> DeepRequest {
    // The lesson's deployment B on the straight line: 12,000 tok/s prefill, 110 tok/s decode,
    // ~0.23 s of queue, network and scheduling, a 600-token answer.
    DeepRequest::linear(Request {
        prompt_tokens: 8_000.0,
        output_tokens: 600.0,
        prefill_tokens_per_sec: 12_000.0,
        decode_tokens_per_sec: 110.0,
        wait_secs: 0.23,
    })
}

#[test]
fn four_passages_instead_of_twelve() {
    // 200 + 12 × 650 = 8,000 tokens; 200 + 4 × 650 = 2,800. Prefill drops by 5,200/12,000 = 0.4333 s,
    // and TTFT with it: 0.23 + 0.2333 + 1/110 = 0.4724 s (the lesson's "about 0.46 s" leaves out
    // the first decode step).
    assert_eq!(Retrieval::LESSON.prompt_tokens(), 8_000.0);
    let e = fewer_passages(&deployment_b(), Retrieval::LESSON, 4.0);
    assert_close!(e.ttft_saved_secs(), 5_200.0 / 12_000.0, 1e-9);
    assert_close!(e.total_saved_secs(), 5_200.0 / 12_000.0, 1e-9);
    assert_close!(e.after.ttft_secs, 0.23 + 2_800.0 / 12_000.0 + 1.0 / 110.0, 1e-9);
    // Keeping more than there were is no change.
    assert_eq!(fewer_passages(&deployment_b(), Retrieval::LESSON, 40.0).total_saved_secs(), 0.0);
}

#[test]
fn caching_lever_on_the_summariser() {
    // 12,000 cached tokens save 2.5333… − 0.7333… = 1.8 s off both milestones.
    let e = cache_prefix(&summariser(), 12_000.0);
    assert_close!(e.ttft_saved_secs(), 1.8, 1e-9);
    assert_close!(e.total_saved_secs(), 1.8, 1e-9);
    assert_eq!(e.result_ready_secs, None);
}

#[test]
fn splitting_a_decode_bound_summary_costs_time() {
    // Straight line, 4 parts, 100 instruction tokens, 300-token partial answers:
    // part: (4,000 + 100)/8,000 = 0.5125 s + 300/60 = 5 s, so the parts are done at 5.5125 s;
    // merge: prompt 4 × 300 + 100 = 1,300 → 0.1625 s, first token 1/60, total 0.1625 + 5 s.
    // TTFT = 5.5125 + 0.1625 + 0.016666… = 5.691666… s; total = 5.5125 + 5.1625 = 10.675 s.
    let r = DeepRequest::linear(Request::SUMMARISER);
    let plan = Split::new(&r, 4);
    let e = split(&r, plan);
    assert_close!(e.after.ttft_secs, 5.5125 + 0.1625 + 1.0 / 60.0, 1e-9);
    assert_close!(e.after.total_secs, 10.675, 1e-9);
    assert!(e.total_saved_secs() < 0.0, "splitting should not pay below the crossing");
}

#[test]
fn splitting_a_long_document_pays_under_the_deeper_model() {
    // 200,000-token prompt, 4 parts of 50,100 tokens each:
    // part prefill = 50,100/8,000 + 50,100²/480,000,000 = 6.2625 + 5.2291875 = 11.4916875 s;
    // part decode = 5 + (300 × 50,100 + 44,850)/7,200,000 = 5 + 2.09372916… s;
    // parts done at 18.5854166… s; merge (1,300-token prompt): prefill 0.1625 + 0.0035208… s,
    // first step (1/60)(1 + 1,300/120,000) → TTFT 18.768284… s; total 23.811833… s,
    // against 108.377… s and 121.672… s unsplit.
    let r = summariser().with_prompt(200_000.0);
    let e = split(&r, Split::new(&r, 4));
    let parts_done = 6.2625
        + 50_100.0 * 50_100.0 / 480_000_000.0
        + 5.0
        + (300.0 * 50_100.0 + 44_850.0) / 7_200_000.0;
    let merge_prefill = 0.1625 + 1_300.0 * 1_300.0 / 480_000_000.0;
    assert_close!(
        e.after.ttft_secs,
        parts_done + merge_prefill + (1.0 + 1_300.0 / 120_000.0) / 60.0,
        1e-9
    );
    assert_close!(
        e.after.total_secs,
        parts_done + merge_prefill + 5.0 + (300.0 * 1_300.0 + 44_850.0) / 7_200_000.0,
        1e-9
    );
    assert_close!(e.before.total_secs, 121.672_895_833_333_3, 1e-9);
    assert!(e.total_saved_fraction() > 0.75 && e.ttft_saved_fraction() > 0.8);
}

#[test]
fn splitting_in_one_part_is_the_request_plus_a_merge() {
    // With k = 1, no instructions and partial answers as long as the final one, the part is the
    // unsplit (uncached) request, and the merge a second request reading that answer.
    for r in [summariser(), DeepRequest::linear(Request::SUMMARISER), summariser().with_wait(0.3)] {
        let plan =
            Split { parts: 1, instruction_tokens: 0.0, part_answer_tokens: r.base.output_tokens };
        let merge = r.with_prompt(r.base.output_tokens);
        let e = split(&r, plan);
        assert_close!(e.after.total_secs, r.total_secs() + merge.total_secs());
        assert_close!(e.after.ttft_secs, r.total_secs() + merge.ttft_secs());
        // Zero parts counts as one.
        assert_eq!(split(&r, Split { parts: 0, ..plan }), e);
    }
}

#[test]
fn off_the_request_path() {
    let e = off_request_path(&summariser(), 0.15);
    assert_eq!(e.after.ttft_secs, 0.15);
    assert_eq!(e.after.total_secs, 0.15);
    assert_eq!(e.result_ready_secs, Some(summariser().total_secs()));
    assert_eq!(off_request_path(&summariser(), f64::NAN).after.ttft_secs, DEFAULT_ACK_SECS);
}

#[test]
fn response_bands() {
    let limits: Vec<f64> = RESPONSE_BANDS.iter().map(|b| b.limit_secs).collect();
    assert_eq!(limits, [0.1, 1.0, 10.0]);
    assert!(RESPONSE_BANDS.iter().all(|b| !b.label.is_empty() && !b.meaning.is_empty()));
    assert_eq!(band_of(0.05).map(|b| b.limit_secs), Some(0.1));
    assert_eq!(band_of(0.1).map(|b| b.limit_secs), Some(0.1));
    assert_eq!(band_of(0.5).map(|b| b.limit_secs), Some(1.0));
    assert_eq!(band_of(7.0).map(|b| b.limit_secs), Some(10.0));
    assert_eq!(band_of(12.0), None);
    assert_eq!(band_of(f64::NAN), None);
}

// ---------------------------------------------------------------- properties

/// Inputs in the range the page accepts (see src/state/params.rs), knees from 1,000 to 10⁷.
fn plausible() -> impl Strategy<Value = DeepRequest> {
    (
        10.0..1e6f64,
        1.0..1e5f64,
        100.0..2e5f64,
        1.0..2e3f64,
        0.0..60.0f64,
        0.0..1.0f64,
        1e3..1e7f64,
        1e3..1e7f64,
    )
        .prop_map(|(p, n, r, d, w, cached_share, k, c)| DeepRequest {
            base: Request {
                prompt_tokens: p,
                output_tokens: n,
                prefill_tokens_per_sec: r,
                decode_tokens_per_sec: d,
                wait_secs: w,
            },
            cached_tokens: p * cached_share,
            knees: Knees { attention_tokens: k, kv_tokens: c },
        })
}

/// Any f64 at all in every field: NaN, ±∞, subnormals, negatives.
fn anything() -> impl Strategy<Value = DeepRequest> {
    use proptest::num::f64::ANY;
    (ANY, ANY, ANY, ANY, ANY, ANY, ANY, ANY).prop_map(|(p, n, r, d, w, s, k, c)| DeepRequest {
        base: Request {
            prompt_tokens: p,
            output_tokens: n,
            prefill_tokens_per_sec: r,
            decode_tokens_per_sec: d,
            wait_secs: w,
        },
        cached_tokens: s,
        knees: Knees { attention_tokens: k, kv_tokens: c },
    })
}

fn finite_non_negative(x: f64) -> bool {
    x.is_finite() && x >= 0.0
}

fn effect_is_finite(e: &Effect) -> bool {
    [e.before.ttft_secs, e.before.total_secs, e.after.ttft_secs, e.after.total_secs]
        .into_iter()
        .all(finite_non_negative)
        && [
            e.ttft_saved_secs(),
            e.total_saved_secs(),
            e.ttft_saved_fraction(),
            e.total_saved_fraction(),
        ]
        .into_iter()
        .all(f64::is_finite)
        && e.result_ready_secs.is_none_or(finite_non_negative)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    #[test]
    fn every_output_is_finite_for_any_input(r in anything(), ack in proptest::num::f64::ANY, parts in any::<u32>(), keep in proptest::num::f64::ANY) {
        for x in [r.prefill_secs(), r.prefill_linear_secs(), r.prefill_quadratic_secs(), r.decode_secs(), r.decode_growth_secs(), r.ttft_secs(), r.total_secs(), r.decode_step_secs(keep), r.effective_cached_tokens()] {
            prop_assert!(finite_non_negative(x), "{x}");
        }
        prop_assert!(r.total_secs() >= r.ttft_secs());
        for x in TtftDefinition::ALL.map(|d| d.unseen_secs(r.base.wait_secs, ack)) {
            prop_assert!(finite_non_negative(x), "{x}");
        }
        for o in [r.optimism(), r.versus_linear()] {
            for x in [o.ttft_gap_secs, o.ttft_gap_fraction, o.total_gap_secs, o.total_gap_fraction] {
                prop_assert!(x.is_finite(), "{x}");
            }
        }
        for c in [r.crossing_prompt_tokens(), r.straight_line_crossing_prompt_tokens()].into_iter().flatten() {
            prop_assert!(finite_non_negative(c), "{c}");
        }
        let retrieval = Retrieval { base_prompt_tokens: r.cached_tokens, passages: keep, tokens_per_passage: ack };
        let plan = Split { parts, instruction_tokens: ack, part_answer_tokens: keep };
        for e in [cache_prefix(&r, keep), fewer_passages(&r, retrieval, ack), split(&r, plan), split(&r, Split::new(&r, parts)), off_request_path(&r, ack)] {
            prop_assert!(effect_is_finite(&e), "{e:?}");
        }
    }

    #[test]
    fn deeper_is_never_faster_than_the_line_for_any_input(r in anything()) {
        // Against the linear model itself (nothing cached)...
        let uncached = r.with_cached(0.0);
        let line = r.base;
        prop_assert!(uncached.prefill_secs() >= line.prefill_secs());
        prop_assert!(uncached.decode_secs() >= line.decode_secs());
        prop_assert!(uncached.ttft_secs() >= line.ttft_secs());
        prop_assert!(uncached.total_secs() >= line.total_secs());
        // ...and against the straight line with the same cache.
        let o = r.optimism();
        prop_assert!(o.ttft_gap_secs >= 0.0 && o.total_gap_secs >= 0.0, "{o:?}");
    }

    #[test]
    fn deeper_is_never_faster_than_the_line(r in plausible()) {
        let o = r.with_cached(0.0).versus_linear();
        prop_assert!(o.ttft_gap_secs >= 0.0 && o.total_gap_secs >= 0.0 && o.ttft_gap_fraction >= 0.0 && o.total_gap_fraction >= 0.0, "{o:?}");
        let o = r.optimism();
        prop_assert!(o.ttft_gap_secs >= 0.0 && o.total_gap_secs >= 0.0, "{o:?}");
    }

    #[test]
    fn knees_at_infinity_are_the_linear_model(r in plausible(), far in 1e25..1e300f64) {
        let line = r.base;
        for knees in [Knees::DISABLED, Knees { attention_tokens: far, kv_tokens: far }] {
            let deep = DeepRequest::new(line, 0.0, knees);
            for (a, b) in [(deep.prefill_secs(), line.prefill_secs()), (deep.decode_secs(), line.decode_secs()), (deep.ttft_secs(), line.ttft_secs()), (deep.total_secs(), line.total_secs())] {
                prop_assert!(close(a, b, 1e-9), "{a} vs {b}");
            }
            let crossing = deep.crossing_prompt_tokens().unwrap_or(f64::NAN);
            prop_assert!(close(crossing, line.crossing_prompt_tokens(), 1e-9), "{crossing} vs {}", line.crossing_prompt_tokens());
        }
    }

    #[test]
    fn knees_off_match_the_linear_model_for_any_input(r in anything()) {
        let deep = DeepRequest::linear(r.base);
        let line = r.base;
        prop_assert_eq!(deep.prefill_secs(), line.prefill_secs());
        prop_assert_eq!(deep.decode_secs(), line.decode_secs());
        prop_assert_eq!(deep.ttft_secs(), line.ttft_secs());
        prop_assert!(close(deep.total_secs(), line.total_secs(), 1e-9));
    }

    #[test]
    fn caching_more_never_slows_a_request(r in anything(), a in 0.0..2e6f64, b in 0.0..2e6f64) {
        let (less, more) = (a.min(b), a.max(b));
        let (x, y) = (r.with_cached(less), r.with_cached(more));
        prop_assert!(y.prefill_secs() <= x.prefill_secs());
        prop_assert!(y.ttft_secs() <= x.ttft_secs());
        prop_assert!(y.total_secs() <= x.total_secs());
        let e = cache_prefix(&r, more);
        prop_assert!(e.ttft_saved_secs() >= 0.0 && e.total_saved_secs() >= 0.0);
    }

    #[test]
    fn the_crossing_balances_the_phases(r in plausible()) {
        if let Some(p) = r.crossing_prompt_tokens() {
            let at = r.with_prompt(p);
            prop_assert!(close(at.prefill_secs(), at.decode_secs(), 1e-9), "{} vs {} at {p}", at.prefill_secs(), at.decode_secs());
            // Decode owns the clock before it, prefill after it.
            let (below, above) = (r.with_prompt(p * 0.99), r.with_prompt(p * 1.01));
            prop_assert!(below.prefill_secs() <= below.decode_secs());
            prop_assert!(above.prefill_secs() >= above.decode_secs());
        }
    }

    #[test]
    fn the_knees_hold_for_any_size(k in 1.0..1e9f64, c in 1.0..1e9f64, r in 1e-3..1e9f64, d in 1e-3..1e6f64) {
        let req = DeepRequest::new(Request { prompt_tokens: k, output_tokens: 1.0, prefill_tokens_per_sec: r, decode_tokens_per_sec: d, wait_secs: 0.0 }, 0.0, Knees { attention_tokens: k, kv_tokens: c });
        prop_assert!(close(req.prefill_quadratic_secs(), req.prefill_linear_secs(), 1e-12));
        let empty = req.with_prompt(0.0);
        prop_assert!(close(empty.decode_step_secs(c), 2.0 * empty.decode_step_secs(0.0), 1e-12));
    }

    #[test]
    fn retrieving_fewer_never_slows(r in plausible(), keep_a in 0.0..30.0f64, keep_b in 0.0..30.0f64, passages in 0.0..30.0f64, per in 0.0..2e3f64) {
        let retrieval = Retrieval { base_prompt_tokens: 200.0, passages, tokens_per_passage: per };
        let (fewer, more) = (fewer_passages(&r, retrieval, keep_a.min(keep_b)), fewer_passages(&r, retrieval, keep_a.max(keep_b)));
        prop_assert!(fewer.after.ttft_secs <= more.after.ttft_secs && fewer.after.total_secs <= more.after.total_secs);
        prop_assert!(more.ttft_saved_secs() >= 0.0 && more.total_saved_secs() >= 0.0);
    }

    #[test]
    fn split_timing_is_parts_then_merge(r in plausible(), parts in 1u32..64, instructions in 0.0..2e3f64, part_answer in 1.0..2e3f64) {
        let plan = Split { parts, instruction_tokens: instructions, part_answer_tokens: part_answer };
        let part = plan.part_request(&r);
        let merge = plan.merge_request(&r);
        prop_assert!(close(part.base.prompt_tokens, r.base.prompt_tokens / f64::from(parts) + instructions, 1e-12));
        prop_assert!(close(merge.base.prompt_tokens, f64::from(parts) * part_answer + instructions, 1e-12));
        prop_assert_eq!(merge.base.output_tokens, r.base.output_tokens);
        let t = plan.timing(&r);
        prop_assert!(close(t.total_secs, part.total_secs() + merge.total_secs(), 1e-12));
        prop_assert!(t.ttft_secs <= t.total_secs);
    }
}
