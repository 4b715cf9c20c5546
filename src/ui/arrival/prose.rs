//! The lesson's fixed prose is shipped once, in the prerendered page, not a second time in the
//! wasm. Paragraphs that no number, control or reader's choice ever changes are written natively
//! into index.html by the components, inside a `<div class="prose" data-prose="…">` that the
//! stylesheet lays out as if it were not there (`display: contents`). In the browser the same
//! component builds only the empty wrapper, and fills it with a copy of its prerendered twin's
//! children, taken before the takeover moves or removes them: the text reaches the reader in the
//! HTML, and the wasm carries its key instead of its words.
//!
//! Only for markup that is built whatever the state (never inside a branch the defaults leave
//! unbuilt, which the prerendered page would not hold) and that has no event handler or reactive
//! part: a copy is static. A key the prerendered page lacks leaves its wrapper empty and marked
//! (`PROSE_MISSING`), which the browser tests look for; keys are unique, which a native test
//! checks. The wrapper's attribute is spelled `data-prose` in the two `view!`s below, as
//! `shared_names::takeover::PROSE` has it: an attribute's name in `view!` cannot be a constant.

/// Fixed prose under a key: `prose!("phases-why" => <p>"…"</p> <p>"…"</p>)`. Natively the markup
/// is rendered in its wrapper; in the browser the markup is not compiled at all, and the wrapper
/// is filled from the prerendered page.
macro_rules! prose {
    ($key:literal => $($markup:tt)*) => {{
        #[cfg(not(target_arch = "wasm32"))]
        let prose = $crate::ui::arrival::prose::written($key, ::leptos::prelude::view! { $($markup)* });
        #[cfg(target_arch = "wasm32")]
        let prose = $crate::ui::arrival::prose::copied($key);
        prose
    }};
}
pub(crate) use prose;

#[cfg(not(target_arch = "wasm32"))]
pub use native::written;

#[cfg(target_arch = "wasm32")]
pub use browser::{copied, keep_prerendered};

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use leptos::prelude::*;

    /// The prose in its wrapper, as the build writes it into the page.
    pub fn written(key: &'static str, markup: impl IntoView + 'static) -> AnyView {
        view! { <div class="prose" data-prose=key>{markup}</div> }.into_any()
    }
}

#[cfg(target_arch = "wasm32")]
mod browser {
    use crate::shared_names::takeover::{PRERENDERED_ID, PROSE, PROSE_MISSING};
    use leptos::prelude::*;
    use std::cell::RefCell;
    use std::collections::HashMap;
    use wasm_bindgen::JsCast;

    thread_local! {
        /// The prerendered wrappers by key, kept from the page's start: the takeover moves some
        /// of them and removes them all, and a part rebuilt later copies from them again.
        static KEPT: RefCell<HashMap<String, web_sys::Element>> = RefCell::new(HashMap::new());
    }

    /// Keeps every prerendered block of prose, before the live page builds anything. A page
    /// without the prerendered lesson (one figure alone) keeps nothing.
    pub fn keep_prerendered() {
        let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
        let selector = format!("#{PRERENDERED_ID} [{PROSE}]");
        let Ok(found) = document.query_selector_all(&selector) else { return };
        KEPT.with(|kept| {
            let mut kept = kept.borrow_mut();
            for i in 0..found.length() {
                let Some(element) =
                    found.item(i).and_then(|n| n.dyn_into::<web_sys::Element>().ok())
                else {
                    continue;
                };
                if let Some(key) = element.get_attribute(PROSE) {
                    kept.insert(key, element);
                }
            }
        });
    }

    /// The wrapper for `key`, filled with a copy of its prerendered twin's children as it is
    /// built.
    pub fn copied(key: &'static str) -> AnyView {
        view! { <div class="prose" data-prose=key node_ref=Fill(key)></div> }.into_any()
    }

    /// Fills the wrapper when tachys creates it, in the same task: a stage builds its part and
    /// removes the stand-in at once, and the part must not be empty in between.
    #[derive(Clone, Copy)]
    struct Fill(&'static str);

    impl leptos::tachys::html::node_ref::NodeRefContainer<leptos::html::Div> for Fill {
        fn load(self, wrapper: &web_sys::Element) {
            let filled = KEPT.with(|kept| {
                let kept = kept.borrow();
                let Some(source) = kept.get(self.0) else { return false };
                let children = source.child_nodes();
                for i in 0..children.length() {
                    if let Some(child) =
                        children.item(i).and_then(|c| c.clone_node_with_deep(true).ok())
                    {
                        let _ = wrapper.append_child(&child);
                    }
                }
                true
            });
            if !filled {
                let _ = wrapper.set_attribute(PROSE_MISSING, "");
            }
        }
    }
}
