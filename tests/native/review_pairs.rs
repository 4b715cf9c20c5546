//! Pairs of sides as the review workbench gets them (typed in, handed on from a chip, set from a
//! run), at random: every quantity the card, Figure 5, the presentation and the design doc state
//! is stated alike (one source), the presentation changes none of the card's numbers, and no
//! text carries the lesson's story (its support bot, its hours, its 63-token crossover, its
//! 600-token answer) unless the reviewer's own numbers give it.

use crossover::charts::Figure;
use crossover::format::crossover_tokens_text;
use crossover::measurements::compare::{sources, ChipSide, RunSide, TtftPercentile};
use crossover::measurements::load::Load;
use crossover::measurements::meta::{RunMeta, Stated};
use crossover::measurements::review::facts::{FileFacts, RunFacts};
use crossover::measurements::review::observed::{Failures, Observed, ObservedRequest};
use crossover::measurements::review::standing::{PairCheck, SideSource};
use crossover::model::chips::Chip;
use crossover::model::deployments::{Crossover, Which};
use crossover::model::llms::Llm;
use crossover::state::decision::Decision;
use crossover::state::hardware::RateTarget;
use crossover::state::measured::{MeasuredSide, MeasuredSides};
use crossover::state::review_slides::REVIEW_SLIDES;
use crossover::state::{Param, State};
use crossover::text::comparison::ComparisonView;
use crossover::text::deployments::decision::decision_text;
use crossover::text::deployments::design_doc::{design_doc, Record};
use crossover::text::review::{headline, held, presented_headline};
use proptest::prelude::*;

/// How a side is set.
#[derive(Clone, Debug)]
enum Kind {
    Typed { ttft_secs: f64, tokens_per_sec: f64 },
    Chip { chip: Chip, llm: Llm, chips: f64 },
    Run { ttft_secs: f64, tokens_per_sec: f64, answer_tokens: f64, failed: usize },
}

fn kind() -> impl Strategy<Value = Kind> {
    let chips = [Chip::A100, Chip::H100, Chip::H200, Chip::L4, Chip::Mi300x];
    let llms = [Llm::Llama8b, Llm::Llama70b];
    prop_oneof![
        (0.05..3.0f64, 5.0..400.0f64)
            .prop_map(|(ttft_secs, tokens_per_sec)| Kind::Typed { ttft_secs, tokens_per_sec }),
        (0..chips.len(), 0..llms.len(), 1..9u32).prop_map(move |(c, l, n)| Kind::Chip {
            chip: chips[c],
            llm: llms[l],
            chips: f64::from(n)
        }),
        (0.05..3.0f64, 5.0..400.0f64, 20.0..3_000.0f64, 0..40usize).prop_map(
            |(ttft_secs, tokens_per_sec, answer_tokens, failed)| Kind::Run {
                ttft_secs,
                tokens_per_sec,
                answer_tokens,
                failed
            }
        ),
    ]
}

/// A run's facts as a result file would give them: 100 requests that answered at the side's
/// numbers (answers spread ±20% around the median), and `failed` that did not.
fn run_facts(
    name: &str,
    ttft_secs: f64,
    tokens_per_sec: f64,
    answer: f64,
    failed: usize,
) -> RunFacts {
    let answers: Vec<f64> = (0..100).map(|i| answer * (0.8 + 0.4 * f64::from(i) / 99.0)).collect();
    let mut requests: Vec<ObservedRequest> = answers
        .iter()
        .map(|n| ObservedRequest {
            ttft_secs: Some(ttft_secs),
            e2e_secs: Some(ttft_secs + n / tokens_per_sec),
            failed: false,
        })
        .collect();
    requests.extend((0..failed).map(|_| ObservedRequest {
        ttft_secs: None,
        e2e_secs: None,
        failed: true,
    }));
    RunFacts {
        file: FileFacts { name: name.to_string(), sha256: "ab".repeat(32), bytes: 1_000 },
        tool: "vLLM".to_string(),
        meta: RunMeta {
            model: Stated::of(Some("Meta-Llama-3.1-8B-Instruct"), "model_id"),
            ..RunMeta::default()
        },
        load: Load::default(),
        streamed: true,
        prompt_tokens: 1_000.0,
        answer_tokens: [answer, answer * 1.16],
        failures: Failures {
            failed,
            requests: 100 + failed,
            kinds: if failed > 0 { vec![("timed out".to_string(), failed)] } else { vec![] },
        },
        observed: Observed { of: 100 + failed, requests },
    }
}

/// The workbench after the reviewer set both sides, with the sources the page would find.
fn workbench(sides: &[Kind; 2], median: f64, p90: f64) -> (State, [SideSource; 2]) {
    let mut state = State::default().for_review();
    state.set(Param::Median, median);
    state.set(Param::P90, p90);
    let mut state = state.race_the_decision_median();
    let mut runs: [Option<RunSide>; 2] = [None, None];
    let mut chips: [Option<ChipSide>; 2] = [None, None];
    let mut measured = MeasuredSides::default();
    for (which, side) in [Which::A, Which::B].into_iter().zip(sides) {
        let (ttft, rate) = match which {
            Which::A => (Param::ATtft, Param::ARate),
            Which::B => (Param::BTtft, Param::BRate),
        };
        match *side {
            Kind::Typed { ttft_secs, tokens_per_sec } => {
                state.set(ttft, ttft_secs);
                state.set(rate, tokens_per_sec);
            }
            Kind::Chip { chip, llm, chips: count } => {
                state.chip = chip;
                state.llm = llm;
                state.set(Param::Chips, count);
                let serving = state.serving();
                let target = if which == Which::A { RateTarget::A } else { RateTarget::B };
                state.take_hardware_rates(target);
                let (prefill, decode) = target.params();
                chips[which.index()] = Some(ChipSide {
                    serving,
                    prefill_tokens_per_sec: state.get(prefill),
                    decode_tokens_per_sec: state.get(decode),
                });
            }
            Kind::Run { ttft_secs, tokens_per_sec, answer_tokens, failed } => {
                let facts = run_facts(
                    &format!("{}.json", which.label()),
                    ttft_secs,
                    tokens_per_sec,
                    answer_tokens,
                    failed,
                );
                let side = MeasuredSide {
                    ttft_secs,
                    decode_tokens_per_sec: tokens_per_sec,
                    answer_tokens: facts.answer_tokens,
                    failed_share: failed as f64 / (100 + failed) as f64,
                };
                let held = measured.put(&mut state, which, side);
                runs[which.index()] = Some(RunSide {
                    run_id: which.index(),
                    percentile: TtftPercentile::default(),
                    label: facts.file.name.clone(),
                    ttft_secs: held.0,
                    decode_tokens_per_sec: held.1,
                    facts: Box::new(facts),
                });
            }
        }
    }
    let found = sources(&state, &runs, &chips);
    (state, found)
}

/// Every text the workbench states about the pair: the card, its headline, Figure 5's words at
/// the race and at each presented step, and the record.
fn texts(
    state: &State,
    sources: &[SideSource; 2],
    comparison: Option<&ComparisonView>,
) -> Vec<String> {
    let d = Decision::of(state);
    let t = decision_text(&d, state);
    let interval = comparison.and_then(|c| c.interval);
    let check = PairCheck::of(&sources[0], &sources[1], d.mean_tokens, interval);
    let (verdict, why) = headline(&check, &t.verdict, state, sources);
    let mut all = vec![
        verdict,
        why,
        t.workload.clone(),
        t.reason.clone(),
        t.margins.clone(),
        t.first_words.clone(),
        t.router.clone(),
        t.length_change.clone(),
        t.load_change.clone(),
        t.consumer_change.clone(),
        t.failures.clone().unwrap_or_default(),
        Figure::Completion.inputs(state).summary(),
    ];
    all.extend(
        REVIEW_SLIDES.iter().map(|step| Figure::Completion.inputs(&(step.apply)(*state)).summary()),
    );
    all.push(design_doc(&Record { decision: &d, state, sources, comparison, link: "x" }));
    all
}

/// Two runs' comparison as the page gets it from the worker, reduced to what the card and the
/// record read of it: the crossover's bootstrap interval (`None` at all where the pair is not two
/// runs').
fn comparison(
    sources: &[SideSource; 2],
    interval: Option<(f64, Option<f64>)>,
) -> Option<ComparisonView> {
    sources
        .iter()
        .all(|s| matches!(s, SideSource::Run(_)))
        .then(|| ComparisonView { interval, ..ComparisonView::default() })
}

/// Whether `text` holds `number_and_unit` as a number of its own (not the end of 463 or 1,600).
fn says(text: &str, number_and_unit: &str) -> bool {
    text.match_indices(number_and_unit)
        .any(|(at, _)| !text[..at].ends_with(|c: char| c.is_ascii_digit() || c == ',' || c == '.'))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn every_pair_is_stated_alike_and_carries_no_story(
        a in kind(),
        b in kind(),
        median in 20.0..4_000.0f64,
        spread in 1.0..4.0f64,
        interval in prop::option::of((1.0..5_000.0f64, prop::option::of(1.0..10_000.0f64))),
    ) {
        let (state, found) = workbench(&[a, b], median, median * spread);
        let d = Decision::of(&state);
        // Two runs' comparison, with a crossover interval that may hold the workload or not.
        let interval = interval.map(|(low, width)| (low, width.map(|w| low + w)));
        let compared = comparison(&found, interval);
        let all = texts(&state, &found, compared.as_ref());
        let doc = all.last().cloned().unwrap_or_default();

        // One source: the record's headline is the card's (the same interval read by both), and
        // its race table holds the card's times at the median answer.
        let t = decision_text(&d, &state);
        let check = PairCheck::of(
            &found[0],
            &found[1],
            d.mean_tokens,
            compared.as_ref().and_then(|c| c.interval),
        );
        let (verdict, _) = headline(&check, &t.verdict, &state, &found);
        prop_assert!(doc.starts_with(&format!("## Deployment decision: {verdict}\n")), "{doc}");
        // The presentation, whose address holds the headline the card held the pair to, opens
        // on the card's headline too.
        let presented = match held(&check, &state, &found) {
            Some(held) => presented_headline(held, &state),
            None => format!("{}. {}", t.verdict, t.reason),
        };
        prop_assert!(presented.starts_with(&format!("{verdict}. ")), "{verdict}: {presented}");
        let race_row = format!(
            "| Whole median answer ({}) | {} | {} |",
            crossover::format::tokens(d.median.tokens),
            crossover::format::duration(d.median.race.a_secs),
            crossover::format::duration(d.median.race.b_secs)
        );
        prop_assert!(doc.contains(&race_row), "{race_row}\n{doc}");
        // The interval the card's headline rests on is the one the record states.
        if let Some((low, high)) = compared.as_ref().and_then(|c| c.interval) {
            // One spelling of it, in the headline (where it stands) and in the race's words.
            let spelled = crossover::format::crossover_interval_text(low, high);
            let said = format!("its 95% interval is {spelled}");
            prop_assert!(doc.contains(&said), "{said}\n{doc}");
            let why = doc.split("\n\n").nth(1).unwrap_or_default();
            if why.starts_with("The runs' crossover has its 95% interval") {
                prop_assert!(why.contains(&format!("interval at {spelled}")), "{spelled}: {why}");
            }
        }

        // The crossover of the fitted lines, where there is one, is the same number on Figure 5,
        // at every presented step, and in the record.
        if let Crossover::At { tokens, .. } = d.answering.crossover() {
            let said = crossover_tokens_text(tokens);
            let figures = &all[11..11 + 1 + REVIEW_SLIDES.len()];
            for words in figures {
                prop_assert!(words.contains(&format!("cross at {said}")), "{said}: {words}");
            }
            prop_assert!(doc.contains(&format!("as measured: {said}")), "{said}: {doc}");
        }

        // The presentation changes nothing the card states.
        for step in &REVIEW_SLIDES {
            let stepped = (step.apply)(state);
            let during = Decision::of(&stepped);
            prop_assert_eq!(during.ship, d.ship, "{}", step.key);
            prop_assert_eq!(during.mean_tokens, d.mean_tokens);
            prop_assert_eq!(during.median.race, d.median.race);
            prop_assert_eq!(during.p90.race, d.p90.race);
            prop_assert_eq!(decision_text(&during, &stepped).verdict, t.verdict.clone());
        }

        // No story: its words never; its numbers only where the reviewer's own give them.
        let owned = |n: f64| {
            let lengths = [Param::RaceAnswer, Param::Median, Param::P90, Param::RunsMedian, Param::RunsP90]
                .map(|p| state.get(p));
            let crossovers = [d.answering.crossover(), d.comparison.crossover()];
            let runs_answers = found.iter().flat_map(|s| match s {
                SideSource::Run(r) => r.answer_tokens.to_vec(),
                _ => vec![],
            });
            // The workload's mean is the reviewer's too (a typed spread may average 63).
            lengths.into_iter().chain([d.mean_tokens]).chain(runs_answers).any(|x| (x - n).abs() < 0.5)
                || crossovers.iter().any(|c| matches!(c, Crossover::At { tokens, .. } if (tokens - n).abs() < 0.5))
        };
        for text in &all {
            for words in ["support bot", "quiet hour", "busiest hour", "the bot's", "the story"] {
                prop_assert!(!text.to_lowercase().contains(words), "{words}: {text}");
            }
            if says(text, "63 tokens") {
                prop_assert!(owned(63.0), "63 tokens, the story's crossover: {text}");
            }
            if says(text, "600 tokens") {
                prop_assert!(owned(600.0), "600 tokens, the story's answer: {text}");
            }
        }
    }
}
