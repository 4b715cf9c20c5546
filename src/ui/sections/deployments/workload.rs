//! Answer lengths as a spread rather than one number: who wins how many requests, the
//! percentiles each deployment delivers, a router that splits traffic by predicted length (and
//! what its mistakes cost), and the people who stop waiting.

use crate::charts::lengths::{share_text, LengthsInputs};
use crate::charts::Chart;
use crate::charts::Figure;
use crate::format;
use crate::format::crossover_tokens_text;
use crate::model::deployments::{Crossover, Which};
use crate::model::workload::Abandonment as Logged;
use crate::state::{Param, Spread};
use crate::text::deployments::an_answer_of;
use crate::text::deployments::label::Claim;
use crate::text::deployments::workload::*;
use crate::ui::context::{derived, use_revealed};
use crate::ui::erased::{derive, memo};
use crate::ui::widgets::controls::Controls;
use crate::ui::widgets::data_table::DataTableView;
use crate::ui::widgets::disclosure::Disclosure;
use crate::ui::widgets::figure_card::FigureCard;
use crate::ui::widgets::readout::{secs_signals, Readout};
use crate::ui::widgets::workload_label::WorkloadLabel;
use leptos::prelude::*;

const ROUTE_ERROR: [Param; 1] = [Param::RouteError];
const PATIENCE: [Param; 1] = [Param::Patience];

#[component]
pub fn LengthSpread() -> impl IntoView {
    let revealed = use_revealed().crossover;
    let bot = derived(|s| s.spread == Spread::Bot);
    let inputs = derived(LengthsInputs::of);
    let shares = memo(move || inputs.with(|i| i.lengths.shares(&i.comparison)));
    let side_note = move |which: Which| {
        derive(move || {
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
        (derive(move || shares.with(pick)), derive(move || share_text(shares.with(pick))))
    };
    let (a_value, a_text) = share(|s| s.a);
    let (b_value, b_text) = share(|s| s.b);
    let table = derive(move || inputs.with(|i| percentile_table(&i.lengths, &i.comparison)));
    let spread = move || inputs.with(|i| spread_text(&i.lengths, &i.comparison));
    view! {
        <Disclosure summary="Answer lengths are a spread, not a number" testid="spread-details" shows=revealed>
            <p>
                "Real traffic mixes one-line replies with long explanations. This part of the lab, the router and the people who give up weigh a spread of answer lengths: a mixed chat traffic set by its median and its 90th percentile (p90: nine answers in ten are shorter), or the bot's own answers. The page draws a "
                <em>"log-normal"</em>" through the two: a spread whose logarithm is bell-shaped, the usual shape of lengths, with a long tail of long answers. "
                "The lesson's mixed chat traffic (median 40, p90 900) is two workloads in one: short replies either side of the crossover, and a tail of long explanations far past it."
            </p>
            <Show when=move || bot.get()>
                <p class="aside" data-testid="bot-spread-assumed">
                    "The bot's own answers: the lesson gives only their typical length, the race's answer, so the page takes it as the median and assumes how widely they spread; the p90 set here is that assumption (twice the median unless you change it), not a measurement."
                </p>
            </Show>
            // The spread's own choice and controls sit here, beside the figure they shape.
            {super::spread_choice()}
            <FigureCard figure=Figure::Lengths>
                <WorkloadLabel claim=Claim::Spread testid="workload-lengths" />
            </FigureCard>
            <WorkloadLabel claim=Claim::Spread testid="workload-spread" />
            <p data-testid="spread-sentence">{spread}</p>
            <dl class="readout-grid">
                <Readout testid="share-a" label="Requests A finishes first" value=a_value text=a_text note=side_note(Which::A) />
                <Readout testid="share-b" label="Requests B finishes first" value=b_value text=b_text note=side_note(Which::B) />
            </dl>
            <DataTableView table=table testid="workload-table".to_string() />
        </Disclosure>
    }
}

#[component]
pub fn Routing() -> impl IntoView {
    let revealed = use_revealed().crossover;
    let at_crossover = derived(|s| s.route_at_crossover);
    let inputs = derived(LengthsInputs::of);
    let routing = memo(move || inputs.with(|i| i.lengths.routing(&i.comparison, &i.router)));
    let (mean_value, mean_text) = secs_signals(move || routing.with(|r| r.routed_secs));
    let mean_note = derive(move || {
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
            (true, Some(n)) => format!("The router splits at the crossover ({}): answers predicted shorter go to the deployment that starts first.", crossover_tokens_text(n)),
            (true, None) => "With no crossover there is nothing to route: one deployment wins every request, so the router sends everything there.".to_string(),
            (false, _) => format!("Answers predicted shorter than {} go to the deployment that starts first.", format::tokens(i.router.threshold_tokens)),
        })
    };
    let table = derive(move || {
        inputs.with(|i| routing_table(i, &i.lengths.routing(&i.comparison, &i.router)))
    });
    view! {
        <Disclosure summary="Routing by predicted length" testid="routing-details" shows=revealed>
        <p>
            "If a request's answer length can be guessed in advance (a small classifier of the question's intent can do it), a router can send the short ones to the early starter and the long ones to the fast writer. "
            "A wrong guess costs time, never correctness: either deployment still writes a right answer. "
            "Until its guesses are made imperfect (under “When the router guesses wrong” below), your router reads every length right, so with the threshold at the crossover it matches the router that knows every length."
        </p>
        {super::router_controls()}
        <WorkloadLabel claim=Claim::Spread testid="workload-routing" />
        <dl class="readout-grid">
            <Readout testid="routed-mean" label="Mean completion with the router" value=mean_value text=mean_text note=mean_note />
        </dl>
        <p>{follows}</p>
        <DataTableView table=table testid="routing-table".to_string() />
        <h4>"When the router guesses wrong"</h4>
        <p>"Guesses are never exact. The error says how far off they typically are, from 1× (always right) to 2× (usually within half or double the true length) and beyond."</p>
        <p>
            "The two kinds of mistake are far from equal. With the lesson's numbers, a 900-token answer sent to A finishes about 21.1 s later than it would on B, "
            "while a 15-token answer sent to B finishes only about 0.34 s later than on A. A router that is unsure should send the request to the fast writer."
        </p>
        <Controls legend="Router" params=&ROUTE_ERROR />
        <Misroutes />
        </Disclosure>
    }
}

/// What a wrong guess costs, at lengths across the spread: lopsided, because below the
/// crossover the loss is capped by the head start and above it grows with every token.
#[component]
fn Misroutes() -> impl IntoView {
    let inputs = derived(LengthsInputs::of);
    // (short side, long side, p10 length, p90 length)
    let sides = memo(move || {
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
        derive(move || {
            let cost = if long { long_cost() } else { short_cost() };
            sides.with(|&(short, long_side, p10, p90)| {
                let (tokens, to) = if long { (p90, short) } else { (p10, long_side) };
                let verb = if cost > 0.0 { "sent to" } else { "belongs on" };
                format!("{} {verb} {}", an_answer_of(tokens), to.label())
            })
        })
    };
    let lopsided = move || inputs.with(|i| lopsided_text(&i.comparison, long_cost(), short_cost()));
    let table = derive(move || inputs.with(misroute_table));
    view! {
        <h5>"What a wrong guess costs"</h5>
        <WorkloadLabel claim=Claim::Spread testid="workload-misroutes" />
        <dl class="readout-grid compare">
            <Readout testid="misroute-long" label="Long answer (p90) sent to the early starter" value=long_value text=long_text note=note(true) />
            <Readout testid="misroute-short" label="Short answer (p10) sent to the fast writer" value=short_value text=short_text note=note(false) />
        </dl>
        <p>{lopsided}</p>
        <DataTableView table=table testid="misroute-table".to_string() />
    }
}

#[component]
pub fn Abandonment() -> impl IntoView {
    let revealed = use_revealed().crossover;
    let inputs = derived(|s| (s.lengths(), s.lab_comparison(), s.get(Param::Patience)));
    let logs = memo(move || {
        inputs.with(|(lengths, c, patience)| {
            (lengths.abandonment(&c.a, *patience), lengths.abandonment(&c.b, *patience))
        })
    });
    let gave_up = move |pick: fn(&(Logged, Logged)) -> f64| {
        (derive(move || logs.with(pick)), derive(move || share_text(logs.with(pick))))
    };
    let (a_value, a_text) = gave_up(|l| l.0.abandoned_share);
    let (b_value, b_text) = gave_up(|l| l.1.abandoned_share);
    let table = derive(move || logs.with(|(a, b)| abandonment_table(a, b)));
    let why = move || logs.with(|(a, b)| flattery_text(a, b));
    view! {
        <Disclosure summary="The people who stop waiting" testid="abandonment-details" shows=revealed>
            <p>
                "Some people give up on an answer that is taking too long. The patience here runs from sending the request to the last token: it stands for people who need the whole answer before they can act (the steps of a fix, the figure they asked for) and leave when it is slow to end, even while text is still arriving. "
                "A person content to read along as the words stream in is not among them: once words appear, both deployments here write faster than anyone reads, so that person never waits for more. "
                "A log of completion times only has rows for the requests that finished, so the slowest waits quietly drop out of it. Set how long your users wait for the end before leaving."
            </p>
            <Controls legend="Patience" params=&PATIENCE />
            <WorkloadLabel claim=Claim::Spread testid="workload-abandonment" />
            <dl class="readout-grid">
                <Readout testid="abandon-a" label="Requests abandoned on A" value=a_value text=a_text />
                <Readout testid="abandon-b" label="Requests abandoned on B" value=b_value text=b_text />
            </dl>
            <DataTableView table=table testid="abandonment-table".to_string() />
            <p>{why}</p>
        </Disclosure>
    }
}
