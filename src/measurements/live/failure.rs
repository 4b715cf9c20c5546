//! Why a request to a live server gave nothing to fit, each said in its own words with what to
//! do about it. The page shows the sentence where the reviewer looks; what was measured before
//! stays.

use crate::format::{self, with_separators};
use crate::measurements::file_text;

/// The longest wait after a 429 the page takes, whatever the server's `Retry-After` asks.
pub const MOST_BACK_OFF_SECS: f64 = 60.0;

/// The wait after a 429 where the server's `Retry-After` gives no number of seconds.
pub const BACK_OFF_SECS: f64 = 5.0;

/// The wait after a 429: what the server's `Retry-After` header asked in seconds (at most
/// [`MOST_BACK_OFF_SECS`]), or else [`BACK_OFF_SECS`]. Three refusals in a row still end the
/// measurement, so a server that keeps refusing costs the reviewer at most three waits.
pub fn back_off_secs(retry_after: Option<&str>) -> f64 {
    match retry_after.and_then(|r| r.trim().parse::<f64>().ok()) {
        Some(secs) if secs.is_finite() && secs >= 0.0 => secs.min(MOST_BACK_OFF_SECS),
        _ => BACK_OFF_SECS,
    }
}

/// The longest part of a server's error body kept: enough for its message, and no more of an
/// untrusted server's text than that.
pub const MOST_BODY_CHARS: usize = 300;

#[derive(Clone, Debug, PartialEq)]
pub enum Failure {
    /// The request never got an answer: nothing listens there, or the server's cross-origin
    /// policy refused this page. A browser does not say which.
    Unreachable,
    /// An `https` page may not call plain `http` on another machine (mixed content).
    MixedContent,
    /// 401 or 403: the key is missing or wrong.
    Key { status: u16, body: String },
    /// The server answered with a redirect, which the page does not follow (a key must not be
    /// carried to another address).
    Redirected,
    /// 404: no such path, or no such model.
    NotFound { body: String },
    /// 429: the server is turning requests away; the page waits `wait_secs` before it sends
    /// that server the next one.
    TooMany { body: String, wait_secs: f64 },
    /// 5xx.
    ServerFault { status: u16, body: String },
    /// Any other status that is not a success.
    Status { status: u16, body: String },
    /// The answer came whole rather than as a stream: it gives no first-token time.
    NotStreamed { content_type: String },
    /// The stream stopped before the server said it was done.
    Cut,
    /// The server put an error into the stream.
    InStream { message: String },
    /// No answer text came at all.
    NoContent,
    /// The stream ended without token counts (`usage`), which the fit needs from the server.
    NoUsage,
    /// Fewer than two answer tokens: no time per token after the first.
    TooShort { tokens: f64 },
    /// Not finished within the plan's time limit.
    TimedOut { limit_secs: f64 },
    /// The stream grew past the size the page reads of one answer.
    TooLarge { bytes: usize },
}

/// Each serving stack's switch that lets a page's origin in, said wherever a server may have
/// refused it.
const CORS_SWITCHES: &str = "start vLLM with --allowed-origins, llama.cpp's server with \
    --cors-origins, Ollama with OLLAMA_ORIGINS or LM Studio with lms server start --cors; SGLang \
    lets any origin in.";

impl Failure {
    /// A status that is not a success, with the start of the body the server sent.
    /// `retry_after` is the response's `Retry-After` header, which a 429's wait follows.
    pub fn of_status(status: u16, body: &str, retry_after: Option<&str>) -> Failure {
        let body: String = file_text::cleaned(body).chars().take(MOST_BODY_CHARS).collect();
        match status {
            401 | 403 => Failure::Key { status, body },
            404 => Failure::NotFound { body },
            429 => Failure::TooMany { body, wait_secs: back_off_secs(retry_after) },
            500..=599 => Failure::ServerFault { status, body },
            _ => Failure::Status { status, body },
        }
    }

    /// A short stable name, for the table and the tests.
    pub fn id(&self) -> &'static str {
        match self {
            Failure::Unreachable => "unreachable",
            Failure::MixedContent => "mixed-content",
            Failure::Key { .. } => "key",
            Failure::Redirected => "redirected",
            Failure::NotFound { .. } => "not-found",
            Failure::TooMany { .. } => "too-many",
            Failure::ServerFault { .. } => "server-fault",
            Failure::Status { .. } => "status",
            Failure::NotStreamed { .. } => "not-streamed",
            Failure::Cut => "cut",
            Failure::InStream { .. } => "in-stream",
            Failure::NoContent => "no-content",
            Failure::NoUsage => "no-usage",
            Failure::TooShort { .. } => "too-short",
            Failure::TimedOut { .. } => "timed-out",
            Failure::TooLarge { .. } => "too-large",
        }
    }

    /// Whether no request to this server can succeed until the reviewer changes something (the
    /// address, the key, the model, the server's switches): the measurement stops at once.
    pub fn stops_the_run(&self) -> bool {
        matches!(
            self,
            Failure::Unreachable
                | Failure::MixedContent
                | Failure::Key { .. }
                | Failure::Redirected
                | Failure::NotFound { .. }
                | Failure::NotStreamed { .. }
        )
    }

    /// What happened, said of `side` at `host`, and what to do; `origin` is this page's, which
    /// a server must let in.
    pub fn sentence(&self, side: &str, host: &str, origin: &str) -> String {
        match self {
            Failure::Unreachable | Failure::MixedContent | Failure::Key { .. } => {
                self.reach_sentence(side, host, origin)
            }
            _ => self.answer_sentence(side, host),
        }
    }

    /// Why the server could not be reached or would not serve this page.
    fn reach_sentence(&self, side: &str, host: &str, origin: &str) -> String {
        let base = super::address::Base {
            scheme: "http".to_string(),
            host: host.to_string(),
            path: String::new(),
        };
        match self {
            Failure::Unreachable if base.reached_from_public(origin) => format!(
                "{side} at {host} did not answer. This page, at {origin}, is on the public \
                 internet and {host} is on your own computer or network: Chrome (from version \
                 142) asks before letting such a page reach it, and until that is allowed the \
                 server looks unreachable. If Chrome asked, allow it and start again; if it was \
                 refused, allow local network access for this site in its settings (the icon left \
                 of the address). If Chrome did not ask, the server is down or refused the page's \
                 origin: {CORS_SWITCHES}"
            ),
            Failure::Unreachable => format!(
                "{side} at {host} did not answer this page. Either nothing is listening there \
                 (check the address and that the server is up), or the server refused the \
                 page's origin, {origin}: browsers do not say which. To let the page in, \
                 {CORS_SWITCHES}"
            ),
            Failure::MixedContent => format!(
                "This page came over https, so the browser will not let it call {host} over \
                 plain http (mixed content). Serve the API over https, or open the workbench \
                 from http://localhost, or measure a server on this computer (localhost or \
                 127.0.0.1, which the browser allows)."
            ),
            Failure::Key { status, body } => format!(
                "{side} at {host} refused the request with {status}: the API key is missing or \
                 wrong. Type the key the server expects; it stays in this tab's memory only.{}",
                said(body)
            ),
            _ => self.answer_sentence(side, host),
        }
    }

    /// What went wrong with a request the server took.
    fn answer_sentence(&self, side: &str, host: &str) -> String {
        match self {
            Failure::NotFound { body } => format!(
                "{side} at {host} answered 404: either the address does not end at the API's \
                 /v1, or the server serves no model by that name. Check both.{}",
                said(body)
            ),
            Failure::TooMany { body, wait_secs } => format!(
                "{side} at {host} answered 429, too many requests: it is rate-limiting this \
                 key. The request counts as failed, and the page waits {} before it sends \
                 {side} the next one; if it keeps refusing, raise the limit and measure \
                 again.{}",
                format::duration(*wait_secs),
                said(body)
            ),
            Failure::Redirected => format!(
                "{side} at {host} answered with a redirect, which the page does not follow: a \
                 key must not be carried to another address. Give the address the API answers \
                 at itself (it usually ends in /v1), and check http against https."
            ),
            Failure::ServerFault { status, body } => format!(
                "{side} at {host} failed with {status}: the fault is on the server's side (its \
                 log says more). The request counts as failed.{}",
                said(body)
            ),
            Failure::Status { status, body } => format!(
                "{side} at {host} answered {status}, which is not a success. The request counts \
                 as failed.{}",
                said(body)
            ),
            Failure::NotStreamed { content_type } => format!(
                "{side} at {host} sent its answer whole ({}) instead of streaming it, so no \
                 first token can be timed. Use a server that streams its OpenAI-compatible \
                 completions.",
                if content_type.is_empty() { "no content type" } else { content_type.as_str() }
            ),
            Failure::Cut => format!(
                "{side} at {host} stopped sending partway through an answer (the connection \
                 closed before the server said it was done). The request counts as failed."
            ),
            Failure::InStream { message } => format!(
                "{side} at {host} reported an error partway through: \u{201c}{message}\u{201d}. \
                 The request counts as failed."
            ),
            Failure::NoContent => format!(
                "{side} at {host} streamed no answer text at all, so there is no first token \
                 to time. The request counts as failed."
            ),
            Failure::NoUsage => format!(
                "{side} at {host} did not report its token counts (usage), which the fit \
                 takes from the server rather than from the plan. The request counts as failed; \
                 a server that honours stream_options.include_usage is needed."
            ),
            Failure::TooShort { tokens } => format!(
                "{side} at {host} wrote only {} answer tokens, too few for a time per token. \
                 The request counts as failed.",
                with_separators(*tokens, 0)
            ),
            Failure::TimedOut { limit_secs } => format!(
                "{side} at {host} had not finished after {} s, the plan's limit, so the request \
                 was stopped and counts as failed.",
                with_separators(*limit_secs, 0)
            ),
            Failure::TooLarge { bytes } => format!(
                "{side} at {host} kept sending past {} bytes for one answer, so the page \
                 stopped reading it. The request counts as failed.",
                with_separators(*bytes as f64, 0)
            ),
            Failure::Unreachable | Failure::MixedContent | Failure::Key { .. } => {
                self.reach_sentence(side, host, "")
            }
        }
    }
}

/// A server's own words after a sentence, where it sent any.
fn said(body: &str) -> String {
    if body.is_empty() {
        String::new()
    } else {
        format!(" It said: \u{201c}{body}\u{201d}.")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_status_has_its_own_words_and_a_servers_body_is_capped_text() {
        let body = format!("<b>{}</b>", "x".repeat(1_000));
        let cases = [
            (401, "key"),
            (403, "key"),
            (404, "not-found"),
            (429, "too-many"),
            (503, "server-fault"),
            (418, "status"),
        ];
        for (status, id) in cases {
            let failure = Failure::of_status(status, &body, None);
            assert_eq!(failure.id(), id);
            let said = failure.sentence("A", "127.0.0.1:8000", "http://127.0.0.1:9000");
            assert!(said.starts_with("A at 127.0.0.1:8000"), "{said}");
            assert!(said.chars().count() < 700, "{said}");
            assert!(said.contains("<b>xxx"), "{said}");
        }
        let unreachable = Failure::Unreachable.sentence("B", "gpu-box:8000", "https://x.dev");
        for switch in [
            "--allowed-origins",
            "--cors-origins",
            "OLLAMA_ORIGINS",
            "--cors",
            "SGLang",
            "https://x.dev",
        ] {
            assert!(unreachable.contains(switch), "{switch}");
        }
        let public = Failure::Unreachable.sentence("B", "gpu.example.com", "https://x.dev");
        assert!(public.contains("--cors-origins") && public.contains("https://x.dev"), "{public}");
        assert!(!public.contains("Chrome"), "a public page calling a public name: {public}");
        // A public page calling this computer or a private address: Chrome's prompt, in words
        // of its own, and the switches still.
        for host in
            ["127.0.0.1:8000", "192.168.1.20:8000", "[::1]:8000", "gpu-box:8000", "gpu.local"]
        {
            let said = Failure::Unreachable.sentence("A", host, "https://crossover.example");
            assert!(said.contains("Chrome (from version 142) asks"), "{host}: {said}");
            assert!(said.contains("--cors-origins"), "{said}");
        }
        // Served from this computer, nothing is crossed.
        let local = Failure::Unreachable.sentence("A", "127.0.0.1:8000", "http://127.0.0.1:8080");
        assert!(!local.contains("Chrome"), "{local}");
        assert!(Failure::Unreachable.stops_the_run());
        assert!(!Failure::TooMany { body: String::new(), wait_secs: 2.0 }.stops_the_run());
        assert!(Failure::Redirected.stops_the_run());
    }

    #[test]
    fn a_429_waits_as_the_server_asks_or_five_seconds() {
        assert_eq!(back_off_secs(Some("7")), 7.0);
        assert_eq!(back_off_secs(Some(" 0.5 ")), 0.5);
        assert_eq!(back_off_secs(Some("3600")), MOST_BACK_OFF_SECS);
        // An HTTP date, or nonsense, is not a number of seconds: the page's own wait.
        assert_eq!(back_off_secs(Some("Wed, 21 Oct 2026 07:28:00 GMT")), BACK_OFF_SECS);
        assert_eq!(back_off_secs(Some("-4")), BACK_OFF_SECS);
        assert_eq!(back_off_secs(None), BACK_OFF_SECS);
        let said = Failure::of_status(429, "slow down", Some("2")).sentence(
            "B",
            "gpu:8000",
            "http://127.0.0.1:9000",
        );
        assert!(said.contains("the page waits 2 s before it sends B the next one"), "{said}");
        assert!(said.contains("slow down"), "{said}");
    }
}
