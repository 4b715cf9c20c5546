//! The measurements section's side on the page, loaded with the worker's own script when a
//! reader first loads a file. The page's first load holds only the section's markup and a few
//! lines that hand the section's events here (`src/ui/sections/measurements/`): everything else
//! the section does, from sending files to the worker to "Use these rates", is code that a reader
//! who never loads a file never downloads.
//!
//! The section's markup is the page's: this side writes into its places by test id (the busy
//! line, the refusal, the results and the note after "Use these rates") and adds nothing else.

mod client;
mod import;
mod results;

use crossover::text::measurements::{results_html, PageRun};
use std::cell::{Cell, RefCell};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::prelude::wasm_bindgen;
use wasm_bindgen::{JsCast, JsValue};

/// What the section holds: every run loaded so far, the one chosen, and how many files are
/// still being read.
#[derive(Default)]
struct Section {
    runs: Vec<PageRun>,
    selected: usize,
    pending: usize,
}

thread_local! {
    static SECTION: RefCell<Section> = RefCell::new(Section::default());
    /// The page's palette is dark: the worker draws the figures in it.
    static DARK: Cell<bool> = const { Cell::new(false) };
}

/// The page's `<html>` attribute that names its palette (`light` or `dark`).
const THEME_ATTRIBUTE: &str = "data-theme";
/// The event by which this module asks the page to put a run's rates into the lesson's
/// controls (the page's `sections/measurements/module.rs` says what it carries).
const APPLY_EVENT: &str = "crossover-apply-rates";

/// Starts the section's side on the page, when the script has loaded there: the figures follow
/// the page's width and palette, and a worker started after one failed is first sent the files
/// the old one held.
pub fn start() {
    client::on_restart(import::read_again);
    let Some(window) = web_sys::window() else { return };
    let redraw = Closure::<dyn Fn()>::new(results::draw);
    let _ = window.add_event_listener_with_callback("resize", redraw.as_ref().unchecked_ref());
    let root = window.document().and_then(|d| d.document_element());
    let Some(root) = root else { return };
    let theme = move || {
        DARK.set(root.get_attribute(THEME_ATTRIBUTE).as_deref() == Some("dark"));
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
        options.set_attribute_filter(&js_sys::Array::of1(&THEME_ATTRIBUTE.into()));
        let _ = observer.observe_with_options(&root, &options);
    }
    // Both listen for as long as the page is open.
    redraw.forget();
    on_theme.forget();
}

/// One of the section's events, as the page hands it on: `files` (an array of `File`s picked
/// or dropped), or the test id of a button clicked or a control changed, with its element.
#[wasm_bindgen]
pub fn measurements_event(what: &str, payload: JsValue) {
    match what {
        "files" => {
            for file in js_sys::Array::from(&payload).iter() {
                if let Ok(file) = file.dyn_into::<web_sys::File>() {
                    import::read(&file.name(), file.into());
                }
            }
        }
        "import-paste-go" => import::pasted(),
        "import-run" => results::chosen(&payload),
        "import-apply" => results::apply(),
        "import-csv-fit" => results::download("fit"),
        "import-csv-residuals" => results::download("residuals"),
        other => results::export_figure(other),
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
    let results = SECTION.with_borrow_mut(|section| {
        let before = (section.runs.len(), section.selected, section.runs.last().map(|r| r.id));
        f(section);
        let after = (section.runs.len(), section.selected, section.runs.last().map(|r| r.id));
        (before != after).then(|| {
            let choices: Vec<&str> = section.runs.iter().map(|r| r.choice.as_str()).collect();
            let html = section.runs.get(section.selected).map_or("", |r| r.html.as_str());
            results_html(&choices, section.selected, html)
        })
    });
    if let Some(html) = results {
        if let Some(place) = place(".import-results") {
            place.set_inner_html(&html);
        }
    }
    let busy = match with_section(|s| s.pending) {
        0 => String::new(),
        1 => "Reading one file…".to_string(),
        n => format!("Reading {n} files…"),
    };
    set_text("import-busy", &busy);
}

/// Shows `message` as the section's refusal, or hides the refusal.
fn show_error(message: Option<&str>) {
    let Some(alert) = place("[data-testid=import-error]") else { return };
    alert.set_text_content(message);
    let _ = match message {
        Some(_) => alert.remove_attribute("hidden"),
        None => alert.set_attribute("hidden", ""),
    };
}

/// The note under the results about what "Use these rates" did.
fn show_applied(note: &str) {
    set_text("import-applied", note);
}

fn set_text(test_id: &str, text: &str) {
    if let Some(element) = place(&format!("[data-testid={test_id}]")) {
        if element.text_content().as_deref() != Some(text) {
            element.set_text_content(Some(text));
        }
    }
}

fn place(selector: &str) -> Option<web_sys::Element> {
    web_sys::window()?.document()?.query_selector(selector).ok()?
}

fn element_by_id(id: &str) -> Option<web_sys::Element> {
    web_sys::window()?.document()?.get_element_by_id(id)
}

fn next_frame(f: impl FnOnce() + 'static) {
    let callback = Closure::once_into_js(f);
    if let Some(window) = web_sys::window() {
        let _ = window.request_animation_frame(callback.unchecked_ref());
    }
}

/// Asks the page to put a run's rates (NaN where the run gives none) into the lesson's controls,
/// and returns its answer: the queue it asked for, then what the prefill, decode and queue
/// controls now hold.
fn apply_rates(prefill: f64, decode: f64, fixed_secs: f64) -> Option<[f64; 4]> {
    let rates: js_sys::Array =
        [prefill, decode, fixed_secs].into_iter().map(JsValue::from_f64).collect();
    let init = web_sys::CustomEventInit::new();
    init.set_detail(&rates);
    let event = web_sys::CustomEvent::new_with_event_init_dict(APPLY_EVENT, &init).ok()?;
    // Dispatching runs the page's handler before it returns.
    web_sys::window()?.dispatch_event(&event).ok()?;
    let answer = |i| rates.get(i).as_f64().unwrap_or(f64::NAN);
    (rates.length() == 7).then(|| [answer(3), answer(4), answer(5), answer(6)])
}
