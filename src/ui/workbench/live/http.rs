//! The browser's side of talking to a server: `fetch` with no cookies and no redirect followed, the
//! key (if any) as a bearer token, and a stream read piece by piece with the page's clock read
//! as each piece arrives. What the pieces mean is `measurements::live`'s business.

use crate::measurements::live::failure::{Failure, MOST_BODY_CHARS};
use crate::measurements::live::stream::EventReader;
use crate::measurements::live::timing::{Ending, Stopwatch};
use crate::measurements::live::{Planned, Timed};
use js_sys::{Reflect, Uint8Array};
use std::cell::Cell;
use std::rc::Rc;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

/// The page's clock, in milliseconds.
pub fn now_ms() -> f64 {
    web_sys::window().and_then(|w| w.performance()).map_or(0.0, |p| p.now())
}

/// The page's scheme (`https:`), for the mixed-content check.
pub fn page_scheme() -> String {
    web_sys::window().and_then(|w| w.location().protocol().ok()).unwrap_or_default()
}

/// The page's origin, which a server's cross-origin policy must let in.
pub fn page_origin() -> String {
    web_sys::window().and_then(|w| w.location().origin().ok()).unwrap_or_default()
}

/// Waits `secs` (a quarter second at a time, so Cancel is heard), or less once `cancelled`.
pub async fn pause(secs: f64, cancelled: impl Fn() -> bool) {
    let Some(window) = web_sys::window() else { return };
    let until = now_ms() + secs * 1_000.0;
    while !cancelled() && now_ms() < until {
        let step = (until - now_ms()).clamp(0.0, 250.0).ceil() as i32;
        let tick = js_sys::Promise::new(&mut |resolve, _| {
            let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, step);
        });
        let _ = JsFuture::from(tick).await;
    }
}

/// A request that can be stopped: by Cancel, or by its time limit.
#[derive(Clone)]
pub struct Stopper {
    controller: Option<web_sys::AbortController>,
    timed_out: Rc<Cell<bool>>,
}

impl Stopper {
    pub fn new() -> Stopper {
        Stopper { controller: web_sys::AbortController::new().ok(), timed_out: Rc::default() }
    }

    pub fn stop(&self) {
        if let Some(c) = &self.controller {
            c.abort();
        }
    }

    /// Stops the request after `secs` unless it is done first (the timer then finds it done).
    fn limit(&self, secs: f64) {
        let (stopper, timed_out) = (self.clone(), self.timed_out.clone());
        let fire = Closure::once_into_js(move || {
            timed_out.set(true);
            stopper.stop();
        });
        if let Some(window) = web_sys::window() {
            let ms = (secs * 1_000.0).round().clamp(0.0, f64::from(i32::MAX)) as i32;
            let _ = window
                .set_timeout_with_callback_and_timeout_and_arguments_0(fire.unchecked_ref(), ms);
        }
    }

    fn timed_out(&self) -> bool {
        self.timed_out.get()
    }
}

fn init(method: &str, key: &str, body: Option<&str>, stopper: &Stopper) -> web_sys::RequestInit {
    let init = web_sys::RequestInit::new();
    init.set_method(method);
    init.set_mode(web_sys::RequestMode::Cors);
    init.set_credentials(web_sys::RequestCredentials::Omit);
    // Manual, not error: a redirect then comes back as one (an opaque one, never followed),
    // which the page can name, where an error would read as an unreachable server.
    init.set_redirect(web_sys::RequestRedirect::Manual);
    init.set_cache(web_sys::RequestCache::NoStore);
    if let Ok(headers) = web_sys::Headers::new() {
        if !key.is_empty() {
            let _ = headers.set("Authorization", &format!("Bearer {key}"));
        }
        if body.is_some() {
            let _ = headers.set("Content-Type", "application/json");
        }
        init.set_headers(&headers);
    }
    if let Some(body) = body {
        init.set_body(&JsValue::from_str(body));
    }
    if let Some(c) = &stopper.controller {
        init.set_signal(Some(&c.signal()));
    }
    init
}

async fn send(url: &str, init: &web_sys::RequestInit) -> Result<web_sys::Response, Failure> {
    let window = web_sys::window().ok_or(Failure::Unreachable)?;
    let promise = window.fetch_with_str_and_init(url, init);
    // A refused preflight, a closed port and a stopped request all reject the same way.
    let response = JsFuture::from(promise).await.map_err(|_| Failure::Unreachable)?;
    let response: web_sys::Response = response.dyn_into().map_err(|_| Failure::Unreachable)?;
    if response.type_() == web_sys::ResponseType::Opaqueredirect {
        return Err(Failure::Redirected);
    }
    Ok(response)
}

/// What a status that is not a success says: the start of its body (read only as far as the
/// sentence keeps, so an endless or huge error body costs nothing) and its `Retry-After`.
async fn failed_status(response: &web_sys::Response) -> Failure {
    let body = read_capped(response, MOST_BODY_CHARS * 4).await;
    let retry_after = response.headers().get("retry-after").ok().flatten();
    Failure::of_status(response.status(), &body, retry_after.as_deref())
}

/// A body's first `most_bytes` as text: read piece by piece and left there, so a body that is
/// huge or never ends costs no more than that.
async fn read_capped(response: &web_sys::Response, most_bytes: usize) -> String {
    let mut body = Vec::new();
    read_all(response, |piece| {
        body.extend_from_slice(piece);
        body.len() < most_bytes
    })
    .await;
    body.truncate(most_bytes);
    String::from_utf8_lossy(&body).into_owned()
}

/// A small GET: the status's failure, or the body (cut at `most_bytes`) and how long the round
/// trip took.
pub async fn get(url: &str, key: &str, most_bytes: usize) -> Result<(String, f64), Failure> {
    let stopper = Stopper::new();
    stopper.limit(30.0);
    let started = now_ms();
    let response = send(url, &init("GET", key, None, &stopper)).await?;
    let secs = (now_ms() - started) / 1_000.0;
    if !response.ok() {
        return Err(failed_status(&response).await);
    }
    Ok((read_capped(&response, most_bytes).await, secs))
}

/// Reads a response's body piece by piece until it ends, `each` returns false, or reading fails
/// (returns whether it ended cleanly).
async fn read_all(response: &web_sys::Response, mut each: impl FnMut(&[u8]) -> bool) -> bool {
    let Some(body) = response.body() else { return true };
    let Ok(reader) = body.get_reader().dyn_into::<web_sys::ReadableStreamDefaultReader>() else {
        return false;
    };
    loop {
        let Ok(next) = JsFuture::from(reader.read()).await else { return false };
        let done = Reflect::get(&next, &"done".into()).ok().and_then(|d| d.as_bool());
        if done != Some(false) {
            return true;
        }
        let Ok(value) = Reflect::get(&next, &"value".into()) else { return false };
        let Ok(bytes) = value.dyn_into::<Uint8Array>() else { return false };
        if !each(&bytes.to_vec()) {
            let _ = reader.cancel();
            return true;
        }
    }
}

/// Sends one planned completion and times it. `stopper` lets Cancel stop it; the plan's time
/// limit stops it too.
pub async fn timed_completion(
    url: &str,
    key: &str,
    body: &str,
    planned: Planned,
    limit_secs: f64,
    stopper: &Stopper,
) -> Timed {
    stopper.limit(limit_secs);
    let sent = now_ms();
    let elapsed = move || (now_ms() - sent) / 1_000.0;
    let response = match send(url, &init("POST", key, Some(body), stopper)).await {
        Ok(r) => r,
        Err(_) if stopper.timed_out() => {
            return Timed::failed(planned, Failure::TimedOut { limit_secs }, elapsed())
        }
        Err(f) => return Timed::failed(planned, f, elapsed()),
    };
    if !response.ok() {
        return Timed::failed(planned, failed_status(&response).await, elapsed());
    }
    let content_type = response.headers().get("content-type").ok().flatten().unwrap_or_default();
    if !content_type.to_ascii_lowercase().starts_with("text/event-stream") {
        stopper.stop();
        let content_type = crate::measurements::file_text::cleaned(&content_type);
        return Timed::failed(planned, Failure::NotStreamed { content_type }, elapsed());
    }
    let mut watch = Stopwatch::start(sent);
    let mut events = EventReader::default();
    let clean = read_all(&response, |piece| {
        let heard = events.feed(piece);
        watch.heard(piece.len(), &heard, now_ms())
    })
    .await;
    let now = now_ms();
    watch.heard(0, &events.finish(), now);
    let ending = if stopper.timed_out() {
        Ending::TimedOut
    } else if clean {
        Ending::Closed
    } else {
        Ending::Broken
    };
    watch.finish(planned, ending, now, limit_secs)
}
