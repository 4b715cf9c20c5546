//! The page state: every input the reader controls, with its bounds, its defaults and its URL
//! form. Everything above this layer can assume a `State` holds only accepted values.

pub mod notice;
pub mod params;
pub mod query;
pub mod value;

pub use notice::Notice;
pub use params::{Param, ParamSpec, Scale};

use crate::model::{ReadingSpeed, Request};

/// Everything the reader can set. Always within the bounds in [`params`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct State {
    pub prompt_tokens: f64,
    pub output_tokens: f64,
    pub prefill_tokens_per_sec: f64,
    pub decode_tokens_per_sec: f64,
    pub wait_secs: f64,
    pub reading_words_per_min: f64,
}

impl Default for State {
    fn default() -> Self {
        let mut state = State {
            prompt_tokens: 0.0,
            output_tokens: 0.0,
            prefill_tokens_per_sec: 0.0,
            decode_tokens_per_sec: 0.0,
            wait_secs: 0.0,
            reading_words_per_min: 0.0,
        };
        for param in Param::ALL {
            state.set(param, param.spec().default);
        }
        state
    }
}

impl State {
    pub fn get(&self, param: Param) -> f64 {
        match param {
            Param::Prompt => self.prompt_tokens,
            Param::Output => self.output_tokens,
            Param::Prefill => self.prefill_tokens_per_sec,
            Param::Decode => self.decode_tokens_per_sec,
            Param::Wait => self.wait_secs,
            Param::Reading => self.reading_words_per_min,
        }
    }

    /// Stores a value after passing it through the parameter's bounds, so no caller can put an
    /// unaccepted number into the state.
    pub fn set(&mut self, param: Param, value: f64) {
        let accepted = param.spec().clamp(value);
        match param {
            Param::Prompt => self.prompt_tokens = accepted,
            Param::Output => self.output_tokens = accepted,
            Param::Prefill => self.prefill_tokens_per_sec = accepted,
            Param::Decode => self.decode_tokens_per_sec = accepted,
            Param::Wait => self.wait_secs = accepted,
            Param::Reading => self.reading_words_per_min = accepted,
        }
    }

    pub fn with(mut self, param: Param, value: f64) -> State {
        self.set(param, value);
        self
    }

    /// The request these inputs describe, for the model.
    pub fn request(&self) -> Request {
        Request {
            prompt_tokens: self.prompt_tokens,
            output_tokens: self.output_tokens,
            prefill_tokens_per_sec: self.prefill_tokens_per_sec,
            decode_tokens_per_sec: self.decode_tokens_per_sec,
            wait_secs: self.wait_secs,
        }
    }

    pub fn reading(&self) -> ReadingSpeed {
        ReadingSpeed { words_per_min: self.reading_words_per_min }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_the_summariser() {
        let s = State::default();
        assert_eq!(s.request(), Request::SUMMARISER);
        assert_eq!(s.reading_words_per_min, 240.0);
    }

    #[test]
    fn set_clamps_to_bounds() {
        let s = State::default().with(Param::Decode, 0.0).with(Param::Prompt, 1e12).with(Param::Wait, f64::NAN);
        assert_eq!(s.decode_tokens_per_sec, Param::Decode.spec().min);
        assert_eq!(s.prompt_tokens, Param::Prompt.spec().max);
        assert_eq!(s.wait_secs, Param::Wait.spec().default);
    }
}
