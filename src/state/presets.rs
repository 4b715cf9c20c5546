//! Ready-made scenarios: the lesson's cases and Artificial Analysis's standard workloads. Each
//! sets the inputs it names and leaves the rest of the page as it was.

use super::{DecisionWorkload, Figure, Load, ModelView, Param, Spread, State, TtftSource};
use crate::model::deployments::Consumer;

/// Which part of the lesson a preset belongs to: its buttons sit beside the controls it sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// One request: prompt, answer and rates.
    Request,
    /// The two deployments.
    Deployments,
    /// The chip beneath the rates: the lesson's worked settings.
    Hardware,
}

pub struct Preset {
    /// Stable identifier, used in `data-testid="preset-<key>"`.
    pub key: &'static str,
    pub scope: Scope,
    pub name: &'static str,
    pub description: &'static str,
    pub apply: fn(State) -> State,
}

fn set(mut state: State, values: &[(Param, f64)]) -> State {
    for &(param, value) in values {
        state.set(param, value);
    }
    state
}

fn request(state: State, prompt: f64, output: f64) -> State {
    let state = State { model: ModelView::Linear, ..state };
    set(state, &[(Param::Prompt, prompt), (Param::Output, output)])
}

/// The lesson's bake-off: the measured pair, the bot's typical answer, read by a person at a
/// quiet hour, the card deciding for the bot's answers, the prompt of twelve passages. The spread of Figure 6 is its own
/// choice and stays as it was.
fn bake_off(state: State) -> State {
    let state = State {
        a_ttft_source: TtftSource::Given,
        b_ttft_source: TtftSource::Given,
        consumer: Consumer::Reader,
        load: Load::Idle,
        decide_for: DecisionWorkload::Bot,
        ..state
    };
    set(
        state,
        &[
            (Param::ATtft, 0.2),
            (Param::ARate, 30.0),
            (Param::BTtft, 0.9),
            (Param::BRate, 110.0),
            (Param::RaceAnswer, 600.0),
            // The prompt both are sent, back to the lesson's twelve passages, so a scenario
            // that trimmed it is undone here too.
            (Param::BaseTokens, Param::BaseTokens.spec().default),
            (Param::Passages, Param::Passages.spec().default),
            (Param::PassageTokens, Param::PassageTokens.spec().default),
        ],
    )
}

pub const PRESETS: [Preset; 16] = [
    Preset {
        key: "summariser",
        scope: Scope::Request,
        name: "The summariser",
        description: "16,000-token document, 300-token summary, 8,000 tok/s prefill, 60 tok/s decode",
        apply: |s| set(request(s, 16_000.0, 300.0), &[(Param::Prefill, 8_000.0), (Param::Decode, 60.0), (Param::Wait, 0.0), (Param::Network, 0.0)]),
    },
    Preset {
        key: "bake-off",
        scope: Scope::Deployments,
        name: "Support bake-off",
        description: "A starts in 0.2 s and writes 30 tok/s; B starts in 0.9 s and writes 110 tok/s; 600-token answers",
        apply: bake_off,
    },
    Preset {
        key: "four-passages",
        scope: Scope::Deployments,
        name: "Retrieval trimmed to four passages",
        description: "Both sent 200 + 4 × 650 tokens instead of 200 + 12 × 650; B's first token built from that prompt at 12,000 tok/s plus 0.23 s",
        apply: |s| {
            let s = State { b_ttft_source: TtftSource::Prompt, ..bake_off(s) };
            set(s, &[(Param::BaseTokens, 200.0), (Param::Passages, 4.0), (Param::PassageTokens, 650.0), (Param::BPrefill, 12_000.0), (Param::BOverhead, 0.23)])
        },
    },
    Preset {
        key: "peak",
        scope: Scope::Deployments,
        name: "B at peak load",
        description: "The busiest hour: B's decode falls from 110 to 45 tok/s while A holds 30, both first tokens unchanged",
        apply: |s| {
            let peak = [
                (Param::APeakTtft, 0.2),
                (Param::APeak, 30.0),
                (Param::BPeakTtft, 0.9),
                (Param::BPeak, 45.0),
            ];
            set(State { load: Load::Peak, ..bake_off(s) }, &peak)
        },
    },
    Preset {
        key: "mixed-traffic",
        scope: Scope::Deployments,
        name: "Mixed chat traffic",
        description: "The spread of answer lengths, the router and the decision weigh chat traffic with a median of 40 tokens and a 90th percentile of 900: short replies and long explanations mixed",
        apply: |s| set(State { spread: Spread::Traffic, decide_for: DecisionWorkload::Traffic, ..s }, &[(Param::Median, 40.0), (Param::P90, 900.0)]),
    },
    Preset {
        key: "parser",
        scope: Scope::Deployments,
        name: "A parser consuming JSON",
        description: "The answer goes to a program, which can use nothing before the last token",
        apply: |s| State { consumer: Consumer::Machine, ..bake_off(s) },
    },
    Preset { key: "aa-100-300",
        scope: Scope::Request, name: "Short in, medium out (100 / 300)", description: "Artificial Analysis workload: 100 input, 300 output tokens", apply: |s| request(s, 100.0, 300.0) },
    Preset { key: "aa-1000-1000",
        scope: Scope::Request, name: "Balanced (1,000 / 1,000)", description: "Artificial Analysis's default workload: 1,000 input, 1,000 output tokens", apply: |s| request(s, 1_000.0, 1_000.0) },
    Preset { key: "aa-10000-1500",
        scope: Scope::Request, name: "Long in (10,000 / 1,500)", description: "Artificial Analysis workload: 10,000 input, 1,500 output tokens", apply: |s| request(s, 10_000.0, 1_500.0) },
    Preset { key: "aa-100000-2000",
        scope: Scope::Request, name: "Very long in (100,000 / 2,000)", description: "Artificial Analysis workload: 100,000 input, 2,000 output tokens", apply: |s| request(s, 100_000.0, 2_000.0) },
    // The lesson's worked settings, in `worked_cases`' order and under its names (a test holds
    // both): each sets the chip section's controls and nothing else.
    Preset { key: "hw-a100", scope: Scope::Hardware, name: "Llama 3.1 8B on one A100 80GB", description: "bf16 weights and cache, one sequence, MFU 0.5, MBU 0.7", apply: |s| s.with_worked_case(0) },
    Preset { key: "hw-h100", scope: Scope::Hardware, name: "Llama 3.1 8B on one H100 SXM", description: "the same model on a chip with three times the arithmetic", apply: |s| s.with_worked_case(1) },
    Preset { key: "hw-h200", scope: Scope::Hardware, name: "Llama 3.1 8B on one H200 SXM", description: "the H100's arithmetic with more memory bandwidth", apply: |s| s.with_worked_case(2) },
    Preset { key: "hw-70b", scope: Scope::Hardware, name: "Llama 3.1 70B on four H100 SXM", description: "a model too large for one chip, spread over four", apply: |s| s.with_worked_case(3) },
    Preset { key: "hw-int4", scope: Scope::Hardware, name: "Llama 3.1 8B with 4-bit weights on one H100 SXM", description: "a quarter of the bytes per weight, multiplied in bf16", apply: |s| s.with_worked_case(4) },
    Preset { key: "hw-batch", scope: Scope::Hardware, name: "Llama 3.1 8B on one H100 SXM, 32 sequences of 4,096 tokens", description: "a busy server: 32 sequences decoded together, each with 4,096 tokens of context", apply: |s| s.with_worked_case(5) },
];

/// Whether `state` already is this scenario: choosing it would change nothing.
pub fn holds(preset: &Preset, state: &State) -> bool {
    (preset.apply)(*state) == *state
}

/// The first scenario of `scope` that `state` already is, so the page names the scenario it
/// opens on, and one a reader sets up by hand.
pub fn matching(scope: Scope, state: &State) -> Option<usize> {
    PRESETS.iter().position(|p| p.scope == scope && holds(p, state))
}

/// The scenarios a presentation of `figure` steps through, in the lesson's order: those that
/// set what the figure is drawn from.
pub fn slides_for(figure: Figure) -> Vec<&'static Preset> {
    let scope = match figure {
        Figure::Timeline | Figure::Crossing | Figure::Streaming | Figure::Bend | Figure::Clocks => {
            Scope::Request
        }
        Figure::Completion | Figure::Lengths => Scope::Deployments,
        Figure::Roofline => Scope::Hardware,
    };
    PRESETS.iter().filter(|p| p.scope == scope).collect()
}

/// The slide after (or before) `current` among `count`: from none, forward is the first and
/// back the last; at either end it stays put. `None` when there are no slides.
pub fn next_slide(current: Option<usize>, count: usize, forward: bool) -> Option<usize> {
    let last = count.checked_sub(1)?;
    Some(match (current, forward) {
        (None, true) => 0,
        (None, false) => last,
        (Some(i), true) => (i + 1).min(last),
        (Some(i), false) => i.saturating_sub(1).min(last),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_opens_on_the_summariser_and_the_bake_off() {
        let key = |scope, state: &State| matching(scope, state).map(|i| PRESETS[i].key);
        let opening = State::default();
        assert_eq!(key(Scope::Request, &opening), Some("summariser"));
        assert_eq!(key(Scope::Deployments, &opening), Some("bake-off"));
        let mut moved = opening;
        moved.set(Param::Prompt, 20_000.0);
        assert_eq!(key(Scope::Request, &moved), None, "a moved control ends the scenario");
        assert_eq!(
            key(Scope::Deployments, &moved),
            Some("bake-off"),
            "the other half keeps its own"
        );
        for (i, preset) in PRESETS.iter().enumerate() {
            let mut chosen = opening;
            chosen.set(Param::Prompt, 3_000.0);
            let chosen = (preset.apply)(chosen);
            assert!(
                (preset.apply)(chosen) == chosen,
                "{}: choosing it again changes nothing",
                preset.key
            );
            let found = matching(preset.scope, &chosen);
            assert!(
                found.is_some_and(|j| j <= i),
                "{}: named, or an earlier one it equals",
                preset.key
            );
        }
    }

    #[test]
    fn slides_step_through_a_figures_scenarios_and_stop_at_the_ends() {
        let request = slides_for(Figure::Timeline);
        assert!(request.len() >= 2 && request.iter().all(|p| p.scope == Scope::Request));
        assert_eq!(request.first().map(|p| p.key), Some("summariser"));
        assert!(slides_for(Figure::Completion).iter().all(|p| p.scope == Scope::Deployments));
        assert_eq!(next_slide(None, 5, true), Some(0));
        assert_eq!(next_slide(None, 5, false), Some(4));
        assert_eq!(next_slide(Some(1), 5, true), Some(2));
        assert_eq!(next_slide(Some(4), 5, true), Some(4));
        assert_eq!(next_slide(Some(0), 5, false), Some(0));
        assert_eq!(next_slide(Some(9), 5, false), Some(4));
        assert_eq!(next_slide(None, 0, true), None);
    }

    #[test]
    fn each_preset_sets_what_it_names() {
        let from = State::default()
            .with(Param::Prompt, 777.0)
            .with(Param::BRate, 5.0)
            .with(Param::BPeak, 80.0);
        let find = |key: &str| PRESETS.iter().find(|p| p.key == key).map(|p| (p.apply)(from));
        let summariser = find("summariser").unwrap_or_default();
        assert_eq!(summariser.request(), crate::model::Request::SUMMARISER);
        let peak = find("peak").unwrap_or_default();
        assert_eq!((peak.get(Param::BRate), peak.get(Param::BPeak)), (110.0, 45.0));
        assert_eq!(peak.get(Param::Prompt), 777.0, "presets leave other inputs alone");
        let trimmed = find("four-passages").unwrap_or_default();
        assert_eq!(
            crate::model::rounding::round_half_away(trimmed.comparison().b.ttft_secs, 2),
            0.46
        );
        // The bake-off after the trimmed retrieval is the lesson's twelve passages again.
        let again = PRESETS.iter().find(|p| p.key == "bake-off").map(|p| (p.apply)(trimmed));
        assert_eq!(again.map(|s| s.get(Param::Passages)), Some(12.0));
        let aa = find("aa-100000-2000").unwrap_or_default();
        assert_eq!((aa.get(Param::Prompt), aa.get(Param::Output)), (100_000.0, 2_000.0));
        assert_eq!(find("parser").map(|s| s.consumer), Some(Consumer::Machine));
        assert_eq!(peak.load, Load::Peak, "the busiest hour is the one decided for");
        let mixed = find("mixed-traffic").unwrap_or_default();
        assert_eq!(mixed.lengths(), crate::model::workload::LengthDistribution::LESSON);
    }

    #[test]
    fn the_chip_presets_are_the_lessons_worked_settings_in_order() {
        let cases = crate::model::roofline_cases::worked_cases();
        let slides = slides_for(Figure::Roofline);
        assert_eq!(slides.len(), cases.len());
        for (i, (preset, case)) in slides.iter().zip(cases.iter()).enumerate() {
            assert_eq!(preset.name, case.name);
            let from = State::default().with(Param::Prompt, 777.0);
            let set = (preset.apply)(from);
            assert_eq!(set.serving(), case.serving, "{}", preset.key);
            assert_eq!(
                set.request(),
                from.request(),
                "{}: the lesson's request is left alone",
                preset.key
            );
            assert_eq!(matching(Scope::Hardware, &set), Some(PRESETS.len() - cases.len() + i));
        }
    }

    #[test]
    fn keys_are_unique() {
        for (i, a) in PRESETS.iter().enumerate() {
            assert!(PRESETS.iter().skip(i + 1).all(|b| b.key != a.key), "{}", a.key);
        }
    }
}
