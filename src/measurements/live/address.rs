//! A server's address as the reviewer types it, and what the page may do with it.
//!
//! The base is the API's root (`http://127.0.0.1:8000/v1`); a reviewer who pastes the whole
//! endpoint gets the base back. Only `http` and `https` are called, with no user name or
//! password in the address (a key goes in its own field, and stays in memory). Records and
//! downloads name the server by host and port only: a path can carry a tenant or a token.

use crate::measurements::json::{self, Value};
use crate::state::notice::is_format;

/// The most models read from a server's list, and the longest name kept.
pub const MOST_MODELS: usize = 200;
pub const MOST_MODEL_CHARS: usize = 200;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Base {
    /// `http` or `https`.
    pub scheme: String,
    /// Host and port as typed (`127.0.0.1:8000`, `[::1]:8000`, `gpu.example.com`).
    pub host: String,
    /// The path up to the API's root, without a trailing slash (`/v1`).
    pub path: String,
}

/// Why an address cannot be called.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AddressProblem {
    Empty,
    NotHttp,
    HasCredentials,
    NoHost,
}

impl std::fmt::Display for AddressProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            AddressProblem::Empty => "Type the server's address, for example http://127.0.0.1:8000/v1.",
            AddressProblem::NotHttp => "The address must start with http:// or https://, for example http://127.0.0.1:8000/v1.",
            AddressProblem::HasCredentials => "Leave the user name and password out of the address: put an API key in the key field, which stays in this tab's memory.",
            AddressProblem::NoHost => "The address names no host: write it as http://host:port/v1.",
        })
    }
}

/// Endings a reviewer may paste with the base.
const ENDPOINTS: [&str; 4] = ["/chat/completions", "/completions", "/models", "/"];

impl Base {
    pub fn parse(typed: &str) -> Result<Base, AddressProblem> {
        let typed = typed.trim();
        if typed.is_empty() {
            return Err(AddressProblem::Empty);
        }
        let lower = typed.to_ascii_lowercase();
        let (scheme, rest) = if lower.starts_with("http://") {
            ("http", &typed[7..])
        } else if lower.starts_with("https://") {
            ("https", &typed[8..])
        } else {
            return Err(AddressProblem::NotHttp);
        };
        let rest = rest.split(['?', '#']).next().unwrap_or_default();
        let (host, mut path) = match rest.find('/') {
            Some(i) => (&rest[..i], rest[i..].to_string()),
            None => (rest, String::new()),
        };
        if host.contains('@') {
            return Err(AddressProblem::HasCredentials);
        }
        if host.is_empty() || host.chars().any(|c| c.is_whitespace() || c.is_control()) {
            return Err(AddressProblem::NoHost);
        }
        while let Some(end) = ENDPOINTS.iter().find(|e| path.ends_with(*e)) {
            path.truncate(path.len() - end.len());
        }
        Ok(Base { scheme: scheme.to_string(), host: host.to_ascii_lowercase(), path })
    }

    pub fn url(&self, endpoint: &str) -> String {
        format!("{}://{}{}/{endpoint}", self.scheme, self.host, self.path)
    }

    /// The machine's name without the port.
    fn hostname(&self) -> &str {
        if let Some(v6) = self.host.strip_prefix('[') {
            return v6.split(']').next().unwrap_or_default();
        }
        self.host.rsplit_once(':').map_or(self.host.as_str(), |(h, _)| h)
    }

    /// Whether the browser treats the host as this computer, which an `https` page may call
    /// over plain `http` (Chrome and Firefox; Safari refuses even this).
    pub fn is_loopback(&self) -> bool {
        let host = self.hostname();
        host == "localhost"
            || host.ends_with(".localhost")
            || host.starts_with("127.")
            || host == "::1"
    }

    /// Whether the host is this computer or a private network's (by its address or a name
    /// that only a local network resolves): where Chrome asks the reader before a page on the
    /// public internet may reach it. A public name may still resolve to a private address, which
    /// only the browser sees; such a host is not counted here.
    pub fn is_local_network(&self) -> bool {
        let host = self.hostname();
        if self.is_loopback() {
            return true;
        }
        let octets: Vec<u8> = host.split('.').filter_map(|p| p.parse().ok()).collect();
        if octets.len() == 4 && host.split('.').count() == 4 {
            return matches!(octets[..], [10, ..] | [192, 168, ..] | [169, 254, ..])
                || matches!(octets[..], [172, b, ..] if (16..=31).contains(&b));
        }
        if host.contains(':') {
            // IPv6: unique local (fc00::/7) and link-local (fe80::/10).
            let first = host.split(':').next().unwrap_or_default();
            let lead = u16::from_str_radix(first, 16).unwrap_or(0);
            return (lead & 0xfe00) == 0xfc00 || (lead & 0xffc0) == 0xfe80;
        }
        !host.contains('.')
            || [".local", ".lan", ".internal", ".home.arpa"].iter().any(|end| host.ends_with(end))
    }

    /// Whether a page at `page_origin` calling this base crosses from the public internet into
    /// the reader's own computer or network (Chrome's local network access prompt).
    pub fn reached_from_public(&self, page_origin: &str) -> bool {
        let page_local = Base::parse(page_origin).is_ok_and(|page| page.is_local_network());
        !page_local && self.is_local_network()
    }

    /// Whether a page served over `page_scheme` may call this base at all.
    pub fn mixed_content_from(&self, page_scheme: &str) -> bool {
        page_scheme.eq_ignore_ascii_case("https:") && self.scheme == "http" && !self.is_loopback()
    }
}

/// The models a server lists at `/models` (`{"data": [{"id": ...}]}`). Each is kept exactly,
/// since requests must name it so, but only a name of at most [`MOST_MODEL_CHARS`] characters
/// with no control or format characters: a server's list is untrusted text, and the page shows
/// what it keeps as text.
pub fn models(body: &str) -> Vec<String> {
    let Ok(v) = json::parse(body) else { return Vec::new() };
    let items =
        v.get("data").or_else(|| v.get("models")).and_then(Value::as_array).unwrap_or_default();
    items
        .iter()
        .filter_map(|m| m.get("id").or_else(|| m.get("name")).and_then(Value::as_str))
        .filter(|id| is_plain_name(id))
        .map(|id| id.into_owned())
        .take(MOST_MODELS)
        .collect()
}

/// A model name the page sends and shows as it is.
pub fn is_plain_name(name: &str) -> bool {
    !name.trim().is_empty()
        && name.chars().count() <= MOST_MODEL_CHARS
        && !name.chars().any(|c| c.is_control() || is_format(c))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn local_networks_are_told_from_the_public_internet() {
        let local = |typed: &str| Base::parse(typed).map(|b| b.is_local_network()).unwrap_or(false);
        for typed in [
            "http://127.0.0.1:8000/v1",
            "http://localhost:8000",
            "http://[::1]:8000",
            "http://10.0.0.7:8000",
            "http://172.20.1.1",
            "http://192.168.1.20:11434",
            "http://169.254.3.3",
            "http://[fd12::1]:8000",
            "http://[fe80::1]:8000",
            "http://gpu-box:8000",
            "http://gpu.local:8000",
            "http://node.home.arpa",
        ] {
            assert!(local(typed), "{typed}");
        }
        for typed in [
            "https://api.example.com/v1",
            "http://172.32.0.1",
            "http://8.8.8.8",
            "http://[2001:db8::1]:8000",
            "http://192.168.example.com",
        ] {
            assert!(!local(typed), "{typed}");
        }
        let home = Base::parse("http://127.0.0.1:8000").unwrap();
        assert!(home.reached_from_public("https://crossover.example"));
        assert!(!home.reached_from_public("http://127.0.0.1:8080"));
        assert!(!home.reached_from_public("http://192.168.1.2:8080"));
        assert!(!Base::parse("https://api.example.com")
            .unwrap()
            .reached_from_public("https://x.dev"));
    }

    #[test]
    fn an_address_reads_to_its_base_whatever_endpoint_was_pasted() {
        for typed in [
            "http://127.0.0.1:8000/v1",
            " http://127.0.0.1:8000/v1/ ",
            "HTTP://127.0.0.1:8000/v1/completions",
            "http://127.0.0.1:8000/v1/chat/completions?x=1",
            "http://127.0.0.1:8000/v1/models#top",
        ] {
            let base = Base::parse(typed).unwrap();
            assert_eq!(base.url("completions"), "http://127.0.0.1:8000/v1/completions", "{typed}");
            assert_eq!(base.host, "127.0.0.1:8000");
        }
        assert_eq!(
            Base::parse("https://api.example.com").unwrap().url("models"),
            "https://api.example.com/models"
        );
        assert_eq!(Base::parse(""), Err(AddressProblem::Empty));
        assert_eq!(Base::parse("ftp://x/v1"), Err(AddressProblem::NotHttp));
        assert_eq!(Base::parse("javascript:alert(1)"), Err(AddressProblem::NotHttp));
        assert_eq!(Base::parse("http://me:pw@x/v1"), Err(AddressProblem::HasCredentials));
        assert_eq!(Base::parse("http:///v1"), Err(AddressProblem::NoHost));
    }

    #[test]
    fn only_a_plain_http_call_to_another_machine_from_an_https_page_is_mixed_content() {
        let mixed = |typed: &str, page: &str| Base::parse(typed).unwrap().mixed_content_from(page);
        assert!(mixed("http://10.0.0.5:8000/v1", "https:"));
        assert!(!mixed("http://localhost:8000/v1", "https:"));
        assert!(!mixed("http://127.0.0.1:8000/v1", "https:"));
        assert!(!mixed("http://[::1]:8000/v1", "https:"));
        assert!(!mixed("http://10.0.0.5:8000/v1", "http:"));
        assert!(!mixed("https://10.0.0.5:8000/v1", "https:"));
    }

    #[test]
    fn the_model_list_is_read_as_capped_text() {
        let body = r#"{"object":"list","data":[{"id":"tiny-a.gguf","owned_by":"llamacpp"},{"id":"<img src=x onerror=1>"},{"id":""}]}"#;
        assert_eq!(models(body), ["tiny-a.gguf", "<img src=x onerror=1>"]);
        assert_eq!(models(r#"{"models":[{"name":"llama3"}]}"#), ["llama3"]);
        assert!(models("not json").is_empty());
        let item = |n: usize| format!("{{\"id\":\"{}\"}}", "m".repeat(n));
        let many = format!("{{\"data\":[{},{}]}}", item(999), vec![item(20); 500].join(","));
        assert_eq!(models(&many).len(), MOST_MODELS);
        assert_eq!(models(&many)[0].len(), 20);
        assert!(models(r#"{"data":[{"id":"a\u202eb"},{"id":"a\nb"}]}"#).is_empty());
    }
}
