//! The lesson's prompt-length table, computed live at the reader's settings.

use super::app::use_state;
use super::figure::DataTableView;
use crate::charts::crossing::lesson_data;
use leptos::prelude::*;

#[component]
pub fn LessonTable() -> impl IntoView {
    let state = use_state();
    view! { <DataTableView table=Signal::derive(move || state.with(lesson_data)) testid="lesson-table".to_string() /> }
}
