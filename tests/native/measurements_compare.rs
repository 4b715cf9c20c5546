//! The bake-off from two runs against data whose answer is known: runs generated from chosen
//! first-token times and decode rates, with noise and queueing, must put the true crossover
//! inside the 95% range about 95 times in 100, with a range that narrows as the runs grow; the
//! mismatch rules, the percentile choice and degenerate runs are checked on their own.

use crossover::measurements::compare::{
    self, findings, Finding, NoDeployment, NstarRange, RunDeployment, TtftPercentile, Workload,
};
use crossover::measurements::fit::bootstrap;
use crossover::measurements::load::Load;
use crossover::measurements::{fit, Format, Record, Run};
use crossover::model::deployments::{Crossover, Which, Winner};

use crate::rng::Rng;

/// A deployment as the generator knows it.
#[derive(Clone, Copy)]
struct Truth {
    wait_secs: f64,
    prefill: f64,
    decode: f64,
    queue_mean_secs: f64,
}

/// The quick starter and the fast writer, both with queueing.
const A: Truth = Truth { wait_secs: 0.10, prefill: 12_000.0, decode: 30.0, queue_mean_secs: 0.15 };
const B: Truth = Truth { wait_secs: 0.60, prefill: 20_000.0, decode: 60.0, queue_mean_secs: 0.25 };
const QUEUED_SHARE: f64 = 0.6;

/// Prompts that barely vary (no prefill rate is claimed) or that spread widely.
const FLAT_PROMPTS: (f64, f64) = (950.0, 1050.0);
const WIDE_PROMPTS: (f64, f64) = (200.0, 12_000.0);

impl Truth {
    /// One request's TTFT at `prompt`: wait, prefill, one decode step, noise and queueing.
    fn ttft(&self, rng: &mut Rng, prompt: f64) -> f64 {
        self.wait_secs
            + prompt / self.prefill
            + 1.0 / self.decode
            + 0.002 * rng.normal()
            + rng.queue(QUEUED_SHARE, self.queue_mean_secs)
    }

    /// A streamed run of `n` requests.
    fn run(&self, seed: u64, n: usize, prompts: (f64, f64)) -> Run {
        let mut rng = Rng::new(seed);
        let mut run = Run::new(Format::Json, format!("synthetic {seed}"));
        for _ in 0..n {
            let prompt = rng.uniform(prompts.0, prompts.1).round();
            let output = rng.uniform(20.0, 600.0).round();
            let ttft = self.ttft(&mut rng, prompt);
            let decode = (output - 1.0) / self.decode * (1.0 + 0.02 * rng.normal());
            run.records.push(Record::new(prompt, output, Some(ttft), Some(ttft + decode)));
        }
        run
    }

    /// The TTFT percentile the estimator targets at `prompt`, from many draws.
    fn ttft_percentile(&self, percent: f64, prompt: f64) -> f64 {
        let mut rng = Rng::new(0xDEC0DE);
        population_percentile((0..TRUTH_DRAWS).map(|_| self.ttft(&mut rng, prompt)), percent)
    }

    /// The same at prompts drawn as the run draws them (flat prompts are taken as measured).
    fn ttft_percentile_over(&self, percent: f64, prompts: (f64, f64)) -> f64 {
        let mut rng = Rng::new(0xFEED);
        let draws = (0..TRUTH_DRAWS).map(|_| {
            let prompt = rng.uniform(prompts.0, prompts.1).round();
            self.ttft(&mut rng, prompt)
        });
        population_percentile(draws, percent)
    }
}

/// Draws for a population percentile: its error (well under a millisecond at the median) is
/// far inside the intervals checked against it.
const TRUTH_DRAWS: usize = 200_000;

fn population_percentile(draws: impl Iterator<Item = f64>, percent: f64) -> f64 {
    let mut draws: Vec<f64> = draws.collect();
    let k = (percent / 100.0 * draws.len() as f64) as usize;
    *draws.select_nth_unstable_by(k, f64::total_cmp).1
}

fn side(run: &Run, percentile: TtftPercentile) -> RunDeployment {
    RunDeployment::from_run(run, &fit(run), percentile).expect("a usable run")
}

fn contains(range: NstarRange, tokens: f64) -> bool {
    range.straddles(tokens) == Some(true)
}

fn width(range: NstarRange) -> f64 {
    match range {
        NstarRange::Between { low_tokens, high_tokens, .. } => high_tokens - low_tokens,
        other => panic!("expected a certain crossover, got {other:?}"),
    }
}

#[test]
fn the_range_holds_the_true_crossover_in_at_least_93_of_100_seeds() {
    let true_ttft_a = A.ttft_percentile_over(50.0, FLAT_PROMPTS);
    let true_ttft_b = B.ttft_percentile_over(50.0, FLAT_PROMPTS);
    let true_nstar = (true_ttft_b - true_ttft_a) / (1.0 / A.decode - 1.0 / B.decode);
    let mut covered = 0;
    let mut certain = 0;
    for seed in 0..100 {
        let a = side(&A.run(seed, 150, FLAT_PROMPTS), TtftPercentile::P50);
        let b = side(&B.run(seed + 10_000, 150, FLAT_PROMPTS), TtftPercentile::P50);
        let estimate = compare::estimate(&a, &b);
        let Crossover::At { tokens, below, above } = estimate.point else {
            panic!("seed {seed}: {:?}", estimate.point)
        };
        assert_eq!((below, above), (Which::A, Which::B));
        assert!((tokens / true_nstar - 1.0).abs() < 0.5, "seed {seed}: {tokens} vs {true_nstar}");
        assert!(contains(estimate.range, tokens), "seed {seed}: {:?}", estimate.range);
        covered += usize::from(contains(estimate.range, true_nstar));
        certain += usize::from(estimate.range.is_certain());
    }
    assert!(covered >= 93, "covered {covered} of 100 (true n* {true_nstar})");
    assert!(certain >= 95, "certain in only {certain} of 100");
}

#[test]
fn the_range_narrows_as_runs_grow() {
    // Past the bootstrap's largest resample the narrowing takes over; the range must keep
    // shrinking there too, about as one over the root of the count.
    let sizes = [100, 400, 1600, 4800];
    assert!(sizes[3] > bootstrap::MAX_RESAMPLE);
    let widths: Vec<f64> = sizes
        .iter()
        .map(|&n| {
            (1..=2)
                .map(|seed| {
                    let a = side(&A.run(seed, n, FLAT_PROMPTS), TtftPercentile::P50);
                    let b = side(&B.run(seed + 50, n, FLAT_PROMPTS), TtftPercentile::P50);
                    width(compare::estimate(&a, &b).range)
                })
                .sum::<f64>()
                / 2.0
        })
        .collect();
    for pair in widths.windows(2) {
        let ratio = pair[1] / pair[0];
        assert!((0.3..0.75).contains(&ratio), "widths {widths:?}");
    }
}

#[test]
fn the_percentile_choice_picks_the_first_token() {
    // Flat prompts: the first token is the run's own TTFT percentile, as its readouts show it.
    let run = A.run(5, 1500, FLAT_PROMPTS);
    let f = fit(&run);
    let q = f.percentiles.ttft_secs.expect("TTFT percentiles");
    let expected = [q.p50, q.p90, q.p99];
    let mut previous = 0.0;
    for (p, want) in TtftPercentile::ALL.into_iter().zip(expected) {
        let d = RunDeployment::from_run(&run, &f, p).expect("usable");
        assert_eq!(d.percentile, p);
        assert!((d.ttft_secs.value - want).abs() < 1e-12, "{p:?}: {} vs {want}", d.ttft_secs.value);
        assert_eq!(d.deployment.ttft_secs, d.ttft_secs.value);
        assert_eq!(d.deployment.decode_tokens_per_sec, f.decode_tokens_per_sec.unwrap().value);
        let (lo, hi) = d.ttft_secs.ci95.expect("interval");
        assert!(lo <= want && want <= hi);
        assert!(want > previous, "percentiles must rise: {p:?}");
        previous = want;
        let truth = A.ttft_percentile_over(p.percent(), FLAT_PROMPTS);
        assert!((want / truth - 1.0).abs() < 0.1, "{p:?}: {want} vs {truth}");
    }

    // Wide prompts: each TTFT is moved to the median prompt along the floor first, so the
    // percentile is the one a request of the median length sees.
    let run = B.run(6, 1000, WIDE_PROMPTS);
    let f = fit(&run);
    assert!(f.prefill_tokens_per_sec.is_some());
    for (p, tolerance) in TtftPercentile::ALL.into_iter().zip([0.03, 0.05, 0.15]) {
        let d = RunDeployment::from_run(&run, &f, p).expect("usable");
        let truth = B.ttft_percentile(p.percent(), d.median_prompt_tokens);
        let error = d.ttft_secs.value / truth - 1.0;
        assert!(error.abs() < tolerance, "{p:?}: {:?} vs {truth}", d.ttft_secs);
        let measured = f.percentiles.ttft_secs.unwrap();
        if p == TtftPercentile::P90 {
            // Taken as measured, the long prompts would inflate the tail.
            assert!(d.ttft_secs.value < measured.p90, "{} vs {}", d.ttft_secs.value, measured.p90);
        }
    }

    // The choice moves n*: B queues longer, so its slower requests push the crossover out.
    let a = A.run(7, 600, FLAT_PROMPTS);
    let b = B.run(8, 600, FLAT_PROMPTS);
    let nstar = |p| {
        let e = compare::estimate(&side(&a, p), &side(&b, p));
        e.point.tokens().expect("a crossover")
    };
    assert!(nstar(TtftPercentile::P50) < nstar(TtftPercentile::P90));
    assert!(nstar(TtftPercentile::P90) < nstar(TtftPercentile::P99));
}

#[test]
fn the_winner_says_by_how_much_and_how_sure() {
    let a = side(&A.run(11, 400, FLAT_PROMPTS), TtftPercentile::P50);
    let b = side(&B.run(12, 400, FLAT_PROMPTS), TtftPercentile::P50);
    let e = compare::estimate(&a, &b);
    let nstar = e.point.tokens().unwrap();
    let short = compare::winner_at(&e, 1.0);
    assert_eq!(short.race.winner, Winner::A);
    assert!(short.is_certain() && short.agreeing_share.unwrap() > 0.99, "{short:?}");
    let long = compare::winner_at(&e, 600.0);
    assert_eq!(long.race.winner, Winner::B);
    assert!(long.is_certain());
    assert!((long.margin_secs() - (long.race.a_secs - long.race.b_secs)).abs() < 1e-12);
    let near = compare::winner_at(&e, nstar);
    assert_eq!(near.straddled, Some(true));
    assert!(!near.is_certain());
    let share = compare::winner_at(&e, nstar * 1.01).agreeing_share.unwrap();
    assert!((0.2..0.8).contains(&share), "just past n* the resamples split: {share}");
    for n in [f64::NAN, -5.0, f64::INFINITY] {
        let w = compare::winner_at(&e, n);
        assert!(w.answer_tokens.is_finite() && w.race.a_secs.is_finite(), "{n}: {w:?}");
    }
}

#[test]
fn swapping_a_and_b_mirrors_the_answer() {
    let a = side(&A.run(21, 300, FLAT_PROMPTS), TtftPercentile::P90);
    let b = side(&B.run(22, 300, FLAT_PROMPTS), TtftPercentile::P90);
    let (ab, ba) = (compare::estimate(&a, &b), compare::estimate(&b, &a));
    assert_eq!(ab.point.tokens(), ba.point.tokens());
    match (ab.range, ba.range) {
        (
            NstarRange::Between { low_tokens: l1, high_tokens: h1, below: b1, .. },
            NstarRange::Between { low_tokens: l2, high_tokens: h2, below: b2, .. },
        ) => {
            assert!((l1 - l2).abs() < 1e-9 * l1 && (h1 - h2).abs() < 1e-9 * h1);
            assert_eq!(b1, b2.other());
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(ab.orders.a_then_b, ba.orders.b_then_a);
}

#[test]
fn the_table_matches_the_runs_readouts() {
    let (run_a, run_b) = (A.run(31, 500, FLAT_PROMPTS), B.run(32, 500, WIDE_PROMPTS));
    let (fa, fb) = (fit(&run_a), fit(&run_b));
    let a = RunDeployment::from_run(&run_a, &fa, TtftPercentile::P90).unwrap();
    let b = RunDeployment::from_run(&run_b, &fb, TtftPercentile::P90).unwrap();
    let workload = Workload { median_answer_tokens: 40.0, p90_answer_tokens: 900.0 };
    let t = compare::table((&fa, &a), (&fb, &b), workload);
    for (column, f, d) in [(&t.a, &fa, &a), (&t.b, &fb, &b)] {
        assert_eq!(column.used, f.counts.used);
        assert_eq!(column.records, f.counts.records);
        let q = f.percentiles.ttft_secs.unwrap();
        assert_eq!(column.ttft_secs, Some([q.p50, q.p90, q.p99]));
        assert_eq!(column.decode_tokens_per_sec, f.decode_tokens_per_sec.unwrap());
        assert_eq!(column.first_token_secs, d.ttft_secs);
        for (n, c) in
            [(40.0, column.completion_at_median_secs), (900.0, column.completion_at_p90_secs)]
        {
            assert_eq!(c.value, d.deployment.completion_secs(n));
            let (lo, hi) = c.ci95.unwrap();
            assert!(lo <= c.value && c.value <= hi);
        }
    }
    // Decode dominates a 900-token answer: the fast writer finishes it far sooner.
    assert!(t.b.completion_at_p90_secs.value < 0.6 * t.a.completion_at_p90_secs.value);
}

#[test]
fn mismatched_runs_are_named() {
    let base = side(&A.run(41, 300, FLAT_PROMPTS), TtftPercentile::P50);
    let same = side(&B.run(42, 300, FLAT_PROMPTS), TtftPercentile::P50);
    assert!(findings(&base, &same).is_empty(), "{:?}", findings(&base, &same));

    // Prompts: just under twice the median passes, just over does not.
    let under = side(&B.run(43, 300, (1800.0, 2000.0)), TtftPercentile::P50);
    assert!(under.median_prompt_tokens < 2.0 * base.median_prompt_tokens);
    assert!(findings(&base, &under).is_empty());
    let over = side(&B.run(44, 300, (2100.0, 2300.0)), TtftPercentile::P50);
    let found = findings(&base, &over);
    assert!(
        matches!(found.as_slice(), [Finding::Prompts { a_median_tokens, b_median_tokens }]
            if *a_median_tokens == base.median_prompt_tokens
                && *b_median_tokens == over.median_prompt_tokens),
        "{found:?}"
    );
    assert!(found[0].is_mismatch());

    // Load: different concurrency; a load one file does not state cannot be checked.
    let mut run = B.run(45, 300, FLAT_PROMPTS);
    run.load = Load::new(Some(64.0), None);
    let c64 = side(&run, TtftPercentile::P50);
    assert!(findings(&base, &c64).is_empty());
    let mut c16 = base.clone();
    c16.load = Load::new(Some(16.0), None);
    assert_eq!(findings(&c16, &c64), [Finding::Load { a: c16.load, b: c64.load }]);

    // Streaming: one run without first-token times.
    let mut unstreamed = Run::new(Format::Json, "not streamed");
    let mut rng = Rng::new(46);
    for _ in 0..300 {
        let prompt = rng.uniform(FLAT_PROMPTS.0, FLAT_PROMPTS.1).round();
        let output = rng.uniform(20.0, 600.0).round();
        let e2e = B.ttft(&mut rng, prompt) + (output - 1.0) / B.decode;
        unstreamed.records.push(Record::new(prompt, output, None, Some(e2e)));
    }
    let u = side(&unstreamed, TtftPercentile::P50);
    assert!(!u.streamed);
    let found = findings(&base, &u);
    assert_eq!(found, [Finding::NotStreamed { a: false, b: true }]);
    assert!(found[0].is_mismatch());
    assert!(!findings(&u, &u)[0].is_mismatch(), "both inferred alike is not a mismatch");

    // A p99 over 300 requests rests on three of them.
    let p99 = side(&A.run(47, 300, FLAT_PROMPTS), TtftPercentile::P99);
    let found = findings(&p99, &p99);
    assert_eq!(found.len(), 2);
    assert!(found
        .iter()
        .all(|f| matches!(f, Finding::ThinTail { used: 300, .. }) && !f.is_mismatch()));
    let ids: Vec<&str> = found.iter().map(Finding::id).collect();
    assert_eq!(ids, ["thin-tail", "thin-tail"]);
}

#[test]
fn an_unstreamed_run_gives_its_line_from_end_to_end_times() {
    // e2e = wait + prompt/prefill + output/decode + queue, wide prompts and answers: the line's
    // start at the median prompt and its slope come back.
    let mut run = Run::new(Format::Json, "not streamed");
    let mut rng = Rng::new(51);
    for _ in 0..400 {
        let prompt = rng.uniform(WIDE_PROMPTS.0, WIDE_PROMPTS.1).round();
        let output = rng.uniform(20.0, 600.0).round();
        let e2e = A.wait_secs
            + prompt / A.prefill
            + output / A.decode
            + 0.002 * rng.normal()
            + rng.queue(QUEUED_SHARE, A.queue_mean_secs);
        run.records.push(Record::new(prompt, output, None, Some(e2e)));
    }
    let d = side(&run, TtftPercentile::P50);
    assert!(!d.streamed);
    let truth = A.ttft_percentile(50.0, d.median_prompt_tokens) - 1.0 / A.decode;
    assert!((d.ttft_secs.value / truth - 1.0).abs() < 0.05, "{:?} vs {truth}", d.ttft_secs);
    assert!((d.decode_tokens_per_sec.value / A.decode - 1.0).abs() < 0.03);
    assert!(d.ttft_secs.ci95.is_some());
    assert!(!compare::completion_points(&fit(&run), 100).is_empty());
}

#[test]
fn degenerate_runs_never_give_nan() {
    // One request: nothing to fit.
    let one = A.run(61, 1, FLAT_PROMPTS);
    assert_eq!(
        RunDeployment::from_run(&one, &fit(&one), TtftPercentile::P50),
        Err(NoDeployment::TooFewRequests { used: 1 })
    );
    // Zero-length answers: no request is usable.
    let mut empty = Run::new(Format::Json, "no answers");
    for i in 0..50 {
        empty.records.push(Record::new(1000.0, 0.0, Some(0.2 + i as f64 * 1e-3), Some(0.3)));
    }
    assert!(RunDeployment::from_run(&empty, &fit(&empty), TtftPercentile::P50).is_err());
    // Short answers only: a first token but no decode rate.
    let mut short = Run::new(Format::Json, "short answers");
    for i in 0..50 {
        let t = 0.2 + i as f64 * 1e-3;
        short.records.push(Record::new(1000.0, 4.0, Some(t), Some(t + 0.1)));
    }
    assert_eq!(
        RunDeployment::from_run(&short, &fit(&short), TtftPercentile::P50),
        Err(NoDeployment::NoDecodeRate)
    );

    // Two requests, identical: the smallest usable run.
    let mut two = Run::new(Format::Json, "two");
    for _ in 0..2 {
        two.records.push(Record::new(1000.0, 100.0, Some(0.3), Some(2.3)));
    }
    let d2 = side(&two, TtftPercentile::P99);
    // Equal rates, different first tokens: parallel lines, the earlier start wins throughout.
    let mut later = two.clone();
    for r in &mut later.records {
        r.ttft_secs = Some(0.5);
        r.e2e_secs = Some(2.5);
    }
    let d3 = side(&later, TtftPercentile::P99);
    let e = compare::estimate(&d2, &d3);
    assert_eq!(e.point, Crossover::Never { faster: Which::A });
    assert_eq!(e.range, NstarRange::Never { faster: Which::A });
    // The same run on both sides: every length is a tie, and no crossover is certain.
    let e = compare::estimate(&d2, &d2);
    assert_eq!(e.point, Crossover::Identical);
    assert!(!e.range.is_certain());
    assert_eq!(e.orders.identical, e.orders.total());

    // Real noise with equal rates: whatever the range, it is finite where it has ends.
    let a = side(&A.run(62, 200, FLAT_PROMPTS), TtftPercentile::P50);
    let b = side(&Truth { decode: A.decode, ..B }.run(63, 200, FLAT_PROMPTS), TtftPercentile::P50);
    let e = compare::estimate(&a, &b);
    assert!(!e.range.is_certain(), "{:?}", e.range);
    if let Some((low, high)) = e.range.ends() {
        assert!(low.is_finite() && low >= 0.0 && high.is_none_or(f64::is_finite));
    }
    for d in [&d2, &d3, &a, &b] {
        assert!(d.ttft_secs.value.is_finite() && d.decode_tokens_per_sec.value.is_finite());
        assert!(d
            .resamples
            .iter()
            .all(|r| r.ttft_secs.is_finite() && r.decode_tokens_per_sec.is_finite()));
        let w = Workload { median_answer_tokens: f64::NAN, p90_answer_tokens: f64::INFINITY };
        let c = compare::table::column(&fit(&two), d, w);
        assert!(c.completion_at_median_secs.value.is_finite());
        assert!(c.completion_at_p90_secs.value.is_finite());
    }
}

#[test]
fn points_are_bounded_and_repeat() {
    let run = B.run(71, 1000, FLAT_PROMPTS);
    let f = fit(&run);
    let points = compare::completion_points(&f, compare::points::MOST_POINTS);
    assert_eq!(points.len(), compare::points::MOST_POINTS);
    assert_eq!(points, compare::completion_points(&f, compare::points::MOST_POINTS));
    assert!(points.windows(2).all(|w| w[0].answer_tokens <= w[1].answer_tokens));
    let all = compare::completion_points(&f, usize::MAX);
    assert_eq!(all.len(), 1000);
    assert!(points.iter().all(|p| all.contains(p)));
}

fn real_runs(name: &str) -> Vec<Run> {
    let path = format!("tests/data/bench-results/{name}");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    crossover::measurements::read(&text, name).unwrap_or_else(|r| panic!("{name}: {r}"))
}

#[test]
fn real_files_keep_their_load() {
    let load = |name: &str| real_runs(name)[0].load;
    assert_eq!(
        load("vllm_benchmark_serving_detailed__aurotripathy_llama3.1-70b-fp8_conc256.json"),
        Load::new(Some(256.0), Some(10.0))
    );
    assert_eq!(
        load("sglang_0.5.9_bench_serving_output-details__llm-benchmaq_qwen3.5-27b.jsonl"),
        Load::new(Some(100.0), Some(f64::INFINITY))
    );
    assert_eq!(
        load("guidellm_v0.2-schema_benchmarks__graz-dev_qwen2.5-7b_throughput.json"),
        Load::new(None, Some(f64::INFINITY))
    );
    assert_eq!(
        load("llm-load-test_output__wes-spinks_nonstreaming.json"),
        Load::new(Some(2.0), None)
    );
    assert_eq!(
        load("llm-load-test_v2-draft_output__openshift-psap.json"),
        Load::new(Some(20.0), None)
    );
    // Files that do not say leave it unstated.
    assert!(!load("llmperf_individual__leaderboard_anyscale_70b.json").is_stated());
}

#[test]
fn real_pairs_are_raced_and_their_differences_named() {
    let vllm =
        &real_runs("vllm_benchmark_serving_detailed__aurotripathy_llama3.1-70b-fp8_conc256.json")
            [0];
    let sglang =
        &real_runs("sglang_0.5.9_bench_serving_output-details__llm-benchmaq_qwen3.5-27b.jsonl")[0];
    let unstreamed = &real_runs("llm-load-test_output__wes-spinks_nonstreaming.json")[0];
    let anyscale = &real_runs("llmperf_individual__leaderboard_anyscale_70b.json")[0];
    let bedrock = &real_runs("llmperf_individual__leaderboard_bedrock_70b.json")[0];
    let pair = |a: &Run, b: &Run| {
        let a = side(a, TtftPercentile::P50);
        let b = side(b, TtftPercentile::P50);
        (compare::estimate(&a, &b), findings(&a, &b))
    };

    // Two decode rates whose intervals overlap: the point estimate crosses, the runs cannot
    // say it does; and the pair differs in prompts and load.
    let (e, found) = pair(vllm, sglang);
    assert!(e.point.tokens().is_some(), "{:?}", e.point);
    assert!(matches!(e.range, NstarRange::Uncertain { high_tokens: None, .. }), "{:?}", e.range);
    let ids: Vec<&str> = found.iter().map(Finding::id).collect();
    assert_eq!(ids, ["prompts", "load"]);

    // The same benchmark against two providers: one is ahead throughout, and nothing differs.
    let (e, found) = pair(anyscale, bedrock);
    assert_eq!(e.range, NstarRange::Never { faster: Which::A });
    assert!(found.is_empty(), "{found:?}");

    // A run that did not stream is named as such.
    let (_, found) = pair(vllm, unstreamed);
    assert!(found.contains(&Finding::NotStreamed { a: false, b: true }), "{found:?}");
}

/// A side set from a run stays the run's while its two controls hold the run's numbers and its
/// first token is typed in; moving either, or building the first token from the prompt, makes
/// it the reader's own, and the pair is compared only while both sides are runs'.
#[test]
fn a_side_comes_from_its_run_while_its_controls_hold_the_runs_numbers() {
    use crossover::measurements::compare::side::controls;
    use crossover::measurements::compare::{both_from_runs, RunSide};
    use crossover::state::{State, TtftSource};
    let mut state = State::default();
    let mut sides: [Option<RunSide>; 2] = [None, None];
    for (i, which) in [Which::A, Which::B].into_iter().enumerate() {
        let (ttft, rate) = controls(which);
        let held_ttft = state.set(ttft, 0.35 + i as f64);
        // Beyond the page's range: the control holds its bound, and the side holds that.
        let held_rate = state.set(rate, 5_000.0);
        assert!(held_rate < 5_000.0);
        sides[i] = Some(RunSide {
            run_id: i,
            percentile: TtftPercentile::ALL[i],
            label: format!("run {i}"),
            ttft_secs: held_ttft,
            decode_tokens_per_sec: held_rate,
            facts: Box::default(),
        });
        assert!(sides[i].as_ref().unwrap().holds(&state, which));
    }
    let (a, b) = both_from_runs(&sides, &state).expect("both sides are runs'");
    assert_eq!((a.run_id, b.run_id), (0, 1));
    // The module reads the lab from the address bar, which rounds each number to its decimals.
    let mut precise = state;
    let ttft = precise.set(controls(Which::A).0, 0.123_456_789);
    sides[0].as_mut().unwrap().ttft_secs = ttft;
    let linked = crossover::state::query::parse(&crossover::state::query::to_query(&precise)).state;
    assert_eq!(linked.get(controls(Which::A).0), ttft, "the control holds what a link writes");
    assert!(both_from_runs(&sides, &linked).is_some(), "the link still holds the runs");
    let state = precise;
    let moved = state.with(controls(Which::B).1, 100.0);
    assert!(both_from_runs(&sides, &moved).is_none(), "B's rate moved");
    let mut built = state;
    built.a_ttft_source = TtftSource::Prompt;
    assert!(both_from_runs(&sides, &built).is_none(), "A's first token built from the prompt");
    assert!(both_from_runs(&[sides[0].clone(), None], &state).is_none());
}

#[test]
fn the_overlay_crosses_as_numbers_and_refuses_others() {
    use crossover::measurements::compare::{Overlay, Point};
    let point = |n: f64, t: f64| Point { answer_tokens: n, completion_secs: t };
    let (a, b) = (vec![point(10.0, 0.5), point(300.0, 9.0)], vec![point(20.0, 1.0)]);
    for band in [None, Some((12.5, Some(40.0))), Some((0.0, None))] {
        let overlay = Overlay::new(&a, &b, band);
        let read = Overlay::from_numbers(overlay.numbers().to_vec()).expect("its own numbers");
        assert_eq!(read.points(false).collect::<Vec<_>>(), a);
        assert_eq!(read.points(true).collect::<Vec<_>>(), b);
        assert_eq!(read.band_tokens(), band);
        assert!(!read.is_empty());
        let mut short = overlay.numbers().to_vec();
        short.pop();
        assert_eq!(Overlay::from_numbers(short), None);
    }
    assert_eq!(Overlay::from_numbers(vec![]), None);
    assert_eq!(Overlay::from_numbers(vec![0.5, 0.0, f64::NAN, f64::NAN]), None);
    let empty = Overlay::from_numbers(vec![0.0, 0.0, f64::NAN, f64::NAN]).expect("no points");
    assert!(empty.is_empty() && empty.band_tokens().is_none());
}

/// What a worker's script altered on the host could send for the comparison's figure: the page
/// takes no more points than the worker draws of two runs, however the list is laid out.
#[test]
fn an_overlay_past_the_pages_limit_is_refused() {
    use crossover::measurements::compare::{Overlay, MOST_POINTS};
    let numbers = |a: usize, b: usize| {
        let mut numbers = vec![a as f64, b as f64, f64::NAN, f64::NAN];
        numbers.extend(std::iter::repeat_n(1.0, 2 * (a + b)));
        numbers
    };
    let full = Overlay::from_numbers(numbers(MOST_POINTS, MOST_POINTS)).expect("two runs' worth");
    assert_eq!(full.points(false).count() + full.points(true).count(), 2 * MOST_POINTS);
    assert!(Overlay::from_numbers(numbers(2 * MOST_POINTS, 0)).is_some(), "all on one side");
    assert_eq!(Overlay::from_numbers(numbers(MOST_POINTS, MOST_POINTS + 1)), None);
    assert_eq!(Overlay::from_numbers(numbers(1_000_000, 1_000_000)), None, "two million points");
}

/// The page takes one drawing per figure of a run from the worker, and no more.
#[test]
fn the_page_takes_one_drawing_per_run_figure() {
    use crossover::charts::measured::RunFigure;
    use crossover::measurements::protocol::MOST_BITMAPS;
    assert_eq!(MOST_BITMAPS, RunFigure::ALL.len());
}
