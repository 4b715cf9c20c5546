//! Parts of the page whose code the page's wasm leaves out, each fetched as a wasm of its own
//! when the stage that builds it is reached (on a bare address, as the reader nears it;
//! otherwise in turn after the first screen): the lesson's sections from streaming on (streaming
//! and the advice, the chip section, the deployments lab, the deeper model with the summary), and
//! the review workbench, the whole door, fetched when it is opened. A reader of the first screen
//! downloads none of them. Until a part's code has arrived its prerendered twin stands in, and
//! the stage waits for it (`arrival::Later`'s `fetch`), so the live part is built in one task
//! like any other.
//!
//! The release build splits them out (`cargo xtask build|test|bench` compile with the cfg
//! `crossover_split`): `wasm-split-cli` cuts each `wasm_split` function, and what only it
//! reaches, into a file of its own (`xtask/src/release.rs`), and the site's step names those
//! files by content and fetches them with an integrity check (`crate::site::split_parts`).
//! Without the cfg (`trunk serve`, a plain `trunk build`, and natively at build time) each is an
//! ordinary call, so the development loop needs none of that machinery.

use super::sections::deeper::Deeper;
use super::sections::deployments::Deployments;
use super::sections::hardware::ChipBeneath;
use super::sections::one_request::StreamingAndAdvice;
use super::sections::summary::Summary;
use super::workbench::presented::{Presenting, ReviewPresented};
use super::workbench::WorkbenchPage;
use leptos::prelude::*;
use send_wrapper::SendWrapper;
use std::future::Future;
use std::pin::Pin;

/// A part's code could not be fetched (the network failed, or a file did not match its hash).
pub struct PartMissing;

/// A stage's part of the lesson: the function the cut splits at, the one that only fetches its
/// code (for the stage, `arrival::Later`), and the view it builds. Split, each is fetched when
/// first called; unsplit, each is an ordinary call and the fetch does nothing.
macro_rules! lesson_parts {
    ($($part:ident: $build:ident, $fetch_code:ident => $view:expr;)*) => {
        #[cfg(crossover_split)]
        mod split_lesson {
            use super::*;
            use leptos::wasm_split::wasm_split;
            $(
                #[wasm_split($part, wasm_split_path = ::leptos::wasm_split, fallible, preload($fetch_code))]
                pub fn $build() -> Result<AnyView, PartMissing> {
                    Ok($view.into_any())
                }
            )*
        }

        #[cfg(not(crossover_split))]
        mod split_lesson {
            use super::*;
            $(
                pub async fn $build() -> Result<AnyView, PartMissing> {
                    Ok($view.into_any())
                }

                pub async fn $fetch_code() {}
            )*
        }
    };
}

lesson_parts! {
    streaming: streaming_section, fetch_streaming_code => view! { <StreamingAndAdvice /> };
    chip: chip_section, fetch_chip_code => view! { <ChipBeneath /> };
    deployments: deployments_section, fetch_deployments_code => view! { <Deployments /> };
    closing: closing_section, fetch_closing_code => view! { <Deeper /> <Summary /> };
}

#[cfg(crossover_split)]
mod split {
    use super::{PartMissing, Presenting, ReviewPresented, WorkbenchPage};
    use leptos::prelude::*;
    use leptos::wasm_split::{wasm_split, SplitLoaderError};

    impl From<SplitLoaderError> for PartMissing {
        fn from(_: SplitLoaderError) -> Self {
            Self
        }
    }

    #[wasm_split(workbench, wasm_split_path = ::leptos::wasm_split, fallible)]
    pub fn workbench_door(presenting: Option<Presenting>) -> Result<AnyView, PartMissing> {
        Ok(match presenting {
            Some(presenting) => view! { <ReviewPresented presenting=presenting /> }.into_any(),
            None => view! { <WorkbenchPage /> }.into_any(),
        })
    }
}

/// Unsplit, the workbench is in the page's own wasm: nothing to fetch, and it is built at once.
#[cfg(not(crossover_split))]
mod split {
    use super::{PartMissing, Presenting, ReviewPresented, WorkbenchPage};
    use leptos::prelude::*;

    pub async fn workbench_door(presenting: Option<Presenting>) -> Result<AnyView, PartMissing> {
        Ok(match presenting {
            Some(presenting) => view! { <ReviewPresented presenting=presenting /> }.into_any(),
            None => view! { <WorkbenchPage /> }.into_any(),
        })
    }
}

use split::workbench_door;
use split_lesson::*;

/// A stage's part, once its code is here.
fn part_view<F>(build: fn() -> F) -> impl IntoView
where
    F: Future<Output = Result<AnyView, PartMissing>> + 'static,
{
    Suspend::new(SendWrapper::new(async move { or_message(build().await) }))
}

/// A stage's part's code, fetched for its stage (`arrival::Later`). A failure is reported where
/// the part would be, by `or_message`.
fn fetch_code<F>(fetch: fn() -> F) -> Pin<Box<dyn Future<Output = ()>>>
where
    F: Future + 'static,
{
    Box::pin(async move {
        let _ = fetch().await;
    })
}

/// Streaming and the advice, once their code is here.
pub fn streaming() -> impl IntoView {
    part_view(streaming_section)
}

/// The chip section, once its code is here.
pub fn chip() -> impl IntoView {
    part_view(chip_section)
}

/// The deployments lab, once its code is here.
pub fn deployments() -> impl IntoView {
    part_view(deployments_section)
}

/// The deeper model and the summary, once their code is here.
pub fn closing() -> impl IntoView {
    part_view(closing_section)
}

/// The review workbench, once its code is here, or its decision presented (`presenting`). Its
/// frame takes the prerendered lesson's place as the lesson's does (`arrival`); a door whose
/// code could not be fetched takes it with the line that says so, rather than leave the page
/// blank.
pub fn workbench(presenting: Option<Presenting>) -> impl IntoView {
    Suspend::new(SendWrapper::new(async move {
        let door = workbench_door(presenting).await;
        if door.is_err() {
            super::arrival::take_over_prerendered();
        }
        or_message(door)
    }))
}

/// Fetches streaming and the advice's code.
pub fn fetch_streaming() -> Pin<Box<dyn Future<Output = ()>>> {
    fetch_code(fetch_streaming_code)
}

/// Fetches the chip section's code.
pub fn fetch_chip() -> Pin<Box<dyn Future<Output = ()>>> {
    fetch_code(fetch_chip_code)
}

/// Fetches the deployments lab's code.
pub fn fetch_deployments() -> Pin<Box<dyn Future<Output = ()>>> {
    fetch_code(fetch_deployments_code)
}

/// Fetches the deeper model and the summary's code.
pub fn fetch_closing() -> Pin<Box<dyn Future<Output = ()>>> {
    fetch_code(fetch_closing_code)
}

/// The part, or in its place a line saying it could not be fetched: the rest of the page works.
fn or_message(part: Result<AnyView, PartMissing>) -> AnyView {
    part.unwrap_or_else(|PartMissing| {
        view! {
            <p class="notice part-missing" role="alert" data-testid="part-missing">
                "This part of the page could not be downloaded, so its controls and figures are missing. Reloading the page tries again."
            </p>
        }
        .into_any()
    })
}
