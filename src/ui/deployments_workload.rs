//! Answer lengths as a spread rather than one number: who wins how many requests, the
//! percentiles each deployment delivers, a router that splits traffic by predicted length (and
//! what its mistakes cost), and the people who stop waiting.

use super::{an_answer_of, derived, precise_secs, Choice};
use crate::charts::completion::crossover_tokens_text;
use crate::charts::lengths::{share_text, LengthsInputs};
use crate::charts::table::{Cell, DataTable};
use crate::charts::Figure;
use crate::format;
use crate::model::deployments::{Comparison, Crossover, Which};
use crate::model::workload::{Abandonment as Logged, LengthDistribution, Router};
use crate::state::Param;
use crate::ui::app::use_state;
use crate::ui::controls::Controls;
use crate::ui::figure::{DataTableView, FigureCard};
use crate::ui::readouts::{secs_signals, Readout};
use leptos::prelude::*;

const LENGTHS: [Param; 2] = [Param::Median, Param::P90];
const ROUTER: [Param; 2] = [Param::Threshold, Param::RouteError];
const PATIENCE: [Param; 1] = [Param::Patience];

fn secs(x: f64) -> Cell {
    Cell::number(x, format::duration(x))
}

#[component]
pub fn LengthSpread() -> impl IntoView {
    let inputs = derived(LengthsInputs::of);
    let shares = Memo::new(move |_| inputs.with(|i| i.lengths.shares(&i.comparison)));
    let side_note = move |which: Which| {
        Signal::derive(move || {
            inputs.with(|i| match i.comparison.crossover() {
                Crossover::At { tokens, below, .. } if below == which => {
                    format!("the answers shorter than {}", crossover_tokens_text(tokens))
                }
                Crossover::At { tokens, .. } => {
                    format!("the answers longer than {}", crossover_tokens_text(tokens))
                }
                _ => "there is no crossover to split them".to_string(),
            })
        })
    };
    let share = move |pick: fn(&crate::model::workload::Shares) -> f64| {
        (
            Signal::derive(move || shares.with(pick)),
            Signal::derive(move || share_text(shares.with(pick))),
        )
    };
    let (a_value, a_text) = share(|s| s.a);
    let (b_value, b_text) = share(|s| s.b);
    let table =
        Signal::derive(move || inputs.with(|i| percentile_table(&i.lengths, &i.comparison)));
    view! {
        <h3>"Answer lengths are a spread, not a number"</h3>
        <p>
            "Real traffic mixes one-line replies with long explanations. Give the median and the 90th percentile of your answer lengths and the page fits a log-normal through them. "
            "A median of 40 tokens with a p90 of 900 is really two workloads behind one endpoint, one on each side of the crossover."
        </p>
        <div class="workbench-grid">
            <Controls legend="Answer lengths in your traffic" params=&LENGTHS />
            <dl class="readout-grid">
                <Readout testid="share-a" label="Requests A finishes first" value=a_value text=a_text note=side_note(Which::A) />
                <Readout testid="share-b" label="Requests B finishes first" value=b_value text=b_text note=side_note(Which::B) />
            </dl>
        </div>
        <FigureCard figure=Figure::Lengths number="Figure 4." />
        <DataTableView table=table testid="workload-table".to_string() />
    }
}

fn percentile_table(lengths: &LengthDistribution, c: &Comparison) -> DataTable {
    let n = lengths.length_percentiles();
    let (a, b) = (lengths.completion_percentiles(&c.a), lengths.completion_percentiles(&c.b));
    let row = |what: &str, tokens: f64, on_a: f64, on_b: f64| {
        vec![
            Cell::text(what),
            Cell::number(tokens, format::with_separators(tokens, 0)),
            secs(on_a),
            secs(on_b),
        ]
    };
    DataTable {
        caption: "Completion time across the spread of answer lengths".to_string(),
        headers: vec!["", "answer (tokens)", "A finishes after", "B finishes after"],
        rows: vec![
            row("median (p50)", n.p50, a.p50, b.p50),
            row("p90", n.p90, a.p90, b.p90),
            row("p99", n.p99, a.p99, b.p99),
            row(
                "mean",
                lengths.mean(),
                lengths.mean_completion_secs(&c.a),
                lengths.mean_completion_secs(&c.b),
            ),
        ],
        current_row: None,
    }
}

#[component]
pub fn Routing() -> impl IntoView {
    let state = use_state();
    let at_crossover = derived(|s| s.route_at_crossover);
    let set = Callback::new(move |v: bool| state.update(|s| s.route_at_crossover = v));
    let inputs = derived(LengthsInputs::of);
    let routing = Memo::new(move |_| inputs.with(|i| i.lengths.routing(&i.comparison, &i.router)));
    let (mean_value, mean_text) = secs_signals(move || routing.with(|r| r.routed_secs));
    let mean_note = Signal::derive(move || {
        routing.with(|r| {
            format!(
                "always A: {}, always B: {}",
                format::duration(r.always_a_secs),
                format::duration(r.always_b_secs)
            )
        })
    });
    let follows = move || {
        inputs.with(|i| match (at_crossover.get(), i.comparison.crossover().tokens()) {
            (true, Some(n)) => format!("The threshold follows the crossover ({}); the threshold slider only counts with a fixed threshold.", crossover_tokens_text(n)),
            (true, None) => "With no crossover one deployment wins every request, so the router sends everything there.".to_string(),
            (false, _) => format!("Answers predicted shorter than {} go to the deployment that starts first.", format::tokens(i.router.threshold_tokens)),
        })
    };
    let table = Signal::derive(move || {
        inputs.with(|i| routing_table(i, &i.lengths.routing(&i.comparison, &i.router)))
    });
    view! {
        <h3>"Routing by predicted length"</h3>
        <p>
            "If a request's answer length can be guessed in advance, a router can send the short ones to the early starter and the long ones to the fast writer. "
            "Guesses are never exact: the error control says how far off they typically are, from 1× (always right) to 2× (usually within half or double the true length) and beyond."
        </p>
        <div class="workbench-grid">
            <div>
                <fieldset class="choice">
                    <legend>"Router threshold"</legend>
                    <Choice name="route" testid="route-crossover".to_string() label="at the crossover" value=true current=at_crossover set=set />
                    <Choice name="route" testid="route-fixed".to_string() label="at a fixed length" value=false current=at_crossover set=set />
                </fieldset>
                <Controls legend="Router" params=&ROUTER />
            </div>
            <div>
                <dl class="readout-grid">
                    <Readout testid="routed-mean" label="Mean completion with the router" value=mean_value text=mean_text note=mean_note />
                </dl>
                <p>{follows}</p>
            </div>
        </div>
        <DataTableView table=table testid="routing-table".to_string() />
        <Misroutes />
    }
}

fn routing_table(inputs: &LengthsInputs, r: &crate::model::workload::Routing) -> DataTable {
    let perfect = Router::at_crossover(&inputs.comparison, 0.0);
    let knows = inputs.lengths.routing(&inputs.comparison, &perfect);
    let share = |x: f64| Cell::number(x, share_text(x));
    DataTable {
        caption: "Mean completion time under each policy".to_string(),
        headers: vec!["policy", "mean completion", "sent to A", "sent to the slower one"],
        rows: vec![
            vec![
                Cell::text("always A"),
                secs(r.always_a_secs),
                share(1.0),
                share(inputs.lengths.shares(&inputs.comparison).b),
            ],
            vec![
                Cell::text("always B"),
                secs(r.always_b_secs),
                share(0.0),
                share(inputs.lengths.shares(&inputs.comparison).a),
            ],
            vec![
                Cell::text("your router"),
                secs(r.routed_secs),
                share(r.share_sent_to_a),
                share(r.misrouted_share),
            ],
            vec![
                Cell::text("a router that knows every length"),
                secs(r.best_possible_secs),
                share(knows.share_sent_to_a),
                share(knows.misrouted_share),
            ],
        ],
        current_row: Some(2),
    }
}

/// What a wrong guess costs, at lengths across the spread: lopsided, because below the
/// crossover the loss is capped by the head start and above it grows with every token.
#[component]
fn Misroutes() -> impl IntoView {
    let inputs = derived(LengthsInputs::of);
    // (short side, long side, p10 length, p90 length)
    let sides = Memo::new(move |_| {
        inputs.with(|i| {
            let (short, long) = i.comparison.short_and_long_sides();
            (short, long, i.lengths.quantile(0.1), i.lengths.quantile(0.9))
        })
    });
    let long_cost = move || {
        sides.with(|&(short, _, _, p90)| {
            inputs.with(|i| i.comparison.extra_secs_if_sent_to(short, p90))
        })
    };
    let short_cost = move || {
        sides.with(|&(_, long, p10, _)| {
            inputs.with(|i| i.comparison.extra_secs_if_sent_to(long, p10))
        })
    };
    let (long_value, long_text) = secs_signals(long_cost);
    let (short_value, short_text) = secs_signals(short_cost);
    let note = move |long: bool| {
        Signal::derive(move || {
            let cost = if long { long_cost() } else { short_cost() };
            sides.with(|&(short, long_side, p10, p90)| {
                let (tokens, to) = if long { (p90, short) } else { (p10, long_side) };
                let verb = if cost > 0.0 { "sent to" } else { "belongs on" };
                format!("{} {verb} {}", an_answer_of(tokens), to.label())
            })
        })
    };
    let lopsided = move || inputs.with(|i| lopsided_text(&i.comparison, long_cost(), short_cost()));
    let table = Signal::derive(move || inputs.with(misroute_table));
    view! {
        <h4>"What a wrong guess costs"</h4>
        <dl class="readout-grid compare">
            <Readout testid="misroute-long" label="Long answer (p90) sent to the early starter" value=long_value text=long_text note=note(true) />
            <Readout testid="misroute-short" label="Short answer (p10) sent to the fast writer" value=short_value text=short_text note=note(false) />
        </dl>
        <p>{lopsided}</p>
        <DataTableView table=table testid="misroute-table".to_string() />
    }
}

fn lopsided_text(c: &Comparison, long_cost: f64, short_cost: f64) -> String {
    match (c.crossover(), c.first_token_lead(), c.per_token_gain()) {
        (Crossover::At { below, above, .. }, Some(lead), Some(gain)) => format!(
            "The two mistakes are not alike. A short answer sent to {above} can never lose more than {below}'s head start of {}; a long answer sent to {below} loses another {} with every token past the crossover. Here that is {} against {}: when the router is unsure, {above} is the cheaper mistake.",
            precise_secs(lead.secs),
            precise_secs(gain.secs),
            format::duration(long_cost),
            format::duration(short_cost),
            above = above.label(),
            below = below.label(),
        ),
        (Crossover::Never { faster }, _, _) => format!("With no crossover there is nothing to route: {} finishes every request first.", faster.label()),
        _ => "The two deployments are the same, so no route can be wrong.".to_string(),
    }
}

fn misroute_table(inputs: &LengthsInputs) -> DataTable {
    let c = &inputs.comparison;
    let rows = [("p10", 0.1), ("median", 0.5), ("p90", 0.9), ("p99", 0.99)]
        .into_iter()
        .map(|(what, q)| {
            let n = inputs.lengths.quantile(q);
            let race = c.race_at(n);
            let right = race.winner.data_value();
            vec![
                Cell::text(what),
                Cell::number(n, format::with_separators(n, 0)),
                Cell::text(right),
                secs(race.gap_secs()),
            ]
        })
        .collect();
    DataTable {
        caption: "Sent to the wrong deployment: the extra wait at lengths across the spread"
            .to_string(),
        headers: vec!["", "answer (tokens)", "finishes first on", "extra wait on the other"],
        rows,
        current_row: None,
    }
}

#[component]
pub fn Abandonment() -> impl IntoView {
    let inputs = derived(|s| (s.lengths(), s.comparison(), s.get(Param::Patience)));
    let logs = Memo::new(move |_| {
        inputs.with(|(lengths, c, patience)| {
            (lengths.abandonment(&c.a, *patience), lengths.abandonment(&c.b, *patience))
        })
    });
    let gave_up = move |pick: fn(&(Logged, Logged)) -> f64| {
        (
            Signal::derive(move || logs.with(pick)),
            Signal::derive(move || share_text(logs.with(pick))),
        )
    };
    let (a_value, a_text) = gave_up(|l| l.0.abandoned_share);
    let (b_value, b_text) = gave_up(|l| l.1.abandoned_share);
    let table = Signal::derive(move || logs.with(|(a, b)| abandonment_table(a, b)));
    let why = move || logs.with(|(a, b)| flattery_text(a, b));
    view! {
        <h3>"The people who stop waiting"</h3>
        <p>
            "Some people give up on an answer that is taking too long. A log of completion times only has rows for the requests that finished, so the slowest waits quietly drop out of it. "
            "Set how long your users wait before leaving."
        </p>
        <div class="workbench-grid">
            <Controls legend="Patience" params=&PATIENCE />
            <dl class="readout-grid">
                <Readout testid="abandon-a" label="Requests abandoned on A" value=a_value text=a_text />
                <Readout testid="abandon-b" label="Requests abandoned on B" value=b_value text=b_text />
            </dl>
        </div>
        <DataTableView table=table testid="abandonment-table".to_string() />
        <p>{why}</p>
    }
}

fn abandonment_table(a: &Logged, b: &Logged) -> DataTable {
    let row = |who: &str, l: &Logged| {
        let (mean, p90) = match l.measured {
            Some(m) => (secs(m.mean_secs), secs(m.percentiles.p90)),
            None => (Cell::text("nobody finishes"), Cell::text("nobody finishes")),
        };
        vec![
            Cell::text(who),
            Cell::number(l.abandoned_share, share_text(l.abandoned_share)),
            secs(l.true_mean_secs),
            mean,
            secs(l.true_percentiles.p90),
            p90,
        ]
    };
    DataTable {
        caption: "Every request against the ones a completion log keeps".to_string(),
        headers: vec![
            "",
            "gave up",
            "mean, every request",
            "mean, logged",
            "p90, every request",
            "p90, logged",
        ],
        rows: vec![row("A", a), row("B", b)],
        current_row: None,
    }
}

/// Why the log flatters one deployment more than the other.
fn flattery_text(a: &Logged, b: &Logged) -> String {
    let (ua, ub) = (a.mean_understated_by_secs(), b.mean_understated_by_secs());
    let (Some(ma), Some(mb)) = (a.measured, b.measured) else {
        return "With this little patience almost nobody sees an answer finish on at least one deployment, so its log has nothing to report.".to_string();
    };
    if ua.max(ub) < 5e-4 {
        return "Everyone waits long enough here, so the logs tell the truth.".to_string();
    }
    let (more, less, by_more, by_less) =
        if ua >= ub { ("A", "B", ua, ub) } else { ("B", "A", ub, ua) };
    format!(
        "Leaving out the requests people abandoned removes exactly the longest waits, and the slower deployment has the most of those, so it gains the most: {more}'s logged mean is {} better than the truth, {less}'s only {}. {} Report how many people gave up next to every timing.",
        format::duration(by_more),
        format::duration(by_less),
        gap_text(a.true_mean_secs, b.true_mean_secs, ma.mean_secs, mb.mean_secs),
    )
}

/// How far apart the two look in the logs against how far apart they are.
fn gap_text(true_a: f64, true_b: f64, logged_a: f64, logged_b: f64) -> String {
    let ratio = |x: f64, y: f64| if x >= y { ("A", x / y) } else { ("B", y / x) };
    let (truly, by) = ratio(true_a, true_b);
    let (looks, seems) = ratio(logged_a, logged_b);
    if !(by.is_finite() && seems.is_finite()) {
        return String::new();
    }
    if truly == looks {
        format!("Counting every request, {truly} takes {}× as long as the other on average; the logs show only {}×.", format::trimmed(by, 1), format::trimmed(seems, 1))
    } else {
        format!("Counting every request, {truly} takes {}× as long as the other on average, yet the logs make {looks} look the slower one.", format::trimmed(by, 1))
    }
}
