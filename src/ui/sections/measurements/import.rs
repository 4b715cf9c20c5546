//! The three ways in: the file picker (several files at once), files dropped on the section,
//! and pasted text. Each goes to the worker as it is; its answer adds runs, or shows a refusal
//! and keeps whatever was loaded before.
//!
//! The section keeps what it sent for each file that gave runs (the `File`, which the browser
//! reads from disk again, or the pasted text) so that a worker started after one failed can be
//! sent the same files, in the same order and under the same run ids ([`read_again`]). A file the
//! new worker stops on twice while reading it again is dropped with its runs, with a note, so
//! one file too large for the tab's memory cannot leave every later action unanswered.

use super::section::Section;
use crate::measurements::protocol::{encode_runs, FileContent, Reply, Request};
use crate::measurements::MAX_RUNS_PER_VISIT;
use crate::text::measurements::sentences::{
    not_read_again, stopped_reading_again, too_many_runs, PASTE_EMPTY,
};
use crate::ui::context::LiveFile;
use leptos::prelude::*;
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

/// What the section has sent its worker, to send again to a new one.
#[derive(Default)]
pub struct Sources {
    files: Vec<Source>,
    /// The first run of each of two files chosen together, as their answers come (`None` inside
    /// for a file that gave none).
    pair: [Option<Option<usize>>; 2],
    /// A file was found in the reading when this round's worker stopped: the files after it,
    /// unanswered too, were only waiting and are not to blame.
    stop_blamed: bool,
    /// The runs the live measurement last gave, and which measurement it was.
    live: Option<(u64, Range<usize>)>,
}

/// What to do with a file's new runs once read (`None` for a file that gave none).
type Then = Box<dyn FnOnce(Option<Range<usize>>)>;

/// "Read the pasted text".
pub(super) fn pasted(section: Section, text: String) {
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
        section.sources.update_value(|s| s.pair = [None, None]);
    }
    for (i, file) in files.into_iter().enumerate() {
        let then: Option<Then> = two.then(|| {
            Box::new(move |ids: Option<Range<usize>>| paired(section, i, ids.map(|r| r.start)))
                as Then
        });
        read_then(section, &file.name(), FileContent::File(file.into()), then);
    }
}

/// The workbench's live measurement, read as a file: its two runs become A and B, in place of
/// the runs an earlier text of the same measurement gave (another measurement's stay).
pub(super) fn live(section: Section, file: LiveFile) {
    let serial = file.serial;
    let then: Then = Box::new(move |ids| {
        let Some(ids) = ids.filter(|ids| ids.len() == 2) else { return };
        let mut earlier = None;
        section.sources.update_value(|s| {
            earlier = s.live.replace((serial, ids.clone())).filter(|(n, _)| *n == serial);
        });
        if let Some((_, old)) = earlier {
            forget(section, &old);
        }
        super::bakeoff::use_designed_pair(section, ids.start, ids.start + 1);
    });
    read_then(section, &file.name, FileContent::Text(file.text), Some(then));
}

/// Notes the first run of the file in `slot` of a pair, and offers the pair once both are in.
fn paired(section: Section, slot: usize, first: Option<usize>) {
    let mut both = None;
    section.sources.update_value(|s| {
        if let Some(place) = s.pair.get_mut(slot) {
            *place = Some(first);
        }
        if let [Some(Some(a)), Some(Some(b))] = s.pair {
            both = Some((a, b));
        }
    });
    if both.is_some() {
        section.list.update(|l| l.pair = both);
    }
}

/// Sends one file (a `File`, passed by reference) or pasted text to the worker and takes in its
/// answer: new runs are added and the first of them chosen; a refusal is shown and what was
/// loaded before is kept. `then` hears which runs the file gave.
fn read_then(section: Section, name: &str, content: FileContent, then: Option<Then>) {
    section.pending.update(|n| *n += 1);
    section.progress.set(Some(0.0));
    let kept = (name.to_string(), content.clone());
    section.worker().read(
        name,
        content,
        move |share| section.progress.set(Some(share)),
        move |reply| {
            let text = encode_runs(&reply);
            let ids =
                reply.as_ref().ok().and_then(|runs| Some(runs.first()?.id..runs.last()?.id + 1));
            section.pending.update(|n| *n = n.saturating_sub(1));
            if section.pending.get_untracked() == 0 {
                section.progress.set(None);
            }
            match reply {
                // The page holds no more runs than a visit may: past that, the answer is
                // refused whole (the worker keeps to the same bound; one that did not was not
                // the page's own).
                Ok(new_runs)
                    if section.list.with_untracked(|l| l.runs.len()) + new_runs.len()
                        > MAX_RUNS_PER_VISIT =>
                {
                    section.error.set(Some(too_many_runs(MAX_RUNS_PER_VISIT)));
                }
                Ok(new_runs) => {
                    if let (Some(first), Some(last)) = (new_runs.first(), new_runs.last()) {
                        let (name, content) = kept;
                        let ids = first.id..last.id + 1;
                        let source = Source { name, content, ids, text, stops: 0 };
                        section.sources.update_value(|s| s.files.push(source));
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
            if let Some(then) = then {
                // Only runs the page took in.
                let taken = ids.filter(|ids| {
                    section.list.with_untracked(|l| l.runs.iter().any(|r| r.id == ids.start))
                });
                then(taken);
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
    let files = section.sources.with_value(|s| s.files.clone());
    section.sources.update_value(|s| s.stop_blamed = false);
    for source in files {
        let request = Request::Read {
            name: source.name.clone(),
            content: source.content.clone(),
            first_id: Some(source.ids.start),
        };
        section.worker().ask(&request, None, move |reply| {
            let Some(reply) = reply else {
                let mut blamed = false;
                let mut stops = None;
                section.sources.update_value(|s| {
                    blamed = std::mem::replace(&mut s.stop_blamed, true);
                    if !blamed {
                        stops = s.files.iter_mut().find(|s| s.ids == source.ids).map(|kept| {
                            kept.stops += 1;
                            kept.stops
                        });
                    }
                });
                match stops {
                    Some(1) => super::results::draw_soon(section),
                    Some(_) => {
                        drop_source(section, &source.ids, stopped_reading_again(&source.name))
                    }
                    None => {}
                }
                return;
            };
            if !matches!(reply, Reply::Runs(runs) if encode_runs(&runs) == source.text) {
                drop_source(section, &source.ids, not_read_again(&source.name));
            }
        });
    }
}

/// Takes a file and its runs off the page and shows `note`; the run chosen after is drawn as
/// the list changes.
fn drop_source(section: Section, ids: &Range<usize>, note: String) {
    forget(section, ids);
    section.error.set(Some(note));
}

/// Takes a file and its runs off the page.
fn forget(section: Section, ids: &Range<usize>) {
    section.sources.update_value(|s| s.files.retain(|s| &s.ids != ids));
    section.list.update(|l| {
        let shown = l.chosen().map(|r| r.id);
        l.runs.retain(|r| !ids.contains(&r.id));
        l.selected = l.runs.iter().position(|r| Some(r.id) == shown).unwrap_or(0);
    });
}
