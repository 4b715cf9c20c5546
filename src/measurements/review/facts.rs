//! What a run tells a review about itself once it is used as a side: the file it came from (its
//! name, its SHA-256 and size, the tool that wrote it), what that file states of the run (model,
//! engine, date, hardware, load), the lengths it sent and got, whether it streamed, why its
//! failures failed, and its requests as observed. The worker works it out from the file it read
//! and hands it to the page with the side's numbers (`protocol::RunAsDeployment`).

use super::observed::{Failures, Observed, ObservedRequest};
use crate::measurements::load::{Load, RequestRate};
use crate::measurements::meta::{RunMeta, Stated};
use crate::measurements::protocol::wire::{Reader, Writer};

/// The result file a run came from, as the reviewer chose it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FileFacts {
    /// Its name as the reader's computer gave it (cleaned and capped).
    pub name: String,
    /// The SHA-256 of its bytes, in lowercase hexadecimal.
    pub sha256: String,
    pub bytes: usize,
}

/// A run as a side of a review.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RunFacts {
    pub file: FileFacts,
    /// The tool that wrote the file, as the page recognised it (`vLLM`, `LLMPerf`).
    pub tool: String,
    pub meta: RunMeta,
    pub load: Load,
    pub streamed: bool,
    /// The median prompt of the requests the fit used, in tokens.
    pub prompt_tokens: f64,
    /// The median and 90th percentile of their answers, in tokens.
    pub answer_tokens: [f64; 2],
    pub failures: Failures,
    pub observed: Observed,
}

impl RunFacts {
    #[must_use]
    pub fn to_wire(&self) -> String {
        let mut w = Writer::new();
        w.text(&self.file.name).text(&self.file.sha256).count(self.file.bytes);
        w.text(&self.tool);
        for stated in [
            &self.meta.tool_version,
            &self.meta.model,
            &self.meta.engine,
            &self.meta.date,
            &self.meta.hardware,
            &self.meta.precision,
        ] {
            w.text(stated.as_ref().map_or("", |s| &s.value))
                .text(stated.as_ref().map_or("", |s| s.key));
        }
        w.number(self.meta.chips);
        w.text(self.meta.method.as_deref().unwrap_or_default());
        w.number(self.load.concurrency);
        w.number(match self.load.request_rate {
            Some(RequestRate::PerSec(r)) => Some(r),
            Some(RequestRate::AllAtOnce) => Some(-1.0),
            None => None,
        });
        w.flag(Some(self.streamed)).number(Some(self.prompt_tokens));
        w.number(Some(self.answer_tokens[0])).number(Some(self.answer_tokens[1]));
        w.count(self.failures.failed).count(self.failures.requests);
        w.list(&self.failures.kinds, |w, (kind, n)| {
            w.text(kind).count(*n);
        });
        w.count(self.observed.of);
        w.list(&self.observed.requests, |w, r| {
            w.number(r.ttft_secs).number(r.e2e_secs).flag(Some(r.failed));
        });
        w.finish()
    }

    /// Reads back what [`RunFacts::to_wire`] wrote; `None` for any other text.
    #[must_use]
    pub fn from_wire(text: &str) -> Option<RunFacts> {
        let mut r = Reader::new(text);
        let file = FileFacts { name: r.text()?, sha256: r.text()?, bytes: r.count()? };
        let tool = r.text()?;
        let mut stated = || -> Option<Option<Stated>> {
            let (value, key) = (r.text()?, r.text()?);
            Some(KEYS.iter().find(|k| **k == key).and_then(|k| Stated::of(Some(value), k)))
        };
        let meta = RunMeta {
            tool_version: stated()?,
            model: stated()?,
            engine: stated()?,
            date: stated()?,
            hardware: stated()?,
            precision: stated()?,
            chips: r.number()?,
            method: Some(r.text()?).filter(|m| !m.is_empty()),
        };
        let concurrency = r.number()?;
        let rate = match r.number()? {
            Some(x) if x < 0.0 => Some(f64::INFINITY),
            rate => rate,
        };
        let facts = RunFacts {
            file,
            tool,
            meta,
            load: Load::new(concurrency, rate),
            streamed: r.flag()??,
            prompt_tokens: r.number()??,
            answer_tokens: [r.number()??, r.number()??],
            failures: Failures {
                failed: r.count()?,
                requests: r.count()?,
                kinds: r.list(|r| Some((r.text()?, r.count()?)))?,
            },
            observed: Observed {
                of: r.count()?,
                requests: r.list(|r| {
                    Some(ObservedRequest {
                        ttft_secs: r.number()?,
                        e2e_secs: r.number()?,
                        failed: r.flag()??,
                    })
                })?,
            },
        };
        r.finish(facts)
    }
}

/// The keys a file's statements are read from (`meta`'s readers): a key read back must be one of
/// them, so what the page names as the source of a statement is the page's own word.
const KEYS: [&str; 15] = [
    "written_by",
    "servers[].model",
    "servers[].host",
    "started_utc",
    "model_id",
    "model",
    "date",
    "server_info.served_model_name",
    "server_info.model_path",
    "server_info.version",
    "server_info.tp_size, dp_size, device",
    "server_info.dtype, quantization",
    "worker.backend_model",
    "start_time",
    "config.plugin_options.model_name",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn facts_cross_to_the_page_whole() {
        let facts = RunFacts {
            file: FileFacts { name: "run.json".into(), sha256: "ab".repeat(32), bytes: 1_234 },
            tool: "vLLM".into(),
            meta: RunMeta {
                model: Stated::of(Some("m"), "model_id"),
                date: Stated::of(Some("20250327-023234"), "date"),
                ..RunMeta::default()
            },
            load: Load::new(Some(256.0), Some(f64::INFINITY)),
            streamed: true,
            prompt_tokens: 464.0,
            answer_tokens: [85.0, 170.0],
            failures: Failures { failed: 1, requests: 3, kinds: vec![("timeout".into(), 1)] },
            observed: Observed {
                of: 3,
                requests: vec![
                    ObservedRequest { ttft_secs: Some(0.1), e2e_secs: Some(2.0), failed: false },
                    ObservedRequest { ttft_secs: None, e2e_secs: None, failed: true },
                ],
            },
        };
        assert_eq!(RunFacts::from_wire(&facts.to_wire()), Some(facts.clone()));
        assert_eq!(RunFacts::from_wire("garbage"), None);
        // A statement under a key the page does not know is not read as stated.
        let forged = facts.to_wire().replacen("model_id", "evil key", 1);
        assert_eq!(RunFacts::from_wire(&forged).and_then(|f| f.meta.model), None);
    }
}
