//! One quantity, one source: every sentence the text layer builds from a state states each
//! quantity as `state::quantity` computes it, over random states (the deeper model, either hour,
//! either consumer, sides typed in, set from runs or from chips). The browser test
//! `tests/e2e/agreement.test.mjs` checks the same of the elements on the page.

use crate::rng::Rng;
use crossover::charts::completion::CompletionInputs;
use crossover::charts::timeline::TimelineInputs;
use crossover::charts::Chart;
use crossover::format;
use crossover::format::crossover_tokens_text;
use crossover::model::deep::TtftDefinition;
use crossover::model::deployments::{Consumer, Which};
use crossover::state::decision::Decision;
use crossover::state::hardware::RateTarget;
use crossover::state::measured::{MeasuredSide, MeasuredSides};
use crossover::state::playback::{lane_milestones, Playback};
use crossover::state::quantity::{Quantity, Worth};
use crossover::state::{DecisionWorkload, Figure, Load, ModelView, Param, State};
use crossover::text::deployments::decision::decision_text;
use crossover::text::deployments::race::verdict_text;
use crossover::text::deployments::{crossover_feedback, crossover_text, winner_text, LockedGuess};
use crossover::text::playing::lane_status;
use crossover::text::strip::{folded_line, Lab};

/// How a sentence writes a quantity's value.
fn written(quantity: Quantity, worth: &Worth) -> Option<String> {
    match (quantity, worth) {
        (Quantity::CrossingPrompt, Worth::Number(n)) => Some(format::tokens(*n)),
        (Quantity::Crossover | Quantity::CrossoverPeak, Worth::Number(n)) => {
            Some(crossover_tokens_text(*n))
        }
        (_, Worth::Number(secs)) => Some(format::duration(*secs)),
        (_, Worth::Word("tie")) => Some("finish together".to_string()),
        (_, Worth::Word(w)) => Some(format!("{w} finishes first")),
        (_, Worth::None) => None,
    }
}

/// A random state of the kinds the page reaches.
fn random_state(rng: &mut Rng, i: usize) -> State {
    let log = |rng: &mut Rng, lo: f64, hi: f64| (lo.ln() + (hi.ln() - lo.ln()) * rng.unit()).exp();
    let mut s = State::default();
    s.set(Param::Prompt, log(rng, 10.0, 400_000.0));
    s.set(Param::Output, log(rng, 1.0, 5_000.0));
    s.set(Param::Prefill, log(rng, 500.0, 100_000.0));
    s.set(Param::Decode, log(rng, 5.0, 500.0));
    s.set(Param::Network, rng.uniform(0.0, 0.5));
    s.set(Param::Wait, rng.uniform(0.0, 2.0));
    s.set(Param::RaceAnswer, log(rng, 5.0, 5_000.0));
    s.model = if rng.unit() < 0.5 { ModelView::Linear } else { ModelView::Deep };
    s.ttft_definition =
        [TtftDefinition::Client, TtftDefinition::Server, TtftDefinition::Scheduled][i % 3];
    s.consumer = if rng.unit() < 0.5 { Consumer::Reader } else { Consumer::Machine };
    s.load = if rng.unit() < 0.3 { Load::Peak } else { Load::Idle };
    s.decide_for = DecisionWorkload::ALL[i % 3];
    match i % 4 {
        // Sides typed in.
        0 => {
            for p in [Param::ATtft, Param::BTtft, Param::APeakTtft, Param::BPeakTtft] {
                s.set(p, log(rng, 0.02, 5.0));
            }
            for p in [Param::ARate, Param::BRate, Param::APeak, Param::BPeak] {
                s.set(p, log(rng, 3.0, 800.0));
            }
        }
        // Two runs, with numbers no slider lands on.
        1 => {
            let mut sides = MeasuredSides::default();
            for which in [Which::A, Which::B] {
                let side = MeasuredSide {
                    ttft_secs: log(rng, 0.05, 3.0),
                    decode_tokens_per_sec: log(rng, 5.0, 200.0),
                    answer_tokens: [log(rng, 20.0, 400.0), log(rng, 400.0, 2_000.0)],
                    // A run counts its failures with it, the decision its retries.
                    failed_share: log(rng, 0.001, 0.5),
                };
                sides.put(&mut s, which, side);
            }
        }
        // Two chips.
        2 => {
            s = s.with_worked_case(i % 6);
            s.take_hardware_rates(RateTarget::A);
            s = s.with_worked_case((i / 3) % 6);
            s.take_hardware_rates(RateTarget::B);
        }
        // The lesson's pair.
        _ => {}
    }
    s
}

/// Every sentence the text layer writes about the state, with the quantities each states.
fn sentences(s: &State) -> Vec<(String, Vec<Quantity>)> {
    let d = Decision::of(s);
    let t = decision_text(&d, s);
    let lab_crossover = match s.load {
        Load::Idle => Quantity::Crossover,
        Load::Peak => Quantity::CrossoverPeak,
    };
    let ttft = Quantity::ttft_on(s.ttft_definition);
    let completion = CompletionInputs::of(s);
    let mut out = vec![
        (folded_line(Lab::OneRequest, s), vec![ttft, Quantity::Total]),
        (TimelineInputs::of(s).summary(), vec![Quantity::TtftClient, Quantity::Total]),
        (crossover_text(&s.comparison()), vec![Quantity::Crossover]),
        (
            crossover_feedback(
                &s.comparison(),
                Some(LockedGuess { tokens: 100.0, asked: s.comparison() }),
            ),
            vec![Quantity::Crossover],
        ),
        (
            completion.summary(),
            vec![Quantity::Crossover, Quantity::ACompletion, Quantity::BCompletion],
        ),
        (verdict_text(&completion, s.consumer), vec![Quantity::ACompletion, Quantity::BCompletion]),
        (
            winner_text(s.comparison().race_at(s.get(Param::RaceAnswer)).winner),
            vec![Quantity::Winner],
        ),
    ];
    // Counting retries, the card's own crossover is not Figure 5's, and says so.
    if !Decision::of(s).counts_retries() {
        out.push((t.length_change.clone(), vec![lab_crossover]));
    }
    if s.route_at_crossover {
        out.push((t.router.clone(), vec![lab_crossover]));
    }
    // The players' lanes, at the start and at the end of the request.
    for figure in [Figure::Timeline, Figure::Completion] {
        let Some(playback) = Playback::of(figure, s) else { continue };
        for (lane, [first, last]) in playback.lanes.iter().zip(lane_milestones(figure)) {
            out.push((lane_status(lane, 0.0), vec![first]));
            out.push((lane_status(lane, playback.end_secs), vec![last]));
        }
    }
    out
}

#[test]
fn every_sentence_states_each_quantity_as_the_state_computes_it() {
    let mut rng = Rng::new(49);
    let mut checked = 0;
    for i in 0..400 {
        let s = random_state(&mut rng, i);
        for (sentence, quantities) in sentences(&s) {
            for q in quantities {
                let worth = q.of(&s);
                // A quantity that does not exist here (lines that never cross) is stated in
                // words of its own, not as a number.
                let Some(text) = written(q, &worth) else { continue };
                assert!(
                    sentence.contains(&text),
                    "state {i}: {} written {text} is not in: {sentence}",
                    q.key()
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 4_000, "{checked}");
}

#[test]
fn a_quantity_of_a_run_or_a_chip_is_the_same_number_wherever_it_goes() {
    // Two runs: the comparison the worker makes from their own numbers and the lab's are one.
    let mut s = State::default();
    let mut sides = MeasuredSides::default();
    let a = MeasuredSide {
        ttft_secs: 0.475_31,
        decode_tokens_per_sec: 23.461,
        answer_tokens: [85.0, 190.0],
        failed_share: 0.0,
    };
    let b = MeasuredSide {
        ttft_secs: 0.388_04,
        decode_tokens_per_sec: 22.048,
        answer_tokens: [128.0, 260.0],
        failed_share: 49.0 / 150.0,
    };
    sides.put(&mut s, Which::A, a);
    sides.put(&mut s, Which::B, b);
    let runs = crossover::model::deployments::Comparison::new(
        crossover::model::deployments::Deployment::new(a.ttft_secs, a.decode_tokens_per_sec),
        crossover::model::deployments::Deployment::new(b.ttft_secs, b.decode_tokens_per_sec),
    );
    let Worth::Number(n) = Quantity::Crossover.of(&s) else { panic!("the two runs cross") };
    assert_eq!(Some(n), runs.crossover().tokens());
    // Through a link too.
    let back = crossover::state::query::parse(&crossover::state::query::to_query(&s)).state;
    assert_eq!(Quantity::Crossover.of(&back), Worth::Number(n));
    let decided = Decision::of(&back);
    assert_eq!(decided.answering.crossover().tokens(), Some(n));
    // B's failures, every digit of the run's share, reach the verdict through the link.
    assert_eq!(decided.failed, [0.0, 49.0 / 150.0]);
}

/// The quantities the browser test `agreement.test.mjs` looks for, from the code's own list.
const QUANTITIES_FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/e2e/quantities.json");

#[test]
fn the_browser_tests_quantities_are_the_codes_own() {
    let keys: Vec<String> = Quantity::ALL.iter().map(|q| format!("\"{}\"", q.key())).collect();
    let want = format!("[{}]\n", keys.join(", "));
    if std::env::var_os("UPDATE_FIXTURES").is_some() {
        std::fs::write(QUANTITIES_FILE, &want).unwrap_or_else(|e| panic!("{QUANTITIES_FILE}: {e}"));
    }
    let have = std::fs::read_to_string(QUANTITIES_FILE).unwrap_or_default();
    assert_eq!(
        have, want,
        "{QUANTITIES_FILE} is out of date: run the native tests with UPDATE_FIXTURES=1"
    );
}
