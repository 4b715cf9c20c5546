//! Every message of the measurements section, written once for both crates. The section is
//! three programs: the page (its markup and the few lines of its first load,
//! `ui/sections/measurements/`), the section's module (the worker crate's `page/`, fetched on a
//! reader's first file and run on the page) and the Web Worker (the same script, started by the
//! module), which reads and fits files, keeps the runs, draws their figures and writes their
//! downloads.
//!
//! - page → module: a [`SectionEvent`], named by the [`ACTION_ATTRIBUTE`] of the element it came
//!   from ([`Action`]) and handed to the module's [`MODULE_EVENT_FUNCTION`];
//! - module → page: "Use these rates", an [`APPLY_RATES`] whose detail carries [`RatesAsked`]
//!   and, once the page's handler has run, [`RatesApplied`];
//! - module → worker: [`Request`]s; worker → module: [`READY`] once its handler is set, then
//!   exactly one [`Reply`] per request in the order asked, a read's [`Reply::Progress`] reports
//!   coming before its answer.
//!
//! Every name two of them share is written once, in [`name!`]: the `pub const`s below are built
//! from it, and so is markup written at compile time, here and in the page's first load (whose
//! tests hold the literals a Leptos view must keep to these names). The runs a read gives cross
//! as one string, whose form is in [`runs`]; what the page shows of a run or of two runs
//! compared crosses as data in [`wire`]'s form, never as markup.
//!
//! Why here: both ends import it (the page's first load from `ui`, the worker from its own
//! crate), and it needs nothing above `state` (the number parser): a figure is named by its slug
//! and what the page shows crosses as a string of [`wire`]'s form, so it reaches up to neither
//! `charts` nor `text`, which write and read those strings. Placed in `measurements`, the lowest layer whose subject it is, it is also
//! held to this layer's no-panic lints, as code that reads what another program sent must be.
//! The names, the tags and the runs' text form are plain Rust, tested natively; the conversions
//! to and from `js_sys` values are a few lines each and run only in the browser.

pub mod bakeoff;
pub mod runs;
pub mod wire;

use crate::model::deployments::Which;
pub use bakeoff::{CompareAsked, DeploymentApplied, DeploymentAsked, SideAsked};
pub use runs::{decode_runs, encode_runs, PageRun, RunsReply};
use wasm_bindgen::{JsCast, JsValue};

/// Each name the protocol gives the page's markup or another program, as a literal. Every
/// `pub const` here is built from one of these, and markup written at compile time (`concat!`,
/// here and in the section's first load) spells a name only through this macro: each name is
/// written once, and costs the page no code to assemble.
macro_rules! name {
    (module_event_function) => {
        "measurements_event"
    };
    // The section's actions, and what the download buttons name.
    (action_attribute) => {
        "data-action"
    };
    (read_files) => {
        "read-files"
    };
    (read_pasted) => {
        "read-pasted"
    };
    (choose_run) => {
        "choose-run"
    };
    (apply_rates) => {
        "apply-rates"
    };
    (download) => {
        "download"
    };
    (read_sample) => {
        "read-sample"
    };
    (fit) => {
        "fit"
    };
    (residuals) => {
        "residuals"
    };
    (use_as) => {
        "use-as"
    };
    (compare_pair) => {
        "compare-pair"
    };
    (compare) => {
        "compare"
    };
    (compare_csv) => {
        "compare-csv"
    };
    (calibrate) => {
        "calibrate"
    };
    // The places in the section's markup the module finds.
    (paste_box) => {
        "import-paste"
    };
    (progress_bar) => {
        "import-progress"
    };
    (progress_line) => {
        "import-progress-box"
    };
    (busy_line) => {
        "import-status"
    };
    (refusal) => {
        "import-error"
    };
    (results) => {
        "import-results"
    };
    (applied_note) => {
        "import-applied"
    };
    (percentile_choice) => {
        "import-percentile"
    };
    (compare_place) => {
        "compare-results"
    };
    (calibration_place) => {
        "fit-calibration"
    };
    (run_side_a) => {
        "a-run"
    };
    (run_side_b) => {
        "b-run"
    };
    // The worker's messages' tags.
    (ready) => {
        "ready"
    };
    (read) => {
        "read"
    };
    (progress) => {
        "progress"
    };
    (draw) => {
        "draw"
    };
    (drawn) => {
        "drawn"
    };
    (export) => {
        "export"
    };
    (file) => {
        "file"
    };
    (deployment) => {
        "deployment"
    };
    (compared) => {
        "compared"
    };
}
pub(crate) use name;

/// ` data-action="…"` for a start tag written at compile time, from the action's [`name!`].
macro_rules! action_attribute {
    ($action:ident) => {
        concat!(
            " ",
            $crate::measurements::protocol::name!(action_attribute),
            "=\"",
            $crate::measurements::protocol::name!($action),
            "\""
        )
    };
}
pub(crate) use action_attribute;

// The names the build step, the page and the worker's script share with the scripts no Rust
// compiles are the contract's (`shared_names`): the `<meta>` naming the worker's script (named
// by its content at build time), the global where that script leaves the promise of the module's
// functions, and the event by which the module asks the page to apply a run's rates.
pub use crate::shared_names::events::{APPLY_DEPLOYMENT, APPLY_RATES, RUNS_OVERLAY};
pub use crate::shared_names::files::{MEASUREMENTS_PROMISE, WORKER_META_SELECTOR};
/// The module's function that takes the section's events: the name `#[wasm_bindgen]` exports
/// the worker crate's `measurements_event` under.
pub const MODULE_EVENT_FUNCTION: &str = name!(module_event_function);
/// The worker's first message: its handler is set, and what is sent from now on is heard.
pub const READY: &str = Tag::Ready.name();
/// The attribute that names what an element of the section does when used ([`Action`]).
pub const ACTION_ATTRIBUTE: &str = name!(action_attribute);
/// The sample run's button: the page fetches the sample itself and hands it on as
/// [`Action::ReadFiles`], so this action is never sent to the module.
pub const READ_SAMPLE: &str = name!(read_sample);
/// The buttons with an action.
pub const BUTTON_ACTION_SELECTOR: &str = concat!("button[", name!(action_attribute), "]");

/// The places in the page's markup of the section that the module reads or writes, as
/// selectors: the paste box, the progress bar and its line (hidden while nothing is read), the
/// busy line, the refusal, the list of runs with the chosen run's results, and what "Use these
/// rates" did.
pub mod place {
    pub const PASTE: &str = concat!("#", name!(paste_box));
    pub const PROGRESS: &str = concat!("#", name!(progress_bar));
    pub const PROGRESS_LINE: &str = concat!("#", name!(progress_line));
    pub const BUSY: &str = concat!(".", name!(busy_line));
    pub const ERROR: &str = concat!(".", name!(refusal));
    pub const RESULTS: &str = concat!(".", name!(results));
    pub const APPLIED: &str = concat!(".", name!(applied_note));
    /// The TTFT percentile chosen beside "Use as A" and "Use as B".
    pub const PERCENTILE: &str = concat!("#", name!(percentile_choice));
    /// Where the comparison of two runs goes, in the deployments lab (present only while both
    /// of its deployments come from runs and its crossover may be shown).
    pub const COMPARE: &str = concat!(".", name!(compare_place));
    /// The line under each side of the lab naming the run it comes from, A's then B's.
    pub const RUN_SIDES: [&str; 2] =
        [concat!("#", name!(run_side_a)), concat!("#", name!(run_side_b))];
    /// The comparison table's CSV button, in that place.
    pub const COMPARE_CSV: &str =
        concat!("[", name!(action_attribute), "=\"", name!(compare_csv), "\"]");
    /// Where the chosen run's efficiencies on the chip section's setting go, in its results.
    pub const CALIBRATION: &str = concat!(".", name!(calibration_place));
}

// ---------------------------------------------------------------------------------------------
// Page → module

/// What an element of the section does, as its [`ACTION_ATTRIBUTE`] says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// The file picker (and files dropped on the section, handed on as if chosen there).
    ReadFiles,
    /// The paste box's button.
    ReadPasted,
    /// The list of loaded runs.
    ChooseRun,
    /// "Use these rates".
    ApplyRates,
    /// A download of the chosen run: the button's `value` is a [`RunFile`]'s name.
    Download,
    /// "Use as A" or "Use as B": the button's `value` is `a` or `b`.
    UseAs,
    /// "Compare these as A and B", offered when two files were chosen or dropped at once: the
    /// button's `value` is the two runs' ids, `a,b`.
    ComparePair,
    /// "Set MFU and MBU from this run": the chip section's efficiencies from the chosen run.
    Calibrate,
}

impl Action {
    pub const ALL: [Action; 8] = [
        Action::ReadFiles,
        Action::ReadPasted,
        Action::ChooseRun,
        Action::ApplyRates,
        Action::Download,
        Action::UseAs,
        Action::ComparePair,
        Action::Calibrate,
    ];

    /// The attribute's value.
    pub const fn name(self) -> &'static str {
        match self {
            Action::ReadFiles => name!(read_files),
            Action::ReadPasted => name!(read_pasted),
            Action::ChooseRun => name!(choose_run),
            Action::ApplyRates => name!(apply_rates),
            Action::Download => name!(download),
            Action::UseAs => name!(use_as),
            Action::ComparePair => name!(compare_pair),
            Action::Calibrate => name!(calibrate),
        }
    }

    pub fn from_name(name: &str) -> Option<Action> {
        Some(match name {
            name!(read_files) => Action::ReadFiles,
            name!(read_pasted) => Action::ReadPasted,
            name!(choose_run) => Action::ChooseRun,
            name!(apply_rates) => Action::ApplyRates,
            name!(download) => Action::Download,
            name!(use_as) => Action::UseAs,
            name!(compare_pair) => Action::ComparePair,
            name!(calibrate) => Action::Calibrate,
            _ => return None,
        })
    }
}

/// One of the section's events, as the module takes it. The page hands on the action's name
/// and, for [`Action::ReadFiles`], an array of `File`s, else the element the event came from.
#[derive(Clone, Debug)]
pub enum SectionEvent {
    ReadFiles(Vec<web_sys::File>),
    ReadPasted,
    /// A run chosen from the list, by its place there.
    ChooseRun(usize),
    ApplyRates,
    Download(RunFile),
    UseAs(Which),
    /// The runs to use as A and B, by id.
    ComparePair(usize, usize),
    Calibrate,
}

impl SectionEvent {
    /// The event the page handed on as `action` with `payload`; `None` for anything else.
    pub fn from_page(action: &str, payload: &JsValue) -> Option<SectionEvent> {
        let value = || js_sys::Reflect::get(payload, &"value".into()).ok()?.as_string();
        Some(match Action::from_name(action)? {
            Action::ReadFiles => SectionEvent::ReadFiles(
                js_sys::Array::from(payload).iter().filter_map(|f| f.dyn_into().ok()).collect(),
            ),
            Action::ReadPasted => SectionEvent::ReadPasted,
            Action::ChooseRun => SectionEvent::ChooseRun(value()?.parse().ok()?),
            Action::ApplyRates => SectionEvent::ApplyRates,
            Action::Download => SectionEvent::Download(RunFile::from_name(&value()?)?),
            Action::UseAs => SectionEvent::UseAs(match value()?.as_str() {
                "a" => Which::A,
                "b" => Which::B,
                _ => return None,
            }),
            Action::ComparePair => {
                let value = value()?;
                let (a, b) = value.split_once(',')?;
                SectionEvent::ComparePair(a.trim().parse().ok()?, b.trim().parse().ok()?)
            }
            Action::Calibrate => SectionEvent::Calibrate,
        })
    }
}

/// A download of a loaded run. A figure's PNG is its canvas as the page shows it; the worker
/// writes every other.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RunFile {
    /// The fitted numbers as CSV.
    Fit,
    /// Each request's residual as CSV.
    Residuals,
    /// A figure, by its slug (`charts::measured::RunFigure::slug`).
    Figure { slug: String, format: FigureFormat },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FigureFormat {
    Png,
    Svg,
    /// The figure's data table.
    Csv,
}

impl FigureFormat {
    pub const ALL: [FigureFormat; 3] = [FigureFormat::Png, FigureFormat::Svg, FigureFormat::Csv];

    /// The file name's extension.
    pub const fn extension(self) -> &'static str {
        match self {
            FigureFormat::Png => "png",
            FigureFormat::Svg => "svg",
            FigureFormat::Csv => "csv",
        }
    }

    /// The name of the format on its button.
    pub const fn label(self) -> &'static str {
        match self {
            FigureFormat::Png => "PNG",
            FigureFormat::Svg => "SVG",
            FigureFormat::Csv => "CSV",
        }
    }
}

const FIT: &str = name!(fit);
const RESIDUALS: &str = name!(residuals);

impl RunFile {
    /// How a download button (its `value`) and an export request name the file: `fit`,
    /// `residuals` or `<slug>.<extension>`.
    pub fn name(&self) -> String {
        match self {
            RunFile::Fit => FIT.to_string(),
            RunFile::Residuals => RESIDUALS.to_string(),
            RunFile::Figure { slug, format } => format!("{slug}.{}", format.extension()),
        }
    }

    pub fn from_name(name: &str) -> Option<RunFile> {
        match name {
            FIT => Some(RunFile::Fit),
            RESIDUALS => Some(RunFile::Residuals),
            _ => FigureFormat::ALL.into_iter().find_map(|format| {
                let slug = name.strip_suffix(format.extension())?.strip_suffix('.')?;
                Some(RunFile::Figure { slug: slug.to_string(), format })
            }),
        }
    }

    /// The name the file is saved under: the run's `stem` (`crossover-vllm`), then what it is.
    pub fn file_name(&self, stem: &str) -> String {
        let csv = if matches!(self, RunFile::Figure { .. }) { "" } else { ".csv" };
        format!("{stem}-{}{csv}", self.name())
    }
}

// ---------------------------------------------------------------------------------------------
// Module → page: "Use these rates"

/// What the module asks the page to put into its controls: for "Use these rates", the chosen
/// run's prefill rate, decode rate and fixed time before the first token; for "Set MFU and MBU
/// from this run", the chip section's two efficiencies. NaN where nothing is asked (that
/// control then keeps its own value).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatesAsked {
    pub prefill_tokens_per_sec: f64,
    pub decode_tokens_per_sec: f64,
    pub fixed_secs: f64,
    pub mfu: f64,
    pub mbu: f64,
}

/// The page's answer: the queue it asked for (the fixed time less the network time the panel
/// already holds), then what the prefill, decode, queue, MFU and MBU controls now hold, after
/// the page's bounds; NaN where a value was not set.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatesApplied {
    pub wait_secs: f64,
    pub held: [f64; HELD],
}

/// The event's detail: the five asked, then the six the page adds. Dispatching an event runs
/// the page's handler before it returns, so the module reads the answer from the same array.
const ASKED: usize = 5;
const HELD: usize = 5;
const ANSWERED: usize = ASKED + 1 + HELD;

impl RatesAsked {
    /// Nothing asked: every control keeps its value.
    pub const NOTHING: RatesAsked = RatesAsked {
        prefill_tokens_per_sec: f64::NAN,
        decode_tokens_per_sec: f64::NAN,
        fixed_secs: f64::NAN,
        mfu: f64::NAN,
        mbu: f64::NAN,
    };

    pub fn to_numbers(self) -> [f64; ASKED] {
        [
            self.prefill_tokens_per_sec,
            self.decode_tokens_per_sec,
            self.fixed_secs,
            self.mfu,
            self.mbu,
        ]
    }

    pub fn to_detail(self) -> js_sys::Array {
        self.to_numbers().into_iter().map(JsValue::from_f64).collect()
    }

    /// The event's detail as the page reads it, NaN for any number missing; `None` if it is not
    /// an array.
    pub fn from_detail(detail: &JsValue) -> Option<RatesAsked> {
        let detail: &js_sys::Array = detail.dyn_ref()?;
        let at = |i: u32| detail.get(i).as_f64().unwrap_or(f64::NAN);
        Some(RatesAsked {
            prefill_tokens_per_sec: at(0),
            decode_tokens_per_sec: at(1),
            fixed_secs: at(2),
            mfu: at(3),
            mbu: at(4),
        })
    }
}

impl RatesApplied {
    pub fn to_numbers(self) -> [f64; ANSWERED - ASKED] {
        let [prefill, decode, wait, mfu, mbu] = self.held;
        [self.wait_secs, prefill, decode, wait, mfu, mbu]
    }

    /// The answer after the three asked; `None` unless the page gave exactly one.
    pub fn from_numbers(numbers: &[f64]) -> Option<RatesApplied> {
        RatesApplied::read(numbers.len(), |i| numbers.get(i).copied().unwrap_or(f64::NAN))
    }

    /// Adds the answer to the event's detail, after what was asked.
    pub fn add_to(self, detail: &js_sys::Array) {
        for number in self.to_numbers() {
            detail.push(&number.into());
        }
    }

    pub fn from_detail(detail: &js_sys::Array) -> Option<RatesApplied> {
        let at = |i: usize| detail.get(i as u32).as_f64().unwrap_or(f64::NAN);
        RatesApplied::read(detail.length() as usize, at)
    }

    /// The answer in a detail of `count` numbers, the `i`th being `at(i)`.
    fn read(count: usize, at: impl Fn(usize) -> f64) -> Option<RatesApplied> {
        (count == ANSWERED).then(|| RatesApplied {
            wait_secs: at(ASKED),
            held: std::array::from_fn(|i| at(ASKED + 1 + i)),
        })
    }
}

// ---------------------------------------------------------------------------------------------
// Module ↔ worker

/// Each message's first item (or, for [`Tag::Ready`], the whole message).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tag {
    Ready,
    Read,
    Progress,
    Draw,
    Drawn,
    Export,
    File,
    Deployment,
    Compare,
    Compared,
}

impl Tag {
    pub const ALL: [Tag; 10] = [
        Tag::Ready,
        Tag::Read,
        Tag::Progress,
        Tag::Draw,
        Tag::Drawn,
        Tag::Export,
        Tag::File,
        Tag::Deployment,
        Tag::Compare,
        Tag::Compared,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            Tag::Ready => name!(ready),
            Tag::Read => name!(read),
            Tag::Progress => name!(progress),
            Tag::Draw => name!(draw),
            Tag::Drawn => name!(drawn),
            Tag::Export => name!(export),
            Tag::File => name!(file),
            Tag::Deployment => name!(deployment),
            Tag::Compare => name!(compare),
            Tag::Compared => name!(compared),
        }
    }

    pub fn from_name(name: &str) -> Option<Tag> {
        Some(match name {
            name!(ready) => Tag::Ready,
            name!(read) => Tag::Read,
            name!(progress) => Tag::Progress,
            name!(draw) => Tag::Draw,
            name!(drawn) => Tag::Drawn,
            name!(export) => Tag::Export,
            name!(file) => Tag::File,
            name!(deployment) => Tag::Deployment,
            name!(compare) => Tag::Compare,
            name!(compared) => Tag::Compared,
            _ => return None,
        })
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

/// What the module asks of the worker.
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
    /// The file's name and contents, or nothing when there is nothing to give.
    File(Option<(String, web_sys::Blob)>),
    /// A run as a deployment: its name, first token and decode rate; or why it cannot be one.
    Deployment(Result<RunAsDeployment, String>),
    /// Two runs compared: what the lab shows, as data (`text::comparison::ComparisonView`'s wire
    /// form; `None` when they could not be compared), and the numbers of what Figure 3 draws
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
                if let Some((name, blob)) = file {
                    message.push(&name.as_str().into());
                    message.push(blob);
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
                bitmaps: (2..message.length())
                    .filter_map(|i| message.get(i).dyn_into().ok())
                    .collect(),
            },
            Tag::File => Reply::File(
                message.get(1).as_string().zip(message.get(2).dyn_into::<web_sys::Blob>().ok()),
            ),
            Tag::Deployment => Reply::Deployment(match message.length() {
                6 => Ok(RunAsDeployment {
                    label: message.get(1).as_string()?,
                    ttft_secs: message.get(2).as_f64()?,
                    decode_tokens_per_sec: message.get(3).as_f64()?,
                    answer_tokens: [message.get(4).as_f64()?, message.get(5).as_f64()?],
                }),
                _ => Err(message.get(1).as_string()?),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_and_actions_have_one_name_each() {
        for (i, tag) in Tag::ALL.into_iter().enumerate() {
            assert_eq!(Tag::from_name(tag.name()), Some(tag));
            assert!(Tag::ALL.iter().skip(i + 1).all(|t| t.name() != tag.name()), "{tag:?}");
        }
        assert_eq!(READY, "ready");
        for (i, action) in Action::ALL.into_iter().enumerate() {
            assert_eq!(Action::from_name(action.name()), Some(action));
            assert!(Action::ALL.iter().skip(i + 1).all(|a| a.name() != action.name()));
        }
        assert_eq!(Tag::from_name("Ready"), None);
        assert_eq!(Action::from_name("import-apply"), None);
    }

    #[test]
    fn run_files_read_back_from_their_names_and_are_saved_under_the_runs_stem() {
        let figure = |format| RunFile::Figure { slug: "fit-ttft".to_string(), format };
        let mut files = vec![RunFile::Fit, RunFile::Residuals];
        files.extend(FigureFormat::ALL.map(figure));
        for file in &files {
            assert_eq!(RunFile::from_name(&file.name()).as_ref(), Some(file));
        }
        let saved: Vec<String> = files.iter().map(|f| f.file_name("crossover-vllm")).collect();
        assert_eq!(
            saved,
            [
                "crossover-vllm-fit.csv",
                "crossover-vllm-residuals.csv",
                "crossover-vllm-fit-ttft.png",
                "crossover-vllm-fit-ttft.svg",
                "crossover-vllm-fit-ttft.csv",
            ]
        );
        for name in ["", "fit-ttft", "fit-ttft.pdf", "fit-ttft.PNG"] {
            assert_eq!(RunFile::from_name(name), None, "{name}");
        }
    }

    #[test]
    fn the_rates_exchange_reads_back_and_needs_the_whole_answer() {
        let asked = RatesAsked {
            prefill_tokens_per_sec: 12_000.0,
            fixed_secs: 0.25,
            mbu: 0.61,
            ..RatesAsked::NOTHING
        };
        let numbers = asked.to_numbers();
        assert_eq!((numbers[0], numbers[2], numbers[4]), (12_000.0, 0.25, 0.61));
        assert!(numbers[1].is_nan() && numbers[3].is_nan());
        let applied =
            RatesApplied { wait_secs: 0.2, held: [12_000.0, f64::NAN, 0.2, f64::NAN, 0.61] };
        let mut detail = numbers.to_vec();
        assert_eq!(RatesApplied::from_numbers(&detail), None, "the page has not answered");
        detail.extend(applied.to_numbers());
        let read = RatesApplied::from_numbers(&detail).unwrap();
        assert_eq!(read.to_numbers().map(f64::to_bits), applied.to_numbers().map(f64::to_bits));
        detail.push(1.0);
        assert_eq!(RatesApplied::from_numbers(&detail), None, "not an answer this protocol gives");
    }
}
