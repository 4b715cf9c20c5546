//! The page state: every input the reader controls, with its bounds, its defaults and its URL
//! form. Everything above this layer can assume a `State` holds only accepted values.

pub mod headline;
pub mod notice;
pub mod params;
pub mod query;
pub mod value;

pub use headline::Headline;
pub use notice::Notice;
pub use params::{Param, ParamSpec, Scale};

use crate::model::deep::{DeepRequest, Knees, TtftDefinition};
use crate::model::{ReadingSpeed, Request};

/// Which model the page's headline numbers follow.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ModelView {
    /// The lesson's straight lines.
    #[default]
    Linear,
    /// Quadratic attention in prefill and decode that slows as the context grows.
    Deep,
}

impl ModelView {
    pub const ALL: [ModelView; 2] = [ModelView::Linear, ModelView::Deep];

    pub fn key(self) -> &'static str {
        match self {
            ModelView::Linear => "linear",
            ModelView::Deep => "deep",
        }
    }

    pub fn from_key(key: &str) -> Option<ModelView> {
        ModelView::ALL.into_iter().find(|m| m.key() == key)
    }
}

/// Everything the reader can set. Numbers live in one array indexed by [`Param`], so adding a
/// control is one row in the parameter table rather than a field, a getter and a setter.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct State {
    values: [f64; Param::COUNT],
    pub model: ModelView,
    pub ttft_definition: TtftDefinition,
}

impl Default for State {
    fn default() -> Self {
        State { values: Param::ALL.map(|p| p.spec().default), model: ModelView::default(), ttft_definition: TtftDefinition::Client }
    }
}

impl State {
    pub fn get(&self, param: Param) -> f64 {
        self.values.get(param.index()).copied().unwrap_or(param.spec().default)
    }

    /// Stores a value after passing it through the parameter's bounds, so no caller can put an
    /// unaccepted number into the state. Returns the value actually stored.
    pub fn set(&mut self, param: Param, value: f64) -> f64 {
        let mut accepted = param.spec().clamp(value);
        // A cached prefix is part of the prompt: it can never be longer than the prompt.
        if param == Param::Cached {
            accepted = accepted.min(self.get(Param::Prompt));
        }
        if let Some(slot) = self.values.get_mut(param.index()) {
            *slot = accepted;
        }
        if param == Param::Prompt && self.get(Param::Cached) > accepted {
            self.set(Param::Cached, accepted);
        }
        accepted
    }

    /// The parameter's spec with any bound that depends on other inputs filled in: the cached
    /// prefix runs from nothing to the whole prompt, so its slider spans exactly that.
    pub fn spec_of(&self, param: Param) -> ParamSpec {
        let mut spec = *param.spec();
        if param == Param::Cached {
            spec.max = self.get(Param::Prompt).max(spec.min);
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
            wait_secs: self.get(Param::Wait),
        }
    }

    /// The same request under the deeper model, with the reader's knees and cached prefix.
    pub fn deep_request(&self) -> DeepRequest {
        let knees = Knees { attention_tokens: self.get(Param::AttentionKnee), kv_tokens: self.get(Param::KvKnee) };
        DeepRequest::new(self.request(), self.get(Param::Cached), knees)
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
        let s = State::default().with(Param::Decode, 0.0).with(Param::Prompt, 1e12).with(Param::Wait, f64::NAN);
        assert_eq!(s.get(Param::Decode), Param::Decode.spec().min);
        assert_eq!(s.get(Param::Prompt), Param::Prompt.spec().max);
        assert_eq!(s.get(Param::Wait), Param::Wait.spec().default);
    }

    #[test]
    fn the_cached_prefix_never_outgrows_the_prompt() {
        let mut s = State::default();
        assert_eq!(s.set(Param::Cached, 50_000.0), 16_000.0);
        s.set(Param::Prompt, 4_000.0);
        assert_eq!(s.get(Param::Cached), 4_000.0);
    }
}
