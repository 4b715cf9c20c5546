//! The decision card's sentences, and the same decision as rows for Figure 5's CSV.

use super::label::{workload_label, Claim};
use super::unless_felt;
use crate::format::crossover_tokens_text;
use crate::format::{self, csv_field};
use crate::model::deployments::{Consumer, Crossover, Which};
use crate::model::levers::gap_is_felt;
use crate::model::retries::attempts_per_answer;
use crate::state::decision::Decision;
use crate::state::quantity::Quantity;
use crate::state::Figure;
use crate::state::{Load, State};

/// The card, line by line.
#[derive(Clone, Debug, PartialEq)]
pub struct DecisionText {
    /// "Ship B", or that either will do.
    pub verdict: String,
    pub workload: String,
    /// Why, on the mean.
    pub reason: String,
    /// How failed requests count in the times, when either side has any.
    pub failures: Option<String>,
    /// By how much at the median and at the 90th percentile.
    pub margins: String,
    /// What the first words do for this consumer.
    pub first_words: String,
    pub router: String,
    /// What would change the verdict: the answer length, the load, the consumer.
    pub length_change: String,
    pub load_change: String,
    pub consumer_change: String,
    /// The crossover the changes state (at the hour decided for), and its value.
    pub crossover: Option<(Quantity, f64)>,
}

fn hour(load: Load) -> &'static str {
    match load {
        Load::Idle => "a quiet hour",
        Load::Peak => "the busiest hour",
    }
}

/// " at a quiet hour" after the consumer in the lesson, whose deployments have two hours; nothing
/// in the review workbench, where each side holds the figures of the one load it was given at.
fn at_hour(d: &Decision) -> String {
    if d.in_review() {
        String::new()
    } else {
        format!(" at {}", hour(d.load))
    }
}

fn consumer_words(consumer: Consumer) -> &'static str {
    match consumer {
        Consumer::Reader => "a person reading",
        Consumer::Machine => "a program",
    }
}

fn secs(x: f64) -> String {
    format::duration(x)
}

/// ", no difference a person feels" after a gap a person reading could not tell, and nothing
/// for a program, which feels no response-time limit.
fn felt_by(consumer: Consumer, gap_secs: f64) -> &'static str {
    match consumer {
        Consumer::Reader => unless_felt(gap_secs),
        Consumer::Machine => "",
    }
}

/// "B finishes it 0.17 s sooner (1.26 s against 1.43 s)", or that both finish together.
fn margin(d: &Decision, at: &crate::state::decision::At) -> String {
    match at.race.winner.which() {
        Some(w) => format!(
            "{} finishes it {} sooner ({} against {}){}",
            w.label(),
            secs(at.race.gap_secs()),
            secs(at.race.secs(w)),
            secs(at.race.secs(w.other())),
            felt_by(d.consumer, at.race.gap_secs()),
        ),
        None => format!("both finish it after {}", secs(at.race.a_secs)),
    }
}

/// "32.7% of its requests", or "none of its requests".
fn failed_words(share: f64) -> String {
    if share > 0.0 {
        format!("{} of its requests", format::percent_tenths(share))
    } else {
        "none of its requests".to_string()
    }
}

/// What failures do to the card's times, when either side has any.
fn failures_sentence(d: &Decision) -> Option<String> {
    if !d.counts_retries() {
        return None;
    }
    let [a, b] = d.failed;
    let attempts = |share: f64| format::with_separators(attempts_per_answer(share), 2);
    Some(format!(
        "Every time on this card counts retries: A failed {} and B {}. A client that retries each failure at once makes {} attempts per answer on A and {} on B, and each failed attempt is taken to last as long as one that answers, so these times are longer than {}'s lines by those factors.",
        failed_words(a),
        failed_words(b),
        attempts(a),
        attempts(b),
        Figure::Completion.name(),
    ))
}

/// The same, in a line for a projector: "Times count a retry for each failed request (A none,
/// B 32.7%)."
pub fn retries_line(d: &Decision) -> Option<String> {
    if !d.counts_retries() {
        return None;
    }
    let share = |s: f64| if s > 0.0 { format::percent_tenths(s) } else { "none".to_string() };
    let [a, b] = d.failed;
    Some(format!("Times count a retry for each failed request (A {}, B {}).", share(a), share(b)))
}

pub fn decision_text(d: &Decision, state: &State) -> DecisionText {
    let verdict = match d.ship {
        Some(_) if !d.felt() => "Either: no difference a person feels".to_string(),
        Some(w) => format!("Ship {}", w.label()),
        None => "Either: they are the same on average".to_string(),
    };
    let reason = match d.ship {
        Some(w) if !d.felt() => format!(
            "For {}{}, {} delivers the whole answer only {} sooner on average ({} against {}, over answers averaging {} tokens): under the tenth of a second in which a response reads as instant, so either will do.",
            consumer_words(d.consumer),
            at_hour(d),
            w.label(),
            secs(d.mean.gap_secs()),
            secs(d.mean.secs(w)),
            secs(d.mean.secs(w.other())),
            format::with_separators(d.mean_tokens, 0),
        ),
        Some(w) => format!(
            "For {}{}, {} delivers the whole answer sooner on average: {} against {}, over answers averaging {} tokens.",
            consumer_words(d.consumer),
            at_hour(d),
            w.label(),
            secs(d.mean.secs(w)),
            secs(d.mean.secs(w.other())),
            format::with_separators(d.mean_tokens, 0),
        ),
        None => format!(
            "For {}{}, both deliver the whole answer after {} on average.",
            consumer_words(d.consumer),
            at_hour(d),
            secs(d.mean.a_secs)
        ),
    };
    let margins = format!(
        "At the median answer ({} tokens) {}; at the 90th percentile ({} tokens) {}.",
        format::with_separators(d.median.tokens, 0),
        margin(d, &d.median),
        format::with_separators(d.p90.tokens, 0),
        margin(d, &d.p90),
    );
    let first_words = match (d.consumer, d.first_token) {
        (Consumer::Machine, _) => "A program can use nothing before the last token, so which deployment starts first counts for nothing here.".to_string(),
        (Consumer::Reader, None) => "Both show their first words at the same moment.".to_string(),
        (Consumer::Reader, Some(lead)) if d.both_outrun_reading => format!(
            "{} shows the first words {} sooner{}; both then write faster than the {} a person reads ({} and {}), so once words appear nobody waits for more to read.",
            lead.leader.label(),
            secs(lead.secs),
            unless_felt(lead.secs),
            format::rate(d.reading.tokens_per_sec()),
            format::rate(1.0 / d.answering.a.secs_per_token()),
            format::rate(1.0 / d.answering.b.secs_per_token()),
        ),
        (Consumer::Reader, Some(lead)) => format!(
            "{} shows the first words {} sooner{}, but at least one stream is slower than the {} a person reads, who will catch up with it and wait mid-answer.",
            lead.leader.label(),
            secs(lead.secs),
            unless_felt(lead.secs),
            format::rate(d.reading.tokens_per_sec()),
        ),
    };
    DecisionText {
        verdict,
        workload: workload_label(state, Claim::Decision),
        reason,
        failures: failures_sentence(d),
        margins,
        first_words,
        router: router_sentence(d, state),
        length_change: length_change(d),
        load_change: load_change(d),
        consumer_change: consumer_change(d),
        // Figure 5's crossover; counting retries, the card's is another.
        crossover: d.crossover().tokens().filter(|_| !d.counts_retries()).map(|n| {
            let quantity = match d.load {
                Load::Idle => Quantity::Crossover,
                Load::Peak => Quantity::CrossoverPeak,
            };
            (quantity, n)
        }),
    }
}

fn router_sentence(d: &Decision, state: &State) -> String {
    let saved = d.router.saved_secs();
    // The router splits at Figure 5's crossover (`State::router`), retries or not.
    let threshold = match (state.route_at_crossover, d.answering.crossover()) {
        (true, Crossover::At { tokens, .. }) => {
            format!("its threshold at the crossover, {}", crossover_tokens_text(tokens))
        }
        (true, _) => {
            return "With no crossover there is nothing for a router to split: one deployment finishes every answer first.".to_string();
        }
        (false, _) => {
            format!("its threshold at {}", format::tokens(state.router().threshold_tokens))
        }
    };
    if saved >= 5e-4 {
        format!(
            "A router by predicted length ({threshold}) would take {} off the mean of {}, {}: it gains only on the short answers it moves, and none of them by more than the earlier starter's head start.",
            secs(saved),
            secs(d.router.single_secs),
            format::percent(d.router.saved_share()),
        )
    } else if saved > -5e-4 {
        format!("A router by predicted length ({threshold}) would gain nothing on the mean here.")
    } else {
        format!(
            "A router by predicted length ({threshold}) would add {} to the mean of the better deployment alone: its wrong guesses cost more than its right ones save.",
            secs(-saved)
        )
    }
}

/// Where the workload's long answers pull its mean well above its median (a tenth or more),
/// the words that say so; nothing where the two are close.
fn above_the_median(d: &Decision) -> String {
    let median = d.median.tokens;
    if median > 0.0 && d.mean_tokens >= 1.1 * median {
        format!(
            ", the long answers pulling it above the median of {}",
            format::with_separators(median, 0)
        )
    } else {
        String::new()
    }
}

fn length_change(d: &Decision) -> String {
    let mean = format::with_separators(d.mean_tokens, 0);
    // Counting retries, the lines cross elsewhere than Figure 5's.
    let retries = if d.counts_retries() { "counting retries, " } else { "" };
    match (d.crossover(), d.ship) {
        (Crossover::At { tokens, below, above }, Some(ship)) if ship == above => format!(
            "The answer length: {retries}{} wins only answers shorter than {}, so the verdict turns if the mean answer falls below that (it is {mean} tokens now{}).",
            below.label(),
            crossover_tokens_text(tokens),
            above_the_median(d),
        ),
        (Crossover::At { tokens, above, .. }, Some(_)) => format!(
            "The answer length: {retries}{} wins every answer longer than {}, so the verdict turns if the mean answer grows past that (it is {mean} tokens now).",
            above.label(),
            crossover_tokens_text(tokens),
        ),
        (Crossover::Never { faster }, _) => format!(
            "The answer length: no length would; {retries}{} finishes first at every length.",
            faster.label()
        ),
        _ => "The answer length: no length would; the two finish together at every length.".to_string(),
    }
}

fn load_change(d: &Decision) -> String {
    let other_hour = hour(d.other_load);
    let keeps = d.break_even.map(|even| {
        format!(
            "{} keeps the lead while its decode rate stays above {}",
            even.which.label(),
            format::rate(even.tokens_per_sec),
        )
    });
    if d.in_review() {
        return format!(
            "The load: {}each side's figures hold at the one load they were given at; a measurement of both at the load you expect at your peak would say whether the verdict holds there.",
            keeps.map(|k| format!("{k}; ")).unwrap_or_default()
        );
    }
    let differs = d.other_hour_differs();
    if differs == [false, false] {
        // Neither side has figures of its own for the other hour (sides from runs and chips
        // bring only the load they were measured or worked out at): nothing to say about it.
        return format!(
            "The load: {}the panel holds no figures for {other_hour} apart from these, so the page cannot say what it does to the verdict; a run of each at that hour's load would.",
            keeps.map(|k| format!("{k}; ")).unwrap_or_default()
        );
    }
    let only = match differs {
        [true, false] => " (only A's figures change there)",
        [false, true] => " (only B's figures change there)",
        _ => "",
    };
    let there = match (d.other_ship, d.ship) {
        (Some(o), Some(s)) if o == s => format!("{} still wins", o.label()),
        (Some(o), _) => format!("{} wins instead", o.label()),
        (None, _) => "the two are the same on average".to_string(),
    };
    let crossover = match d.other_crossover.tokens() {
        Some(n) => format!(", with the crossover at {}", crossover_tokens_text(n)),
        None => String::new(),
    };
    match keeps {
        Some(keeps) => format!("The load: {keeps}; at {other_hour}{only} {there}{crossover}."),
        None => format!("The load: at {other_hour}{only} {there}{crossover}."),
    }
}

fn consumer_change(d: &Decision) -> String {
    let lead = d.first_token;
    match (d.consumer, lead, d.ship) {
        (Consumer::Reader, Some(lead), Some(ship)) if lead.leader != ship && !gap_is_felt(lead.secs) => format!(
            "The consumer: no; {}'s first words come only {} sooner, no difference a person feels, so even a person who only reads along would not choose otherwise. The verdict above weighs the finish, as a program would.",
            lead.leader.label(),
            secs(lead.secs),
        ),
        (Consumer::Machine, Some(lead), Some(ship)) if lead.leader != ship && !gap_is_felt(lead.secs) => format!(
            "The consumer: no; a person reading along would see {}'s first words only {} sooner, no difference a person feels.",
            lead.leader.label(),
            secs(lead.secs),
        ),
        (Consumer::Reader, Some(lead), Some(ship)) if lead.leader != ship => format!(
            "The consumer: a person who only reads along as it streams, and rarely needs the end, feels the first token instead, where {} is {} sooner; for them {} would be the choice. The verdict above weighs the finish, as a program would.",
            lead.leader.label(),
            secs(lead.secs),
            lead.leader.label(),
        ),
        (Consumer::Reader, _, _) => "The consumer: no; a program would feel only the finish, and the same deployment wins it.".to_string(),
        (Consumer::Machine, Some(lead), Some(ship)) if lead.leader != ship => format!(
            "The consumer: a person reading along as it streams would feel {}'s first words, {} sooner, more than the finish.",
            lead.leader.label(),
            secs(lead.secs),
        ),
        (Consumer::Machine, _, _) => "The consumer: no; a person would see the same deployment start first.".to_string(),
    }
}

/// The numbers the card rests on, unrounded, as `name=value` pairs for a `data-` attribute:
/// the choice, and the mean, median and 90th-percentile races, the router's saving and the
/// break-even rate (left out when there is none).
pub fn decision_data(d: &Decision) -> String {
    let mut pairs = vec![
        ("ship", d.ship.map_or("either", Which::label).to_string()),
        ("mean_tokens", d.mean_tokens.to_string()),
        ("mean_a", d.mean.a_secs.to_string()),
        ("mean_b", d.mean.b_secs.to_string()),
        ("median_tokens", d.median.tokens.to_string()),
        ("median_a", d.median.race.a_secs.to_string()),
        ("median_b", d.median.race.b_secs.to_string()),
        ("p90_tokens", d.p90.tokens.to_string()),
        ("p90_a", d.p90.race.a_secs.to_string()),
        ("p90_b", d.p90.race.b_secs.to_string()),
        ("router_saved", d.router.saved_secs().to_string()),
    ];
    if let Some(even) = d.break_even {
        pairs.push(("break_even", even.tokens_per_sec.to_string()));
    }
    if d.counts_retries() {
        let [a, b] = d.failed;
        pairs.push(("failed_a", a.to_string()));
        pairs.push(("failed_b", b.to_string()));
    }
    pairs.into_iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join(" ")
}

/// The decision as CSV rows under Figure 5's table, `width` fields each so a spreadsheet keeps
/// the columns: an empty row, then a label and a value per row (numbers bare, in seconds,
/// tokens or tokens per second as the label says, and the sentences as text).
pub fn decision_csv(d: &Decision, state: &State, width: usize) -> String {
    let t = decision_text(d, state);
    let ship = d.ship.map_or("either", Which::label);
    let number = |x: f64| if x.is_finite() { x.to_string() } else { String::new() };
    let mut rows: Vec<(String, String)> = vec![
        ("decision".into(), csv_field(&format!("ship {ship}"))),
        ("workload".into(), csv_field(&t.workload)),
        ("consumer".into(), csv_field(consumer_words(d.consumer))),
        (
            "hour".into(),
            csv_field(if d.in_review() { "the sides' own load" } else { hour(d.load) }),
        ),
        ("mean answer (tokens)".into(), number(d.mean_tokens)),
        ("A mean completion (s)".into(), number(d.mean.a_secs)),
        ("B mean completion (s)".into(), number(d.mean.b_secs)),
        ("median answer (tokens)".into(), number(d.median.tokens)),
        ("A at the median (s)".into(), number(d.median.race.a_secs)),
        ("B at the median (s)".into(), number(d.median.race.b_secs)),
        ("p90 answer (tokens)".into(), number(d.p90.tokens)),
        ("A at the p90 (s)".into(), number(d.p90.race.a_secs)),
        ("B at the p90 (s)".into(), number(d.p90.race.b_secs)),
        ("router saves on the mean (s)".into(), number(d.router.saved_secs())),
    ];
    if let Some(even) = d.break_even {
        rows.push((
            format!("{} keeps the lead above (tok/s)", even.which.label()),
            number(even.tokens_per_sec),
        ));
    }
    if d.counts_retries() {
        let [a, b] = d.failed;
        rows.push(("A requests failed (share)".into(), number(a)));
        rows.push(("B requests failed (share)".into(), number(b)));
    }
    let said = [&t.reason]
        .into_iter()
        .chain(&t.failures)
        .chain([&t.margins, &t.first_words, &t.router])
        .chain([&t.length_change, &t.load_change, &t.consumer_change]);
    for sentence in said {
        rows.push(("said".into(), csv_field(sentence)));
    }
    let pad = ",".repeat(width.saturating_sub(2));
    let mut out = format!("{}\r\n", ",".repeat(width.saturating_sub(1)));
    for (label, value) in rows {
        out.push_str(&csv_field(&label));
        out.push(',');
        out.push_str(&value);
        out.push_str(&pad);
        out.push_str("\r\n");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::deployments::Consumer;
    use crate::state::{DecisionWorkload, Param};

    /// The card deciding for the lesson's mixed traffic, whose router story it tells.
    fn on_mixed_traffic() -> State {
        let mut s = State::default();
        s.decide_for = DecisionWorkload::Traffic;
        s
    }

    #[test]
    fn a_deployment_that_fails_often_enough_loses_the_verdict_and_the_card_says_why() {
        let s = State::default();
        let fast = decision_text(&Decision::of(&s), &s);
        assert_eq!(fast.verdict, "Ship B");
        assert_eq!(fast.failures, None, "no failures, nothing said of them");
        // B failing seven requests in ten: each answer takes it 3.33 attempts on average.
        let failing = s.with(Param::BFailed, 70.0);
        let d = Decision::of(&failing);
        let t = decision_text(&d, &failing);
        assert_eq!(t.verdict, "Ship A");
        let failures = t.failures.clone().unwrap_or_default();
        assert!(
            failures.contains("A failed none of its requests and B 70.0% of its requests"),
            "{failures}"
        );
        assert!(failures.contains("1.00 attempts per answer on A and 3.33 on B"), "{failures}");
        assert!(t.length_change.contains("counting retries"), "{}", t.length_change);
        // The first words and the streams are what a request that answers does.
        assert_eq!(t.first_words, fast.first_words);
        assert!(t.crossover.is_none(), "the card's crossover is not Figure 5's");
        assert_eq!(
            retries_line(&d).as_deref(),
            Some("Times count a retry for each failed request (A none, B 70.0%).")
        );
        let data = decision_data(&d);
        assert!(data.contains("failed_a=0 failed_b=0.7"), "{data}");
        let csv = decision_csv(&d, &failing, 3);
        assert!(csv.contains("B requests failed (share),0.7,"), "{csv}");
        assert!(csv.contains("counts retries"), "{csv}");
        // Failing one request in five, B still wins, and the rate it keeps the lead down to is
        // the one its control would hold: at it, B counting retries ties A on the mean.
        let some = s.with(Param::BFailed, 20.0);
        let d = Decision::of(&some);
        let even = d.break_even.map(|e| (e.which, e.tokens_per_sec));
        let Some((Which::B, rate)) = even else { panic!("{even:?}") };
        let a_mean = 0.2 + d.mean_tokens / 30.0;
        let b_mean = (0.9 + d.mean_tokens / rate) * 1.25;
        assert!((a_mean - b_mean).abs() < 1e-9, "{a_mean} against {b_mean}");
    }

    #[test]
    fn the_lessons_card_ships_b_and_says_how_little_the_router_adds() {
        let s = on_mixed_traffic();
        let t = decision_text(&Decision::of(&s), &s);
        assert_eq!(t.verdict, "Ship B");
        assert_eq!(t.workload, "Workload: the lesson's mixed chat traffic, median 40, p90 900");
        assert_eq!(
            t.reason,
            "For a person reading at a quiet hour, B delivers the whole answer sooner on average: 7.86 s against 25.71 s, over answers averaging 765 tokens."
        );
        assert_eq!(
            t.margins,
            "At the median answer (40 tokens) B finishes it 270 ms sooner (1.26 s against 1.53 s); at the 90th percentile (900 tokens) B finishes it 21.12 s sooner (9.08 s against 30.2 s)."
        );
        assert!(
            t.first_words.starts_with("A shows the first words 700 ms sooner"),
            "{}",
            t.first_words
        );
        assert!(t.router.contains("take 217 ms off the mean of 7.86 s, 3%"), "{}", t.router);
        assert!(t.router.contains("the crossover, 28.9 tokens"), "{}", t.router);
        assert!(
            t.length_change.contains("shorter than 28.9 tokens")
                && t.length_change.contains("765 tokens now"),
            "{}",
            t.length_change
        );
        assert_eq!(
            t.load_change,
            "The load: B keeps the lead while its decode rate stays above 30.8 tok/s; at the busiest hour (only B's figures change there) B still wins, with the crossover at 63 tokens."
        );
        assert!(
            t.consumer_change.contains("A is 700 ms sooner; for them A would be the choice"),
            "{}",
            t.consumer_change
        );
    }

    #[test]
    fn a_program_on_the_bots_own_answers_at_peak() {
        let mut s = State::default();
        (s.consumer, s.decide_for, s.load) = (Consumer::Machine, DecisionWorkload::Bot, Load::Peak);
        let t = decision_text(&Decision::of(&s), &s);
        assert_eq!(t.verdict, "Ship B");
        assert!(t.reason.starts_with("For a program at the busiest hour, B"), "{}", t.reason);
        assert!(t.margins.starts_with("At the median answer (600 tokens) B finishes it 5.97 s sooner (14.23 s against 20.2 s)"), "{}", t.margins);
        assert!(t.first_words.contains("counts for nothing"), "{}", t.first_words);
        assert!(
            t.load_change
                .contains("at a quiet hour (only B's figures change there) B still wins, with the crossover at 28.9 tokens"),
            "{}",
            t.load_change
        );
        assert!(
            t.workload.ends_with("(an assumed spread); both at the busiest hour"),
            "{}",
            t.workload
        );
    }

    #[test]
    fn a_lead_under_a_tenth_of_a_second_is_no_difference_a_person_feels() {
        // B first by 87 ms, A finishing sooner: a person cannot tell the starts apart.
        let close = State::default()
            .with(Param::ATtft, 0.287)
            .with(Param::BTtft, 0.2)
            .with(Param::BRate, 25.0);
        let t = decision_text(&Decision::of(&close), &close);
        assert_eq!(t.verdict, "Ship A");
        assert!(
            t.consumer_change.starts_with("The consumer: no; B's first words come only 87 ms sooner, no difference a person feels"),
            "{}",
            t.consumer_change
        );
        assert!(!t.consumer_change.contains("would be the choice"), "{}", t.consumer_change);
        assert!(
            t.first_words.contains("87 ms sooner, no difference a person feels"),
            "{}",
            t.first_words
        );
        // Two deployments a hair apart on the mean: either, for a person; still one for a program.
        let hair = State::default().with(Param::BTtft, 0.2).with(Param::BRate, 30.05);
        let d = Decision::of(&hair);
        assert!(d.mean.gap_secs() < 0.1 && d.ship.is_some());
        let t = decision_text(&d, &hair);
        assert_eq!(t.verdict, "Either: no difference a person feels");
        assert!(t.reason.contains("either will do"), "{}", t.reason);
        assert!(t.margins.contains("no difference a person feels"), "{}", t.margins);
        let mut program = hair;
        program.consumer = Consumer::Machine;
        let t = decision_text(&Decision::of(&program), &program);
        assert!(t.verdict.starts_with("Ship "), "{}", t.verdict);
        assert!(!t.margins.contains("feels"), "{}", t.margins);
    }

    #[test]
    fn without_busiest_hour_figures_of_their_own_the_load_is_not_guessed() {
        use crate::state::hardware::RateTarget;
        // Two chips as A and B: neither brings a busy hour, and the story's is not borrowed.
        let mut s = State::default().with_worked_case(1);
        s.take_hardware_rates(RateTarget::A);
        s = s.with_worked_case(2);
        s.take_hardware_rates(RateTarget::B);
        let t = decision_text(&Decision::of(&s), &s);
        assert!(
            t.load_change
                .contains("the panel holds no figures for the busiest hour apart from these"),
            "{}",
            t.load_change
        );
        assert!(!t.load_change.contains("63"), "{}", t.load_change);
        // Only B from the story: B's own busiest hour, named as B's.
        let mut one = State::default();
        one.take_hardware_rates(RateTarget::A);
        let t = decision_text(&Decision::of(&one), &one);
        assert!(
            t.load_change.contains("at the busiest hour (only B's figures change there)"),
            "{}",
            t.load_change
        );
    }

    #[test]
    fn short_answers_ship_a_and_the_length_that_would_turn_it_is_named() {
        let s = on_mixed_traffic().with(Param::Median, 10.0).with(Param::P90, 20.0);
        let t = decision_text(&Decision::of(&s), &s);
        assert_eq!(t.verdict, "Ship A");
        assert!(
            t.length_change.contains("B wins every answer longer than 28.9 tokens"),
            "{}",
            t.length_change
        );
        assert!(t.consumer_change.starts_with("The consumer: no"), "{}", t.consumer_change);
    }

    #[test]
    fn the_cards_numbers_are_unrounded() {
        let s = on_mixed_traffic();
        let d = Decision::of(&s);
        assert_eq!(decision_text(&d, &s).verdict, "Ship B");
        let data = decision_data(&d);
        assert!(data.starts_with("ship=B mean_tokens=765."), "{data}");
        assert!(data.contains(" break_even=30.8"), "{data}");
    }

    #[test]
    fn the_csv_rows_keep_the_tables_width_and_carry_the_numbers() {
        let s = on_mixed_traffic();
        let csv = decision_csv(&Decision::of(&s), &s, 5);
        let lines: Vec<&str> = csv.split("\r\n").filter(|l| !l.is_empty()).collect();
        assert_eq!(lines.first(), Some(&",,,,"));
        assert!(lines.contains(&"decision,ship B,,,"), "{csv}");
        let router = lines.iter().find(|l| l.starts_with("router saves")).copied().unwrap_or("");
        let saved: f64 = router.split(',').nth(1).and_then(|v| v.parse().ok()).unwrap_or(f64::NAN);
        assert!((saved - 0.22).abs() < 0.005, "{router}");
        // Every row has the table's five fields, quoted sentences included.
        for line in &lines {
            let mut fields = 0;
            let mut quoted = false;
            for c in line.chars() {
                match c {
                    '"' => quoted = !quoted,
                    ',' if !quoted => fields += 1,
                    _ => {}
                }
            }
            assert_eq!(fields + 1, 5, "{line}");
        }
    }

    #[test]
    fn in_the_workbench_typed_sides_borrow_no_hour_and_no_story_number() {
        // B typed as 0.25 s and 110 tok/s: the lesson's busiest hour would give a crossover of
        // 63 tokens; the workbench has no busiest hour to give.
        let s = State::default().with(Param::BTtft, 0.25).for_review();
        let d = Decision::of(&s);
        let t = decision_text(&d, &s);
        let all = [
            &t.verdict,
            &t.workload,
            &t.reason,
            &t.margins,
            &t.first_words,
            &t.router,
            &t.length_change,
            &t.load_change,
            &t.consumer_change,
        ];
        for line in all {
            for story in ["quiet hour", "busiest hour", "63 tokens", "the bot", "mixed chat"] {
                assert!(!line.contains(story), "{story}: {line}");
            }
        }
        assert!(t.reason.starts_with("For a person reading, B delivers"), "{}", t.reason);
        assert!(t.load_change.contains("one load"), "{}", t.load_change);
        let csv = decision_csv(&d, &s, 3);
        assert!(csv.contains("hour,the sides' own load"), "{csv}");
    }
}
