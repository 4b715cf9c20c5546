//! The lesson's prompt-length table, computed live at the reader's settings.

use crate::charts::crossing::lesson_data;
use crate::ui::context::use_state;
use crate::ui::widgets::data_table::DataTableView;
use leptos::prelude::*;

#[component]
pub fn LessonTable() -> impl IntoView {
    let state = use_state();
    view! { <DataTableView table=Signal::derive(move || state.with(lesson_data)) testid="lesson-table".to_string() /> }
}
