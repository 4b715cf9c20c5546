//! Tables: the lesson's prompt table computed live, and the data behind each figure for
//! readers who cannot see the canvas.

use super::app::use_state;
use crate::charts::crossing::{lesson_table, row, Row};
use crate::charts::timeline::Timeline;
use crate::format;
use crate::state::Param;
use leptos::prelude::*;

fn rows_view(rows: Vec<Row>, current_prompt: f64) -> impl IntoView {
    rows.into_iter()
        .map(|r| {
            let here = (r.prompt_tokens - current_prompt).abs() < 0.5;
            view! {
                <tr class:current=here>
                    <th scope="row">{format::with_separators(r.prompt_tokens, 0)}</th>
                    <td>{format::duration(r.prefill_secs)}</td>
                    <td>{format::duration(r.decode_secs)}</td>
                    <td>{format::duration(r.total_secs)}</td>
                </tr>
            }
        })
        .collect_view()
}

#[component]
pub fn LessonTable() -> impl IntoView {
    let state = use_state();
    let caption = move || {
        state.with(|s| {
            format!(
                "Prefill, decode and total time by prompt length, for a {} answer at {} prefill and {} decode{}.",
                format::tokens(s.get(Param::Output)),
                format::rate(s.get(Param::Prefill)),
                format::rate(s.get(Param::Decode)),
                if s.get(Param::Wait) > 0.0 { format!(", after a {} wait", format::duration(s.get(Param::Wait))) } else { String::new() },
            )
        })
    };
    view! {
        <div class="table-wrap">
            <table data-testid="lesson-table">
                <caption>{caption}</caption>
                <thead>
                    <tr><th scope="col">"Prompt (tokens)"</th><th scope="col">"Prefill"</th><th scope="col">"Decode"</th><th scope="col">"Total"</th></tr>
                </thead>
                <tbody>{move || state.with(|s| rows_view(lesson_table(s), s.get(Param::Prompt)))}</tbody>
            </table>
        </div>
    }
}

#[component]
pub fn TimelineTable() -> impl IntoView {
    let state = use_state();
    let rows = move || {
        Timeline::of(&state.get())
            .rows()
            .into_iter()
            .map(|(what, secs)| view! { <tr><th scope="row">{what}</th><td>{format::duration(secs)}</td></tr> })
            .collect_view()
    };
    view! {
        <details class="data">
            <summary>"Figure 1 as a table"</summary>
            <table data-testid="timeline-table">
                <thead><tr><th scope="col">"Moment"</th><th scope="col">"Time after sending"</th></tr></thead>
                <tbody>{rows}</tbody>
            </table>
        </details>
    }
}

#[component]
pub fn CrossingTable() -> impl IntoView {
    let state = use_state();
    let rows = move || {
        state.with(|s| {
            let request = s.request();
            let spec = Param::Prompt.spec();
            // One row per decade of the axis, plus the crossing and the reader's own prompt.
            let mut prompts: Vec<f64> = (1..=6).map(|e| 10f64.powi(e)).filter(|p| (spec.min..=spec.max).contains(p)).collect();
            prompts.push(request.crossing_prompt_tokens().clamp(spec.min, spec.max));
            prompts.push(s.get(Param::Prompt));
            prompts.sort_by(f64::total_cmp);
            prompts.dedup_by(|a, b| (*a - *b).abs() < 0.5);
            rows_view(prompts.into_iter().map(|p| row(request, p)).collect(), s.get(Param::Prompt))
        })
    };
    view! {
        <details class="data">
            <summary>"Figure 2 as a table"</summary>
            <table data-testid="crossing-table">
                <thead>
                    <tr><th scope="col">"Prompt (tokens)"</th><th scope="col">"Prefill"</th><th scope="col">"Decode"</th><th scope="col">"Total"</th></tr>
                </thead>
                <tbody>{rows}</tbody>
            </table>
        </details>
    }
}
