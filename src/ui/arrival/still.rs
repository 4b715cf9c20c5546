//! Acting once a run of changes has paused: the address bar is rewritten, and figures out of
//! sight are drawn, only when the controls have been still for a moment, not on every step of a
//! drag.

use leptos::prelude::set_timeout;
use std::time::Duration;

/// Runs `then` once `quiet_ms` have passed since the last change, which `changed_at_ms` reports
/// (`Date.now()` milliseconds; `None` when nothing is pending any more, and then nothing runs).
///
/// One timer at a time, re-armed for the rest of the quiet spell when a change came in
/// meanwhile, rather than a timer per change cancelled by the next: a cancelled timeout never
/// runs, and so never frees its callback, which left about a megabyte of them in wasm memory
/// over a long drag. The caller keeps a flag or a pending value so that it arms one at a time.
pub fn when_still(
    quiet_ms: f64,
    changed_at_ms: impl Fn() -> Option<f64> + Copy + 'static,
    then: impl Fn() + Copy + 'static,
) {
    wait(quiet_ms, quiet_ms, changed_at_ms, then);
}

fn wait(
    quiet_ms: f64,
    delay_ms: f64,
    changed_at_ms: impl Fn() -> Option<f64> + Copy + 'static,
    then: impl Fn() + Copy + 'static,
) {
    set_timeout(
        move || {
            let Some(at_ms) = changed_at_ms() else { return };
            let still_for_ms = js_sys::Date::now() - at_ms;
            if still_for_ms < quiet_ms {
                // At most one quiet spell, even if the wall clock stepped back.
                wait(quiet_ms, (quiet_ms - still_for_ms).min(quiet_ms), changed_at_ms, then);
                return;
            }
            then();
        },
        Duration::from_secs_f64(delay_ms.max(0.0) / 1000.0),
    );
}
