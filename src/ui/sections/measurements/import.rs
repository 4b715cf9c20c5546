//! The three ways in: the file picker (several files at once), files dropped on the section,
//! and pasted text. Each goes to the worker as it is; its answer adds runs, or shows a refusal
//! and keeps whatever was loaded before.
//!
//! The page keeps what it sent for each file that gave runs (the `File`, which the browser reads
//! from disk again, or the pasted text) so that a worker started after one failed can be sent
//! the same files, in the same order and under the same run ids ([`read_again`]). A file the
//! new worker stops on twice while reading it again is dropped with its runs, with a note, so
//! one file too large for the tab's memory cannot leave every later action unanswered.

use super::section::{find, Section};
use super::{client, results};
use crate::measurements::protocol::{encode_runs, place, FileContent, Reply, Request};
use crate::text::measurements::sentences::{not_read_again, stopped_reading_again, PASTE_EMPTY};
use leptos::prelude::*;
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

pub(super) fn pasted(section: Section) {
    let text = find(place::PASTE)
        .and_then(|e| js_sys::Reflect::get(&e, &"value".into()).ok())
        .and_then(|v| v.as_string())
        .unwrap_or_default();
    if text.trim().is_empty() {
        section.error.set(Some(PASTE_EMPTY.to_string()));
        return;
    }
    read_then(section, "pasted text", FileContent::Text(text), None);
}

/// Files chosen or dropped together; two at once are offered as A and B once both are read.
pub(super) fn read_files(section: Section, files: Vec<web_sys::File>) {
    let two = files.len() == 2;
    if two {
        PAIR.set([None, None]);
    }
    for (i, file) in files.into_iter().enumerate() {
        let slot = two.then_some(i);
        read_then(section, &file.name(), FileContent::File(file.into()), slot);
    }
}

/// Notes the first run of the file in `slot` of a pair, and offers the pair once both are in.
fn paired(section: Section, slot: usize, first: Option<usize>) {
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
        section.list.update(|l| l.pair = both);
    }
}

/// Sends one file (a `File`, passed by reference) or pasted text to the worker and takes in its
/// answer: new runs are added and the first of them chosen; a refusal is shown and what was
/// loaded before is kept. For a file of a pair (`slot`), its first run is noted for the offer.
fn read_then(section: Section, name: &str, content: FileContent, slot: Option<usize>) {
    section.pending.update(|n| *n += 1);
    section.progress.set(Some(0.0));
    let kept = (name.to_string(), content.clone());
    client::read(
        name,
        content,
        move |share| section.progress.set(Some(share)),
        move |reply| {
            let text = encode_runs(&reply);
            let first = reply.as_ref().ok().and_then(|runs| runs.first()).map(|r| r.id);
            section.pending.update(|n| *n = n.saturating_sub(1));
            if section.pending.get_untracked() == 0 {
                section.progress.set(None);
            }
            match reply {
                Ok(new_runs) => {
                    if let (Some(first), Some(last)) = (new_runs.first(), new_runs.last()) {
                        let (name, content) = kept;
                        let ids = first.id..last.id + 1;
                        let source = Source { name, content, ids, text, stops: 0 };
                        SOURCES.with_borrow_mut(|s| s.push(source));
                    }
                    section.list.update(|l| {
                        l.selected = l.runs.len();
                        l.runs.extend(new_runs);
                    });
                    section.error.set(None);
                    section.say_applied("");
                }
                Err(message) => section.error.set(Some(message)),
            }
            if let Some(slot) = slot {
                paired(section, slot, first);
            }
        },
    );
}

/// Sends every file that gave runs to a newly started worker, in the order first read and with
/// its runs' ids. A file that no longer gives the same runs (changed or moved on disk since) is
/// dropped with its runs, and the page says so. If the new worker stops too, the file it was
/// reading is counted against: it is tried once more (the stop may have come from elsewhere),
/// and dropped the second time.
pub(super) fn read_again(section: Section) {
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
                    Some(1) => results::draw_soon(section),
                    Some(_) => drop_source(section, &source, stopped_reading_again(&source.name)),
                    None => {}
                }
                return;
            };
            if !matches!(reply, Reply::Runs(runs) if encode_runs(&runs) == source.text) {
                drop_source(section, &source, not_read_again(&source.name));
            }
        });
    }
}

/// Takes a file and its runs off the page and shows `note`; the run chosen after is drawn as
/// the list changes.
fn drop_source(section: Section, source: &Source, note: String) {
    SOURCES.with_borrow_mut(|s| s.retain(|s| s.ids != source.ids));
    section.list.update(|l| {
        let shown = l.chosen().map(|r| r.id);
        l.runs.retain(|r| !source.ids.contains(&r.id));
        l.selected = l.runs.iter().position(|r| Some(r.id) == shown).unwrap_or(0);
    });
    section.error.set(Some(note));
}
