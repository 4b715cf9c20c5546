//! Whether a pair can be compared as it was run, checked before any verdict. A review compares
//! deployments, so what makes them deployments (the model, the engine, the hardware, the
//! precision) may differ and is named; what a fair race holds equal may not: the load each was
//! driven at, the prompts it read, the answers it wrote, whether it streamed, and for chips the
//! number of sequences decoded together. Where one of those differs, the answer could change
//! with it, and the card says "not comparable as run" instead of a verdict. Where the runs' own
//! crossover interval spans the answers decided for, either may finish first.

use super::facts::RunFacts;
use crate::measurements::load::{Load, RequestRate};
use crate::model::roofline::Serving;

/// Where a side's numbers came from.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum SideSource {
    /// Typed into the panel: the reviewer vouches for them, and nothing is known beside them.
    #[default]
    Typed,
    /// A chip's rates, from the calculator's setting when they were sent.
    Chip(Box<Serving>),
    Run(Box<RunFacts>),
}

/// What may differ between the sides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Aspect {
    Model,
    Engine,
    Hardware,
    Precision,
    Load,
    Prompt,
    Answer,
    Streaming,
    Batch,
}

impl Aspect {
    /// Whether sides that differ in it were not raced alike: their times could differ for it
    /// alone. The others are what makes each deployment what it is.
    pub fn unfair(self) -> bool {
        matches!(
            self,
            Aspect::Load | Aspect::Prompt | Aspect::Answer | Aspect::Streaming | Aspect::Batch
        )
    }
}

/// One way the sides differ, each side's value as its source states it (`None`: not stated).
#[derive(Clone, Debug, PartialEq)]
pub struct Difference {
    pub aspect: Aspect,
    pub a: Option<String>,
    pub b: Option<String>,
}

impl Difference {
    /// Whether it stops a verdict: an unfair aspect both sides state differently.
    pub fn blocks(&self) -> bool {
        self.aspect.unfair() && self.a.is_some() && self.b.is_some()
    }
}

/// What the card may say of the pair.
#[derive(Clone, Debug, PartialEq)]
pub enum Standing {
    /// Raced alike, as far as the sides say: the verdict stands.
    Comparable,
    /// Raced alike, but the runs cannot tell which finishes first: their crossover's 95%
    /// interval (`high` `None`: no upper end) holds the mean answer decided for.
    EitherMayFinishFirst { low: f64, high: Option<f64> },
    /// Not raced alike: a verdict would rest on the difference.
    NotComparable,
}

/// The pair checked: what the card may say, and every difference found.
#[derive(Clone, Debug, PartialEq)]
pub struct PairCheck {
    pub standing: Standing,
    pub differences: Vec<Difference>,
    /// The runs' crossover interval (where both sides are runs) and the mean answer it was
    /// weighed against, so a verdict that stands can say how far it stands from the lead's change.
    pub interval: Option<(f64, Option<f64>)>,
    pub mean_tokens: f64,
}

/// Prompts or answers whose medians differ by more than this factor were not the same work.
pub const LENGTH_FACTOR: f64 = 2.0;

impl PairCheck {
    /// Checks sides `a` and `b` before a verdict on answers averaging `mean_tokens`, given the
    /// runs' crossover interval where both sides are runs.
    pub fn of(
        a: &SideSource,
        b: &SideSource,
        mean_tokens: f64,
        interval: Option<(f64, Option<f64>)>,
    ) -> PairCheck {
        let differences = differences(a, b);
        let standing = if differences.iter().any(Difference::blocks) {
            Standing::NotComparable
        } else {
            match interval {
                Some((low, high))
                    if low <= mean_tokens && high.is_none_or(|h| mean_tokens <= h) =>
                {
                    Standing::EitherMayFinishFirst { low, high }
                }
                _ => Standing::Comparable,
            }
        };
        PairCheck { standing, differences, interval, mean_tokens }
    }
}

/// Every aspect the two sides state, or one of them states, and differ in.
fn differences(a: &SideSource, b: &SideSource) -> Vec<Difference> {
    let (fa, fb) = (facts(a), facts(b));
    let mut found = Vec::new();
    for aspect in [
        Aspect::Model,
        Aspect::Engine,
        Aspect::Hardware,
        Aspect::Precision,
        Aspect::Load,
        Aspect::Prompt,
        Aspect::Answer,
        Aspect::Streaming,
        Aspect::Batch,
    ] {
        let (va, vb) = (fa.get(aspect), fb.get(aspect));
        let differ = match (&va, &vb) {
            (Some(x), Some(y)) => !same(aspect, x, y),
            (None, None) => false,
            // One side silent: named where the other says something a fair race holds equal.
            _ => aspect.unfair(),
        };
        if differ {
            found.push(Difference { aspect, a: va.map(|v| v.text), b: vb.map(|v| v.text) });
        }
    }
    found
}

/// A side's value of an aspect: as written, and as a number where it is one.
#[derive(Clone, Debug)]
struct Value {
    text: String,
    number: Option<f64>,
    load: Option<Load>,
}

impl Value {
    fn text(text: impl Into<String>) -> Value {
        Value { text: text.into(), number: None, load: None }
    }
    fn number(text: String, number: f64) -> Value {
        Value { text, number: Some(number), load: None }
    }
}

/// Whether two stated values are the same for a fair race.
fn same(aspect: Aspect, x: &Value, y: &Value) -> bool {
    match aspect {
        Aspect::Load => match (x.load, y.load) {
            (Some(a), Some(b)) => !a.differs_from(&b),
            _ => x.text == y.text,
        },
        Aspect::Prompt | Aspect::Answer => match (x.number, y.number) {
            (Some(a), Some(b)) if a > 0.0 && b > 0.0 => (a / b).max(b / a) <= LENGTH_FACTOR,
            _ => x.text == y.text,
        },
        Aspect::Batch => x.number == y.number,
        Aspect::Model => normalised(&x.text) == normalised(&y.text),
        _ => x.text.eq_ignore_ascii_case(&y.text),
    }
}

/// A model's name without its folder or organisation, in lower case: `neuralmagic/Llama-3` and
/// `/models/llama-3` name one model.
fn normalised(name: &str) -> String {
    name.trim_end_matches('/').rsplit('/').next().unwrap_or(name).to_ascii_lowercase()
}

/// What a side states, by aspect.
struct Facts(Vec<(Aspect, Value)>);

impl Facts {
    fn get(&self, aspect: Aspect) -> Option<Value> {
        self.0.iter().find(|(a, _)| *a == aspect).map(|(_, v)| v.clone())
    }
}

fn facts(side: &SideSource) -> Facts {
    let mut said = Vec::new();
    match side {
        SideSource::Typed => {}
        SideSource::Chip(s) => {
            said.push((Aspect::Model, Value::text(s.llm.name)));
            let chips = if s.chips == 1.0 { String::new() } else { format!("{} × ", s.chips) };
            said.push((Aspect::Hardware, Value::text(format!("{chips}{}", s.chip.name))));
            said.push((
                Aspect::Precision,
                Value::text(format!("{} weights, {} cache", s.weights.label(), s.kv.label())),
            ));
            let batch = format!("{} sequences", round(s.batch));
            said.push((Aspect::Batch, Value::number(batch, s.batch)));
        }
        SideSource::Run(r) => {
            let stated = |s: &Option<crate::measurements::meta::Stated>| {
                s.as_ref().map(|s| Value::text(s.value.clone()))
            };
            if let Some(v) = stated(&r.meta.model) {
                said.push((Aspect::Model, v));
            }
            if let Some(v) = stated(&r.meta.engine) {
                said.push((Aspect::Engine, v));
            }
            if let Some(v) = stated(&r.meta.hardware) {
                said.push((Aspect::Hardware, v));
            }
            if let Some(v) = stated(&r.meta.precision) {
                said.push((Aspect::Precision, v));
            }
            if r.load.is_stated() {
                said.push((
                    Aspect::Load,
                    Value { text: load_text(&r.load), number: None, load: Some(r.load) },
                ));
            }
            said.push((
                Aspect::Prompt,
                Value::number(format!("median {} tokens", round(r.prompt_tokens)), r.prompt_tokens),
            ));
            said.push((
                Aspect::Answer,
                Value::number(
                    format!("median {} tokens", round(r.answer_tokens[0])),
                    r.answer_tokens[0],
                ),
            ));
            said.push((
                Aspect::Streaming,
                Value::text(if r.streamed { "streamed" } else { "not streamed" }),
            ));
        }
    }
    Facts(said)
}

/// A whole number of tokens, as a review states one.
fn round(tokens: f64) -> String {
    crate::format::with_separators(tokens, 0)
}

/// A load as a review states it: "concurrency 256, 10 requests/s".
pub fn load_text(load: &Load) -> String {
    let concurrency = load.concurrency.map(|c| format!("concurrency {}", round(c)));
    let rate = load.request_rate.map(|r| match r {
        RequestRate::PerSec(r) => format!("{} requests/s", crate::format::trimmed(r, 2)),
        RequestRate::AllAtOnce => "every request sent at once".to_string(),
    });
    [concurrency, rate].into_iter().flatten().collect::<Vec<_>>().join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::measurements::meta::{RunMeta, Stated};

    fn run(model: &str, load: Load, prompt: f64, answer: f64) -> SideSource {
        SideSource::Run(Box::new(RunFacts {
            meta: RunMeta { model: Stated::of(Some(model), "model_id"), ..RunMeta::default() },
            load,
            streamed: true,
            prompt_tokens: prompt,
            answer_tokens: [answer, answer * 1.5],
            ..RunFacts::default()
        }))
    }

    #[test]
    fn runs_at_different_loads_on_different_prompts_are_not_comparable_and_say_why() {
        // vLLM serving Llama 3.1 70B FP8 at concurrency 256, SGLang serving Qwen3.5 27B at 100.
        let a = run(
            "neuralmagic/Meta-Llama-3.1-70B-Instruct-FP8",
            Load::new(Some(256.0), Some(10.0)),
            464.0,
            85.0,
        );
        let b = run(
            "/workspace/qwen-3.5-27b",
            Load::new(Some(100.0), Some(f64::INFINITY)),
            3_894.0,
            60.0,
        );
        let check = PairCheck::of(&a, &b, 80.0, Some((10.0, None)));
        assert_eq!(check.standing, Standing::NotComparable);
        let aspects: Vec<Aspect> = check.differences.iter().map(|d| d.aspect).collect();
        assert_eq!(aspects, [Aspect::Model, Aspect::Load, Aspect::Prompt]);
        let load = &check.differences[1];
        assert_eq!(load.a.as_deref(), Some("concurrency 256, 10 requests/s"));
        assert_eq!(load.b.as_deref(), Some("concurrency 100, every request sent at once"));
    }

    #[test]
    fn runs_raced_alike_stand_unless_their_interval_holds_the_workload() {
        let a = run("llama-70b", Load::default(), 550.0, 150.0);
        let b = run("meta/llama-70b", Load::default(), 552.0, 151.0);
        let check = PairCheck::of(&a, &b, 151.0, Some((1.0, Some(30.0))));
        assert_eq!((check.standing, check.differences), (Standing::Comparable, vec![]));
        let unsure = PairCheck::of(&a, &b, 151.0, Some((90.0, None)));
        assert_eq!(unsure.standing, Standing::EitherMayFinishFirst { low: 90.0, high: None });
    }

    #[test]
    fn typed_sides_are_vouched_for_and_a_run_beside_them_is_named_not_blocked() {
        let typed = PairCheck::of(&SideSource::Typed, &SideSource::Typed, 600.0, None);
        assert_eq!((typed.standing, typed.differences.len()), (Standing::Comparable, 0));
        let mixed = PairCheck::of(
            &run("m", Load::new(Some(5.0), None), 550.0, 150.0),
            &SideSource::Typed,
            150.0,
            None,
        );
        assert_eq!(
            mixed.standing,
            Standing::Comparable,
            "the typed side states nothing to hold it to"
        );
        assert!(mixed.differences.iter().any(|d| d.aspect == Aspect::Load && d.b.is_none()));
    }

    #[test]
    fn chips_decoding_different_batches_were_not_raced_alike() {
        use crate::model::chips::{Chip, CustomChip};
        let chip = |chip: Chip, batch: f64| {
            let s = crate::state::State::default().serving();
            SideSource::Chip(Box::new(Serving {
                chip: chip.spec(CustomChip::default()),
                batch,
                ..s
            }))
        };
        let same = PairCheck::of(&chip(Chip::H100, 1.0), &chip(Chip::H200, 1.0), 600.0, None);
        assert_eq!(same.standing, Standing::Comparable);
        assert_eq!(
            same.differences.iter().map(|d| d.aspect).collect::<Vec<_>>(),
            [Aspect::Hardware]
        );
        let unfair = PairCheck::of(&chip(Chip::H100, 1.0), &chip(Chip::H200, 32.0), 600.0, None);
        assert_eq!(unfair.standing, Standing::NotComparable);
    }
}
