//! Parts of the page whose code the page's wasm leaves out: the chip section and the deployments
//! lab, each fetched as a wasm of its own when the stage that builds it is reached (on a bare
//! address, as the reader nears it; otherwise in turn after the first screen), and the review
//! workbench, the whole door, fetched when it is opened. A reader who stays in the lesson's first
//! half never downloads them. Until a part's code has arrived its
//! prerendered twin stands in, and the stage waits for it (`arrival::Later`'s `fetch`), so the
//! live part is built in one task like any other.
//!
//! The release build splits them out (`cargo xtask build|serve|test` compile with the cfg
//! `crossover_split`): its linker step cuts each `wasm_split` function, and what only it
//! reaches, into a file of its own (`xtask/src/split.rs`), and the site's last step names those
//! files by content and fetches them with an integrity check (`crate::site::split_parts`).
//! Without the cfg (a plain `trunk serve`, and natively at build time) each is an ordinary call,
//! so the development loop needs none of that machinery.

use super::sections::deployments::Deployments;
use super::sections::hardware::ChipBeneath;
use super::workbench::presented::{Presenting, ReviewPresented};
use super::workbench::WorkbenchPage;
use leptos::prelude::*;
use send_wrapper::SendWrapper;
use std::future::Future;
use std::pin::Pin;

/// A part's code could not be fetched (the network failed, or a file did not match its hash).
pub struct PartMissing;

#[cfg(crossover_split)]
mod split {
    use super::{
        ChipBeneath, Deployments, PartMissing, Presenting, ReviewPresented, WorkbenchPage,
    };
    use leptos::prelude::*;
    use leptos::wasm_split::{wasm_split, SplitLoaderError};

    impl From<SplitLoaderError> for PartMissing {
        fn from(_: SplitLoaderError) -> Self {
            Self
        }
    }

    #[wasm_split(chip, wasm_split_path = ::leptos::wasm_split, fallible, preload(fetch_chip_code))]
    pub fn chip_section() -> Result<AnyView, PartMissing> {
        Ok(view! { <ChipBeneath /> }.into_any())
    }

    #[wasm_split(
        deployments,
        wasm_split_path = ::leptos::wasm_split,
        fallible,
        preload(fetch_deployments_code)
    )]
    pub fn deployments_section() -> Result<AnyView, PartMissing> {
        Ok(view! { <Deployments /> }.into_any())
    }

    #[wasm_split(workbench, wasm_split_path = ::leptos::wasm_split, fallible)]
    pub fn workbench_door(presenting: Option<Presenting>) -> Result<AnyView, PartMissing> {
        Ok(match presenting {
            Some(presenting) => view! { <ReviewPresented presenting=presenting /> }.into_any(),
            None => view! { <WorkbenchPage /> }.into_any(),
        })
    }
}

/// Unsplit, each part is in the page's own wasm: nothing to fetch, and it is built at once.
#[cfg(not(crossover_split))]
mod split {
    use super::{
        ChipBeneath, Deployments, PartMissing, Presenting, ReviewPresented, WorkbenchPage,
    };
    use leptos::prelude::*;

    pub async fn chip_section() -> Result<AnyView, PartMissing> {
        Ok(view! { <ChipBeneath /> }.into_any())
    }

    pub async fn deployments_section() -> Result<AnyView, PartMissing> {
        Ok(view! { <Deployments /> }.into_any())
    }

    pub async fn workbench_door(presenting: Option<Presenting>) -> Result<AnyView, PartMissing> {
        Ok(match presenting {
            Some(presenting) => view! { <ReviewPresented presenting=presenting /> }.into_any(),
            None => view! { <WorkbenchPage /> }.into_any(),
        })
    }

    pub async fn fetch_chip_code() {}

    pub async fn fetch_deployments_code() {}
}

use split::{
    chip_section, deployments_section, fetch_chip_code, fetch_deployments_code, workbench_door,
};

/// The chip section, once its code is here.
pub fn chip() -> impl IntoView {
    Suspend::new(SendWrapper::new(async { or_message(chip_section().await) }))
}

/// The deployments lab, once its code is here.
pub fn deployments() -> impl IntoView {
    Suspend::new(SendWrapper::new(async { or_message(deployments_section().await) }))
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

/// Fetches the chip section's code (for its stage, `arrival::Later`).
pub fn fetch_chip() -> Pin<Box<dyn Future<Output = ()>>> {
    // A failure is reported where the section would be, by `or_message`.
    Box::pin(async {
        let _ = fetch_chip_code().await;
    })
}

/// Fetches the deployments lab's code (for its stage, `arrival::Later`).
pub fn fetch_deployments() -> Pin<Box<dyn Future<Output = ()>>> {
    // A failure is reported where the section would be, by `or_message`.
    Box::pin(async {
        let _ = fetch_deployments_code().await;
    })
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
