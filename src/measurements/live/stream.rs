//! Reading a streamed answer: server-sent events, one JSON chunk each, as OpenAI-compatible
//! servers send them (`data: {...}` lines, a blank line after each event, `data: [DONE]` at
//! the end).
//!
//! The bytes arrive in pieces cut anywhere, even inside a character, so they are kept until a
//! line is whole. A server is untrusted: a line longer than [`MOST_LINE_BYTES`] is cut there
//! and read as unreadable, never kept whole.

use crate::measurements::file_text;
use crate::measurements::json::{self, Value};

/// The longest line kept; a real chunk is a few hundred bytes.
pub const MOST_LINE_BYTES: usize = 64 * 1024;

/// What one event said.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Chunk {
    /// Characters of answer text it carried (`choices[0].text`, or `delta.content` on chat).
    pub content_chars: usize,
    /// Token counts, in the last chunk when `include_usage` was asked.
    pub usage: Option<Usage>,
    /// llama.cpp's own measurement of the request, in its last chunk.
    pub server_rates: Option<ServerRates>,
    /// An error the server put in the stream, cleaned and capped.
    pub error: Option<String>,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Usage {
    pub prompt_tokens: f64,
    pub completion_tokens: f64,
}

/// The rates a server measured itself (llama.cpp's `timings`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ServerRates {
    pub prefill_tokens_per_sec: f64,
    pub decode_tokens_per_sec: f64,
}

/// One event of the stream.
#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    Chunk(Chunk),
    /// `data: [DONE]`: the server says the answer is complete.
    Done,
    /// An event that is not JSON (or a line cut at [`MOST_LINE_BYTES`]).
    Unreadable,
}

/// Turns bytes into events as they arrive.
#[derive(Debug, Default)]
pub struct EventReader {
    line: Vec<u8>,
    /// The line in hand passed the limit: the rest of it is dropped.
    overlong: bool,
    data: String,
}

impl EventReader {
    /// Every event completed by `bytes`.
    pub fn feed(&mut self, bytes: &[u8]) -> Vec<Event> {
        let mut events = Vec::new();
        for &byte in bytes {
            if byte == b'\n' {
                let line = std::mem::take(&mut self.line);
                let overlong = std::mem::replace(&mut self.overlong, false);
                if overlong {
                    events.push(Event::Unreadable);
                    continue;
                }
                let line = String::from_utf8_lossy(&line);
                let line = line.strip_suffix('\r').unwrap_or(&line);
                self.line_of(line, &mut events);
            } else if self.line.len() < MOST_LINE_BYTES {
                self.line.push(byte);
            } else {
                self.overlong = true;
            }
        }
        events
    }

    /// What is left when the stream ends: a last event with no blank line after it.
    pub fn finish(&mut self) -> Vec<Event> {
        let mut events = self.feed(b"\n");
        events.extend(self.dispatch());
        events
    }

    fn line_of(&mut self, line: &str, events: &mut Vec<Event>) {
        if line.is_empty() {
            events.extend(self.dispatch());
        } else if let Some(data) = line.strip_prefix("data:") {
            if !self.data.is_empty() {
                self.data.push('\n');
            }
            self.data.push_str(data.strip_prefix(' ').unwrap_or(data));
        } else if let Some(error) = line.strip_prefix("error:") {
            // llama.cpp names an error event this way.
            let error = Chunk { error: Some(error_text(error.trim())), ..Chunk::default() };
            events.push(Event::Chunk(error));
        }
        // Comments (`: ping`), `event:`, `id:` and `retry:` say nothing about the answer.
    }

    fn dispatch(&mut self) -> Option<Event> {
        let data = std::mem::take(&mut self.data);
        let data = data.trim();
        if data.is_empty() {
            return None;
        }
        if data == "[DONE]" {
            return Some(Event::Done);
        }
        Some(json::parse(data).map_or(Event::Unreadable, |v| Event::Chunk(chunk(&v))))
    }
}

fn chunk(v: &Value<'_>) -> Chunk {
    let choice = v.get("choices").and_then(Value::as_array).and_then(<[Value<'_>]>::first);
    let text = choice.and_then(|c| {
        c.get("text").or_else(|| c.path(&["delta", "content"])).and_then(Value::as_str)
    });
    let count = |key| v.path(&["usage", key]).and_then(Value::as_finite);
    let usage = match (count("prompt_tokens"), count("completion_tokens")) {
        (Some(p), Some(c)) if p >= 0.0 && c >= 0.0 => {
            Some(Usage { prompt_tokens: p, completion_tokens: c })
        }
        _ => None,
    };
    let rate = |key| v.path(&["timings", key]).and_then(Value::as_finite).filter(|r| *r > 0.0);
    let server_rates = match (rate("prompt_per_second"), rate("predicted_per_second")) {
        (Some(p), Some(d)) => {
            Some(ServerRates { prefill_tokens_per_sec: p, decode_tokens_per_sec: d })
        }
        _ => None,
    };
    let error = v.get("error").map(|e| match e.get("message").and_then(Value::as_str) {
        Some(message) => file_text::cleaned(&message),
        None => error_text(e.as_str().as_deref().unwrap_or("error")),
    });
    Chunk { content_chars: text.map_or(0, |t| t.chars().count()), usage, server_rates, error }
}

fn error_text(raw: &str) -> String {
    match json::parse(raw) {
        Ok(v) => match v.path(&["message"]).or_else(|| v.path(&["error", "message"])) {
            Some(m) => file_text::cleaned(&m.as_str().unwrap_or_default()),
            None => file_text::cleaned(raw),
        },
        Err(_) => file_text::cleaned(raw),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(pieces: &[&[u8]]) -> Vec<Event> {
        let mut reader = EventReader::default();
        let mut events: Vec<Event> = pieces.iter().flat_map(|p| reader.feed(p)).collect();
        events.extend(reader.finish());
        events
    }

    #[test]
    fn a_completions_stream_cut_anywhere_reads_the_same() {
        let stream = "data: {\"choices\":[{\"text\":\"\",\"index\":0}]}\n\n\
            data: {\"choices\":[{\"text\":\" héllo\"}]}\r\n\r\n\
            : keep-alive\n\n\
            data: {\"choices\":[],\"usage\":{\"prompt_tokens\":257,\"completion_tokens\":16},\
            \"timings\":{\"prompt_per_second\":460.5,\"predicted_per_second\":55.25}}\n\n\
            data: [DONE]\n\n";
        let whole = all(&[stream.as_bytes()]);
        assert_eq!(whole.len(), 4);
        assert_eq!(whole[0], Event::Chunk(Chunk::default()));
        assert!(matches!(&whole[1], Event::Chunk(c) if c.content_chars == 6));
        let Event::Chunk(last) = &whole[2] else { panic!("{whole:?}") };
        assert_eq!(last.usage, Some(Usage { prompt_tokens: 257.0, completion_tokens: 16.0 }));
        assert_eq!(
            last.server_rates,
            Some(ServerRates { prefill_tokens_per_sec: 460.5, decode_tokens_per_sec: 55.25 })
        );
        assert_eq!(whole[3], Event::Done);
        // Cut at every byte, even inside "é".
        let bytes = stream.as_bytes();
        let pieces: Vec<&[u8]> = bytes.chunks(1).collect();
        assert_eq!(all(&pieces), whole);
        let (one, two) = bytes.split_at(bytes.iter().position(|b| *b == 0xc3).unwrap() + 1);
        assert_eq!(all(&[one, two]), whole);
    }

    #[test]
    fn chat_deltas_count_only_content_and_a_role_alone_carries_none() {
        let stream = "data: {\"choices\":[{\"delta\":{\"role\":\"assistant\"}}]}\n\n\
            data: {\"choices\":[{\"delta\":{\"content\":\"Hi\"}}]}\n\n";
        let events = all(&[stream.as_bytes()]);
        assert!(matches!(&events[0], Event::Chunk(c) if c.content_chars == 0));
        assert!(matches!(&events[1], Event::Chunk(c) if c.content_chars == 2));
    }

    #[test]
    fn errors_markup_and_endless_lines_are_read_as_text_or_refused() {
        let stream =
            "data: {\"error\":{\"message\":\"<img src=x onerror=alert(1)>\\u0000 boom\"}}\n\n\
            error: {\"code\":500,\"message\":\"slot unavailable\"}\n\n\
            data: not json\n\n";
        let events = all(&[stream.as_bytes()]);
        let Event::Chunk(first) = &events[0] else { panic!() };
        assert!(first.error.as_deref().unwrap().contains("<img src=x onerror=alert(1)>"));
        assert!(!first.error.as_deref().unwrap().contains('\u{0}'));
        assert!(
            matches!(&events[1], Event::Chunk(c) if c.error.as_deref() == Some("slot unavailable"))
        );
        assert_eq!(events[2], Event::Unreadable);
        let mut reader = EventReader::default();
        let long = vec![b'x'; 3 * MOST_LINE_BYTES];
        assert!(reader.feed(b"data: ").is_empty());
        assert!(reader.feed(&long).is_empty());
        assert_eq!(reader.line.len(), MOST_LINE_BYTES);
        assert_eq!(reader.feed(b"\n\n"), vec![Event::Unreadable]);
    }
}
