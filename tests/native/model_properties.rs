//! Invariants of the linear model over every input the state accepts, and beyond it.

use crossover::model::Request;
use crossover::state::{Param, State};
use proptest::prelude::*;

fn accepted(param: Param) -> impl Strategy<Value = f64> {
    let s = param.spec();
    (s.min..=s.max).prop_map(move |v| s.clamp(v))
}

fn accepted_state() -> impl Strategy<Value = State> {
    (
        accepted(Param::Prompt),
        accepted(Param::Output),
        accepted(Param::Prefill),
        accepted(Param::Decode),
        accepted(Param::Wait),
    )
        .prop_map(|(p, o, pr, d, w)| {
            State::default()
                .with(Param::Prompt, p)
                .with(Param::Output, o)
                .with(Param::Prefill, pr)
                .with(Param::Decode, d)
                .with(Param::Wait, w)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    #[test]
    fn total_is_never_before_the_first_token(s in accepted_state()) {
        let r = s.request();
        prop_assert!(r.total_secs() >= r.ttft_secs());
        prop_assert!(r.ttft_secs() >= r.wait_secs + r.prefill_secs());
    }

    #[test]
    fn every_figure_is_finite(s in accepted_state()) {
        let r = s.request();
        for x in [r.prefill_secs(), r.decode_secs(), r.ttft_secs(), r.total_secs(), r.crossing_ratio(), r.crossing_prompt_tokens()] {
            prop_assert!(x.is_finite() && x >= 0.0, "{x}");
        }
        let (a, b, c) = r.shares();
        prop_assert!((a + b + c - 1.0).abs() < 1e-9);
    }

    #[test]
    fn longer_prompts_and_answers_never_finish_sooner(s in accepted_state(), extra_prompt in 0.0..1e5f64, extra_output in 0.0..1e4f64) {
        let r = s.request();
        let longer_prompt = Request { prompt_tokens: r.prompt_tokens + extra_prompt, ..r };
        let longer_answer = Request { output_tokens: r.output_tokens + extra_output, ..r };
        prop_assert!(longer_prompt.ttft_secs() >= r.ttft_secs());
        prop_assert!(longer_prompt.total_secs() >= r.total_secs());
        prop_assert!(longer_answer.total_secs() >= r.total_secs());
        prop_assert!(longer_answer.ttft_secs() >= r.ttft_secs());
    }

    #[test]
    fn faster_rates_never_finish_later(s in accepted_state(), factor in 1.0..100.0f64) {
        let r = s.request();
        let faster = Request { prefill_tokens_per_sec: r.prefill_tokens_per_sec * factor, decode_tokens_per_sec: r.decode_tokens_per_sec * factor, ..r };
        prop_assert!(faster.total_secs() <= r.total_secs());
        prop_assert!(faster.ttft_secs() <= r.ttft_secs());
    }

    #[test]
    fn any_number_gives_finite_figures(prompt in any::<f64>(), output in any::<f64>(), prefill in any::<f64>(), decode in any::<f64>(), wait in any::<f64>()) {
        let r = Request { prompt_tokens: prompt, output_tokens: output, prefill_tokens_per_sec: prefill, decode_tokens_per_sec: decode, wait_secs: wait };
        for x in [r.prefill_secs(), r.decode_secs(), r.ttft_secs(), r.total_secs(), r.crossing_ratio(), r.crossing_prompt_tokens()] {
            prop_assert!(x.is_finite() && x >= 0.0, "{x}");
        }
        prop_assert!(r.total_secs() >= r.ttft_secs());
    }
}

// ------------------------------------------------ any f64 at all, NaN and the infinities included

use crossover::format;
use crossover::model::rounding::round_half_away;
use crossover::model::ReadingSpeed;
use proptest::num::f64::ANY;

fn finite_non_negative(x: f64) -> bool {
    x.is_finite() && x >= 0.0
}

/// Text a reader sees never spells a non-number.
fn printable(text: &str) -> bool {
    let lower = text.to_lowercase();
    !lower.contains("nan") && !lower.contains("inf")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4_000))]

    #[test]
    fn any_float_gives_finite_figures(prompt in ANY, output in ANY, prefill in ANY, decode in ANY, wait in ANY, t in ANY) {
        let r = Request { prompt_tokens: prompt, output_tokens: output, prefill_tokens_per_sec: prefill, decode_tokens_per_sec: decode, wait_secs: wait };
        for x in [r.prefill_secs(), r.decode_secs(), r.secs_per_output_token(), r.ttft_secs(), r.total_secs(), r.crossing_ratio(), r.crossing_prompt_tokens(), r.streamed_tokens_at(t), r.unstreamed_tokens_at(t)] {
            prop_assert!(finite_non_negative(x), "{x} from {r:?}");
        }
        prop_assert!(r.total_secs() >= r.ttft_secs());
        let (a, b, c) = r.shares();
        prop_assert!([a, b, c].into_iter().all(finite_non_negative));
        prop_assert!(a + b + c <= 1.0 + 1e-9);
        prop_assert!(r.streamed_tokens_at(t) >= r.unstreamed_tokens_at(t) || t >= r.total_secs());
    }

    #[test]
    fn any_float_is_monotone_in_prompt_and_answer(base in ANY, x in ANY, y in ANY, rate_a in ANY, rate_b in ANY, wait in ANY) {
        // Larger (or infinite) prompts and answers never finish sooner, whatever else is passed.
        prop_assume!(!x.is_nan() && !y.is_nan());
        let (small, large) = if x <= y { (x, y) } else { (y, x) };
        let r = Request { prompt_tokens: base, output_tokens: base, prefill_tokens_per_sec: rate_a, decode_tokens_per_sec: rate_b, wait_secs: wait };
        let (p1, p2) = (Request { prompt_tokens: small, ..r }, Request { prompt_tokens: large, ..r });
        prop_assert!(p1.ttft_secs() <= p2.ttft_secs() && p1.total_secs() <= p2.total_secs());
        let (o1, o2) = (Request { output_tokens: small, ..r }, Request { output_tokens: large, ..r });
        prop_assert!(o1.ttft_secs() <= o2.ttft_secs() && o1.total_secs() <= o2.total_secs());
    }

    #[test]
    fn any_reading_speed_is_finite(wpm in ANY, t in ANY, ttft in ANY, total in ANY, output in ANY) {
        let reading = ReadingSpeed { words_per_min: wpm };
        prop_assert!(reading.tokens_per_sec().is_finite() && reading.tokens_per_sec() > 0.0);
        for x in [reading.tokens_read_at(t, ttft), reading.streamed_done_secs(ttft, total, output), reading.unstreamed_done_secs(total, output)] {
            prop_assert!(finite_non_negative(x), "{x}");
        }
        // A reader never finishes an answer before it is all there.
        prop_assert!(reading.streamed_done_secs(ttft, total, output) >= reading.streamed_done_secs(ttft, total, 0.0));
    }

    #[test]
    fn rounding_any_float_never_goes_astray(x in ANY, decimals in -6..12i32) {
        let y = round_half_away(x, decimals);
        if x.is_finite() {
            prop_assert!(y.is_finite(), "{x} at {decimals} places gave {y}");
            // Within half a step of x, give or take the few ulps a decimal result cannot be
            // stored closer than (-798487219.42232 is itself about 6e-8 off in binary).
            let half_step = 0.5 * 10f64.powi(-decimals);
            prop_assert!((y - x).abs() <= half_step * (1.0 + 1e-5) + x.abs() * 1e-15, "{x} at {decimals} places gave {y}");
        } else {
            prop_assert!(y.is_nan() == x.is_nan());
        }
    }

    #[test]
    fn formatting_any_float_never_prints_a_non_number(x in ANY, decimals in 0usize..6) {
        for text in [format::with_separators(x, decimals), format::trimmed(x, decimals), format::duration(x), format::tokens(x), format::rate(x), format::percent(x), format::secs_fixed(x, decimals)] {
            prop_assert!(printable(&text), "{x} printed as {text:?}");
        }
    }

    #[test]
    fn every_control_maps_any_float_into_its_range(x in ANY, up in any::<bool>(), big in any::<bool>(), param in prop::sample::select(Param::ALL.to_vec())) {
        let s = param.spec();
        let v = s.clamp(x);
        prop_assert!(v.is_finite() && s.min <= v && v <= s.max, "{} clamps {x} to {v}", s.key);
        let position = s.to_position(x);
        prop_assert!((0.0..=1000.0).contains(&position), "{} puts {x} at {position}", s.key);
        let back = s.from_position(x);
        prop_assert!(back.is_finite() && s.min <= back && back <= s.max, "{} reads position {x} as {back}", s.key);
        let stepped = s.step(x, up, big);
        prop_assert!(stepped.is_finite() && s.min <= stepped && stepped <= s.max, "{} steps {x} to {stepped}", s.key);
        prop_assert!(printable(&s.value_text(v)));
    }

    #[test]
    fn any_floats_pushed_into_the_state_stay_valid(values in prop::collection::vec(ANY, Param::COUNT), order in Just(Param::ALL.to_vec()).prop_shuffle()) {
        let mut s = State::default();
        for (param, v) in order.into_iter().zip(values) {
            s.set(param, v);
        }
        for param in Param::ALL {
            let spec = s.spec_of(param);
            let v = s.get(param);
            prop_assert!(v.is_finite() && spec.min <= v && v <= spec.max, "{} = {v}", spec.key);
        }
        let h = s.headline();
        for x in [h.wait_secs, h.prefill_secs, h.decode_secs, h.ttft_secs, h.client_ttft_secs, h.total_secs] {
            prop_assert!(finite_non_negative(x), "{h:?}");
        }
        prop_assert!(h.total_secs >= h.ttft_secs);
    }
}
