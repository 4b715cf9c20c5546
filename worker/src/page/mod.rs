//! The measurements section's side on the page, loaded with the worker's own script when a
//! reader first loads a file. The workbench's part holds only the section's markup and a few
//! lines that hand the section's events here (`src/ui/sections/measurements/`): everything else
//! the section does, from sending files to the worker to "Use as A" and "Use as B", is code
//! that a reader who never loads a file never downloads.
//!
//! The section's markup is the page's: this side finds its places by the protocol's selectors
//! (the paste box, the progress bar, the busy line, the refusal, the results and the note after
//! a run's numbers are handed on), writes into them and adds nothing else. What it writes there
//! it builds itself, from the worker's data with every text escaped: the worker sends no
//! markup, so a worker's copy changed on the way can say wrong things but cannot add an element.
//! The events it is handed and the values it asks the page to apply are the protocol's
//! (`crossover::measurements::protocol`).

mod bakeoff;
mod calibrate;
mod client;
mod import;
mod results;

use crossover::measurements::protocol::{
    place, PageRun, RatesApplied, RatesAsked, SectionEvent, APPLY_RATES,
};
use crossover::shared_names::root::{THEME, URL_PENDING};
use crossover::state::{query, State};
use crossover::text::measurements::markup::{self, results_html, run_html};
use crossover::text::measurements::sentences::{reading_text, ANSWER_UNREADABLE};
use crossover::text::measurements::RunView;
use std::cell::{Cell, RefCell};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::prelude::wasm_bindgen;
use wasm_bindgen::{JsCast, JsValue};

/// What the results area shows: how many runs, the one chosen, the last one's id, the pair
/// offered.
type Shown = (usize, usize, Option<usize>, Option<(usize, usize)>);

/// What the section holds: every run loaded so far, the one chosen, and how many files are
/// still being read.
#[derive(Default)]
struct Section {
    runs: Vec<PageRun>,
    selected: usize,
    pending: usize,
    /// The first runs (by id) of two files chosen together, offered as A and B.
    pair: Option<(usize, usize)>,
}

thread_local! {
    static SECTION: RefCell<Section> = RefCell::new(Section::default());
    /// The page's palette is dark: the worker draws the figures in it.
    static DARK: Cell<bool> = const { Cell::new(false) };
}

/// Starts the section's side on the page, when the script has loaded there: the figures follow
/// the page's width and palette, and a worker started after one failed is first sent the files
/// the old one held.
pub fn start() {
    client::on_restart(import::read_again);
    bakeoff::listen();
    let Some(window) = web_sys::window() else { return };
    let redraw = Closure::<dyn Fn()>::new(results::draw);
    let _ = window.add_event_listener_with_callback("resize", redraw.as_ref().unchecked_ref());
    let root = window.document().and_then(|d| d.document_element());
    let Some(root) = root else { return };
    let theme = move || {
        DARK.set(root.get_attribute(THEME).as_deref() == Some("dark"));
    };
    theme();
    let root = window.document().and_then(|d| d.document_element());
    let on_theme = Closure::<dyn Fn()>::new(move || {
        theme();
        results::draw();
    });
    if let (Some(root), Ok(observer)) =
        (root, web_sys::MutationObserver::new(on_theme.as_ref().unchecked_ref()))
    {
        let options = web_sys::MutationObserverInit::new();
        options.set_attribute_filter(&js_sys::Array::of1(&THEME.into()));
        let _ = observer.observe_with_options(&root, &options);
    }
    // Both listen for as long as the page is open.
    redraw.forget();
    on_theme.forget();
}

/// One of the section's events, as the page hands it on: the `data-action` of the control
/// used, with the files picked or dropped, or else the control itself. Exported to the page as
/// the protocol's `MODULE_EVENT_FUNCTION`, by this function's name.
#[wasm_bindgen]
pub fn measurements_event(action: &str, payload: JsValue) {
    let Some(event) = SectionEvent::from_page(action, &payload) else { return };
    match event {
        SectionEvent::ReadFiles(files) => import::read_files(files),
        SectionEvent::ReadPasted => import::pasted(),
        SectionEvent::ChooseRun(index) => results::chosen(index),
        SectionEvent::Download(file) => results::download(file),
        SectionEvent::UseAs(which) => bakeoff::use_as(which),
        SectionEvent::ComparePair(a, b) => bakeoff::use_pair(a, b),
        SectionEvent::Calibrate => calibrate::apply(),
    }
}

fn dark() -> bool {
    DARK.get()
}

fn with_section<T>(f: impl FnOnce(&Section) -> T) -> T {
    SECTION.with_borrow(f)
}

/// Changes what the section holds; the results are written anew if the runs or the choice
/// changed, the busy line always.
fn update(f: impl FnOnce(&mut Section)) {
    let before = with_section(Section::shown);
    SECTION.with_borrow_mut(f);
    show(before);
}

impl Section {
    fn shown(&self) -> Shown {
        (self.runs.len(), self.selected, self.runs.last().map(|r| r.id), self.pair)
    }

    /// The pair offered, with the runs' names, while both are still listed.
    fn pair_named(&self) -> Option<[(usize, &str); 2]> {
        let (a, b) = self.pair?;
        let name =
            |id: usize| self.runs.iter().find(|r| r.id == id).map(|r| (id, r.choice.as_str()));
        Some([name(a)?, name(b)?])
    }
}

/// Writes the results anew if they no longer show what they did `before`, and the busy line.
/// Apart from [`update`], so that its code is not repeated for each change made.
fn show(before: Shown) {
    let results = with_section(|section| {
        (section.shown() != before).then(|| {
            let choices: Vec<&str> = section.runs.iter().map(|r| r.choice.as_str()).collect();
            let html = section.runs.get(section.selected).map_or_else(String::new, shown);
            results_html(&choices, section.selected, &html, section.pair_named())
        })
    });
    if let Some(html) = results {
        if let Some(results) = find(place::RESULTS) {
            results.set_inner_html(&html);
        }
    }
    set_text(place::BUSY, &reading_text(with_section(|s| s.pending)));
    calibrate::show();
}

/// The markup of a run's results, built here from the worker's data with every text escaped:
/// the worker sends no markup.
fn shown(run: &PageRun) -> String {
    RunView::from_wire(&run.view).map_or_else(|| paragraph(ANSWER_UNREADABLE), |v| run_html(&v))
}

/// `text` as a paragraph of its own, escaped.
fn paragraph(text: &str) -> String {
    let mut out = String::new();
    markup::paragraph(&mut out, "", "", text);
    out
}

/// The page has written its address anew, or a veil lifted: what here follows the page's
/// state is brought up to date.
fn page_changed() {
    bakeoff::follow();
    calibrate::show();
}

/// The page's state as the address bar holds it; `None` while a rewrite of it is still due.
fn page_state() -> Option<State> {
    let window = web_sys::window()?;
    let root = window.document()?.document_element()?;
    if root.has_attribute(URL_PENDING) {
        return None;
    }
    Some(query::parse(&window.location().search().ok()?).state)
}

/// Shows `message` as the section's refusal, or hides the refusal.
fn show_error(message: Option<&str>) {
    let Some(alert) = find(place::ERROR) else { return };
    alert.set_text_content(message);
    let _ = match message {
        Some(_) => alert.remove_attribute("hidden"),
        None => alert.set_attribute("hidden", ""),
    };
}

/// The note under the results about what a button that hands a run's numbers on did.
fn show_applied(note: &str) {
    set_text(place::APPLIED, note);
}

fn set_text(selector: &str, text: &str) {
    if let Some(element) = find(selector) {
        if element.text_content().as_deref() != Some(text) {
            element.set_text_content(Some(text));
        }
    }
}

/// The first element that `selector` matches.
fn find(selector: &str) -> Option<web_sys::Element> {
    web_sys::window()?.document()?.query_selector(selector).ok()?
}

fn element_by_id(id: &str) -> Option<web_sys::Element> {
    web_sys::window()?.document()?.get_element_by_id(id)
}

/// Runs `f` before the next frame is painted (boxed: one callback type for every caller).
fn next_frame(f: Box<dyn FnOnce()>) {
    let callback = Closure::once_into_js(f);
    if let Some(window) = web_sys::window() {
        let _ = window.request_animation_frame(callback.unchecked_ref());
    }
}

/// Asks the page to put a run's rates into the lesson's controls, and returns its answer.
fn apply_rates(asked: RatesAsked) -> Option<RatesApplied> {
    let detail = asked.to_detail();
    let init = web_sys::CustomEventInit::new();
    init.set_detail(&detail);
    let event = web_sys::CustomEvent::new_with_event_init_dict(APPLY_RATES, &init).ok()?;
    // Dispatching runs the page's handler before it returns.
    web_sys::window()?.dispatch_event(&event).ok()?;
    RatesApplied::from_detail(&detail)
}
