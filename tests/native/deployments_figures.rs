//! Every figure of the course lesson's "Two deployments" part, reproduced by the model and shown to the
//! digit the lesson prints (rounding half away from zero), plus the properties the comparison
//! keeps for any input at all.

use crossover::charts::completion::{lesson_table, CompletionInputs};
use crossover::format::crossover_tokens_text;
use crossover::format::{duration, secs_fixed, trimmed, with_separators};
use crossover::model::deployments::{
    Comparison, Consumer, Crossover, Deployment, Edge, PromptTtft, Speedup, Which, Winner,
};
use crossover::model::reading::WORDS_PER_TOKEN;
use crossover::model::rounding::round_half_away;
use crossover::model::workload::{LengthDistribution, Router};
use crossover::model::ReadingSpeed;
use proptest::prelude::*;

const LESSON: Comparison = Comparison::LESSON;

fn n_star(c: &Comparison) -> f64 {
    c.crossover().tokens().unwrap_or(f64::NAN)
}

#[test]
fn the_two_deployments() {
    assert_eq!(LESSON.a, Deployment::new(0.2, 30.0));
    assert_eq!(LESSON.b, Deployment::new(0.9, 110.0));
    assert_eq!(secs_fixed(LESSON.a.ttft(), 3), "0.200 s");
    assert_eq!(secs_fixed(LESSON.b.ttft(), 3), "0.900 s");
}

#[test]
fn completion_table_matches_the_lesson() {
    // (answer tokens, A, B, first to finish) exactly as the lesson prints them.
    let expected = [
        (20.0, "0.87 s", "1.08 s", "A"),
        (30.0, "1.20 s", "1.17 s", "B"),
        (100.0, "3.53 s", "1.81 s", "B"),
        (600.0, "20.20 s", "6.35 s", "B"),
        (2_000.0, "66.87 s", "19.08 s", "B"),
    ];
    let rows = lesson_table(&CompletionInputs::default());
    assert_eq!(rows.len(), expected.len());
    for (row, (n, a, b, winner)) in rows.iter().zip(expected) {
        assert_eq!(row.answer_tokens, n);
        assert_eq!(with_separators(row.answer_tokens, 0), with_separators(n, 0));
        assert_eq!(secs_fixed(row.a_secs, 2), a, "A at {n}");
        assert_eq!(secs_fixed(row.b_secs, 2), b, "B at {n}");
        assert_eq!(row.winner.data_value(), winner, "winner at {n}");
        // The table and the model agree.
        assert_eq!(row.a_secs, LESSON.a.completion_secs(n));
        assert_eq!(row.winner, LESSON.winner_at(n));
    }
    assert_eq!(with_separators(2_000.0, 0), "2,000");
}

#[test]
fn crossover_lead_and_gain() {
    let crossover = LESSON.crossover();
    let n = n_star(&LESSON);
    assert_eq!(crossover, Crossover::At { tokens: n, below: Which::A, above: Which::B });
    assert_eq!(trimmed(n, 1), "28.9");
    assert_eq!(crossover_tokens_text(n), "28.9 tokens");
    // "About twenty words."
    assert_eq!(round_half_away(n * WORDS_PER_TOKEN / 10.0, 0) * 10.0, 20.0);
    let lead = LESSON.first_token_lead().unwrap_or(Edge { leader: Which::B, secs: f64::NAN });
    assert_eq!(lead.leader, Which::A);
    assert_eq!(trimmed(lead.secs, 2), "0.7");
    let gain = LESSON.per_token_gain().unwrap_or(Edge { leader: Which::A, secs: f64::NAN });
    assert_eq!(gain.leader, Which::B);
    assert_eq!(trimmed(gain.secs, 3), "0.024");
    // n* is the lead divided by the gain.
    assert!((n - lead.secs / gain.secs).abs() < 1e-12);
}

#[test]
fn the_trap_in_two_ratios() {
    let Speedup::Times { faster, times } = LESSON.first_token_speedup() else {
        unreachable!("the lesson's pair has a finite first-token ratio")
    };
    assert_eq!(faster, Which::A);
    assert_eq!(trimmed(times, 1), "4.5");
    let Speedup::Times { faster, times } = LESSON.finish_speedup(600.0) else {
        unreachable!("the lesson's pair has a finite finish ratio")
    };
    assert_eq!(faster, Which::B);
    // "More than three times faster": over three, not yet three and a half.
    assert!(times > 3.0 && times < 3.5, "{times}");
    let race = LESSON.race_at(600.0);
    assert_eq!(trimmed(race.a_secs, 1), "20.2");
    assert_eq!(duration(race.a_secs), "20.2 s");
    assert_eq!(duration(race.b_secs), "6.35 s");
}

#[test]
fn where_b_first_token_comes_from() {
    let prompt = PromptTtft::LESSON_B;
    assert_eq!(with_separators(prompt.prompt_tokens(), 0), "8,000");
    assert_eq!(secs_fixed(prompt.prefill_secs(), 2), "0.67 s");
    assert_eq!(round_half_away(prompt.ttft_secs(), 1), 0.9);
    assert_eq!(secs_fixed(prompt.ttft_secs(), 2), "0.90 s");
    // What remains of B's 0.9 s once prefill is taken out.
    assert_eq!(secs_fixed(LESSON.b.ttft() - prompt.prefill_secs(), 2), "0.23 s");
    // Fewer passages: the retrieval lever.
    let four = prompt.with_passages(4.0);
    assert_eq!(with_separators(four.prompt_tokens(), 0), "2,800");
    assert_eq!(secs_fixed(four.ttft_secs(), 2), "0.46 s");
    // The prompt moves TTFT only; nothing here changes A's decode rate.
    let b_with_four = LESSON.b.with_ttft(four.ttft_secs());
    assert_eq!(b_with_four.decode_tokens_per_sec, 110.0);
}

#[test]
fn who_consumes_the_answer() {
    let reader = ReadingSpeed::default();
    assert!(LESSON.a.outruns(reader) && LESSON.b.outruns(reader));
    assert_eq!(trimmed(reader.tokens_per_sec(), 1), "5.3");
    let chat = LESSON.verdict(Consumer::Reader, 600.0);
    assert_eq!(chat.first_text, Some(Winner::A));
    assert_eq!(chat.finish, Winner::B);
    let parser = LESSON.verdict(Consumer::Machine, 600.0);
    assert_eq!(parser.first_text, None);
    assert_eq!(parser.finish, Winner::B);
}

#[test]
fn wrong_routes_cost_lopsidedly() {
    let long_to_a = LESSON.extra_secs_if_sent_to(Which::A, 900.0);
    assert_eq!(round_half_away(long_to_a, 0), 21.0);
    let short_to_b = LESSON.extra_secs_if_sent_to(Which::B, 15.0);
    assert_eq!(trimmed(short_to_b, 2), "0.34");
    // The right choices cost nothing.
    assert_eq!(LESSON.extra_secs_if_sent_to(Which::B, 900.0), 0.0);
    assert_eq!(LESSON.extra_secs_if_sent_to(Which::A, 15.0), 0.0);
    // Near the crossover a wrong guess barely matters.
    assert!(LESSON.race_at(40.0).gap_secs() < 0.4);
    // Far from it the cost is lopsided, so a router in doubt should pick B.
    assert!(long_to_a > 50.0 * short_to_b);
}

#[test]
fn under_load() {
    let peak = LESSON.at_rates(30.0, 45.0);
    let race = peak.race_at(600.0);
    assert_eq!(trimmed(race.a_secs, 1), "20.2");
    assert_eq!(trimmed(race.b_secs, 1), "14.2");
    assert_eq!(race.winner, Winner::B);
    assert_eq!(trimmed(n_star(&peak), 1), "63");
    assert_eq!(round_half_away(n_star(&peak), 0), 63.0);
    // Load moves the crossover up: more short answers now belong to A.
    assert!(n_star(&peak) > n_star(&LESSON));
}

#[test]
fn each_on_its_own_length() {
    let race = LESSON.race_with_lengths(180.0, 600.0);
    assert_eq!(trimmed(race.a_secs, 2), "6.2");
    assert_eq!(trimmed(race.b_secs, 2), "6.35");
    assert_eq!(race.winner, Winner::A);
    // At the same length B would have won by far.
    assert_eq!(LESSON.winner_at(600.0), Winner::B);
}

#[test]
fn lengths_are_two_workloads() {
    let lengths = LengthDistribution::LESSON;
    assert_eq!(round_half_away(lengths.quantile(0.5), 6), 40.0);
    assert_eq!(round_half_away(lengths.quantile(0.9), 6), 900.0);
    // Each deployment wins a large share of requests: neither choice suits everyone.
    let shares = lengths.shares(&LESSON);
    assert!((shares.a + shares.b + shares.tie - 1.0).abs() < 1e-12);
    assert!(shares.a > 0.3 && shares.b > 0.3, "{shares:?}");
    assert!((shares.a - lengths.cdf(n_star(&LESSON))).abs() < 1e-15);
    // The tail pulls the mean far above the median.
    assert!(lengths.mean() > 10.0 * lengths.quantile(0.5));
    let on_a = lengths.completion_percentiles(&LESSON.a);
    assert_eq!(on_a.p50, LESSON.a.completion_secs(lengths.quantile(0.5)));
    assert!(on_a.p50 < on_a.p90 && on_a.p90 < on_a.p99);
}

#[test]
fn a_router_at_the_crossover() {
    let lengths = LengthDistribution::LESSON;
    let perfect = lengths.routing(&LESSON, &Router::at_crossover(&LESSON, 0.0));
    assert!(
        perfect.routed_secs < perfect.always_b_secs
            && perfect.always_b_secs < perfect.always_a_secs,
        "{perfect:?}"
    );
    assert!((perfect.routed_secs - perfect.best_possible_secs).abs() < 1e-12);
    assert!(perfect.misrouted_share < 1e-12);
    assert!((perfect.share_sent_to_a - lengths.shares(&LESSON).a).abs() < 1e-12);
    // Noisy predictions send some requests the wrong way and cost time; more noise, more cost.
    let mut last = perfect;
    for factor in [1.5, 2.0, 4.0, 16.0] {
        let noisy = lengths.routing(
            &LESSON,
            &Router::at_crossover(&LESSON, Router::error_sigma_for_factor(factor)),
        );
        assert!(noisy.misrouted_share > last.misrouted_share, "{factor}: {noisy:?}");
        assert!(noisy.routed_secs >= last.routed_secs, "{factor}: {noisy:?}");
        last = noisy;
    }
    // Even a poor predictor at the crossover beats always-A, since long answers dominate the mean.
    assert!(last.routed_secs < last.always_a_secs);
}

#[test]
fn abandonment_flatters_the_slower_deployment() {
    let lengths = LengthDistribution::LESSON;
    let patience = 30.0;
    let a = lengths.abandonment(&LESSON.a, patience);
    let b = lengths.abandonment(&LESSON.b, patience);
    // The slow writer loses more users before their answers finish.
    assert!(
        a.abandoned_share > 2.0 * b.abandoned_share,
        "{} vs {}",
        a.abandoned_share,
        b.abandoned_share
    );
    let (Some(ma), Some(mb)) = (a.measured, b.measured) else {
        unreachable!("most users wait 30 s")
    };
    // Only finished requests reach the log, and they are the short ones.
    assert!(ma.mean_secs < a.true_mean_secs && ma.percentiles.p90 < a.true_percentiles.p90);
    assert!(ma.percentiles.p99 <= patience && mb.percentiles.p99 <= patience);
    // The measured gap between the two is smaller than the true one: A looks better than it is.
    assert!(ma.mean_secs / mb.mean_secs < a.true_mean_secs / b.true_mean_secs);
    assert!(a.mean_understated_by_secs() > b.mean_understated_by_secs());
    // Nobody gives up: the log is the truth. Nobody waits for the first token: nothing is logged.
    let patient = lengths.abandonment(&LESSON.a, f64::NAN);
    assert_eq!(patient.abandoned_share, 0.0);
    assert_eq!(patient.measured.map(|m| m.percentiles), Some(patient.true_percentiles));
    let hasty = lengths.abandonment(&LESSON.b, 0.5);
    assert_eq!((hasty.abandoned_share, hasty.measured), (1.0, None));
}

/// The next float above a positive `x`, without `f64::next_up` (newer than the crate's MSRV).
fn next_up(x: f64) -> f64 {
    f64::from_bits(x.to_bits() + 1)
}

fn next_down(x: f64) -> f64 {
    f64::from_bits(x.to_bits() - 1)
}

fn any_deployment() -> impl Strategy<Value = Deployment> {
    (proptest::num::f64::ANY, proptest::num::f64::ANY).prop_map(|(t, r)| Deployment::new(t, r))
}

/// Deployments within what a page would accept.
fn plausible_deployment() -> impl Strategy<Value = Deployment> {
    (0.0..60.0f64, 0.1..10_000.0f64).prop_map(|(t, r)| Deployment::new(t, r))
}

fn finite(x: f64) -> bool {
    x.is_finite()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1_000))]

    #[test]
    fn any_input_gives_finite_figures(a in any_deployment(), b in any_deployment(), n in proptest::num::f64::ANY) {
        let c = Comparison::new(a, b);
        prop_assert!(finite(a.completion_secs(n)) && a.completion_secs(n) >= 0.0);
        prop_assert!(finite(b.completion_secs(n)));
        if let Crossover::At { tokens, below, above } = c.crossover() {
            prop_assert!(finite(tokens) && tokens > 0.0);
            prop_assert_ne!(below, above);
        }
        for s in [c.first_token_speedup(), c.finish_speedup(n)] {
            if let Speedup::Times { times, .. } = s {
                prop_assert!(finite(times) && times >= 1.0, "{times}");
            }
        }
        for which in [Which::A, Which::B] {
            let extra = c.extra_secs_if_sent_to(which, n);
            prop_assert!(finite(extra) && extra >= 0.0);
        }
        for e in [c.first_token_lead(), c.per_token_gain()].into_iter().flatten() {
            prop_assert!(finite(e.secs) && e.secs > 0.0);
        }
        let race = c.race_with_lengths(n, n);
        prop_assert!(finite(race.a_secs) && finite(race.b_secs));
        let _ = c.winner_at(n);
    }

    #[test]
    fn prompt_ttft_is_finite_and_grows_with_passages(base in proptest::num::f64::ANY, passages in proptest::num::f64::ANY, each in proptest::num::f64::ANY, rate in proptest::num::f64::ANY, overhead in proptest::num::f64::ANY, more in 0.0..100.0f64) {
        let p = PromptTtft { base_prompt_tokens: base, passages, tokens_per_passage: each, prefill_tokens_per_sec: rate, overhead_secs: overhead };
        prop_assert!(finite(p.ttft_secs()) && p.ttft_secs() >= 0.0);
        let accepted = PromptTtft { passages: passages.abs() % 1e3, ..PromptTtft::LESSON_B };
        let with_more = accepted.with_passages(accepted.passages + more);
        prop_assert!(with_more.ttft_secs() >= accepted.ttft_secs());
    }

    #[test]
    fn completion_never_shrinks_with_length(d in any_deployment(), x in proptest::num::f64::ANY, y in proptest::num::f64::ANY) {
        prop_assume!(!x.is_nan() && !y.is_nan());
        let (short, long) = if x <= y { (x, y) } else { (y, x) };
        prop_assert!(d.completion_secs(short) <= d.completion_secs(long));
        prop_assert!(d.completion_secs(short) >= d.ttft());
    }

    #[test]
    fn the_winner_flips_exactly_at_the_crossover(a in plausible_deployment(), b in plausible_deployment()) {
        let c = Comparison::new(a, b);
        if let Crossover::At { tokens, below, above } = c.crossover() {
            prop_assert_eq!(c.winner_at(tokens), Winner::Tie);
            prop_assert_eq!(c.winner_at(next_down(tokens)), Winner::from(below));
            prop_assert_eq!(c.winner_at(next_up(tokens)), Winner::from(above));
            prop_assert_eq!(c.winner_at(0.0), Winner::from(below));
            prop_assert_eq!(c.winner_at(f64::INFINITY), Winner::from(above));
            // The earlier start is below, the faster writer above.
            prop_assert!(c.get(below).ttft() < c.get(above).ttft());
            prop_assert!(c.get(above).secs_per_token() < c.get(below).secs_per_token());
        } else {
            // No crossover: one deployment is no slower on both counts.
            let a_first = a.ttft() <= b.ttft() && a.secs_per_token() <= b.secs_per_token();
            let b_first = b.ttft() <= a.ttft() && b.secs_per_token() <= a.secs_per_token();
            prop_assert!(a_first || b_first);
        }
    }

    #[test]
    fn the_winner_agrees_with_the_clock(a in plausible_deployment(), b in plausible_deployment(), n in 0.0..1e6f64) {
        let c = Comparison::new(a, b);
        let race = c.race_at(n);
        // Away from a near-tie (where rounding could decide), the finisher is the one with less time.
        if (race.a_secs - race.b_secs).abs() > 1e-9 * race.a_secs.max(race.b_secs) {
            let by_clock = if race.a_secs < race.b_secs { Winner::A } else { Winner::B };
            prop_assert_eq!(race.winner, by_clock);
        }
    }

    #[test]
    fn workload_figures_are_finite(median in proptest::num::f64::ANY, p90 in proptest::num::f64::ANY, a in any_deployment(), b in any_deployment(), threshold in proptest::num::f64::ANY, error in proptest::num::f64::ANY, patience in proptest::num::f64::ANY) {
        let lengths = LengthDistribution::new(median, p90);
        let c = Comparison::new(a, b);
        let shares = lengths.shares(&c);
        prop_assert!((shares.a + shares.b + shares.tie - 1.0).abs() < 1e-9);
        for d in [a, b] {
            let p = lengths.completion_percentiles(&d);
            prop_assert!(finite(p.p50) && p.p50 <= p.p90 && p.p90 <= p.p99 && finite(p.p99));
            prop_assert!(finite(lengths.mean_completion_secs(&d)));
            let gave_up = lengths.abandonment(&d, patience);
            prop_assert!((0.0..=1.0).contains(&gave_up.abandoned_share));
            if let Some(m) = gave_up.measured {
                prop_assert!(finite(m.mean_secs) && finite(m.percentiles.p99));
                prop_assert!(m.mean_secs <= gave_up.true_mean_secs * (1.0 + 1e-9));
                prop_assert!(m.percentiles.p90 <= gave_up.true_percentiles.p90 * (1.0 + 1e-9));
            }
        }
        let routing = lengths.routing(&c, &Router { threshold_tokens: threshold, error_sigma: error });
        for x in [routing.always_a_secs, routing.always_b_secs, routing.routed_secs, routing.best_possible_secs] {
            prop_assert!(finite(x) && x >= 0.0, "{routing:?}");
        }
        prop_assert!((0.0..=1.0).contains(&routing.misrouted_share));
        prop_assert!((0.0..=1.0).contains(&routing.share_sent_to_a));
        prop_assert!(routing.best_possible_secs <= routing.always_a_secs.min(routing.always_b_secs));
        prop_assert!(finite(lengths.quantile(threshold)) && (0.0..=1.0).contains(&lengths.cdf(threshold)));
    }

    #[test]
    fn no_router_beats_knowing_the_lengths(median in 1.0..2_000.0f64, spread in 1.0..50.0f64, a in plausible_deployment(), b in plausible_deployment(), threshold in 0.0..1e5f64, error in 0.0..3.0f64) {
        let lengths = LengthDistribution::new(median, median * spread);
        let c = Comparison::new(a, b);
        let routing = lengths.routing(&c, &Router { threshold_tokens: threshold, error_sigma: error });
        let tolerance = 1e-9 * routing.routed_secs.max(1.0);
        prop_assert!(routing.routed_secs >= routing.best_possible_secs - tolerance, "{routing:?}");
        let at_crossover = lengths.routing(&c, &Router::at_crossover(&c, 0.0));
        prop_assert!((at_crossover.routed_secs - at_crossover.best_possible_secs).abs() <= tolerance);
    }
}
