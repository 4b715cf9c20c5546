//! Light and dark: follows the system unless the reader picks one, and tells the canvases which
//! palette to draw with.

use super::choice::Choice;
use crate::shared_names::root::THEME;
use crate::state::view::Theme;
use crate::ui::context::Dark;
use crate::ui::dom;
use crate::ui::erased::memo;
use leptos::prelude::*;
use send_wrapper::SendWrapper;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

/// Sets up the theme: returns the reader's choice (to bind to a toggle) after providing the
/// effective darkness as context and mirroring it onto `<html data-theme>` for the stylesheet.
pub fn provide_theme(initial: Theme) -> RwSignal<Theme> {
    let choice = RwSignal::new(initial);
    let system_dark = RwSignal::new(false);
    if let Some(query) = dom::dark_scheme_query() {
        system_dark.set(query.matches());
        let on_change = Closure::<dyn FnMut(web_sys::MediaQueryListEvent)>::new(
            move |e: web_sys::MediaQueryListEvent| system_dark.set(e.matches()),
        );
        query.set_onchange(Some(on_change.as_ref().unchecked_ref()));
        let kept = SendWrapper::new((query, on_change));
        on_cleanup(move || kept.0.set_onchange(None));
    }
    let dark = memo(move || match choice.get() {
        Theme::Auto => system_dark.get(),
        Theme::Light => false,
        Theme::Dark => true,
    });
    provide_context(Dark(dark));
    Effect::new(move |_| {
        if let Some(root) =
            web_sys::window().and_then(|w| w.document()).and_then(|d| d.document_element())
        {
            // Writing the value already there (boot.js set it before the first paint) would
            // still make the browser restyle the whole page.
            let theme = if dark.get() { "dark" } else { "light" };
            if root.get_attribute(THEME).as_deref() != Some(theme) {
                let _ = root.set_attribute(THEME, theme);
            }
        }
    });
    choice
}

/// A three-way switch: system, light, dark.
#[component]
pub fn ThemeToggle(choice: RwSignal<Theme>) -> impl IntoView {
    let set = Callback::new(move |theme: Theme| choice.set(theme));
    let option = move |theme: Theme, label: &'static str| {
        view! { <Choice name="theme" testid=format!("theme-{}", theme.key()) label=label value=theme current=choice set=set /> }
    };
    view! {
        <fieldset class="theme-toggle">
            <legend>"Colours"</legend>
            {option(Theme::Auto, "system")}
            {option(Theme::Light, "light")}
            {option(Theme::Dark, "dark")}
        </fieldset>
    }
}
