//! Invariants of the linear model over every input the state accepts, and beyond it.

use crossover::model::Request;
use crossover::state::{Param, State};
use proptest::prelude::*;

fn accepted(param: Param) -> impl Strategy<Value = f64> {
    let s = param.spec();
    (s.min..=s.max).prop_map(move |v| s.clamp(v))
}

fn accepted_state() -> impl Strategy<Value = State> {
    (accepted(Param::Prompt), accepted(Param::Output), accepted(Param::Prefill), accepted(Param::Decode), accepted(Param::Wait)).prop_map(|(p, o, pr, d, w)| {
        State::default().with(Param::Prompt, p).with(Param::Output, o).with(Param::Prefill, pr).with(Param::Decode, d).with(Param::Wait, w)
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
