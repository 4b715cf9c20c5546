//! The page state: every input the reader controls, with its bounds, its defaults and its URL
//! form. Everything above this layer can assume a `State` holds only accepted values.

pub mod decision;
pub mod embed_layout;
pub mod figure;
pub mod hardware;
pub mod headline;
mod legacy;
pub mod measured;
pub mod notice;
pub mod number;
pub mod params;
pub mod playback;
pub mod presets;
pub mod quantity;
pub mod query;
pub mod review;
pub mod review_slides;
pub mod value;
pub mod view;

pub use figure::Figure;
pub use headline::Headline;
pub use notice::Notice;
pub use params::{Param, ParamSpec, Scale};
pub use review::Door;

use crate::model::chips::Chip;
use crate::model::deep::{DeepRequest, Knees, TtftDefinition};
use crate::model::deployments::{Comparison, Consumer, Deployment, PromptTtft};
use crate::model::llms::Llm;
use crate::model::precision::{KvPrecision, WeightPrecision};
use crate::model::workload::{LengthDistribution, Router};
use crate::model::{ReadingSpeed, Request};

crate::keyed::keyed! {
    /// Which model the page's headline numbers follow.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
    pub enum ModelView {
        /// The lesson's straight lines.
        #[default]
        Linear => "linear",
        /// Quadratic attention in prefill and decode that slows as the context grows.
        Deep => "deep",
    }
}

crate::keyed::keyed! {
    /// Where a deployment's time to first token comes from.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
    pub enum TtftSource {
        /// Typed in, as measured.
        #[default]
        Given => "given",
        /// Built from its prompt: base + passages × tokens per passage, prefill rate and
        /// overhead.
        Prompt => "prompt",
    }
}

crate::keyed::keyed! {
    /// Which answer lengths the second half's spread is taken over: Figure 6, the router, the
    /// people who give up and the decision.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
    pub enum Spread {
        /// The reader's traffic, set by its median and 90th percentile (the lesson's mixed chat
        /// traffic by default).
        #[default]
        Traffic => "traffic",
        /// The support bot's own answers: the race's answer length as the median, and an
        /// assumed 90th percentile.
        Bot => "bot",
    }
}

crate::keyed::keyed! {
    /// Which hour the second half decides for: the deployments' quiet figures, or the ones they
    /// reach at the busiest hour.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
    pub enum Load {
        #[default]
        Idle => "idle",
        Peak => "peak",
    }
}

impl Load {
    /// The hour that is not this one.
    pub fn other(self) -> Load {
        match self {
            Load::Idle => Load::Peak,
            Load::Peak => Load::Idle,
        }
    }
}

crate::keyed::keyed! {
    /// What the workbench's verdict rests on when both sides are runs: the fitted lines' mean
    /// whole answer, or the share of the runs' own requests that met both of the reviewer's
    /// limits.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
    pub enum Basis {
        #[default]
        Mean => "mean",
        Goodput => "goodput",
    }
}

crate::keyed::keyed! {
    /// The answer lengths the decision card decides for. The spread of Figure 6, the router and
    /// the people who give up teaches what a spread does, on the lesson's mixed traffic; the
    /// card decides for the workload under review.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
    pub enum DecisionWorkload {
        /// The support bot's own answers, the ones Figure 5 races: the race's answer length as
        /// the median and an assumed 90th percentile.
        #[default]
        Bot => "bot",
        /// The mixed traffic of the spread (`median` and `p90`).
        Traffic => "traffic",
        /// The answers the two runs behind the deployments gave (`runs_median` and
        /// `runs_p90`).
        Runs => "runs",
    }
}

impl DecisionWorkload {
    /// The parameters of its median and 90th percentile.
    pub fn params(self) -> (Param, Param) {
        match self {
            DecisionWorkload::Bot => (Param::RaceAnswer, Param::BotP90),
            DecisionWorkload::Traffic => (Param::Median, Param::P90),
            DecisionWorkload::Runs => (Param::RunsMedian, Param::RunsP90),
        }
    }
}

/// Parameters whose bounds depend on another: (the one depended on, the dependant).
const DEPENDANTS: [(Param, Param); 4] = [
    (Param::Prompt, Param::Cached),
    (Param::Median, Param::P90),
    (Param::RaceAnswer, Param::BotP90),
    (Param::RunsMedian, Param::RunsP90),
];

/// Everything the reader can set. Numbers live in one array indexed by [`Param`], so adding a
/// control is one row in the parameter table rather than a field, a getter and a setter.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct State {
    values: [f64; Param::COUNT],
    pub model: ModelView,
    pub ttft_definition: TtftDefinition,
    /// Who consumes the answer: a person reading, or a program that needs all of it.
    pub consumer: Consumer,
    pub a_ttft_source: TtftSource,
    pub b_ttft_source: TtftSource,
    /// Whether the router's threshold follows the crossover or the typed value.
    pub route_at_crossover: bool,
    /// Which answers the spread is taken over (Figure 6, the router, the people who give up).
    pub spread: Spread,
    /// Which answers the decision card decides for.
    pub decide_for: DecisionWorkload,
    /// What the workbench's verdict rests on, once both sides are runs.
    pub basis: Basis,
    /// Which hour the second half decides for.
    pub load: Load,
    /// The chip beneath the rates, the model on it, and the formats of its weights and cache.
    pub chip: Chip,
    pub llm: Llm,
    pub weights: WeightPrecision,
    pub kv: KvPrecision,
    /// Whose page this state is read on: the lesson's, which tells its two stories with their
    /// numbers, or the review workbench's, which carries none of them (`review`). Not in a link:
    /// the page it opens on says.
    pub door: Door,
}

impl Default for State {
    fn default() -> Self {
        State {
            values: Param::ALL.map(|p| p.spec().default),
            model: ModelView::default(),
            ttft_definition: TtftDefinition::Client,
            consumer: Consumer::Reader,
            a_ttft_source: TtftSource::Given,
            b_ttft_source: TtftSource::Given,
            route_at_crossover: true,
            spread: Spread::Traffic,
            decide_for: DecisionWorkload::Bot,
            basis: Basis::Mean,
            load: Load::Idle,
            chip: Chip::DEFAULT,
            llm: Llm::DEFAULT,
            weights: WeightPrecision::DEFAULT,
            kv: KvPrecision::DEFAULT,
            door: Door::Lesson,
        }
    }
}

impl State {
    pub fn get(&self, param: Param) -> f64 {
        self.values.get(param.index()).copied().unwrap_or(param.spec().default)
    }

    /// Stores a value after passing it through the parameter's bounds, so no caller can put an
    /// unaccepted number into the state. Returns the value actually stored.
    pub fn set(&mut self, param: Param, value: f64) -> f64 {
        let accepted = self.spec_of(param).clamp(value);
        if let Some(slot) = self.values.get_mut(param.index()) {
            *slot = accepted;
        }
        // Values bounded by this one follow it.
        for dependant in DEPENDANTS.iter().filter(|(on, _)| *on == param).map(|(_, d)| *d) {
            let current = self.get(dependant);
            self.set(dependant, current);
        }
        accepted
    }

    /// The parameter's spec with any bound that depends on other inputs filled in: the cached
    /// prefix runs from nothing to the whole prompt, and the 90th percentile of answer lengths
    /// lies between the median and the widest spread the length model keeps (the bot's own, between
    /// the race's answer and that widest spread).
    pub fn spec_of(&self, param: Param) -> ParamSpec {
        let mut spec = *param.spec();
        match param {
            Param::Cached => spec.max = self.get(Param::Prompt).clamp(spec.min, spec.max),
            Param::P90 | Param::BotP90 | Param::RunsP90 => {
                let median = self.get(match param {
                    Param::P90 => Param::Median,
                    Param::BotP90 => Param::RaceAnswer,
                    _ => Param::RunsMedian,
                });
                spec.min = median.clamp(spec.min, spec.max);
                spec.max = LengthDistribution::widest_p90(median).clamp(spec.min, spec.max);
            }
            _ => {}
        }
        spec
    }

    pub fn with(mut self, param: Param, value: f64) -> State {
        self.set(param, value);
        self
    }

    /// The request these inputs describe, for the linear model.
    pub fn request(&self) -> Request {
        Request {
            prompt_tokens: self.get(Param::Prompt),
            output_tokens: self.get(Param::Output),
            prefill_tokens_per_sec: self.get(Param::Prefill),
            decode_tokens_per_sec: self.get(Param::Decode),
            // Everything before prefill starts: the network, then the server's queue.
            wait_secs: self.get(Param::Network) + self.get(Param::Wait),
        }
    }

    /// The same request under the deeper model, with the reader's knees and cached prefix.
    pub fn deep_request(&self) -> DeepRequest {
        let knees = Knees {
            attention_tokens: self.get(Param::AttentionKnee),
            kv_tokens: self.get(Param::KvKnee),
        };
        DeepRequest::new(self.request(), self.get(Param::Cached), knees)
    }

    /// A deployment's TTFT built from the bake-off's one prompt at its own prefill rate and
    /// overhead.
    fn prompt_ttft(&self, prefill: Param, overhead: Param) -> PromptTtft {
        let [base, passages, per_passage] = Param::BAKEOFF_PROMPT.map(|p| self.get(p));
        PromptTtft {
            base_prompt_tokens: base,
            passages,
            tokens_per_passage: per_passage,
            prefill_tokens_per_sec: self.get(prefill),
            overhead_secs: self.get(overhead),
        }
    }

    /// A's TTFT built from the prompt (used when its source is [`TtftSource::Prompt`]).
    pub fn a_prompt_ttft(&self) -> PromptTtft {
        self.prompt_ttft(Param::APrefill, Param::AOverhead)
    }

    pub fn b_prompt_ttft(&self) -> PromptTtft {
        self.prompt_ttft(Param::BPrefill, Param::BOverhead)
    }

    /// The two deployments at their idle (typical) decode rates.
    pub fn comparison(&self) -> Comparison {
        let ttft = |source: TtftSource, given: Param, prompt: PromptTtft| match source {
            TtftSource::Given => self.get(given),
            TtftSource::Prompt => prompt.ttft_secs(),
        };
        Comparison::new(
            Deployment::new(
                ttft(self.a_ttft_source, Param::ATtft, self.a_prompt_ttft()),
                self.get(Param::ARate),
            ),
            Deployment::new(
                ttft(self.b_ttft_source, Param::BTtft, self.b_prompt_ttft()),
                self.get(Param::BRate),
            ),
        )
    }

    /// The same pair at the busiest hour: each with its peak-load TTFT and decode rate.
    pub fn peak_comparison(&self) -> Comparison {
        Comparison::new(
            Deployment::new(self.get(Param::APeakTtft), self.get(Param::APeak)),
            Deployment::new(self.get(Param::BPeakTtft), self.get(Param::BPeak)),
        )
    }

    /// The pair the second half decides with: at its quiet figures, or at the busiest hour's.
    pub fn lab_comparison(&self) -> Comparison {
        match self.load {
            Load::Idle => self.comparison(),
            Load::Peak => self.peak_comparison(),
        }
    }

    /// The share of A's and of B's requests that failed, each a share of one.
    pub fn failed_shares(&self) -> [f64; 2] {
        Param::FAILURES.map(|p| self.get(p) / 100.0)
    }

    /// The spread of answer lengths the second half weighs: the traffic's, or the bot's own
    /// around the race's answer.
    pub fn lengths(&self) -> LengthDistribution {
        let (median, p90) = match self.spread {
            Spread::Traffic => (Param::Median, Param::P90),
            Spread::Bot => (Param::RaceAnswer, Param::BotP90),
        };
        LengthDistribution::new(self.get(median), self.get(p90))
    }

    /// The answer lengths the decision card decides for.
    pub fn decision_lengths(&self) -> LengthDistribution {
        let (median, p90) = self.decide_for.params();
        LengthDistribution::new(self.get(median), self.get(p90))
    }

    /// The router, at the crossover of the pair the lab decides with unless its threshold is
    /// fixed.
    pub fn router(&self) -> Router {
        let comparison = self.lab_comparison();
        let sigma = Router::error_sigma_for_factor(self.get(Param::RouteError));
        if self.route_at_crossover {
            Router::at_crossover(&comparison, sigma)
        } else {
            Router { threshold_tokens: self.get(Param::Threshold), error_sigma: sigma }
        }
    }

    pub fn reading(&self) -> ReadingSpeed {
        ReadingSpeed { words_per_min: self.get(Param::Reading) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_the_summariser() {
        let s = State::default();
        assert_eq!(s.request(), Request::SUMMARISER);
        assert_eq!(s.get(Param::Reading), 240.0);
        assert_eq!(s.model, ModelView::Linear);
        assert_eq!(s.deep_request(), DeepRequest::SUMMARISER);
    }

    #[test]
    fn set_clamps_to_bounds() {
        let s = State::default()
            .with(Param::Decode, 0.0)
            .with(Param::Prompt, 1e12)
            .with(Param::Wait, f64::NAN);
        assert_eq!(s.get(Param::Decode), Param::Decode.spec().min);
        assert_eq!(s.get(Param::Prompt), Param::Prompt.spec().max);
        assert_eq!(s.get(Param::Wait), Param::Wait.spec().default);
    }

    #[test]
    fn deployment_defaults_are_the_lessons_pair() {
        let s = State::default();
        assert_eq!(s.comparison(), Comparison::LESSON);
        assert!((s.b_prompt_ttft().ttft_secs() - 0.9).abs() < 0.005);
        assert!((s.a_prompt_ttft().ttft_secs() - 0.2).abs() < 0.005);
        assert_eq!(s.a_prompt_ttft().prompt_tokens(), s.b_prompt_ttft().prompt_tokens());
        let from_prompt =
            State { b_ttft_source: TtftSource::Prompt, ..s }.with(Param::Passages, 4.0);
        assert!((from_prompt.comparison().b.ttft_secs - 0.46).abs() < 0.005);
    }

    #[test]
    fn p90_never_drops_below_the_median() {
        let mut s = State::default();
        assert_eq!(s.set(Param::P90, 10.0), 40.0);
        s.set(Param::P90, 900.0);
        s.set(Param::Median, 2_000.0);
        assert_eq!(s.get(Param::P90), 2_000.0);
    }

    #[test]
    fn the_bots_spread_is_centred_on_the_race_and_the_load_picks_the_pair() {
        let mut s = State::default();
        assert_eq!(s.lengths(), LengthDistribution::LESSON);
        s.spread = Spread::Bot;
        assert_eq!(s.lengths(), LengthDistribution::new(600.0, 1_200.0));
        s.set(Param::RaceAnswer, 2_000.0);
        assert_eq!(s.get(Param::BotP90), 2_000.0, "never below the median it spreads around");
        assert_eq!(s.lab_comparison(), s.comparison());
        s.load = Load::Peak;
        assert_eq!(s.lab_comparison(), s.peak_comparison());
        assert_eq!(s.lab_comparison().b.decode_tokens_per_sec, 45.0);
    }

    #[test]
    fn the_cached_prefix_never_outgrows_the_prompt() {
        let mut s = State::default();
        assert_eq!(s.set(Param::Cached, 50_000.0), 16_000.0);
        s.set(Param::Prompt, 4_000.0);
        assert_eq!(s.get(Param::Cached), 4_000.0);
    }
}
