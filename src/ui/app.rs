//! The page: state from the URL, then one of its doors: the whole lesson, the review workbench,
//! or a single figure (embedded, or presented).

use super::arrival::{
    provide_stages, stage, when_still, Arrival, Complete, Later, Sight, LAST_STAGE,
};
use super::contents::Contents;
use super::context::{
    use_state, CurrentQuery, NoticesContext, Printing, Revealed, RunsOverlay, ShownState,
    StateContext, ThemeChoice,
};
use super::dom;
use super::parts;
use super::sections::one_request::OneRequest;
use super::single_figure::SingleFigure;
use super::widgets::masthead::Masthead;
use super::widgets::theme::provide_theme;
use super::workbench::presented::Presenting;
use crate::shared_names::root;
use crate::state::review_slides::presented_controls;
use crate::state::view::{ControlChoice, Theme, View};
use crate::state::{query, Figure, State};
use crate::ui::erased::memo;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// The page the app runs in: index.html, which holds the lesson written at build time, or the
/// workbench's own page, which holds the workbench (`site::workbench_page`) and opens it whatever
/// the address says but for a single figure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PageDoor {
    Lesson,
    Workbench,
}

impl PageDoor {
    /// Which page this is, as the build marked its root.
    #[cfg(target_arch = "wasm32")]
    pub fn of_page() -> PageDoor {
        if dom::root_has(root::WORKBENCH_PAGE) {
            PageDoor::Workbench
        } else {
            PageDoor::Lesson
        }
    }
}

#[component]
pub fn App(page: PageDoor) -> impl IntoView {
    let query_string = dom::query_string();
    let parsed = query::parse(&query_string);
    let (view, view_notices) = View::parse(&query_string);
    // On its own page the workbench needs no key to say so, and none is written into the address.
    let workbench = view.workbench || page == PageDoor::Workbench;
    // The workbench, or its decision presented, reads the address as a review: no story's
    // workload or hour (`state::review`).
    let reviewing = workbench
        && view.embed.is_none()
        && view.present.is_none_or(|figure| figure == Figure::Completion);
    let state = RwSignal::new(if reviewing { parsed.state.for_review() } else { parsed.state });
    let notices = RwSignal::new(parsed.notices.into_iter().chain(view_notices).collect::<Vec<_>>());
    let sight = Sight::default();
    provide_context(StateContext(state));
    provide_context(sight);
    provide_context(ShownState::of(state));
    provide_context(NoticesContext(notices));
    let theme = provide_theme(view.theme);
    provide_context(ThemeChoice(theme));

    // The query that reproduces the page; share links are built from it directly.
    let kept_view = view.clone();
    let current_query = memo(move || {
        format!(
            "{}{}",
            query::to_query(&state.get()),
            View { theme: theme.get(), ..kept_view.clone() }.to_query()
        )
    });
    provide_context(CurrentQuery(current_query));

    // Keep the address bar in step with the controls. `replaceState` is a synchronous call into
    // the browser that can take milliseconds on a busy machine, so during a drag it is written
    // once the controls have been still for a moment rather than on every step; the query is
    // only built then. The first run also normalises a URL that held bad values, so a reload
    // never carries them on. A bare address already means the defaults and is left as it is:
    // writing them all out would be a synchronous history call in the page's first task, on a
    // phone's busiest moment. Sections out of sight catch up at the same moment (`arrival`).
    let changed_at_ms = StoredValue::new(None::<f64>);
    let bare_address = query_string.trim_start_matches('?').is_empty();
    Effect::new(move |first: Option<()>| {
        state.track();
        theme.track();
        if first.is_none() {
            if !bare_address {
                dom::replace_query(&current_query.get_untracked());
            }
            return;
        }
        sight.follow(state.get_untracked());
        let idle = changed_at_ms.get_value().is_none();
        changed_at_ms.set_value(Some(js_sys::Date::now()));
        if idle {
            // While a write is pending the root element says so, so tests (and scripts that
            // read the address) can wait for it rather than guess a delay.
            dom::mark_root(root::URL_PENDING, true);
            settle_when_still(Settling { changed_at_ms, query: current_query, state, sight });
        }
    });

    // Printed pages cannot click "show the numbers": open every data table before printing. The
    // signal writes the tables at once (effects run before the browser lays out the print); the
    // details' own toggle events would come too late.
    // The markup written at build time is read like a printed page: nothing can write a table
    // into it when its details open, so every table is written out already.
    let printing = RwSignal::new(dom::AT_BUILD_TIME);
    provide_context(Printing(printing));
    let _ = window_event_listener_untyped("beforeprint", move |_| {
        printing.set(true);
        sight.settle(state.get_untracked());
        let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
        if let Ok(all) = document.query_selector_all("details") {
            for i in 0..all.length() {
                if let Some(element) =
                    all.item(i).and_then(|n| n.dyn_into::<web_sys::Element>().ok())
                {
                    let _ = element.set_attribute("open", "");
                }
            }
        }
    });

    door(&view, workbench, theme)
}

/// The door the address and the page open: one figure alone (embedded or presented), the
/// workbench, or the lesson.
fn door(view: &View, workbench: bool, theme: RwSignal<Theme>) -> AnyView {
    match (view.embed, view.present) {
        (Some(figure), _) => {
            dom::mark_root(root::EMBED, true);
            let controls = view.controls.params(figure);
            view! { <SingleFigure figure=figure presentation=false controls=controls caption=view.caption /> }.into_any()
        }
        // From the workbench, Figure 5 presents the decision under review: the workbench's
        // part, fetched now, holds that presentation.
        (None, Some(Figure::Completion)) if workbench => {
            dom::mark_root(root::PRESENT, true);
            // Unless the link chose them, the controls of what each side races on.
            let controls = match &view.controls {
                ControlChoice::Own => presented_controls(&use_state().get_untracked()),
                chosen => chosen.params(Figure::Completion),
            };
            let presenting = Presenting { controls, caption: view.caption, held: view.held };
            parts::workbench(Some(presenting)).into_any()
        }
        (None, Some(figure)) => {
            dom::mark_root(root::PRESENT, true);
            let controls = view.controls.params(figure);
            view! { <SingleFigure figure=figure presentation=true controls=controls caption=view.caption /> }.into_any()
        }
        (None, None) if workbench => {
            dom::mark_root(root::WORKBENCH, true);
            // The whole door, its frame included, is a part fetched now: the lesson's first
            // load carries none of it.
            parts::workbench(None).into_any()
        }
        (None, None) => view! { <FullPage theme=theme /> }.into_any(),
    }
}

/// How long the controls must be still before the address bar is rewritten and sections out of
/// sight catch up.
const QUIET_MS: f64 = 150.0;

/// What settles once the controls are still.
#[derive(Clone, Copy)]
struct Settling {
    /// When the state last changed; `None` once settled.
    changed_at_ms: StoredValue<Option<f64>>,
    query: Memo<String>,
    state: RwSignal<State>,
    sight: Sight,
}

/// Writes the query into the address bar, and settles the state, once the controls have been
/// still for [`QUIET_MS`].
fn settle_when_still(s: Settling) {
    when_still(
        QUIET_MS,
        move || s.changed_at_ms.get_value(),
        move || {
            s.changed_at_ms.set_value(None);
            dom::replace_query(&s.query.get_untracked());
            dom::mark_root(root::URL_PENDING, false);
            s.sight.settle(s.state.get_untracked());
        },
    );
}

#[component]
fn FullPage(theme: RwSignal<Theme>) -> impl IntoView {
    // The mount only reads the address: the page's frame is built out of sight, a part per task,
    // and then takes the prerendered lesson's place; the lesson's parts, the page's tools and
    // the first screen's readouts and opening included, follow in later tasks (`arrival`).
    provide_stages(Arrival::OnApproach);
    provide_context(Revealed::open(use_state()));
    provide_context(RunsOverlay(RwSignal::new(None)));
    view! {
        <Masthead kicker="Crossover · an explainer of LLM response time" title="Two waits in every answer" theme=theme>
            <Contents />
        </Masthead>
        <Later stage=stage::MAIN>
            <main id="main" data-takeover>
                <OneRequest>
                    <Later stage=stage::STREAMING_AND_ADVICE fetch=parts::fetch_streaming>
                        {parts::streaming()}
                    </Later>
                </OneRequest>
                <Later stage=stage::HARDWARE fetch=parts::fetch_chip>
                    {parts::chip()}
                </Later>
                <Later stage=stage::DEPLOYMENTS fetch=parts::fetch_deployments>
                    {parts::deployments()}
                </Later>
                <Later stage=LAST_STAGE fetch=parts::fetch_closing>
                    {parts::closing()}
                    <Complete />
                </Later>
            </main>
        </Later>
        <Later stage=stage::COLOPHON>
            <footer class="colophon">
                {present_links()}
            </footer>
        </Later>
    }
}

/// Links into presentation mode, one per figure.
fn present_links() -> impl IntoView {
    let links = Figure::ALL
        .into_iter()
        .map(|f| {
            let href = move || {
                let query = dom::query_string();
                match query.trim_start_matches('?') {
                    "" => format!("?present={}", f.slug()),
                    query => format!("?{query}&present={}", f.slug()),
                }
            };
            view! { <li><a href=href data-testid=format!("present-{}", f.slug())>{f.title()}</a></li> }
        })
        .collect_view();
    view! {
        <details class="present">
            <summary>"Presenting: one figure on the whole screen"</summary>
            <p id="present-title">"Each figure shows full screen with its own controls; Page Down and Page Up, what a presenter's clicker sends, step through its scenarios:"</p>
            <ul class="present-links" aria-labelledby="present-title">{links}</ul>
        </details>
    }
}
