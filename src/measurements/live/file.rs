//! A live measurement as the reviewer holds it, and the file it downloads as: strict JSON
//! written by serde, in the format documented in the README ("Measure your own servers"), which
//! the page's own reader reads back ([`crate::measurements::formats::live`]) to the same fit,
//! digit for digit, since the page fits its own measurement by reading this very text.
//!
//! No key is in it, and each server appears by host and port only.

use super::plan::{Plan, Side};
use super::timing::{LengthKept, Timed};
use serde::Serialize;

/// The value of the file's `format` member, by which the reader knows it.
pub const FORMAT: &str = "crossover-live-measurement";
pub const VERSION: u32 = 1;
/// How the requests were ordered, as the file says it.
pub const ORDER: &str =
    "one request at a time, A and B by turns, the pairs of lengths in a shuffled order";

/// One server as the measurement knows it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Server {
    /// Host and port, as typed.
    pub host: String,
    pub model: String,
    /// A small request's round trip (the model list), measured before the run.
    pub round_trip_secs: Option<f64>,
    /// From the warm-up request: how many prompt words made a token.
    pub words_per_token: f64,
}

/// Everything measured so far.
#[derive(Clone, Debug, PartialEq)]
pub struct Measurement {
    /// When the run began, as the page's clock gave it (ISO 8601, UTC).
    pub started_utc: String,
    pub plan: Plan,
    pub seed: u64,
    pub servers: [Server; 2],
    /// Every request sent after the warm-ups, in the order sent.
    pub requests: Vec<Timed>,
    /// Requests the plan held that were not sent (the run was cancelled or stopped).
    pub unsent: usize,
}

/// A side's requests, counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub sent: usize,
    pub failed: usize,
    /// Answers the server stopped before the planned length, or ran past it.
    pub shorter: usize,
    pub longer: usize,
}

impl Measurement {
    pub fn tally(&self, side: Side) -> Tally {
        let mut t = Tally::default();
        for r in self.requests.iter().filter(|r| r.planned.side == side) {
            t.sent += 1;
            t.failed += usize::from(r.failure.is_some());
            match r.length_kept() {
                LengthKept::Shorter => t.shorter += 1,
                LengthKept::Longer => t.longer += 1,
                LengthKept::AsPlanned => {}
            }
        }
        t
    }

    /// Whether each side has what a fit needs: answered requests at three prompt lengths.
    pub fn can_fit(&self) -> bool {
        Side::BOTH.iter().all(|&side| {
            let mut lengths: Vec<u32> = self
                .requests
                .iter()
                .filter(|r| r.planned.side == side && r.failure.is_none())
                .map(|r| r.planned.prompt_tokens)
                .collect();
            lengths.sort_unstable();
            lengths.dedup();
            lengths.len() >= 3
        })
    }

    /// The file's text.
    pub fn to_json(&self) -> String {
        let file = File {
            format: FORMAT,
            version: VERSION,
            written_by: concat!("Crossover ", env!("CARGO_PKG_VERSION")),
            started_utc: &self.started_utc,
            plan: PlanFile {
                prompt_tokens: &self.plan.prompt_tokens,
                answer_tokens: &self.plan.answer_tokens,
                repeats: self.plan.repeats,
                time_limit_secs: self.plan.time_limit_secs,
                order: ORDER,
                seed: self.seed,
                unsent: self.unsent,
            },
            servers: Side::BOTH.map(|side| {
                let s = side.of(&self.servers);
                ServerFile {
                    side: side.key(),
                    host: &s.host,
                    model: &s.model,
                    round_trip_secs: s.round_trip_secs,
                    words_per_token: s.words_per_token,
                }
            }),
            requests: self.requests.iter().map(RequestFile::of).collect(),
        };
        // Serialising plain structs of numbers and strings cannot fail.
        serde_json::to_string_pretty(&file).unwrap_or_default()
    }

    /// The file's name: the date and time the run began.
    pub fn file_name(&self) -> String {
        let stamp: String = self
            .started_utc
            .chars()
            .take(16)
            .map(|c| if c.is_ascii_digit() { c } else { '-' })
            .collect();
        format!("crossover-live-{stamp}.json")
    }
}

#[derive(Serialize)]
struct File<'a> {
    format: &'static str,
    version: u32,
    written_by: &'static str,
    started_utc: &'a str,
    plan: PlanFile<'a>,
    servers: [ServerFile<'a>; 2],
    requests: Vec<RequestFile>,
}

#[derive(Serialize)]
struct PlanFile<'a> {
    prompt_tokens: &'a [u32],
    answer_tokens: &'a [u32],
    repeats: u32,
    time_limit_secs: f64,
    order: &'static str,
    seed: u64,
    unsent: usize,
}

#[derive(Serialize)]
struct ServerFile<'a> {
    side: &'static str,
    host: &'a str,
    model: &'a str,
    round_trip_secs: Option<f64>,
    words_per_token: f64,
}

#[derive(Serialize)]
struct RequestFile {
    side: &'static str,
    planned_prompt_tokens: u32,
    planned_answer_tokens: u32,
    prompt_tokens: Option<f64>,
    answer_tokens: Option<f64>,
    ttft_secs: Option<f64>,
    last_content_secs: Option<f64>,
    end_secs: f64,
    content_events: usize,
    server_prefill_tokens_per_sec: Option<f64>,
    server_decode_tokens_per_sec: Option<f64>,
    failure: Option<&'static str>,
}

impl RequestFile {
    fn of(r: &Timed) -> RequestFile {
        RequestFile {
            side: r.planned.side.key(),
            planned_prompt_tokens: r.planned.prompt_tokens,
            planned_answer_tokens: r.planned.answer_tokens,
            prompt_tokens: r.prompt_tokens,
            answer_tokens: r.answer_tokens,
            ttft_secs: r.ttft_secs,
            last_content_secs: r.last_content_secs,
            end_secs: r.end_secs,
            content_events: r.content_events,
            server_prefill_tokens_per_sec: r.server_rates.map(|s| s.prefill_tokens_per_sec),
            server_decode_tokens_per_sec: r.server_rates.map(|s| s.decode_tokens_per_sec),
            failure: r.failure.as_ref().map(super::Failure::id),
        }
    }
}
