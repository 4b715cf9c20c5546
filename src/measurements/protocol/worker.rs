//! The measurements section on the page and its Web Worker: [`Request`]s one way and, after [`READY`], exactly
//! one [`Reply`] per request the other, in the order asked (a read's [`Reply::Progress`] reports
//! before its answer). Each message is an array whose first item is its [`Tag`].

use super::{bakeoff, decode_runs, encode_runs, CompareAsked, RunFile, RunsReply, SideAsked};
use crate::measurements::review::facts::RunFacts;
use wasm_bindgen::{JsCast, JsValue};

/// The worker's first message: its handler is set, and what is sent from now on is heard.
pub const READY: &str = Tag::Ready.name();

crate::keyed::keyed! {
    names(ALL, name, from_name);
    /// Each message's first item (or, for [`Tag::Ready`], the whole message), by its name on
    /// the wire: each name is written here once.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum Tag {
        Ready => "ready",
        Read => "read",
        Progress => "progress",
        Draw => "draw",
        Drawn => "drawn",
        Export => "export",
        File => "file",
        Deployment => "deployment",
        Compare => "compare",
        Compared => "compared",
    }
}

/// A file for the worker to read: pasted text, or a chosen `File`, which the worker reads
/// itself so that its bytes never pass through the page (it is sent by reference).
#[derive(Clone, Debug)]
pub enum FileContent {
    Text(String),
    File(web_sys::Blob),
}

/// A size in CSS pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CssSize {
    pub width: f64,
    pub height: f64,
}

/// What the page asks of the worker.
#[derive(Clone, Debug)]
pub enum Request {
    /// Read and fit a file; answered by progress reports, then [`Reply::Runs`]. The runs are
    /// numbered from `first_id` when it is given (a file sent again to a worker started after
    /// one stopped, so its runs keep the ids the page knows them by), else after the last run
    /// the worker holds.
    Read { name: String, content: FileContent, first_id: Option<usize> },
    /// Draw each figure of run `id` at `size` and the screen's pixel ratio: [`Reply::Drawn`].
    Draw { id: usize, size: CssSize, pixel_ratio: f64, dark: bool },
    /// Write a download of run `id` (a figure at `size`): [`Reply::File`].
    Export { id: usize, file: RunFile, size: CssSize, dark: bool },
    /// The deployment a run stands for at a TTFT percentile: [`Reply::Deployment`].
    Deployment(SideAsked),
    /// Two runs compared as deployments A and B: [`Reply::Compared`].
    Compare(CompareAsked),
}

/// What the worker answers.
#[derive(Clone, Debug)]
pub enum Reply {
    /// The first message, and only once.
    Ready,
    /// The share of a read done, 0 to 1.
    Progress(f64),
    /// A read's answer: the file's runs, or why it was refused.
    Runs(RunsReply),
    /// One bitmap per figure in the figures' order, moved rather than copied; none for a run
    /// the worker does not hold.
    Drawn { id: usize, bitmaps: Vec<web_sys::ImageBitmap> },
    /// A download's contents, or nothing when there is nothing to give. The page names the file
    /// and gives it its type itself (`RunFile::file_name`, `RunFile::media_type`): a worker
    /// altered on the host cannot make it save another kind of file.
    File(Option<String>),
    /// A run as a deployment: its name, first token and decode rate; or why it cannot be one.
    Deployment(Result<RunAsDeployment, String>),
    /// Two runs compared: what the lab shows, as data (`text::comparison::ComparisonView`'s wire
    /// form; `None` when they could not be compared), and the numbers of what Figure 5 draws
    /// behind its lines.
    Compared { view: Option<String>, overlay: Vec<f64> },
}

/// A run as one side of the deployments lab.
#[derive(Clone, Debug, PartialEq)]
pub struct RunAsDeployment {
    pub label: String,
    pub ttft_secs: f64,
    pub decode_tokens_per_sec: f64,
    /// The median and 90th percentile of the answers the run's used requests gave, in tokens.
    pub answer_tokens: [f64; 2],
    /// How many of the run's requests failed, of how many it holds.
    pub failed_requests: usize,
    pub requests: usize,
    /// What the run tells a review of itself: its file, what the file states, its failures and
    /// its requests as observed (boxed: it is large beside the other replies).
    pub facts: Box<RunFacts>,
}

impl Request {
    /// `[tag, …]`: `["read", name, text or File, first id?]`, `["draw", id, width, height,
    /// pixel ratio, dark]`, `["export", id, file name, width, height, dark]`.
    pub fn to_message(&self) -> js_sys::Array {
        let message = js_sys::Array::new();
        let push = |item: JsValue| {
            message.push(&item);
        };
        match self {
            Request::Read { name, content, first_id } => {
                push(Tag::Read.name().into());
                push(name.as_str().into());
                push(match content {
                    FileContent::Text(text) => text.as_str().into(),
                    FileContent::File(file) => file.clone().into(),
                });
                if let Some(id) = first_id {
                    push((*id as f64).into());
                }
            }
            Request::Draw { id, size, pixel_ratio, dark } => {
                push(Tag::Draw.name().into());
                push((*id as f64).into());
                push(size.width.into());
                push(size.height.into());
                push((*pixel_ratio).into());
                push((*dark).into());
            }
            Request::Export { id, file, size, dark } => {
                push(Tag::Export.name().into());
                push((*id as f64).into());
                push(file.name().into());
                push(size.width.into());
                push(size.height.into());
                push((*dark).into());
            }
            Request::Deployment(side) => {
                push(Tag::Deployment.name().into());
                push((side.run_id as f64).into());
                push(bakeoff::percentile_number(side.percentile).into());
            }
            Request::Compare(asked) => {
                push(Tag::Compare.name().into());
                for x in asked.to_numbers() {
                    push(x.into());
                }
            }
        }
        message
    }

    /// The request a message holds; `None` for anything else.
    pub fn from_message(message: &JsValue) -> Option<Request> {
        let message: &js_sys::Array = message.dyn_ref()?;
        let number = |i: u32| message.get(i).as_f64().unwrap_or(0.0);
        let size = |i: u32| CssSize { width: number(i), height: number(i + 1) };
        Some(match Tag::from_name(&message.get(0).as_string()?)? {
            Tag::Read => {
                let content = message.get(2);
                let content = match content.as_string() {
                    Some(text) => FileContent::Text(text),
                    None => FileContent::File(content.dyn_into().ok()?),
                };
                Request::Read {
                    name: message.get(1).as_string().unwrap_or_default(),
                    content,
                    first_id: message.get(3).as_f64().map(|id| id as usize),
                }
            }
            Tag::Draw => Request::Draw {
                id: number(1) as usize,
                size: size(2),
                pixel_ratio: number(4),
                dark: message.get(5).is_truthy(),
            },
            Tag::Export => Request::Export {
                id: number(1) as usize,
                file: RunFile::from_name(&message.get(2).as_string()?)?,
                size: size(3),
                dark: message.get(5).is_truthy(),
            },
            Tag::Deployment => Request::Deployment(SideAsked {
                run_id: number(1) as usize,
                percentile: bakeoff::percentile_from_number(number(2))?,
            }),
            Tag::Compare => {
                let numbers: Vec<f64> = (1..message.length())
                    .map(|i| message.get(i).as_f64().unwrap_or(f64::NAN))
                    .collect();
                Request::Compare(CompareAsked::from_numbers(&numbers)?)
            }
            _ => return None,
        })
    }
}

impl Reply {
    /// The message to post and the objects it moves rather than copies. [`Reply::Ready`] is
    /// [`READY`] alone and [`Reply::Runs`] the runs' text ([`encode_runs`]); the others are
    /// `["progress", share]`, `["drawn", id, bitmap…]` and `["file", name, Blob]` or `["file"]`.
    pub fn to_message(&self) -> (JsValue, js_sys::Array) {
        let moved = js_sys::Array::new();
        let message = match self {
            Reply::Ready => READY.into(),
            Reply::Runs(runs) => encode_runs(runs).into(),
            Reply::Progress(share) => {
                js_sys::Array::of2(&Tag::Progress.name().into(), &JsValue::from_f64(*share)).into()
            }
            Reply::Drawn { id, bitmaps } => {
                let message = js_sys::Array::of2(&Tag::Drawn.name().into(), &(*id as f64).into());
                for bitmap in bitmaps {
                    message.push(bitmap);
                    moved.push(bitmap);
                }
                message.into()
            }
            Reply::File(file) => {
                let message = js_sys::Array::of1(&Tag::File.name().into());
                if let Some(content) = file {
                    message.push(&content.as_str().into());
                }
                message.into()
            }
            Reply::Deployment(answer) => {
                let message = js_sys::Array::of1(&Tag::Deployment.name().into());
                match answer {
                    Ok(d) => {
                        message.push(&d.label.as_str().into());
                        message.push(&d.ttft_secs.into());
                        message.push(&d.decode_tokens_per_sec.into());
                        message.push(&d.answer_tokens[0].into());
                        message.push(&d.answer_tokens[1].into());
                        message.push(&(d.failed_requests as f64).into());
                        message.push(&(d.requests as f64).into());
                        message.push(&d.facts.to_wire().into());
                    }
                    Err(why) => {
                        message.push(&why.as_str().into());
                    }
                }
                message.into()
            }
            Reply::Compared { view, overlay } => {
                let numbers = js_sys::Float64Array::from(overlay.as_slice());
                moved.push(&numbers.buffer());
                let view = view.as_deref().map_or(JsValue::UNDEFINED, JsValue::from);
                js_sys::Array::of3(&Tag::Compared.name().into(), &view, &numbers).into()
            }
        };
        (message, moved)
    }

    /// The reply a message holds; `None` for anything else.
    pub fn from_message(message: &JsValue) -> Option<Reply> {
        if let Some(text) = message.as_string() {
            return if text == READY {
                Some(Reply::Ready)
            } else {
                decode_runs(&text).map(Reply::Runs)
            };
        }
        let message: &js_sys::Array = message.dyn_ref()?;
        Some(match Tag::from_name(&message.get(0).as_string()?)? {
            Tag::Progress => Reply::Progress(message.get(1).as_f64().unwrap_or(0.0)),
            Tag::Drawn => Reply::Drawn {
                id: message.get(1).as_f64()? as usize,
                // One per figure of a run: a worker altered on the host could send thousands.
                bitmaps: (2..message.length())
                    .take(super::MOST_BITMAPS)
                    .filter_map(|i| message.get(i).dyn_into().ok())
                    .collect(),
            },
            Tag::File => {
                Reply::File(message.get(1).as_string().filter(|c| c.len() <= MOST_DOWNLOAD_BYTES))
            }
            Tag::Deployment => Reply::Deployment(match message.length() {
                9 => Ok(RunAsDeployment {
                    label: super::wire::bounded(message.get(1).as_string()?)?,
                    ttft_secs: message.get(2).as_f64()?,
                    decode_tokens_per_sec: message.get(3).as_f64()?,
                    answer_tokens: [message.get(4).as_f64()?, message.get(5).as_f64()?],
                    failed_requests: count(message.get(6).as_f64()?)?,
                    requests: count(message.get(7).as_f64()?)?,
                    facts: Box::new(RunFacts::from_wire(&message.get(8).as_string()?)?),
                }),
                _ => Err(super::wire::bounded(message.get(1).as_string()?)?),
            }),
            Tag::Compared => Reply::Compared {
                view: message.get(1).as_string(),
                overlay: message
                    .get(2)
                    .dyn_into::<js_sys::Float64Array>()
                    .map(|a| a.to_vec())
                    .unwrap_or_default(),
            },
            _ => return None,
        })
    }
}

/// The largest download the page takes from the worker: more than a run's residuals of a
/// hundred thousand requests, and a bound on what an altered worker can make the page hold.
pub const MOST_DOWNLOAD_BYTES: usize = 64 * 1024 * 1024;

/// A count sent as a number: whole and not negative, or nothing.
fn count(x: f64) -> Option<usize> {
    (x.is_finite() && x >= 0.0 && x.fract() == 0.0).then_some(x as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_have_one_name_each() {
        for (i, tag) in Tag::ALL.into_iter().enumerate() {
            assert_eq!(Tag::from_name(tag.name()), Some(tag));
            assert!(Tag::ALL.iter().skip(i + 1).all(|t| t.name() != tag.name()), "{tag:?}");
        }
        assert_eq!(READY, "ready");
        assert_eq!(Tag::from_name("Ready"), None);
    }
}
