//! The bake-off from two runs in words: what makes the pair an unfair race, where their lines
//! cross and how sure the runs are of it, and who finishes first at the reader's length.

use super::deployments::{precise_secs, unless_felt, winner_text};
use crate::charts::table::{Cell, DataTable};
use crate::format;
use crate::format::crossover_tokens_text;
use crate::measurements::compare::side::controls;
use crate::measurements::compare::{
    Column, Finding, NoDeployment, NstarRange, Table, TtftPercentile, WinnerAt,
};
use crate::measurements::load::{Load, RequestRate};
use crate::measurements::protocol::{DeploymentApplied, DeploymentAsked};
use crate::model::deployments::{Speedup, Winner};

/// A run's load as the table and the notices write it: "concurrency 16", "10 req/s", "all
/// requests at once", both joined, or "not stated".
pub fn load_text(load: &Load) -> String {
    let concurrency = load.concurrency.map(|c| format!("concurrency {}", format::trimmed(c, 0)));
    let rate = load.request_rate.map(|r| match r {
        RequestRate::PerSec(x) => format!("{} req/s", format::trimmed(x, 2)),
        RequestRate::AllAtOnce => "all requests at once".to_string(),
    });
    match (concurrency, rate) {
        (Some(c), Some(r)) => format!("{c}, {r}"),
        (Some(c), None) => c,
        (None, Some(r)) => r,
        (None, None) => "not stated".to_string(),
    }
}

/// One finding as a notice: what differs, and why it matters for the race.
pub fn finding_text(finding: &Finding) -> String {
    match *finding {
        Finding::Prompts { a_median_tokens, b_median_tokens } => format!(
            "The prompts differ: A's median prompt is {} and B's {}, more than twice the \
             other. Each first token is read at its own run's median prompt, so part of the \
             gap between them is prompt length, not the deployment. Measure both on the same \
             prompts.",
            format::tokens(a_median_tokens),
            format::tokens(b_median_tokens)
        ),
        Finding::Load { a, b } => format!(
            "The load differs: A ran at {} and B at {}. A busier server queues requests before \
             their first token and shares its decode steps among more answers, so the run \
             under less load looks faster for that reason alone. Measure both at the same \
             load.",
            load_text(&a),
            load_text(&b)
        ),
        Finding::NotStreamed { a, b } => match (a, b) {
            (true, true) => "Neither run streamed, so neither measured a first token: both \
                             lines start where the end-to-end times put them for an empty \
                             answer. The race between them holds; a streamed run would show \
                             when text first appears."
                .to_string(),
            _ => format!(
                "{} did not stream, so its first token was never measured: its line starts \
                 where its end-to-end times put it for an empty answer, while {}'s starts at a \
                 measured first token. The two clocks stop at different moments; measure both \
                 streamed.",
                if a { "A" } else { "B" },
                if a { "B" } else { "A" }
            ),
        },
        Finding::ThinTail { which, used, percentile } => {
            let above = (used as f64 * percentile.share_slower()).floor();
            let above = match above {
                x if x < 1.0 => "none".to_string(),
                x => format::with_separators(x, 0),
            };
            format!(
                "{}'s {} has {} of its {} requests above it, too few to pin it down: a run of \
                 at least {} requests gives a {} worth comparing.",
                which.label(),
                percentile.id(),
                above,
                format::with_separators(used as f64, 0),
                format::with_separators(percentile.requests_needed() as f64, 0),
                percentile.id()
            )
        }
    }
}

/// Where the lines cross and how sure the runs are: the words beside `compare-nstar`. The
/// first tokens are named at each side's own percentile when the two differ.
pub fn nstar_text(range: &NstarRange, a: TtftPercentile, b: TtftPercentile) -> String {
    let firsts = if a == b {
        format!("first tokens at their {}", a.id())
    } else {
        format!("A's first token at its {}, B's at its {}", a.id(), b.id())
    };
    let basis = format!("(95% interval from resampling both runs' requests, {firsts})");
    match *range {
        NstarRange::Between { low_tokens, high_tokens, below, above } => format!(
            "{} finishes first on answers shorter than the crossover and {} on longer ones; \
             the crossover lies between {} and {} {basis}.",
            below.label(),
            above.label(),
            crossover_tokens_text(low_tokens),
            crossover_tokens_text(high_tokens)
        ),
        NstarRange::Uncertain { low_tokens, high_tokens } => {
            let why = match (low_tokens > 0.0, high_tokens) {
                (false, Some(high)) => format!(
                    "the runs cannot tell which first token comes sooner, so the lines may \
                     cross anywhere below {}, or not at all",
                    crossover_tokens_text(high)
                ),
                (true, None) => format!(
                    "the runs cannot tell which side writes faster, so the lines may cross \
                     anywhere beyond {}, or never",
                    crossover_tokens_text(low_tokens)
                ),
                (true, Some(high)) => format!(
                    "the lines may cross anywhere between {} and {}",
                    crossover_tokens_text(low_tokens),
                    crossover_tokens_text(high)
                ),
                (false, None) => "the runs can tell neither which first token comes sooner \
                                  nor which side writes faster"
                    .to_string(),
            };
            format!("No crossover is certain: {why} {basis}.")
        }
        NstarRange::Never { faster } => format!(
            "The lines do not cross: {} finishes first at every answer length {basis}.",
            faster.label()
        ),
        NstarRange::Unknown => "Too few resamples of these runs gave two lines to put an \
                                interval on the crossover."
            .to_string(),
    }
}

/// Who finishes first at the reader's length, by how much, and whether the runs are sure.
pub fn winner_text_at(w: &WinnerAt) -> String {
    let at = format!("At {}", format::tokens(w.answer_tokens));
    let race = match w.race.winner {
        Winner::Tie => format!("{at}, A and B finish together"),
        winner => {
            let times = match w.speedup {
                Speedup::Times { times, .. } => {
                    format!(" ({}× as fast)", format::trimmed(times, 1))
                }
                Speedup::Same | Speedup::Unbounded { .. } => String::new(),
            };
            format!(
                "{at}, {}, {} sooner{times}{}",
                winner_text(winner),
                precise_secs(w.margin_secs()),
                unless_felt(w.margin_secs())
            )
        }
    };
    let sure = match (w.straddled, w.agreeing_share) {
        (Some(true), _) => {
            ", but this length lies inside the crossover's 95% interval: either could finish \
             first"
                .to_string()
        }
        (Some(false), Some(share)) => {
            format!("; {} of the resampled pairs agree", format::percent(share))
        }
        _ => String::new(),
    };
    format!("{race}{sure}.")
}

/// The comparison table under Figure 5, A and B side by side. Each cell shows its own unit, the
/// CSV's row names name it (`Cell::heading_in`), and an interval's ends get rows of their own, so
/// the CSV carries bare numbers like every other table.
pub fn comparison_table(t: &Table) -> DataTable {
    let row =
        |name: &str, cell: &dyn Fn(&Column) -> Cell| vec![Cell::text(name), cell(&t.a), cell(&t.b)];
    let heading_row = |name: &str, unit: &str, cell: &dyn Fn(&Column) -> Cell| {
        vec![Cell::heading_in(name, unit), cell(&t.a), cell(&t.b)]
    };
    let secs = |x: f64| Cell::number(x, format::duration(x));
    let ttft = |i: usize| {
        move |c: &Column| match c.ttft_secs.and_then(|q| q.get(i).copied()) {
            Some(x) => secs(x),
            None => Cell::text("not measured"),
        }
    };
    let rate_end = |high: bool| {
        move |c: &Column| match c.decode_tokens_per_sec.ci95 {
            Some((lo, hi)) => {
                let x = if high { hi } else { lo };
                Cell::number(x, format::rate(x))
            }
            None => Cell::text("no interval"),
        }
    };
    let rows = vec![
        row("run", &|c| Cell::words(c.label.clone())),
        row("requests used", &|c| {
            let used = c.used as f64;
            let text = format!(
                "{} of {}",
                format::with_separators(used, 0),
                format::with_separators(c.records as f64, 0)
            );
            Cell::number(used, text)
        }),
        row("load", &|c| Cell::text(load_text(&c.load))),
        row("streamed", &|c| Cell::text(if c.streamed { "yes" } else { "no" })),
        heading_row("TTFT p50", "s", &ttft(0)),
        heading_row("TTFT p90", "s", &ttft(1)),
        heading_row("TTFT p99", "s", &ttft(2)),
        heading_row("first token used", "s", &|c| {
            let x = c.first_token_secs.value;
            let text = format!(
                "{} ({} at a prompt of {})",
                format::duration(x),
                c.percentile.id(),
                format::tokens(c.median_prompt_tokens)
            );
            Cell::number(x, text)
        }),
        heading_row("decode rate", "tok/s", &|c| {
            let x = c.decode_tokens_per_sec.value;
            Cell::number(x, format::rate(x))
        }),
        heading_row("decode rate, 95% interval from", "tok/s", &rate_end(false)),
        heading_row("decode rate, 95% interval to", "tok/s", &rate_end(true)),
        heading_row("finishes the median answer", "s", &|c| {
            secs(c.completion_at_median_secs.value)
        }),
        heading_row("finishes the 90th-percentile answer", "s", &|c| {
            secs(c.completion_at_p90_secs.value)
        }),
    ];
    DataTable {
        caption: format!(
            "A and B from their runs; the workload's median answer is {} and its 90th \
             percentile {}",
            format::tokens(t.workload.median_answer_tokens),
            format::tokens(t.workload.p90_answer_tokens)
        ),
        headers: vec!["", "A", "B"],
        rows,
        current_row: None,
    }
}

/// The last sentence of what "Use as A" did: what the link carries.
pub const LINK_HOLDS_NUMBERS: &str = "The address bar carries these numbers only: your \
    measurements and the run's name stay in this tab and are never put in a link.";

/// What "Use as A" did: the side's new name and numbers, any the page's range held back, and
/// what the link carries.
pub fn deployment_applied_text(
    label: &str,
    percentile: TtftPercentile,
    asked: &DeploymentAsked,
    applied: &DeploymentApplied,
) -> String {
    let side = asked.which.label();
    let mut out = vec![format!(
        "{side} is now {label}: its first token after {} (the run's {}, at its own median \
         prompt), then {}.",
        format::duration(asked.ttft_secs),
        percentile.id(),
        format::rate(asked.decode_tokens_per_sec)
    )];
    if asked.failed_requests > 0.0 {
        out.push(format!(
            "{} of its {} requests failed: the decision counts a retry for each.",
            format::with_separators(asked.failed_requests, 0),
            format::with_separators(asked.requests, 0),
        ));
    }
    let (ttft, rate) = controls(asked.which);
    let held = [
        ("time to first token", "s", ttft, asked.ttft_secs, applied.ttft_secs),
        ("decode rate", "tok/s", rate, asked.decode_tokens_per_sec, applied.decode_tokens_per_sec),
    ];
    for (name, unit, param, wanted, got) in held {
        // Only the control's bounds move a value: it keeps every digit it came with.
        let spec = param.spec();
        if got.is_finite() && (wanted < spec.min || wanted > spec.max) {
            out.push(format!(
                "The run's {name} of {} {unit} is outside the page's range, so {side}'s control \
                 holds {} {unit}.",
                format::trimmed(wanted, 3),
                format::trimmed(got, 3)
            ));
        }
    }
    out.push(LINK_HOLDS_NUMBERS.to_string());
    out.join(" ")
}

/// "Use as A" or "Use as B" that came to nothing: the file reader stopped before it answered
/// (it is started again with the files), or the page did not take the numbers.
pub const USE_AS_UNANSWERED: &str =
    "That side could not be set just now, and nothing was changed: press the button again.";

/// A run asked for that the worker no longer holds (a file dropped after a failure).
pub const RUN_NOT_KEPT: &str =
    "That run is no longer loaded: load its file again to use it as a deployment.";

/// Two runs that could not be compared (one no longer loaded, or no longer a deployment).
pub const NOT_COMPARED: &str = "These two runs could not be compared: load their files again \
    and use them as A and B once more.";

/// The line under a side of the lab that comes from a run.
pub fn run_side_text(label: &str, percentile: TtftPercentile) -> String {
    format!("From your run {label} (its first token at the {})", percentile.id())
}

/// Why a run cannot be one side of the lab.
pub fn no_deployment_text(label: &str, why: NoDeployment) -> String {
    match why {
        NoDeployment::TooFewRequests { used } => format!(
            "{label} cannot be a deployment: only {} of its requests could be used, and a \
             completion line needs at least two.",
            format::with_separators(used as f64, 0)
        ),
        NoDeployment::NoDecodeRate => format!(
            "{label} cannot be a deployment: no decode rate could be fitted to it (its answers \
             are too short, or too alike in length to tell decode from the rest)."
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::deployments::Which;

    #[test]
    fn loads_read_plainly() {
        assert_eq!(load_text(&Load::new(Some(16.0), None)), "concurrency 16");
        assert_eq!(load_text(&Load::new(None, Some(2.5))), "2.5 req/s");
        assert_eq!(
            load_text(&Load::new(Some(256.0), Some(f64::INFINITY))),
            "concurrency 256, all requests at once"
        );
        assert_eq!(load_text(&Load::default()), "not stated");
    }

    #[test]
    fn every_finding_names_what_differs() {
        let findings = [
            Finding::Prompts { a_median_tokens: 1000.0, b_median_tokens: 2600.0 },
            Finding::Load { a: Load::new(Some(16.0), None), b: Load::new(Some(64.0), None) },
            Finding::NotStreamed { a: false, b: true },
            Finding::NotStreamed { a: true, b: true },
            Finding::ThinTail { which: Which::B, used: 300, percentile: TtftPercentile::P99 },
        ];
        let texts: Vec<String> = findings.iter().map(finding_text).collect();
        assert!(texts[0].contains("1,000 tokens") && texts[0].contains("2,600 tokens"));
        assert!(texts[1].contains("concurrency 16") && texts[1].contains("concurrency 64"));
        assert!(texts[2].starts_with("B did not stream") && texts[2].contains("A's starts"));
        assert!(texts[3].starts_with("Neither run streamed"));
        assert!(texts[4].contains("B's p99 has 3 of its 300 requests above it"), "{}", texts[4]);
        assert!(texts[4].contains("at least 1,000 requests"));
        for t in &texts {
            assert!(!t.contains("NaN") && !t.contains("inf"), "{t}");
        }
    }

    #[test]
    fn the_crossover_says_when_it_is_not_certain() {
        let p = TtftPercentile::P50;
        let certain = NstarRange::Between {
            low_tokens: 25.0,
            high_tokens: 31.5,
            below: Which::A,
            above: Which::B,
        };
        let t = nstar_text(&certain, p, p);
        assert!(t.contains("between 25 tokens and 31.5 tokens") && t.contains("p50"), "{t}");
        let mixed = nstar_text(&certain, p, TtftPercentile::P99);
        assert!(mixed.contains("A's first token at its p50, B's at its p99"), "{mixed}");
        for range in [
            NstarRange::Uncertain { low_tokens: 0.0, high_tokens: Some(310.0) },
            NstarRange::Uncertain { low_tokens: 80.0, high_tokens: None },
            NstarRange::Uncertain { low_tokens: 0.0, high_tokens: None },
        ] {
            assert!(nstar_text(&range, p, p).starts_with("No crossover is certain"), "{range:?}");
        }
        assert!(nstar_text(&NstarRange::Never { faster: Which::B }, p, p)
            .contains("B finishes first at every"));
    }

    #[test]
    fn the_table_has_a_row_per_number_and_bare_numbers_in_csv() {
        use crate::measurements::compare::{table, RunDeployment, Workload};
        use crate::measurements::{fit, Format, Record, Run};
        let mut run = Run::new(Format::Csv, "r");
        for i in 0..40 {
            let t = 0.2 + 0.01 * i as f64;
            run.records.push(Record::new(1000.0, 100.0 + i as f64, Some(t), Some(t + 2.0)));
        }
        let f = fit(&run);
        let d = RunDeployment::from_run(&run, &f, TtftPercentile::P90).expect("usable");
        let w = Workload { median_answer_tokens: 40.0, p90_answer_tokens: 900.0 };
        let t = comparison_table(&table((&f, &d), (&f, &d), w));
        assert_eq!(t.rows.len(), 13);
        assert!(t.rows.iter().all(|r| r.len() == 3));
        assert!(t.caption.contains("40 tokens") && t.caption.contains("900 tokens"));
        let csv = t.to_csv();
        assert!(csv.contains("requests used,40,40"), "{csv}");
        assert!(!csv.contains("NaN") && !csv.contains("inf"), "{csv}");
        assert!(t.rows[7][1].text.contains("p90 at a prompt of 1,000 tokens"), "{:?}", t.rows[7]);
    }

    #[test]
    fn use_as_says_what_was_set_what_was_held_back_and_what_the_link_carries() {
        let asked = DeploymentAsked {
            which: Which::B,
            ttft_secs: 75.0,
            decode_tokens_per_sec: 42.5,
            answer_tokens: [150.0, 300.0],
            failed_requests: 49.0,
            requests: 150.0,
        };
        let held = DeploymentApplied { ttft_secs: 60.0, decode_tokens_per_sec: 42.5 };
        let t = deployment_applied_text("vLLM llama", TtftPercentile::P90, &asked, &held);
        assert!(t.starts_with("B is now vLLM llama: its first token after"), "{t}");
        assert!(t.contains("the run's p90"), "{t}");
        assert!(t.contains("time to first token of 75 s is outside the page's range, so B's control holds 60 s"), "{t}");
        assert!(!t.contains("decode rate of"), "{t}");
        assert!(t.contains("never put in a link"), "{t}");
        assert!(t.contains("49 of its 150 requests failed"), "{t}");
    }

    #[test]
    fn a_value_inside_the_range_is_never_said_to_be_outside_it() {
        // A run's unrounded numbers, held exactly as handed: nothing was moved.
        for which in [Which::A, Which::B] {
            let asked = DeploymentAsked {
                which,
                ttft_secs: 0.4753,
                decode_tokens_per_sec: 23.461,
                answer_tokens: [85.0, 170.0],
                failed_requests: 0.0,
                requests: 40.0,
            };
            let held = DeploymentApplied { ttft_secs: 0.4753, decode_tokens_per_sec: 23.461 };
            let t = deployment_applied_text("vLLM", TtftPercentile::P50, &asked, &held);
            assert!(!t.contains("outside the page's range"), "{t}");
        }
        // Even if a control were to show it rounded, only the bounds count.
        let asked = DeploymentAsked {
            which: Which::A,
            ttft_secs: 0.4753,
            decode_tokens_per_sec: 23.461,
            answer_tokens: [85.0, 170.0],
            failed_requests: 0.0,
            requests: 40.0,
        };
        let shown = DeploymentApplied { ttft_secs: 0.475, decode_tokens_per_sec: 23.5 };
        let t = deployment_applied_text("vLLM", TtftPercentile::P50, &asked, &shown);
        assert!(!t.contains("outside the page's range"), "{t}");
    }
}
