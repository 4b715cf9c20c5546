//! A bake-off from two runs, on the page's side. "Use as A" and "Use as B" ask the worker for
//! the chosen run as a deployment at the chosen TTFT percentile and hand its two numbers to the
//! page, which puts them into that side of the deployments lab; which run it was stays here.
//!
//! The page's first load holds none of what follows. This side reads the lab's state from the
//! address bar each time the page has written it (the root's `data-url-pending` goes) or a veil
//! lifts, and from it: names each side's run under the side while the side's controls still hold
//! the run's numbers, and once both sides are runs' and the crossover may be shown, asks the
//! worker for their comparison, builds its markup from the worker's data and places it in the lab
//! (keeping its table's CSV for the button there).

use super::{
    client, find, next_frame, page_changed, page_state, paragraph, show_applied, with_section,
};
use crossover::measurements::compare::{both_from_runs, RunSide, TtftPercentile};
use crossover::measurements::protocol::{
    place, CompareAsked, DeploymentApplied, DeploymentAsked, Reply, Request, SideAsked,
    APPLY_DEPLOYMENT, RUNS_OVERLAY,
};
use crossover::model::deployments::Which;
use crossover::render::export::download_blob;
use crossover::shared_names::root::URL_PENDING;
use crossover::state::Param;
use crossover::text::compare::{
    deployment_applied_text, run_side_text, LINK_HOLDS_NUMBERS, NOT_COMPARED, USE_AS_UNANSWERED,
};
use crossover::text::comparison::{comparison_html, ComparisonView};
use crossover::text::measurements::sentences::ANSWER_UNREADABLE;
use std::cell::{Cell, RefCell};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

/// The attribute a part of the page carries while its answer is held back until the reader
/// predicts it (the stylesheet blurs it).
const VEILED: &str = "[data-veiled]";
const VEILED_ATTRIBUTE: &str = "data-veiled";

thread_local! {
    /// The lab's sides set from runs, A then B.
    static SIDES: RefCell<[Option<RunSide>; 2]> = const { RefCell::new([None, None]) };
    /// The comparison asked last, so that a page writing the same address again asks nothing.
    static ASKED: Cell<Option<CompareAsked>> = const { Cell::new(None) };
    /// The comparison shown now, as CSV.
    static CSV: RefCell<String> = const { RefCell::new(String::new()) };
}

/// The percentile chosen beside the buttons (the median if none is).
fn chosen_percentile() -> TtftPercentile {
    find(place::PERCENTILE)
        .and_then(|e| js_sys::Reflect::get(&e, &"value".into()).ok())
        .and_then(|v| v.as_string())
        .and_then(|id| TtftPercentile::parse(&id))
        .unwrap_or_default()
}

/// "Use as A" or "Use as B" on the chosen run.
pub(super) fn use_as(which: Which) {
    let Some(run_id) = with_section(|s| s.runs.get(s.selected).map(|r| r.id)) else { return };
    use_run(which, run_id, false);
}

/// "Compare these as A and B": two runs, each used as its side.
pub(super) fn use_pair(a: usize, b: usize) {
    use_run(Which::A, a, false);
    use_run(Which::B, b, true);
}

/// Run `run_id` as side `which`, its first token at the chosen percentile; what was done is
/// said in the note, after what it says already with `after`.
fn use_run(which: Which, run_id: usize, after: bool) {
    let side = SideAsked { run_id, percentile: chosen_percentile() };
    client::ask(&Request::Deployment(side), None, move |reply| {
        // A reader who pressed the button hears what became of it, even with no answer.
        let Some(Reply::Deployment(answer)) = reply else {
            show_applied(USE_AS_UNANSWERED);
            return;
        };
        let d = match answer {
            Ok(d) => d,
            Err(why) => {
                show_applied(&why);
                return;
            }
        };
        let asked = DeploymentAsked {
            which,
            ttft_secs: d.ttft_secs,
            decode_tokens_per_sec: d.decode_tokens_per_sec,
            answer_tokens: d.answer_tokens,
            failed_requests: d.failed_requests as f64,
            requests: d.requests as f64,
        };
        let Some(held) = apply(&asked) else {
            show_applied(USE_AS_UNANSWERED);
            return;
        };
        let mut note = deployment_applied_text(&d.label, side.percentile, &asked, &held);
        if let Some(before) = find(place::APPLIED).and_then(|e| e.text_content()).filter(|_| after)
        {
            // Said once, after both.
            note = format!("{}{note}", before.strip_suffix(LINK_HOLDS_NUMBERS).unwrap_or(&before));
        }
        show_applied(&note);
        let run = RunSide {
            run_id,
            percentile: side.percentile,
            label: d.label,
            ttft_secs: held.ttft_secs,
            decode_tokens_per_sec: held.decode_tokens_per_sec,
        };
        SIDES.with_borrow_mut(|sides| {
            if let Some(slot) = sides.get_mut(usize::from(which == Which::B)) {
                *slot = Some(run);
            }
        });
        // Once the page has taken the numbers in: if they changed nothing, no address is
        // written, and the lab is followed from here.
        next_frame(Box::new(follow));
    });
}

/// Asks the page to put `asked` into its side, and returns what the side's controls now hold.
fn apply(asked: &DeploymentAsked) -> Option<DeploymentApplied> {
    let detail = asked.to_detail();
    let init = web_sys::CustomEventInit::new();
    init.set_detail(&detail);
    let event = web_sys::CustomEvent::new_with_event_init_dict(APPLY_DEPLOYMENT, &init).ok()?;
    // Dispatching runs the page's handler before it returns.
    web_sys::window()?.dispatch_event(&event).ok()?;
    DeploymentApplied::from_detail(&detail)
}

/// Brings the lab up to date with its state: the run under each side, and the comparison.
pub(super) fn follow() {
    let Some(state) = page_state() else { return };
    let asked = SIDES.with_borrow(|sides| {
        for (side, selector) in sides.iter().zip(place::RUN_SIDES).zip([Which::A, Which::B]).map(
            |((side, selector), which)| {
                (side.as_ref().filter(|s| s.holds(&state, which)), selector)
            },
        ) {
            if let Some(line) = find(selector) {
                let text = side.map(|s| run_side_text(&s.label, s.percentile));
                if line.text_content() != text {
                    line.set_text_content(text.as_deref());
                }
            }
        }
        let (a, b) = both_from_runs(sides, &state)?;
        let lengths = state.decision_lengths();
        Some(CompareAsked {
            a: SideAsked { run_id: a.run_id, percentile: a.percentile },
            b: SideAsked { run_id: b.run_id, percentile: b.percentile },
            answer_tokens: state.get(Param::RaceAnswer),
            median_answer_tokens: lengths.median(),
            p90_answer_tokens: lengths.quantile(0.9),
        })
    });
    let Some(place) = find(place::COMPARE) else { return };
    // Until the reader predicts the crossover, nothing that states it is written.
    let shown = asked.filter(|_| place.closest(VEILED).ok().flatten().is_none());
    if ASKED.replace(shown) == shown && (shown.is_none() || place.child_element_count() > 0) {
        return;
    }
    match shown {
        Some(asked) => compare(asked),
        None => {
            place.set_inner_html("");
            CSV.set(String::new());
            send_overlay(&[]);
        }
    }
}

/// Asks the worker for the comparison and places it in the lab, if it is still the one asked.
fn compare(asked: CompareAsked) {
    client::ask(&Request::Compare(asked), None, move |reply| {
        let Some(Reply::Compared { view, overlay }) = reply else { return };
        if ASKED.get() != Some(asked) {
            return;
        }
        // Built here from the worker's data, every text escaped: the worker sends no markup.
        let (html, csv) = match view.as_deref().map(ComparisonView::from_wire) {
            Some(Some(view)) => (comparison_html(&view), view.table.to_csv()),
            Some(None) => (paragraph(ANSWER_UNREADABLE), String::new()),
            None => (paragraph(NOT_COMPARED), String::new()),
        };
        CSV.set(csv);
        if let Some(place) = find(place::COMPARE) {
            place.set_inner_html(&html);
        }
        send_overlay(&overlay);
    });
}

/// Hands the page what Figure 3 draws behind its lines (nothing, for no numbers).
fn send_overlay(numbers: &[f64]) {
    let init = web_sys::CustomEventInit::new();
    init.set_detail(&js_sys::Float64Array::from(numbers));
    let event = web_sys::CustomEvent::new_with_event_init_dict(RUNS_OVERLAY, &init);
    if let (Some(window), Ok(event)) = (web_sys::window(), event) {
        let _ = window.dispatch_event(&event);
    }
}

/// Follows the lab from now on: each time the page has written its address or a veil lifts;
/// and hears the comparison table's CSV button, which lies in the lab, outside the section.
pub(super) fn listen() {
    let Some(window) = web_sys::window() else { return };
    let on_click = Closure::<dyn Fn(web_sys::Event)>::new(|event: web_sys::Event| {
        let button = event
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|e| e.closest(place::COMPARE_CSV).ok().flatten());
        if button.is_some() {
            download_csv();
        }
    });
    let _ = window.add_event_listener_with_callback("click", on_click.as_ref().unchecked_ref());
    let on_change = Closure::<dyn Fn()>::new(page_changed);
    let root = window.document().and_then(|d| d.document_element());
    if let (Some(root), Ok(observer)) =
        (root, web_sys::MutationObserver::new(on_change.as_ref().unchecked_ref()))
    {
        let options = web_sys::MutationObserverInit::new();
        options.set_subtree(true);
        let watched = js_sys::Array::of2(&URL_PENDING.into(), &VEILED_ATTRIBUTE.into());
        options.set_attribute_filter(&watched);
        let _ = observer.observe_with_options(&root, &options);
    }
    // Both for as long as the page is open.
    on_click.forget();
    on_change.forget();
}

fn download_csv() {
    let csv = CSV.with_borrow(Clone::clone);
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("text/csv");
    let parts = js_sys::Array::of1(&csv.into());
    if let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options) {
        download_blob("crossover-bakeoff.csv", &blob);
    }
}
