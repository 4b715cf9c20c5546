//! The workbench's card and record in words, beyond the decision itself: whether the pair can be
//! compared as it was run (and what run would settle it when it cannot), what the runs observed
//! (percentiles, failures and their kinds, goodput at the reviewer's limits), and the headline
//! that says all of it first.

use crate::charts::table::{Cell, DataTable};
use crate::format;
use crate::measurements::review::observed::{Goodput, Limits, Observed, Spread};
use crate::measurements::review::standing::{Aspect, Difference, PairCheck, SideSource, Standing};
use crate::model::deployments::Which;
use crate::state::review::Held;
use crate::state::Figure;
use crate::state::{Basis, Param, State};

/// An aspect as a line names it.
fn aspect_name(aspect: Aspect) -> &'static str {
    match aspect {
        Aspect::Model => "Model",
        Aspect::Engine => "Serving engine",
        Aspect::Hardware => "Hardware",
        Aspect::Precision => "Precision",
        Aspect::Load => "Load",
        Aspect::Prompt => "Prompts",
        Aspect::Answer => "Answers",
        Aspect::Streaming => "Streaming",
        Aspect::Batch => "Sequences decoded together",
    }
}

/// "Load: A concurrency 256, 10 requests/s; B concurrency 100 (not raced alike)".
pub fn difference_line(d: &Difference) -> String {
    let side = |v: &Option<String>| v.clone().unwrap_or_else(|| "not stated".to_string());
    let why = if d.blocks() {
        " (not raced alike)"
    } else if d.aspect.unfair() {
        " (one side does not say)"
    } else {
        ""
    };
    format!("{}: A {}; B {}{why}.", aspect_name(d.aspect), side(&d.a), side(&d.b))
}

/// The sides' goodput: who meets the limits more often, where their 95% intervals do not
/// overlap; `None` when they cannot be told apart.
pub fn goodput_leader(a: Goodput, b: Goodput) -> Option<Which> {
    let ((a_low, a_high), (b_low, b_high)) = (a.interval()?, b.interval()?);
    if a_low > b_high {
        Some(Which::A)
    } else if b_low > a_high {
        Some(Which::B)
    } else {
        None
    }
}

/// What each side observed, when it comes from a run.
pub fn observed_of(sources: &[SideSource; 2]) -> [Option<&Observed>; 2] {
    sources.each_ref().map(|s| match s {
        SideSource::Run(r) => Some(&r.observed),
        _ => None,
    })
}

/// The reviewer's limits.
pub fn limits(state: &State) -> Limits {
    Limits { ttft_secs: state.get(Param::SloTtft), e2e_secs: state.get(Param::SloE2e) }
}

/// "first token within 1 s and the whole answer within 10 s".
pub fn limits_text(limits: Limits) -> String {
    format!(
        "first token within {} and the whole answer within {}",
        format::duration(limits.ttft_secs),
        format::duration(limits.e2e_secs)
    )
}

/// What the card heads the pair with in place of the fitted lines' verdict, if anything: a pair
/// not raced alike, a verdict on goodput (where both sides are runs and the reviewer chose it),
/// or runs that cannot tell which finishes first.
pub fn held(check: &PairCheck, state: &State, sources: &[SideSource; 2]) -> Option<Held> {
    if check.standing == Standing::NotComparable {
        return Some(Held::NotComparable);
    }
    if let (Basis::Goodput, [Some(a), Some(b)]) = (state.basis, observed_of(sources)) {
        let limits = limits(state);
        return Some(Held::Goodput(goodput_leader(a.goodput(limits), b.goodput(limits))));
    }
    match check.standing {
        Standing::EitherMayFinishFirst { .. } => Some(Held::EitherMayFinishFirst),
        _ => None,
    }
}

/// A held headline's words, the same on the card and in its presentation.
pub fn held_title(held: Held) -> String {
    match held {
        Held::NotComparable => "Not comparable as run".to_string(),
        Held::EitherMayFinishFirst => "Either may finish first".to_string(),
        Held::Goodput(Some(w)) => format!("Ship {}", w.label()),
        Held::Goodput(None) => "Either: their goodput cannot be told apart".to_string(),
    }
}

/// The card's headline, and the line under it that says what it rests on.
pub fn headline(
    check: &PairCheck,
    verdict: &str,
    state: &State,
    sources: &[SideSource; 2],
) -> (String, String) {
    let Some(held) = held(check, state, sources) else {
        return (verdict.to_string(), clear_of_the_interval(check));
    };
    let why = match (held, &check.standing, observed_of(sources)) {
        (Held::NotComparable, ..) => format!("The two were not raced alike, so any verdict would rest on the difference: see what differs and what run would settle it. {}'s fitted race is below for reference only.", Figure::Completion.name()),
        (Held::Goodput(_), _, [Some(a), Some(b)]) => {
            let limits = limits(state);
            format!(
                "Resting on goodput, the share of each run's own requests with a {}: A {}, B {}.",
                limits_text(limits),
                goodput_text(a.goodput(limits)),
                goodput_text(b.goodput(limits))
            )
        }
        (_, &Standing::EitherMayFinishFirst { low, high }, _) => format!(
            "The runs' crossover is uncertain: its 95% interval, {}, holds the mean answer decided for, so the runs cannot tell which finishes it first. The fitted race says: {verdict}.",
            format::crossover_interval_text(low, high)
        ),
        _ => String::new(),
    };
    (held_title(held), why)
}

/// The card's headline as its presentation states it, from the address alone: the held
/// headline and what it rests on, in words that need none of the runs' numbers (the record has
/// them).
pub fn presented_headline(held: Held, state: &State) -> String {
    let rests_on = match held {
        Held::NotComparable => format!("The two were not raced alike: {} races their fitted lines for reference only, and the record says what differs.", Figure::Completion.name()),
        Held::EitherMayFinishFirst => "The runs cannot tell which finishes the answers decided for first: their crossover's interval holds them.".to_string(),
        Held::Goodput(_) => format!(
            "Resting on goodput, the share of each run's requests with a {}; the record gives both.",
            limits_text(limits(state))
        ),
    };
    format!("{}. {rests_on}", held_title(held))
}

/// "90 to 4,000 tokens", or "90 tokens and up".
/// A verdict on two runs that stands: where their crossover's interval lies, clear of the mean
/// answer decided for (nothing where there is no interval to state).
fn clear_of_the_interval(check: &PairCheck) -> String {
    match (&check.standing, check.interval) {
        (Standing::Comparable, Some((low, high))) => format!(
            "The runs' crossover has its 95% interval at {}, clear of the mean answer decided for ({}): the lead does not change hands there.",
            format::crossover_interval_text(low, high),
            format::tokens(check.mean_tokens)
        ),
        _ => String::new(),
    }
}

/// "62% of 150 requests (95% interval 54% to 70%)".
pub fn goodput_text(g: Goodput) -> String {
    let share = g.share().map_or_else(|| "none".to_string(), format::percent);
    let within = g
        .interval()
        .map(|(lo, hi)| {
            format!(" (95% interval {} to {})", format::percent(lo), format::percent(hi))
        })
        .unwrap_or_default();
    format!("{share} of {} requests{within}", format::with_separators(g.requests as f64, 0))
}

/// What run would settle a pair that cannot be compared as run.
pub fn settle_text(check: &PairCheck) -> Option<String> {
    if check.standing != Standing::NotComparable {
        return None;
    }
    let blocked: Vec<&Difference> = check.differences.iter().filter(|d| d.blocks()).collect();
    let mut asks = Vec::new();
    for d in blocked {
        let both = |d: &Difference| {
            format!(
                "A's {} or B's {}",
                d.a.as_deref().unwrap_or("?"),
                d.b.as_deref().unwrap_or("?")
            )
        };
        asks.push(match d.aspect {
            Aspect::Load => format!("at one load ({})", both(d)),
            Aspect::Prompt => "with the same prompts".to_string(),
            Aspect::Answer => "asking for the same answer lengths".to_string(),
            Aspect::Streaming => "both streamed".to_string(),
            Aspect::Batch => format!("decoding the same number of sequences ({})", both(d)),
            _ => continue,
        });
    }
    let run = if check.differences.iter().any(|d| d.aspect == Aspect::Batch) {
        "Working both out"
    } else {
        "A run of each"
    };
    Some(format!("{run} {} would settle it.", asks.join(", ")))
}

/// The note when the models differ: the verdict is about speed alone.
pub fn models_note(check: &PairCheck) -> Option<String> {
    check.differences.iter().any(|d| d.aspect == Aspect::Model && d.a.is_some() && d.b.is_some()).then(|| {
        "The models differ: this compares how fast each answers, not whether they answer as well; that needs its own evaluation.".to_string()
    })
}

/// What the runs observed, A and B side by side: p50, p90 and p99 of the first token and of the
/// whole answer over the requests that answered, the failed requests, and the share within both
/// limits. `None` unless both sides are runs.
pub fn observed_table(sources: &[SideSource; 2], limits: Limits) -> Option<DataTable> {
    let [Some(a), Some(b)] = observed_of(sources) else { return None };
    let spread_rows = |name: &str, of: fn(&Observed) -> Option<Spread>| -> Vec<Vec<Cell>> {
        ["p50", "p90", "p99"]
            .into_iter()
            .enumerate()
            .map(|(i, p)| {
                let cell = |o: &Observed| match of(o).and_then(|s| s.get(i).copied()) {
                    Some(x) => Cell::number(x, format::duration(x)),
                    None => Cell::text("not measured"),
                };
                vec![Cell::heading_in(&format!("{name} {p}"), "s"), cell(a), cell(b)]
            })
            .collect()
    };
    let mut rows = spread_rows("first token", Observed::ttft);
    rows.extend(spread_rows("whole answer", Observed::e2e));
    let count = |o: &Observed, n: usize| {
        let text = format!(
            "{} of {}",
            format::with_separators(n as f64, 0),
            format::with_separators(o.requests.len() as f64, 0)
        );
        Cell::number(n as f64, text)
    };
    rows.push(vec![Cell::text("requests that failed"), count(a, a.failed()), count(b, b.failed())]);
    let within = |o: &Observed| {
        let g = o.goodput(limits);
        match g.share() {
            Some(share) => Cell::number(share, goodput_text(g)).wrapping(),
            None => Cell::text("no requests"),
        }
    };
    rows.push(vec![Cell::text("within both limits (goodput)"), within(a), within(b)]);
    Some(DataTable {
        caption: format!(
            "As the runs observed them. Percentiles rank the requests that answered; a failed request is counted apart, and as a miss within the limits ({}).",
            limits_text(limits)
        ),
        headers: vec!["", "A", "B"],
        rows,
        current_row: None,
    })
}

/// Where the pair's verdict does not stand as the card's, the title over the fitted race's
/// reasons: they are Figure 5's, for reference (the card's and the record's one wording).
pub fn reference_title(check: &PairCheck) -> Option<String> {
    (check.standing != Standing::Comparable)
        .then(|| format!("{}'s fitted race, for reference", Figure::Completion.name()))
}

/// Each run's failures and why, a line per side that has any.
pub fn failure_lines(sources: &[SideSource; 2]) -> Vec<String> {
    failure_lines_quoting(sources, |kind| format!("\u{201c}{kind}\u{201d}"))
}

/// [`failure_lines`] with each kind, the tool's own words, written by `quote` (the design doc's
/// writes it inert): the kinds are quoted where the line is built, never found again in it.
pub fn failure_lines_quoting(
    sources: &[SideSource; 2],
    quote: impl Fn(&str) -> String,
) -> Vec<String> {
    [Which::A, Which::B]
        .into_iter()
        .zip(sources)
        .filter_map(|(which, source)| {
            let SideSource::Run(r) = source else { return None };
            let f = &r.failures;
            (f.failed > 0).then(|| {
                let kinds: Vec<String> = f
                    .kinds
                    .iter()
                    .map(|(kind, n)| {
                        format!("{} × {}", format::with_separators(*n as f64, 0), quote(kind))
                    })
                    .collect();
                format!(
                    "{}: {} of {} requests failed ({}). The card counts each as an attempt that lasts as long as an answer and is retried at once; goodput counts each as a miss.",
                    which.label(),
                    format::with_separators(f.failed as f64, 0),
                    format::with_separators(f.requests as f64, 0),
                    kinds.join(", ")
                )
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::measurements::load::Load;
    use crate::measurements::meta::{RunMeta, Stated};
    use crate::measurements::review::facts::RunFacts;
    use crate::measurements::review::observed::{Failures, ObservedRequest};

    #[test]
    fn a_standing_verdict_says_where_the_runs_crossover_lies_against_the_mean_answer() {
        let check = |standing, interval| PairCheck {
            standing,
            differences: vec![],
            interval,
            mean_tokens: 85.0,
        };
        assert_eq!(
            clear_of_the_interval(&check(Standing::Comparable, Some((495.6, None)))),
            "The runs' crossover has its 95% interval at 495.6 tokens and up, clear of the mean \
             answer decided for (85 tokens): the lead does not change hands there."
        );
        assert!(clear_of_the_interval(&check(Standing::Comparable, Some((120.0, Some(300.0)))))
            .contains("at 120 to 300 tokens"));
        // No interval (typed sides, or lines that never cross), or a pair not judged: nothing.
        assert_eq!(clear_of_the_interval(&check(Standing::Comparable, None)), "");
        assert_eq!(clear_of_the_interval(&check(Standing::NotComparable, Some((1.0, None)))), "");
    }

    fn run(model: &str, load: Load, e2e: &[f64], failed: usize) -> SideSource {
        let mut requests: Vec<ObservedRequest> = e2e
            .iter()
            .map(|t| ObservedRequest { ttft_secs: Some(0.2), e2e_secs: Some(*t), failed: false })
            .collect();
        requests.extend((0..failed).map(|_| ObservedRequest {
            ttft_secs: Some(0.3),
            e2e_secs: Some(1.0),
            failed: true,
        }));
        SideSource::Run(Box::new(RunFacts {
            meta: RunMeta { model: Stated::of(Some(model), "model_id"), ..RunMeta::default() },
            load,
            streamed: true,
            prompt_tokens: 550.0,
            answer_tokens: [150.0, 152.0],
            failures: Failures {
                failed,
                requests: e2e.len() + failed,
                kinds: if failed > 0 {
                    vec![("error -100: Output too few tokens N".into(), failed)]
                } else {
                    vec![]
                },
            },
            observed: Observed { of: e2e.len() + failed, requests },
            ..RunFacts::default()
        }))
    }

    #[test]
    fn a_pair_run_at_different_loads_gets_no_verdict_and_is_told_what_run_settles_it() {
        let a = run("llama-70b", Load::new(Some(256.0), None), &[5.0; 10], 0);
        let b = run("qwen-27b", Load::new(Some(100.0), None), &[4.0; 10], 0);
        let sources = [a, b];
        let check = PairCheck::of(&sources[0], &sources[1], 150.0, None);
        let (headline, why) = headline(&check, "Ship B", &State::default().for_review(), &sources);
        assert_eq!(headline, "Not comparable as run");
        assert!(why.contains("for reference only"), "{why}");
        let lines: Vec<String> = check.differences.iter().map(difference_line).collect();
        assert_eq!(
            lines,
            [
                "Model: A llama-70b; B qwen-27b.",
                "Load: A concurrency 256; B concurrency 100 (not raced alike)."
            ]
        );
        assert_eq!(settle_text(&check).as_deref(), Some("A run of each at one load (A's concurrency 256 or B's concurrency 100) would settle it."));
        assert!(models_note(&check).is_some());
    }

    #[test]
    fn goodput_counts_failures_as_misses_and_can_carry_the_verdict() {
        // A: 100 requests, all within 10 s. B: 101 answered quickly, 49 failed.
        let a = run("m", Load::default(), &[7.0; 100], 0);
        let b = run("m", Load::default(), &[6.0; 101], 49);
        let sources = [a, b];
        let mut state = State::default().for_review();
        state.basis = Basis::Goodput;
        let check = PairCheck::of(&sources[0], &sources[1], 150.0, None);
        let (headline, why) = headline(&check, "Ship B", &state, &sources);
        assert_eq!(headline, "Ship A", "{why}");
        assert!(
            why.contains("A 100% of 100 requests") && why.contains("B 67% of 150 requests"),
            "{why}"
        );
        let table = observed_table(&sources, limits(&state)).unwrap_or_default();
        let rows = table.text_rows();
        assert_eq!(rows[1], ["first token p50", "200 ms", "200 ms"]);
        assert_eq!(rows[7], ["requests that failed", "0 of 100", "49 of 150"]);
        assert!(rows[8][2].starts_with("67% of 150 requests (95% interval"), "{:?}", rows[8]);
        assert!(table.to_csv().contains("whole answer p50 (s),7,6"), "{}", table.to_csv());
        let failures = failure_lines(&sources);
        assert_eq!(failures.len(), 1);
        assert!(
            failures[0].starts_with(
                "B: 49 of 150 requests failed (49 × “error -100: Output too few tokens N”)"
            ),
            "{}",
            failures[0]
        );
    }
}
