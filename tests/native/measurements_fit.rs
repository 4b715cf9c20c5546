//! The fits against data whose answer is known: records generated from chosen rates, with
//! measurement noise and a one-sided queueing delay, must give those rates back; the exact
//! quantile regression must match a brute-force search; the bootstrap must repeat itself.

use crossover::measurements::fit::quantile::{check_loss, quantile_line, Line};
use crossover::measurements::{fit, Format, Record, Run};

use crate::rng::Rng;

const WAIT: f64 = 0.15;
const PREFILL: f64 = 12_000.0;
const DECODE: f64 = 45.0;

/// A streamed run from the lesson's model: TTFT = wait + prompt/prefill + one decode step, plus
/// noise and queueing; the answer then takes (output − 1) decode steps with a little jitter.
fn streamed_run(seed: u64, n: usize, prompt_range: (f64, f64)) -> Run {
    let mut rng = Rng(seed);
    let mut run = Run::new(Format::Json, "synthetic");
    for _ in 0..n {
        let prompt = rng.uniform(prompt_range.0, prompt_range.1).round();
        let output = rng.uniform(20.0, 600.0).round();
        let ttft =
            WAIT + prompt / PREFILL + 1.0 / DECODE + 0.002 * rng.normal() + rng.queue(0.6, 0.4);
        let decode = (output - 1.0) / DECODE * (1.0 + 0.02 * rng.normal());
        run.records.push(Record::new(prompt, output, Some(ttft), Some(ttft + decode)));
    }
    run
}

fn within(actual: f64, expected: f64, fraction: f64) -> bool {
    (actual - expected).abs() <= fraction * expected.abs()
}

#[test]
fn streamed_rates_are_recovered_within_three_percent() {
    for seed in [1, 2] {
        let run = streamed_run(seed, 2000, (200.0, 12_000.0));
        let f = fit(&run);
        assert!(f.streamed);
        assert_eq!(f.counts.used, 2000);
        let prefill = f.prefill_tokens_per_sec.expect("prefill claimed").value;
        let decode = f.decode_tokens_per_sec.expect("decode").value;
        let overhead = f.overhead_secs.expect("overhead").value;
        let true_overhead = WAIT + 1.0 / DECODE;
        assert!(within(prefill, PREFILL, 0.03), "seed {seed}: prefill {prefill}");
        assert!(within(decode, DECODE, 0.03), "seed {seed}: decode {decode}");
        assert!(within(overhead, true_overhead, 0.03), "seed {seed}: overhead {overhead}");
        assert!(within(f.wait_secs.unwrap(), WAIT, 0.03), "seed {seed}: wait {:?}", f.wait_secs);
        // The median line sits above the floor wherever the queue lifts most requests.
        let (floor, median) = (f.floor.unwrap(), f.median_line.unwrap());
        assert!(median.at(6000.0) > floor.at(6000.0) + 0.05);
        // Queue estimates are the excess over the floor and never negative.
        assert!(f.residuals.iter().all(|r| r.queue_secs >= 0.0 && r.queue_secs >= r.excess_secs));
        let crossing = f.crossing.unwrap();
        assert!((crossing.ratio - prefill / decode).abs() < 1e-9 * crossing.ratio);
        assert!(!f.bending.unwrap().bends, "a straight line must not be called bent");
    }
}

#[test]
fn intervals_bracket_the_estimates_and_usually_the_truth() {
    // A 95% interval should hold the true value in most runs; over 20 seeds at least 16 (a
    // miss rate far above 5% would mean the intervals are too narrow).
    // The floor's intercept estimates the overhead plus the 10th percentile of what is added to
    // it (noise and queueing, about −1.3 ms here), found by drawing a million such delays.
    let mut rng = Rng(99);
    let mut delays: Vec<f64> =
        (0..1_000_000).map(|_| 0.002 * rng.normal() + rng.queue(0.6, 0.4)).collect();
    delays.sort_by(f64::total_cmp);
    let floor_delay = delays[100_000];
    let mut covered = [0usize; 3];
    for seed in 100..120 {
        let f = fit(&streamed_run(seed, 500, (200.0, 12_000.0)));
        for (k, (name, e, truth)) in [
            ("prefill", f.prefill_tokens_per_sec.unwrap(), PREFILL),
            ("decode", f.decode_tokens_per_sec.unwrap(), DECODE),
            ("overhead", f.overhead_secs.unwrap(), WAIT + 1.0 / DECODE + floor_delay),
        ]
        .into_iter()
        .enumerate()
        {
            let (lo, hi) = e.ci95.unwrap_or_else(|| panic!("{name} has no interval"));
            assert!(lo <= e.value && e.value <= hi, "{name}: {lo} {} {hi}", e.value);
            assert!(hi - lo < 0.25 * e.value, "{name}: interval {lo}..{hi} too wide");
            covered[k] += usize::from(lo <= truth && truth <= hi);
        }
    }
    assert!(covered.iter().all(|&c| c >= 16), "covered out of 20: {covered:?}");
}

#[test]
fn large_runs_stay_accurate_with_bounded_bootstrap() {
    // More records than one bootstrap resample holds: the interval is narrowed, not widened.
    let small = fit(&streamed_run(5, 2000, (200.0, 12_000.0)));
    let large = fit(&streamed_run(5, 8_000, (200.0, 12_000.0)));
    let width = |f: &crossover::measurements::Fit| {
        let (lo, hi) = f.prefill_tokens_per_sec.unwrap().ci95.unwrap();
        hi - lo
    };
    assert!(width(&large) < width(&small));
    assert!(within(large.prefill_tokens_per_sec.unwrap().value, PREFILL, 0.02));
}

#[test]
fn flat_prompts_claim_no_prefill_rate() {
    let run = streamed_run(4, 500, (980.0, 1020.0));
    let f = fit(&run);
    assert!(f.prefill_tokens_per_sec.is_none());
    assert!(f.overhead_secs.is_none());
    let flat = f.flat_prompts.expect("flat prompts reported");
    assert!((flat.median_prompt_tokens - 1000.0).abs() < 10.0);
    // The floor at that length is the lesson's TTFT there, give or take the noise.
    let expected = WAIT + 1000.0 / PREFILL + 1.0 / DECODE;
    assert!(within(flat.floor_ttft_secs.value, expected, 0.03), "{:?}", flat);
    assert!(flat.median_ttft_secs > flat.floor_ttft_secs.value);
    assert!(within(f.decode_tokens_per_sec.unwrap().value, DECODE, 0.03));
    assert!(f.notes.iter().any(|n| n.contains("no prefill rate is claimed")));
    assert!(f.crossing.is_none());
}

/// A run that did not stream: only end-to-end times, e2e = wait + prompt/prefill +
/// output/decode, plus noise and queueing.
fn unstreamed_run(seed: u64, n: usize) -> Run {
    let mut rng = Rng(seed);
    let mut run = Run::new(Format::Json, "synthetic, not streamed");
    for _ in 0..n {
        let prompt = rng.uniform(200.0, 12_000.0).round();
        let output = rng.uniform(20.0, 600.0).round();
        let e2e =
            WAIT + prompt / PREFILL + output / DECODE + 0.002 * rng.normal() + rng.queue(0.6, 0.4);
        run.records.push(Record::new(prompt, output, None, Some(e2e)));
    }
    run
}

#[test]
fn unstreamed_rates_are_recovered_by_the_joint_fit() {
    for seed in [7, 8] {
        let f = fit(&unstreamed_run(seed, 2000));
        assert!(!f.streamed);
        assert_eq!(f.counts.used, 2000);
        assert_eq!(f.counts.no_ttft, 0);
        let prefill = f.prefill_tokens_per_sec.expect("prefill").value;
        let decode = f.decode_tokens_per_sec.expect("decode").value;
        let overhead = f.overhead_secs.expect("overhead").value;
        assert!(within(prefill, PREFILL, 0.03), "seed {seed}: prefill {prefill}");
        assert!(within(decode, DECODE, 0.03), "seed {seed}: decode {decode}");
        assert!(within(overhead, WAIT, 0.03), "seed {seed}: overhead {overhead}");
        assert!(f.joint.is_some() && f.floor.is_none());
        assert!(f.notes.iter().any(|n| n.contains("did not stream")));
    }
}

#[test]
fn ttft_near_the_total_counts_as_not_streamed() {
    // A gateway that buffers: TTFT arrives with the last token.
    let mut run = unstreamed_run(9, 400);
    for r in &mut run.records {
        r.ttft_secs = r.e2e_secs.map(|e| e * 0.995);
    }
    let f = fit(&run);
    assert!(!f.streamed);
    assert!(f.joint.is_some());
}

#[test]
fn the_bootstrap_is_deterministic() {
    let run = streamed_run(21, 600, (200.0, 12_000.0));
    assert_eq!(fit(&run), fit(&run));
    let run = unstreamed_run(22, 400);
    assert_eq!(fit(&run), fit(&run));
}

#[test]
fn drop_reasons_are_counted_once_each_in_order() {
    let mut run = streamed_run(31, 100, (200.0, 12_000.0));
    run.records.push(Record::new(500.0, 100.0, Some(0.4), Some(3.0)).failed("HTTP 500"));
    run.records.push(Record::new(500.0, 100.0, Some(0.0), Some(3.0)));
    run.records.push(Record::new(500.0, 100.0, None, Some(3.0)));
    run.records.push(Record::new(500.0, 1.0, Some(0.0), Some(0.3)));
    run.records.push(Record::new(500.0, 1.0, Some(0.3), Some(0.3)));
    let f = fit(&run);
    let c = f.counts;
    assert_eq!((c.records, c.used), (105, 100));
    assert_eq!((c.failed, c.no_ttft, c.too_few_output_tokens, c.no_e2e), (1, 3, 1, 0));
    assert_eq!(c.dropped(), 5);
    assert_eq!(f.residuals.len(), 100);
}

#[test]
fn bending_at_long_prompts_is_flagged() {
    let mut rng = Rng(41);
    let mut run = Run::new(Format::Json, "quadratic prefill");
    for _ in 0..2000 {
        let prompt = rng.uniform(500.0, 64_000.0).round();
        // Attention's share grows with the square of the prompt: at 64k it doubles prefill.
        let prefill = prompt / PREFILL * (1.0 + prompt / 64_000.0);
        let ttft = 0.1 + prefill + 0.002 * rng.normal() + rng.queue(0.5, 0.3);
        run.records.push(Record::new(prompt, 200.0, Some(ttft), Some(ttft + 199.0 / DECODE)));
    }
    let bending = fit(&run).bending.expect("bending checked");
    assert!(bending.bends, "{bending:?}");
    assert!(bending.excess_fraction > 0.1);
    assert!(bending.from_prompt_tokens > 50_000.0);
}

/// The least check loss over all lines through two points (where an optimum always lies), and
/// over horizontal lines through one point (the optimum when every x is equal).
fn brute_force_loss(x: &[f64], y: &[f64], tau: f64) -> f64 {
    let mut best = f64::INFINITY;
    for i in 0..x.len() {
        best = best.min(check_loss(x, y, Line { intercept: y[i], slope: 0.0 }, tau));
        for j in 0..x.len() {
            if x[i] != x[j] {
                let slope = (y[j] - y[i]) / (x[j] - x[i]);
                let line = Line { intercept: y[i] - slope * x[i], slope };
                best = best.min(check_loss(x, y, line, tau));
            }
        }
    }
    best
}

#[test]
fn quantile_regression_matches_brute_force() {
    let mut rng = Rng(51);
    for case in 0..3000 {
        let n = 2 + case % 14;
        let tau = [0.1, 0.5, 0.25, 0.9, 0.05][case % 5];
        let integer_x = case % 3 == 0;
        let x: Vec<f64> = (0..n)
            .map(|_| {
                let v = rng.uniform(0.0, 100.0);
                if integer_x {
                    (v / 10.0).round()
                } else {
                    v
                }
            })
            .collect();
        let y: Vec<f64> =
            x.iter().map(|&xi| 0.3 + 0.01 * xi + rng.normal() + rng.queue(0.5, 2.0)).collect();
        let line = quantile_line(&x, &y, tau).unwrap();
        let ours = check_loss(&x, &y, line, tau);
        let best = brute_force_loss(&x, &y, tau);
        assert!(
            ours <= best + 1e-9 * (1.0 + best.abs()),
            "case {case}: ours {ours} > brute force {best} (tau {tau}, x {x:?}, y {y:?})"
        );
    }
}

#[test]
fn quantile_regression_puts_the_right_share_below() {
    let mut rng = Rng(61);
    let x: Vec<f64> = (0..5000).map(|_| rng.uniform(0.0, 10.0)).collect();
    let y: Vec<f64> = x.iter().map(|&xi| 1.0 + 2.0 * xi + rng.normal()).collect();
    for tau in [0.1, 0.5, 0.9] {
        let line = quantile_line(&x, &y, tau).unwrap();
        let below = x.iter().zip(&y).filter(|(&xi, &yi)| yi < line.at(xi)).count();
        let share = below as f64 / x.len() as f64;
        assert!((share - tau).abs() < 0.002, "tau {tau}: {share} below");
        assert!((line.slope - 2.0).abs() < 0.05);
    }
}

#[test]
fn a_fit_tells_its_stages_in_order_and_gives_the_same_fit() {
    use crossover::measurements::fit::{fit_with_progress, Stage};
    for run in [streamed_run(5, 3000, (200.0, 12_000.0)), unstreamed_run(6, 500)] {
        let mut told = Vec::new();
        let with_progress = fit_with_progress(&run, &mut |stage| told.push(stage));
        assert_eq!(with_progress, fit(&run), "telling progress changes nothing");
        assert_eq!(told.first(), Some(&Stage::Percentiles));
        assert_eq!(told.last(), Some(&Stage::Done));
        let place = |s: &Stage| Stage::ALL.iter().position(|a| a == s).unwrap();
        assert!(told.windows(2).all(|w| place(&w[0]) < place(&w[1])), "{told:?}");
        assert!(told.windows(2).all(|w| w[0].share_done() <= w[1].share_done()), "{told:?}");
        assert!(told.contains(&Stage::Interval), "{told:?}");
    }
    let mut told = Vec::new();
    fit_with_progress(&Run::new(Format::Json, "empty"), &mut |stage| told.push(stage));
    assert_eq!(told, [Stage::Percentiles, Stage::Selecting, Stage::Done]);
}
