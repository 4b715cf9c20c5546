//! The chip beneath the rates, as the page holds it: the chosen chip, model and precisions beside
//! the numbers in the parameter table, turned into the hardware model's [`Serving`]; a worked
//! setting put back into the controls; and the rates it gives handed to a deployment.

use super::{Param, State, TtftSource};
use crate::model::chips::{Chip, CustomChip};
use crate::model::llms::{CustomLlm, Llm};
use crate::model::roofline::Serving;
use crate::model::roofline_cases::worked_cases;

const TERA: f64 = 1e12;
const GIGA: f64 = 1e9;
const BILLION: f64 = 1e9;

/// Which deployment "Use as A" or "Use as B" gives a setting's prefill and decode rates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RateTarget {
    /// Deployment A, its first token then built from the prompt both deployments are sent.
    A,
    /// Deployment B, likewise.
    B,
}

/// A rate handed to a control that its bounds moved: what was wanted and what it now holds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Moved {
    pub param: Param,
    pub wanted: f64,
    pub held: f64,
}

/// The wait before prefill a deployment handed a chip's rates starts from.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum HandedWait {
    /// The side still held the story's own wait (the part of its deployment's first token the
    /// story put down to queueing and network), which belongs to that deployment, not to a
    /// chip: the network and queue of the page's request, the same for both sides, take its
    /// place.
    Shared { secs: f64 },
    /// The reader had set this side's wait: it stays.
    Own { secs: f64 },
}

/// What handing a chip's rates did: the rates the controls' bounds moved, and the wait the
/// deployment's first token now starts from.
#[derive(Clone, Debug, PartialEq)]
pub struct Handed {
    pub moved: Vec<Moved>,
    pub wait: HandedWait,
}

impl RateTarget {
    pub const ALL: [RateTarget; 2] = [RateTarget::A, RateTarget::B];

    /// The target that is deployment `which`.
    pub fn of(which: crate::model::deployments::Which) -> RateTarget {
        match which {
            crate::model::deployments::Which::A => RateTarget::A,
            crate::model::deployments::Which::B => RateTarget::B,
        }
    }

    /// The controls that take the prefill rate and the per-sequence decode rate.
    pub fn params(self) -> (Param, Param) {
        match self {
            RateTarget::A => (Param::APrefill, Param::ARate),
            RateTarget::B => (Param::BPrefill, Param::BRate),
        }
    }

    /// The deployment's wait before prefill, and its two figures at the busiest hour.
    fn deployment_params(self) -> (Param, [Param; 2]) {
        match self {
            RateTarget::A => (Param::AOverhead, [Param::APeakTtft, Param::APeak]),
            RateTarget::B => (Param::BOverhead, [Param::BPeakTtft, Param::BPeak]),
        }
    }
}

impl State {
    /// The model served on the chips as the controls describe it.
    pub fn serving(&self) -> Serving {
        let custom_chip = CustomChip {
            dense_tflop_per_sec: self.get(Param::ChipTflops),
            bandwidth_gb_per_sec: self.get(Param::ChipBandwidth),
            memory_gb: self.get(Param::ChipMemory),
        };
        let custom_llm = CustomLlm {
            params_billions: self.get(Param::HwParams),
            layers: self.get(Param::HwLayers),
            kv_heads: self.get(Param::HwKvHeads),
            head_dim: self.get(Param::HwHeadDim),
        };
        Serving {
            chip: self.chip.spec(custom_chip),
            chips: self.get(Param::Chips),
            llm: self.llm.spec(custom_llm),
            weights: self.weights,
            kv: self.kv,
            batch: self.get(Param::Batch),
            context_tokens: self.get(Param::Context),
            mfu: self.get(Param::Mfu),
            mbu: self.get(Param::Mbu),
        }
    }

    /// The controls set to describe `s`. A published chip or model leaves the custom fields as
    /// they were; a custom one writes its figures into them.
    pub fn set_serving(&mut self, s: &Serving) {
        self.chip = s.chip.chip;
        self.llm = s.llm.llm;
        self.weights = s.weights;
        self.kv = s.kv;
        if s.chip.chip == Chip::Custom {
            self.set(Param::ChipTflops, s.chip.bf16_flops_per_sec / TERA);
            self.set(Param::ChipBandwidth, s.chip.bandwidth_bytes_per_sec / GIGA);
            self.set(Param::ChipMemory, s.chip.memory_bytes / GIGA);
        }
        if s.llm.llm == Llm::Custom {
            self.set(Param::HwParams, s.llm.params / BILLION);
            self.set(Param::HwLayers, s.llm.layers);
            self.set(Param::HwKvHeads, s.llm.kv_heads);
            self.set(Param::HwHeadDim, s.llm.head_dim);
        }
        for (param, value) in [
            (Param::Chips, s.chips),
            (Param::Batch, s.batch),
            (Param::Context, s.context_tokens),
            (Param::Mfu, s.mfu),
            (Param::Mbu, s.mbu),
        ] {
            self.set(param, value);
        }
    }

    /// The state with the lesson's worked setting `index` (in [`worked_cases`]'s order) in the
    /// hardware controls, and everything else as it was.
    pub fn with_worked_case(mut self, index: usize) -> State {
        if let Some(case) = worked_cases().get(index) {
            self.set_serving(&case.serving);
        }
        self
    }

    /// Hands the chips' prefill rate and per-sequence decode rate to `target`, every digit kept;
    /// the deployment then builds its first token from the shared prompt at that prefill rate,
    /// after the wait [`HandedWait`] says, and its busiest hour is this same deployment (the
    /// page knows nothing of a chip's busiest hour, and the story's belongs to the story's
    /// deployment). Returns the rates the controls' bounds moved, and the wait.
    pub fn take_hardware_rates(&mut self, target: RateTarget) -> Handed {
        let s = self.serving();
        let (prefill, decode) = target.params();
        let mut moved = Vec::new();
        for (param, wanted) in
            [(prefill, s.prefill_tokens_per_sec()), (decode, s.decode_tokens_per_sec())]
        {
            let held = self.set(param, wanted);
            let spec = param.spec();
            if wanted < spec.min || wanted > spec.max {
                moved.push(Moved { param, wanted, held });
            }
        }
        let (overhead, [peak_ttft, peak_rate]) = target.deployment_params();
        match target {
            RateTarget::A => self.a_ttft_source = TtftSource::Prompt,
            RateTarget::B => self.b_ttft_source = TtftSource::Prompt,
        }
        let wait = if self.get(overhead) == overhead.spec().default {
            let shared = self.get(Param::Network) + self.get(Param::Wait);
            HandedWait::Shared { secs: self.set(overhead, shared) }
        } else {
            HandedWait::Own { secs: self.get(overhead) }
        };
        let side = if target == RateTarget::A { self.comparison().a } else { self.comparison().b };
        self.set(peak_ttft, side.ttft());
        self.set(peak_rate, self.get(decode));
        Handed { moved, wait }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::precision::WeightPrecision;
    use crate::model::rounding::round_half_away;

    #[test]
    fn the_page_opens_on_the_first_worked_case() {
        let default = State::default();
        let first = worked_cases().first().map(|c| c.serving);
        assert_eq!(Some(default.serving()), first);
        assert_eq!(default.with_worked_case(0), default);
    }

    #[test]
    fn every_worked_case_round_trips_through_the_controls() {
        for (i, case) in worked_cases().iter().enumerate() {
            let state = State::default().with_worked_case(i);
            assert_eq!(state.serving(), case.serving, "{}", case.name);
        }
        assert_eq!(State::default().with_worked_case(99), State::default());
    }

    #[test]
    fn a_custom_setting_writes_its_figures_into_the_custom_fields() {
        let mut custom = State { chip: Chip::Custom, llm: Llm::Custom, ..State::default() };
        custom.set(Param::ChipTflops, 500.0);
        custom.set(Param::HwParams, 3.5);
        custom.set(Param::HwHeadDim, 64.0);
        let mut elsewhere = State::default();
        elsewhere.set_serving(&custom.serving());
        assert_eq!(elsewhere.serving(), custom.serving());
        assert_eq!(elsewhere.get(Param::ChipTflops), 500.0);
    }

    #[test]
    fn rates_go_where_they_are_sent_and_bounds_are_named() {
        let mut state = State::default();
        let handed = state.take_hardware_rates(RateTarget::A);
        assert!(handed.moved.is_empty());
        // Every digit the chip gives, not the control's rounding of it.
        let serving = state.serving();
        assert_eq!(state.get(Param::APrefill), serving.prefill_tokens_per_sec());
        assert_eq!(state.get(Param::ARate), serving.decode_tokens_per_sec());
        assert_eq!(round_half_away(state.get(Param::APrefill), 0), 9_714.0);
        assert_eq!(round_half_away(state.get(Param::ARate), 1), 88.9);
        assert_eq!(state.a_ttft_source, TtftSource::Prompt);
        assert_eq!(state.b_ttft_source, TtftSource::Given, "B is left as it was");

        let mut fast = State::default().with_worked_case(4);
        fast.weights = WeightPrecision::Int4;
        fast.set(Param::Chips, 64.0);
        let moved = fast.take_hardware_rates(RateTarget::B).moved;
        assert_eq!(fast.b_ttft_source, TtftSource::Prompt);
        let params: Vec<Param> = moved.iter().map(|m| m.param).collect();
        assert_eq!(params, [Param::BPrefill, Param::BRate], "both beyond the page's ranges");
        assert!(moved.iter().all(|m| m.held == m.param.spec().max && m.wanted > m.held));
        assert_eq!(fast.get(Param::BRate), 2_000.0);
    }

    #[test]
    fn two_chips_with_one_prefill_start_together_and_bring_no_busiest_hour() {
        // The H100 and the H200 share their arithmetic: as A and B they read the prompt at one
        // rate, so neither starts sooner, whatever the story's two deployments waited.
        let mut state = State::default().with_worked_case(1);
        let a = state.take_hardware_rates(RateTarget::A);
        state = state.with_worked_case(2);
        let b = state.take_hardware_rates(RateTarget::B);
        assert_eq!(a.wait, HandedWait::Shared { secs: 0.0 });
        assert_eq!(b.wait, HandedWait::Shared { secs: 0.0 });
        let pair = state.comparison();
        assert_eq!(pair.a.ttft(), pair.b.ttft());
        assert_eq!(pair.first_token_lead(), None);
        // Their busiest hour is their quiet one: the story's 45 tok/s for B is not borrowed.
        assert_eq!(state.peak_comparison(), pair);

        // The page's network and queue are the shared wait; a wait the reader
        // set for one side stays that side's.
        let mut own = State::default().with(Param::Network, 0.05).with(Param::Wait, 0.1);
        own.set(Param::BOverhead, 0.4);
        let a = own.take_hardware_rates(RateTarget::A);
        let b = own.take_hardware_rates(RateTarget::B);
        assert_eq!(a.wait, HandedWait::Shared { secs: 0.05 + 0.1 });
        assert_eq!(b.wait, HandedWait::Own { secs: 0.4 });
    }
}
