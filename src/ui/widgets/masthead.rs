//! The top of a door's page: what the page is, its title, and the page's tools (share, theme),
//! with the notices and the announcer under it. The lesson and the workbench each open with one,
//! built in the frame's first stage (`arrival`).

use super::announcer::Announcer;
use super::notices::Notices;
use super::share::ShareBar;
use super::theme::ThemeToggle;
use crate::state::view::Theme;
use crate::ui::arrival::{stage, Later};
use leptos::prelude::*;

/// `kicker` names the page above its `title`; `children`, if any, follow the kicker (the
/// lesson's contents).
#[component]
pub fn Masthead(
    kicker: &'static str,
    title: &'static str,
    theme: RwSignal<Theme>,
    #[prop(optional)] children: Option<ChildrenFn>,
) -> impl IntoView {
    view! {
        <Later stage=stage::MASTHEAD>
            <header class="masthead">
                <div class="masthead-top">
                    <p class="kicker">{kicker}</p>
                    {children.as_ref().map(|c| c())}
                </div>
                <h1>{title}</h1>
                <div class="page-tools" data-takeover>
                    <Later stage=stage::READOUTS_AND_TOOLS>
                        <ShareBar />
                        <ThemeToggle choice=theme />
                    </Later>
                </div>
            </header>
            <Notices />
            <Announcer />
        </Later>
    }
}
