//! A spread of answer lengths: percentiles, routing at a threshold, misroutes and abandonment.

use super::precise_secs;
use crate::charts::lengths::{share_text, LengthsInputs};
use crate::charts::table::{Cell, DataTable};
use crate::format;
use crate::model::deployments::{Comparison, Crossover};
use crate::model::workload::{Abandonment as Logged, LengthDistribution, Router};

pub fn secs(x: f64) -> Cell {
    Cell::number(x, format::duration(x))
}

pub fn percentile_table(lengths: &LengthDistribution, c: &Comparison) -> DataTable {
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

pub fn routing_table(inputs: &LengthsInputs, r: &crate::model::workload::Routing) -> DataTable {
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

pub fn lopsided_text(c: &Comparison, long_cost: f64, short_cost: f64) -> String {
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

pub fn misroute_table(inputs: &LengthsInputs) -> DataTable {
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

pub fn abandonment_table(a: &Logged, b: &Logged) -> DataTable {
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
pub fn flattery_text(a: &Logged, b: &Logged) -> String {
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
pub fn gap_text(true_a: f64, true_b: f64, logged_a: f64, logged_b: f64) -> String {
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

/// Where the spread of answer lengths sits against the crossover, with the numbers on screen.
pub fn spread_text(lengths: &LengthDistribution, c: &Comparison) -> String {
    let p = lengths.length_percentiles();
    let Crossover::At { tokens, below, above } = c.crossover() else {
        return format!(
            "With no crossover between A and B, the spread decides nothing: whatever the lengths, from a median of {} to a p90 of {}, one deployment finishes first.",
            format::tokens(p.p50),
            format::tokens(p.p90)
        );
    };
    let side = |n: f64| {
        let times = n / tokens;
        if times >= 1.05 {
            format!("{} times the crossover", format::trimmed(times, 1))
        } else if times <= 1.0 / 1.05 {
            format!("{} of the crossover", format::percent(times))
        } else {
            "right at the crossover".to_string()
        }
    };
    let shares = lengths.shares(c);
    let share_of = |w: crate::model::deployments::Which| match w {
        crate::model::deployments::Which::A => shares.a,
        crate::model::deployments::Which::B => shares.b,
    };
    format!(
        "Here the median answer, {}, is {}, and the p90, {}, is {}: {} of answers finish first on {} and {} on {}.",
        format::tokens(p.p50),
        side(p.p50),
        format::tokens(p.p90),
        side(p.p90),
        share_text(share_of(below)),
        below.label(),
        share_text(share_of(above)),
        above.label()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_spread_is_measured_against_the_crossover() {
        let c = Comparison::LESSON;
        let text = spread_text(&LengthDistribution::LESSON, &c);
        assert!(text.contains("40 tokens, is 1.4 times the crossover"), "{text}");
        assert!(text.contains("900 tokens, is 31.2 times"), "{text}");
        // The lesson's typical support answer: 600 tokens is about twenty times the crossover.
        let typical = LengthDistribution::new(600.0, 900.0);
        assert!(spread_text(&typical, &c).contains("600 tokens, is 20.8 times"));
    }
}
