//! What can still be done once a request is prompt-bound, each lever measured against the request
//! it changes, and the response-time bands the results are judged against.
//!
//! Every lever runs under whatever model the request carries: with [`Knees::DISABLED`] the
//! straight line, with real knees the deeper model, where the levers that shorten the prompt gain
//! more because attention falls with the square of what they remove.
//!
//! [`Knees::DISABLED`]: super::deep::Knees::DISABLED

use super::deep::DeepRequest;
use super::sanitize;

/// Both milestones of one request as the user meets them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Timing {
    pub ttft_secs: f64,
    pub total_secs: f64,
}

impl Timing {
    pub fn of(request: &DeepRequest) -> Timing {
        Timing { ttft_secs: request.ttft_secs(), total_secs: request.total_secs() }
    }
}

/// A lever's effect: the milestones without it and with it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Effect {
    pub before: Timing,
    pub after: Timing,
    /// When the full result exists, if that is no longer what the user waits for (taking the work
    /// off the request path). `None` for levers where the user still waits for the answer.
    pub result_ready_secs: Option<f64>,
}

/// A saving as a fraction of what it was taken from; zero when there was nothing to save from.
fn share(saved: f64, of: f64) -> f64 {
    if of > 0.0 {
        let f = saved / of;
        if f.is_finite() {
            f
        } else {
            0.0
        }
    } else {
        0.0
    }
}

impl Effect {
    /// Seconds taken off the first token; negative when the lever makes it later.
    pub fn ttft_saved_secs(&self) -> f64 {
        self.before.ttft_secs - self.after.ttft_secs
    }

    /// Seconds taken off the whole answer; negative when the lever makes it later.
    pub fn total_saved_secs(&self) -> f64 {
        self.before.total_secs - self.after.total_secs
    }

    /// The TTFT saving as a fraction of the TTFT before (0.5: the first token comes twice as soon).
    pub fn ttft_saved_fraction(&self) -> f64 {
        share(self.ttft_saved_secs(), self.before.ttft_secs)
    }

    /// The total saving as a fraction of the total before.
    pub fn total_saved_fraction(&self) -> f64 {
        share(self.total_saved_secs(), self.before.total_secs)
    }
}

/// Caching a stable prefix (a system prompt, a document asked about repeatedly): its prefill work
/// is done once and reused, so only the rest of the prompt is read. Decode is unchanged, since the
/// cached tokens are still context every step reads.
///
/// Measured against the same request with nothing cached, whatever `request.cached_tokens` says,
/// so the effect is the whole of the prefix's saving. More than the prompt counts as all of it.
pub fn cache_prefix(request: &DeepRequest, cached_tokens: f64) -> Effect {
    let before = request.with_cached(0.0);
    let after = request.with_cached(sanitize::tokens(cached_tokens));
    Effect { before: Timing::of(&before), after: Timing::of(&after), result_ready_secs: None }
}

/// A prompt assembled from retrieved passages: a fixed part (instructions, the question) plus a
/// number of passages of about the same length.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Retrieval {
    pub base_prompt_tokens: f64,
    pub passages: f64,
    pub tokens_per_passage: f64,
}

impl Retrieval {
    /// The lesson's support-answer deployment: twelve passages making an 8,000-token prompt
    /// (a 200-token frame and passages of 650 tokens; four of them give the lesson's ~2,800).
    pub const LESSON: Retrieval =
        Retrieval { base_prompt_tokens: 200.0, passages: 12.0, tokens_per_passage: 650.0 };

    /// base + passages × tokens per passage.
    pub fn prompt_tokens(&self) -> f64 {
        sanitize::tokens(
            sanitize::tokens(self.base_prompt_tokens)
                + sanitize::tokens(self.passages) * sanitize::tokens(self.tokens_per_passage),
        )
    }

    pub fn with_passages(self, passages: f64) -> Retrieval {
        Retrieval { passages, ..self }
    }
}

/// Retrieving fewer passages. Before: the request with the prompt `retrieval` builds; after: the
/// same with only `keep_passages` of them (held between none and all, since the lever only
/// removes). The request supplies everything else: answer, rates, wait, knees and cache.
pub fn fewer_passages(request: &DeepRequest, retrieval: Retrieval, keep_passages: f64) -> Effect {
    let all = sanitize::tokens(retrieval.passages);
    let keep = sanitize::tokens(keep_passages).min(all);
    let before = request.with_prompt(retrieval.with_passages(all).prompt_tokens());
    let after = request.with_prompt(retrieval.with_passages(keep).prompt_tokens());
    Effect { before: Timing::of(&before), after: Timing::of(&after), result_ready_secs: None }
}

/// Instruction tokens each split request carries besides its share of the document, by default.
pub const DEFAULT_INSTRUCTION_TOKENS: f64 = 100.0;

/// Splitting a document into `parts` pieces summarised in parallel, then merged.
///
/// The definition used here:
/// 1. Each part is its own request: prompt = prompt/k + `instruction_tokens`, answer =
///    `part_answer_tokens`, same rates and knees, nothing cached (its text differs from the
///    original prompt, so a cache built for that prompt does not apply).
/// 2. All k parts are sent at once and run side by side without slowing one another (enough
///    capacity is assumed; under load they would share it), so together they take as long as one:
///    the wait, one part's prefill, one part's answer.
/// 3. A merge request then reads the k partial answers plus the instructions
///    (prompt = k × `part_answer_tokens` + `instruction_tokens`) and writes the final answer
///    (the original answer length). It is a second call, so it pays the wait again.
///
/// The user's first token is the merge's first token: TTFT = parts' total + merge TTFT, and
/// total = parts' total + merge total. With k = 1 and no instructions, that is the unsplit
/// request (uncached, answering `part_answer_tokens`) followed by a merge that rereads its answer;
/// with `part_answer_tokens` equal to the answer, splitting in one costs exactly a merge request.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Split {
    /// How many pieces; zero counts as one.
    pub parts: u32,
    pub instruction_tokens: f64,
    pub part_answer_tokens: f64,
}

impl Split {
    /// `parts` pieces, the default instructions, and partial answers as long as the final one.
    pub fn new(request: &DeepRequest, parts: u32) -> Split {
        Split {
            parts,
            instruction_tokens: DEFAULT_INSTRUCTION_TOKENS,
            part_answer_tokens: request.base.output_tokens,
        }
    }

    fn k(&self) -> f64 {
        f64::from(self.parts.max(1))
    }

    /// One of the parallel part requests.
    pub fn part_request(&self, request: &DeepRequest) -> DeepRequest {
        let share = sanitize::tokens(request.base.prompt_tokens) / self.k();
        request
            .with_cached(0.0)
            .with_prompt(share + sanitize::tokens(self.instruction_tokens))
            .with_output(sanitize::tokens(self.part_answer_tokens))
    }

    /// The request that merges the partial answers into the final one.
    pub fn merge_request(&self, request: &DeepRequest) -> DeepRequest {
        let prompt = sanitize::tokens(
            self.k() * sanitize::tokens(self.part_answer_tokens)
                + sanitize::tokens(self.instruction_tokens),
        );
        request.with_cached(0.0).with_prompt(prompt)
    }

    /// The split pipeline's milestones as the user meets them.
    pub fn timing(&self, request: &DeepRequest) -> Timing {
        let parts_done = self.part_request(request).total_secs();
        let merge = self.merge_request(request);
        Timing {
            ttft_secs: parts_done + merge.ttft_secs(),
            total_secs: parts_done + merge.total_secs(),
        }
    }
}

/// Splitting against the request as given (with its cache, if any).
pub fn split(request: &DeepRequest, plan: Split) -> Effect {
    Effect { before: Timing::of(request), after: plan.timing(request), result_ready_secs: None }
}

/// A default acknowledgement time: one plain round trip to a service that stores the job and
/// replies, no model work in it.
pub const DEFAULT_ACK_SECS: f64 = 0.1;

/// Taking the work off the request path. The request the user waits on only records the job and
/// answers with a receipt (the job is accepted, the user will be told when it is done); the model
/// call runs afterwards and its result is delivered by notification.
///
/// The user-facing TTFT and total both become the acknowledgement time, `ack_secs` (the receipt
/// arrives whole). The result itself still takes the request's full total from submission; that
/// is reported as `result_ready_secs`. NaN counts as the default acknowledgement.
pub fn off_request_path(request: &DeepRequest, ack_secs: f64) -> Effect {
    let ack = if ack_secs.is_nan() { DEFAULT_ACK_SECS } else { sanitize::secs(ack_secs) };
    let before = Timing::of(request);
    Effect {
        before,
        after: Timing { ttft_secs: ack, total_secs: ack },
        result_ready_secs: Some(before.total_secs),
    }
}

/// A response time and what waiting that long feels like.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ResponseBand {
    /// Upper edge of the band.
    pub limit_secs: f64,
    /// A few words for an axis label.
    pub label: &'static str,
    /// One sentence for a tooltip or caption.
    pub meaning: &'static str,
}

/// The three limits usually cited for interfaces, shortest first.
pub const RESPONSE_BANDS: [ResponseBand; 3] = [
    ResponseBand {
        limit_secs: INSTANT_SECS,
        label: "feels instant",
        meaning: "The result seems caused directly by the click; no sign of work is needed.",
    },
    ResponseBand {
        limit_secs: 1.0,
        label: "flow unbroken",
        meaning: "The pause is noticed, but the person keeps their train of thought.",
    },
    ResponseBand {
        limit_secs: 10.0,
        label: "attention holds",
        meaning: "About as long as someone keeps watching; beyond it they drift off unless shown progress.",
    },
];

/// The first limit: a response within it feels instant, so two waits this close feel the same.
pub const INSTANT_SECS: f64 = 0.1;

/// Whether a person can tell two waits `gap_secs` apart: not under [`INSTANT_SECS`], the limit
/// below which a response reads as immediate (NaN is not a difference anyone feels).
pub fn gap_is_felt(gap_secs: f64) -> bool {
    gap_secs.abs() >= INSTANT_SECS
}

/// The tightest band a response time fits in, or `None` past the last one (or for NaN).
pub fn band_of(secs: f64) -> Option<ResponseBand> {
    RESPONSE_BANDS.into_iter().find(|b| secs <= b.limit_secs)
}
