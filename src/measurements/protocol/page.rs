//! The page and the section's module: the events the page hands the module ([`SectionEvent`],
//! named by an element's [`ACTION_ATTRIBUTE`](super::ACTION_ATTRIBUTE)), the downloads they
//! name ([`RunFile`]), and the values the module asks the page to put into its controls
//! ([`RatesAsked`], [`RatesApplied`]; "Set MFU and MBU from this run" asks for the chip
//! section's two).

use super::names::name;
use crate::model::deployments::Which;
use wasm_bindgen::{JsCast, JsValue};

// Page → module

/// What an element of the section does, as its [`ACTION_ATTRIBUTE`](super::ACTION_ATTRIBUTE)
/// says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// The file picker (and files dropped on the section, handed on as if chosen there).
    ReadFiles,
    /// The paste box's button.
    ReadPasted,
    /// The list of loaded runs.
    ChooseRun,
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
    pub const ALL: [Action; 7] = [
        Action::ReadFiles,
        Action::ReadPasted,
        Action::ChooseRun,
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

// Module → page: values for the page's controls

/// What the module asks the page to put into its controls: a prefill rate, a decode rate and a
/// fixed time before the first token for the request's controls, and the chip section's two
/// efficiencies ("Set MFU and MBU from this run" asks for these). NaN where nothing is asked
/// (that control then keeps its own value).
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_have_one_name_each() {
        for (i, action) in Action::ALL.into_iter().enumerate() {
            assert_eq!(Action::from_name(action.name()), Some(action));
            assert!(Action::ALL.iter().skip(i + 1).all(|a| a.name() != action.name()));
        }
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
