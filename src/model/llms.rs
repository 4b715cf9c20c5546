//! The language models on offer, as their published configurations describe them, and a
//! custom model described by four numbers.
//!
//! The arithmetic needs only the parameter count (the weights every token passes through:
//! for a mixture of experts, the active ones) and the shape of the KV cache: layers, key-value
//! heads and the width of each head.

use super::input_range::InputRange;
use super::source::Source;

const BILLION: f64 = 1e9;

crate::keyed::keyed! {
    /// One of the models on offer.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub enum Llm {
        Llama8b => "llama8b",
        Llama70b => "llama70b",
        Llama405b => "llama405b",
        /// Described by the reader.
        Custom => "custom",
    }
}

/// What the arithmetic needs to know about a model.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LlmSpec {
    pub llm: Llm,
    pub name: &'static str,
    /// Parameters each token passes through (`P`).
    pub params: f64,
    pub layers: f64,
    /// Key-value heads per layer (fewer than query heads under grouped-query attention).
    pub kv_heads: f64,
    /// Width of one head, in elements.
    pub head_dim: f64,
    /// The published configuration the shape comes from (`None` for the custom model).
    pub source: Option<Source>,
}

const LLAMA_8B: LlmSpec = LlmSpec {
    llm: Llm::Llama8b,
    name: "Llama 3.1 8B",
    params: 8.03 * BILLION,
    layers: 32.0,
    kv_heads: 8.0,
    head_dim: 128.0,
    source: Some(Source {
        name: "Llama 3.1 8B configuration (config.json)",
        url: "https://huggingface.co/meta-llama/Llama-3.1-8B/blob/main/config.json",
    }),
};

const LLAMA_70B: LlmSpec = LlmSpec {
    llm: Llm::Llama70b,
    name: "Llama 3.1 70B",
    params: 70.6 * BILLION,
    layers: 80.0,
    kv_heads: 8.0,
    head_dim: 128.0,
    source: Some(Source {
        name: "Llama 3.1 70B configuration (config.json)",
        url: "https://huggingface.co/meta-llama/Llama-3.1-70B/blob/main/config.json",
    }),
};

const LLAMA_405B: LlmSpec = LlmSpec {
    llm: Llm::Llama405b,
    name: "Llama 3.1 405B",
    params: 405.9 * BILLION,
    layers: 126.0,
    kv_heads: 8.0,
    head_dim: 128.0,
    source: Some(Source {
        name: "Llama 3.1 405B configuration (config.json)",
        url: "https://huggingface.co/meta-llama/Llama-3.1-405B/blob/main/config.json",
    }),
};

impl Llm {
    /// Closest to the lesson's model of about ten billion parameters.
    pub const DEFAULT: Llm = Llm::Llama8b;

    /// The published model a name written by a serving tool names (`neuralmagic/Meta-Llama-3.1-
    /// 70B-Instruct-FP8`, `meta-llama/Llama-3.1-8B`), by its family, version and size; `None`
    /// for any other, a Llama 3.3 or a Qwen among them: a model of another version is not
    /// assumed to be of this shape.
    pub fn named(name: &str) -> Option<Llm> {
        let squeezed: String = name
            .chars()
            .filter(char::is_ascii_alphanumeric)
            .map(|c| c.to_ascii_lowercase())
            .collect();
        if !squeezed.contains("llama31") {
            return None;
        }
        // The size after the version, as its own figure: "405b" before "70b" before "8b".
        let after = squeezed.split_once("llama31").map_or("", |(_, rest)| rest);
        [(Llm::Llama405b, "405b"), (Llm::Llama70b, "70b"), (Llm::Llama8b, "8b")]
            .into_iter()
            .find(|(_, size)| after.starts_with(size))
            .map(|(llm, _)| llm)
    }

    /// The published configuration's figures; `None` for the custom model.
    pub fn published(self) -> Option<LlmSpec> {
        match self {
            Llm::Llama8b => Some(LLAMA_8B),
            Llm::Llama70b => Some(LLAMA_70B),
            Llm::Llama405b => Some(LLAMA_405B),
            Llm::Custom => None,
        }
    }

    /// The figures the arithmetic uses: the published ones, or the custom model's own.
    pub fn spec(self, custom: CustomLlm) -> LlmSpec {
        self.published().unwrap_or_else(|| custom.spec())
    }
}

impl LlmSpec {
    /// Elements cached per token of context: a key and a value in every KV head of every layer.
    pub fn kv_values_per_token(&self) -> f64 {
        let held = self.held();
        2.0 * held.layers * held.kv_heads * held.head_dim
    }

    /// The figures held inside the custom model's ranges, which contain every model in the
    /// table: a spec built by hand with NaN, zero or infinite figures still gives finite results.
    /// The arithmetic reads only these, and so should any text that quotes a figure.
    pub fn held(self) -> LlmSpec {
        LlmSpec {
            params: CustomLlm::PARAMS_BILLIONS.scaled(BILLION).hold(self.params),
            layers: CustomLlm::LAYERS.hold(self.layers),
            kv_heads: CustomLlm::KV_HEADS.hold(self.kv_heads),
            head_dim: CustomLlm::HEAD_DIM.hold(self.head_dim),
            ..self
        }
    }
}

/// A model the reader describes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CustomLlm {
    /// Parameters each token passes through, in billions (active ones for a mixture of experts).
    pub params_billions: f64,
    pub layers: f64,
    pub kv_heads: f64,
    pub head_dim: f64,
}

impl CustomLlm {
    /// From 0.1 billion (the smallest models still served) to 2,000 billion, above the largest
    /// open models' total parameters; a mixture of experts counts far fewer.
    pub const PARAMS_BILLIONS: InputRange = InputRange { min: 0.1, max: 2_000.0, default: 8.03 };
    /// The deepest published models stay well under 256 layers.
    pub const LAYERS: InputRange = InputRange { min: 1.0, max: 256.0, default: 32.0 };
    /// One (multi-query attention) to 256, above the head counts of models that cache every
    /// query head.
    pub const KV_HEADS: InputRange = InputRange { min: 1.0, max: 256.0, default: 8.0 };
    /// Published heads are 64 to 256 elements wide; the range leaves room either side.
    pub const HEAD_DIM: InputRange = InputRange { min: 8.0, max: 1_024.0, default: 128.0 };

    /// The default model's figures, so choosing `custom` changes nothing until a field is edited.
    pub const DEFAULT: CustomLlm = CustomLlm {
        params_billions: CustomLlm::PARAMS_BILLIONS.default,
        layers: CustomLlm::LAYERS.default,
        kv_heads: CustomLlm::KV_HEADS.default,
        head_dim: CustomLlm::HEAD_DIM.default,
    };

    /// The figures as the arithmetic takes them, each held inside its range.
    pub fn spec(self) -> LlmSpec {
        LlmSpec {
            llm: Llm::Custom,
            name: "Custom model",
            params: CustomLlm::PARAMS_BILLIONS.hold(self.params_billions) * BILLION,
            layers: CustomLlm::LAYERS.hold(self.layers),
            kv_heads: CustomLlm::KV_HEADS.hold(self.kv_heads),
            head_dim: CustomLlm::HEAD_DIM.hold(self.head_dim),
            source: None,
        }
    }
}

impl Default for CustomLlm {
    fn default() -> Self {
        CustomLlm::DEFAULT
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_served_models_name_is_read_only_for_the_models_held() {
        assert_eq!(Llm::named("neuralmagic/Meta-Llama-3.1-70B-Instruct-FP8"), Some(Llm::Llama70b));
        assert_eq!(Llm::named("meta-llama/Llama-3.1-8B"), Some(Llm::Llama8b));
        assert_eq!(Llm::named("llama3.1:405b-instruct-q4"), Some(Llm::Llama405b));
        assert_eq!(Llm::named("meta-llama/Llama-3.3-70B-Instruct"), None);
        assert_eq!(Llm::named("/workspace/qwen-3.5-27b"), None);
        assert_eq!(Llm::named("llama-3.1"), None, "no size, no model");
    }

    #[test]
    fn keys_round_trip_and_every_published_model_names_its_configuration() {
        for llm in Llm::ALL {
            assert_eq!(Llm::from_key(llm.key()), Some(llm));
            let spec = llm.spec(CustomLlm::DEFAULT);
            assert_eq!(spec.llm, llm);
            match llm {
                Llm::Custom => assert!(spec.source.is_none()),
                _ => {
                    let source = spec.source.expect("a published model has a source");
                    assert!(source.url.ends_with("config.json"), "{}", source.url);
                    assert!(source.name.starts_with(spec.name), "{}", source.name);
                }
            }
        }
    }

    #[test]
    fn every_published_model_lies_inside_the_custom_ranges() {
        for spec in Llm::ALL.into_iter().filter_map(Llm::published) {
            assert_eq!(spec.held(), spec, "{}", spec.name);
        }
    }

    #[test]
    fn the_default_custom_model_is_the_default_model() {
        let custom = CustomLlm::DEFAULT.spec();
        let default = Llm::DEFAULT.published().expect("the default model is published");
        assert_eq!(custom.params, default.params);
        assert_eq!(custom.kv_values_per_token(), default.kv_values_per_token());
    }

    #[test]
    fn custom_figures_outside_their_ranges_are_held_inside() {
        for x in [f64::NAN, f64::NEG_INFINITY, -1.0, 0.0, 1e300, f64::INFINITY] {
            let spec = CustomLlm { params_billions: x, layers: x, kv_heads: x, head_dim: x }.spec();
            assert!(spec.params >= 1e8 && spec.params <= 2e12, "{}", spec.params);
            let kv = spec.kv_values_per_token();
            assert!(kv.is_finite() && kv >= 16.0, "{kv}");
        }
    }
}
