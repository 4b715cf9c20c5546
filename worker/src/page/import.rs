//! The three ways in: the file picker (several files at once), files dropped on the section,
//! and pasted text. Each goes to the worker as it is; its answer adds runs, or shows a refusal
//! and keeps whatever was loaded before.
//!
//! The page keeps what it sent for each file that gave runs (the `File`, which the browser reads
//! from disk again, or the pasted text) so that a worker started after one failed can be sent
//! the same files, in the same order and under the same run ids ([`read_again`]). A file the
//! new worker stops on twice while reading it again is dropped with its runs, with a note, so
//! one file too large for the tab's memory cannot leave every later action unanswered.

use super::{client, find, results, show_error, update};
use crossover::measurements::protocol::{encode_runs, place, FileContent, Reply, Request};
use crossover::text::measurements::sentences::{
    not_read_again, stopped_reading_again, PASTE_EMPTY,
};
use std::cell::{Cell, RefCell};
use std::ops::Range;

/// A file the worker read into runs: what was sent, the ids its runs were given, and the runs
/// in the protocol's text form, which the same file read again gives word for word.
#[derive(Clone)]
struct Source {
    name: String,
    content: FileContent,
    ids: Range<usize>,
    text: String,
    /// Restarted workers that stopped while reading this file again.
    stops: u8,
}

thread_local! {
    /// The first run of each of two files chosen together, as their answers come (`None` inside
    /// for a file that gave none).
    static PAIR: RefCell<[Option<Option<usize>>; 2]> = const { RefCell::new([None, None]) };
    static SOURCES: RefCell<Vec<Source>> = const { RefCell::new(Vec::new()) };
    /// A file was found in the reading when this round's worker stopped: the files after it,
    /// unanswered too, were only waiting and are not to blame.
    static STOP_BLAMED: Cell<bool> = const { Cell::new(false) };
}

pub(super) fn pasted() {
    let text = find(place::PASTE)
        .and_then(|e| js_sys::Reflect::get(&e, &"value".into()).ok())
        .and_then(|v| v.as_string())
        .unwrap_or_default();
    if text.trim().is_empty() {
        show_error(Some(PASTE_EMPTY));
        return;
    }
    read("pasted text", FileContent::Text(text));
}

/// Files chosen or dropped together; two at once are offered as A and B once both are read.
pub(super) fn read_files(files: Vec<web_sys::File>) {
    let two = files.len() == 2;
    if two {
        PAIR.set([None, None]);
    }
    for (i, file) in files.into_iter().enumerate() {
        let slot = two.then_some(i);
        read_then(&file.name(), FileContent::File(file.into()), slot);
    }
}

/// Notes the first run of the file in `slot` of a pair, and offers the pair once both are in.
fn paired(slot: usize, first: Option<usize>) {
    let both = PAIR.with_borrow_mut(|pair| {
        if let Some(s) = pair.get_mut(slot) {
            *s = Some(first);
        }
        match *pair {
            [Some(Some(a)), Some(Some(b))] => Some((a, b)),
            _ => None,
        }
    });
    if both.is_some() {
        update(|s| s.pair = both);
    }
}

/// Shows the progress bar at `share` (0 to 1) of the file being read, or hides it.
fn progress(share: Option<f64>) {
    let (Some(bar), Some(shown)) = (find(place::PROGRESS), find(place::PROGRESS_LINE)) else {
        return;
    };
    let _ = match share {
        Some(share) => {
            let _ = bar.set_attribute("value", &format!("{share}"));
            shown.remove_attribute("hidden")
        }
        None => shown.set_attribute("hidden", ""),
    };
}

/// Sends one file (a `File`, passed by reference) or pasted text to the worker and takes in its
/// answer: new runs are added and the first of them chosen; a refusal is shown and what was
/// loaded before is kept.
pub(super) fn read(name: &str, content: FileContent) {
    read_then(name, content, None);
}

/// [`read`], and for a file of a pair (`slot`), its first run noted for the offer.
fn read_then(name: &str, content: FileContent, slot: Option<usize>) {
    update(|s| s.pending += 1);
    progress(Some(0.0));
    let kept = (name.to_string(), content.clone());
    client::read(
        name,
        content,
        |share| progress(Some(share)),
        move |reply| {
            let text = encode_runs(&reply);
            let first = reply.as_ref().ok().and_then(|runs| runs.first()).map(|r| r.id);
            let mut error = None;
            update(|s| {
                s.pending = s.pending.saturating_sub(1);
                if s.pending == 0 {
                    progress(None);
                }
                match reply {
                    Ok(new_runs) => {
                        if let (Some(first), Some(last)) = (new_runs.first(), new_runs.last()) {
                            let (name, content) = kept;
                            let ids = first.id..last.id + 1;
                            let source = Source { name, content, ids, text, stops: 0 };
                            SOURCES.with_borrow_mut(|s| s.push(source));
                        }
                        s.selected = s.runs.len();
                        s.runs.extend(new_runs);
                    }
                    Err(message) => error = Some(message),
                }
            });
            show_error(error.as_deref());
            if let Some(slot) = slot {
                paired(slot, first);
            }
            if error.is_none() {
                super::show_applied("");
                // The figures' canvases are in the markup just placed: drawn once it is.
                results::draw_soon();
            }
        },
    );
}

/// Sends every file that gave runs to a newly started worker, in the order first read and with
/// its runs' ids. A file that no longer gives the same runs (changed or moved on disk since) is
/// dropped with its runs, and the page says so. If the new worker stops too, the file it was
/// reading is counted against: it is tried once more (the stop may have come from elsewhere),
/// and dropped the second time.
pub(super) fn read_again() {
    STOP_BLAMED.set(false);
    let count = SOURCES.with_borrow(Vec::len);
    for n in 0..count {
        let Some(source) = SOURCES.with_borrow(|s| s.get(n).cloned()) else { continue };
        let request = Request::Read {
            name: source.name.clone(),
            content: source.content.clone(),
            first_id: Some(source.ids.start),
        };
        client::ask(&request, None, move |reply| {
            let Some(reply) = reply else {
                if STOP_BLAMED.replace(true) {
                    return;
                }
                let stops = SOURCES.with_borrow_mut(|s| {
                    let kept = s.iter_mut().find(|s| s.ids == source.ids)?;
                    kept.stops += 1;
                    Some(kept.stops)
                });
                match stops {
                    Some(1) => results::draw_soon(),
                    Some(_) => drop_source(&source, stopped_reading_again(&source.name)),
                    None => {}
                }
                return;
            };
            if !matches!(reply, Reply::Runs(runs) if encode_runs(&runs) == source.text) {
                drop_source(&source, not_read_again(&source.name));
            }
        });
    }
}

/// Takes a file and its runs off the page, shows `note`, and draws what is chosen after.
fn drop_source(source: &Source, note: String) {
    SOURCES.with_borrow_mut(|s| s.retain(|s| s.ids != source.ids));
    update(|s| {
        let shown = s.runs.get(s.selected).map(|r| r.id);
        s.runs.retain(|r| !source.ids.contains(&r.id));
        s.selected = s.runs.iter().position(|r| Some(r.id) == shown).unwrap_or(0);
    });
    show_error(Some(&note));
    results::draw_soon();
}
