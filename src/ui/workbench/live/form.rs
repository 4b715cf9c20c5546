//! The measurement's controls and what it shows: each server's fields, the plan with Start and
//! Cancel, the progress, and the table of requests.

use super::run::{self, Asked};
use super::{http, Live};
use crate::measurements::live::address::Base;
use crate::measurements::live::plan::{
    lengths, Plan, ANSWER_TOKENS_RANGE, PROMPT_TOKENS_RANGE, REPEATS_RANGE, TIME_LIMIT_SECS_RANGE,
};
use crate::measurements::live::{Failure, Side};
use crate::state::number::parse_f64;
use crate::text::live::{plan_text, progress_text, requests_table, ORDER_WHY};
use crate::ui::widgets::table_of::TableOf;
use leptos::prelude::*;

/// Lists the server's models once its address (or key) is set, choosing the first if none is.
fn list_models(live: Live, side: Side) {
    let form = live.forms[side.index()];
    let Ok(base) = Base::parse(&form.address.get_untracked()) else { return };
    if base.mixed_content_from(&http::page_scheme()) {
        form.note.set(Some(Failure::MixedContent.sentence(side.letter(), &base.host, "")));
        return;
    }
    let key = form.key.get_untracked();
    leptos::task::spawn_local(async move {
        match run::list_models(&base, &key).await {
            Ok(models) => {
                if form.model.with_untracked(String::is_empty) {
                    if let Some(first) = models.first() {
                        form.model.set(first.clone());
                    }
                }
                form.models.set(models);
                form.note.set(None);
            }
            Err(failure) => {
                let said = failure.sentence(side.letter(), &base.host, &http::page_origin());
                form.note.set(Some(said));
            }
        }
    });
}

/// One labelled text field bound to `value`; `changed` runs when the reader leaves it changed.
#[component]
fn Field(
    label: &'static str,
    value: RwSignal<String>,
    testid: String,
    #[prop(default = "text")] kind: &'static str,
    #[prop(optional)] list: Option<String>,
    #[prop(optional)] changed: Option<Callback<()>>,
) -> impl IntoView {
    view! {
        <label>{label}
            <input type=kind spellcheck="false" autocomplete="off" list=list data-testid=testid
                prop:value=move || value.get() on:input=move |ev| value.set(event_target_value(&ev))
                on:change=move |_| if let Some(c) = changed { c.run(()) } />
        </label>
    }
}

#[component]
pub fn ServerFields(live: Live, side: Side) -> impl IntoView {
    let form = live.forms[side.index()];
    let key = side.key();
    let list_id = format!("live-{key}-models");
    let relist = Callback::new(move |()| list_models(live, side));
    view! {
        <fieldset class="live-server" data-testid=format!("live-{key}")>
            <legend>{format!("Server {}", side.letter())}</legend>
            <Field label="Address of its API (http://host:port/v1) " value=form.address
                testid=format!("live-{key}-address") kind="url" changed=relist />
            <Field label="Model " value=form.model testid=format!("live-{key}-model") list=list_id.clone() />
            <datalist id=list_id>
                {move || form.models.get().into_iter().map(|m| view! { <option value=m /> }).collect_view()}
            </datalist>
            <Field label="API key, if it needs one " value=form.key testid=format!("live-{key}-key")
                kind="password" changed=relist />
            {move || form.note.get().map(|n| view! { <p class="notice" role="alert" data-testid=format!("live-{key}-note")>{n}</p> })}
        </fieldset>
    }
}

/// The plan as the fields hold it, or what is wrong with it.
fn plan_of(live: Live) -> Result<Plan, String> {
    let prompts = lengths(&live.prompts.get(), "prompt lengths", PROMPT_TOKENS_RANGE);
    let answers = lengths(&live.answers.get(), "answer lengths", ANSWER_TOKENS_RANGE);
    let plan = Plan {
        prompt_tokens: prompts.map_err(|p| p.to_string())?,
        answer_tokens: answers.map_err(|p| p.to_string())?,
        repeats: whole(&live.repeats.get(), "repeats", REPEATS_RANGE)?,
        time_limit_secs: f64::from(whole(
            &live.limit_secs.get(),
            "time limit",
            TIME_LIMIT_SECS_RANGE,
        )?),
    };
    plan.checked().map_err(|p| p.to_string())
}

/// A whole number typed into a field, held within `range`.
fn whole(text: &str, what: &str, range: (u32, u32)) -> Result<u32, String> {
    parse_f64(text.trim())
        .filter(|n| n.is_finite() && *n > 0.0)
        .map(|n| (n.round().min(f64::from(range.1)) as u32).max(range.0))
        .ok_or_else(|| {
            format!("The {what} must be a whole number from {} to {}.", range.0, range.1)
        })
}

/// What Start measures, read from the fields, or the first thing in the way.
fn asked(live: Live) -> Result<Asked, String> {
    let plan = plan_of(live)?;
    let mut bases = Vec::new();
    for side in Side::BOTH {
        let form = live.forms[side.index()];
        let base = Base::parse(&form.address.get_untracked())
            .map_err(|p| format!("Server {}: {p}", side.letter()))?;
        if base.mixed_content_from(&http::page_scheme()) {
            return Err(Failure::MixedContent.sentence(side.letter(), &base.host, ""));
        }
        if form.model.with_untracked(|m| m.trim().is_empty()) {
            return Err(format!(
                "Server {}: name the model to measure (the list fills in once the address answers).",
                side.letter()
            ));
        }
        bases.push(base);
    }
    let [a, b]: [Base; 2] = bases.try_into().map_err(|_| String::new())?;
    let pick = |f: fn(&super::ServerForm) -> RwSignal<String>| {
        Side::BOTH.map(|s| f(&live.forms[s.index()]).get_untracked().trim().to_string())
    };
    Ok(Asked { bases: [a, b], models: pick(|f| f.model), keys: pick(|f| f.key), plan })
}

fn start(live: Live) {
    let asked = match asked(live) {
        Ok(asked) => asked,
        Err(why) => return live.say(Some(why)),
    };
    live.serial.update_value(|n| *n += 1);
    live.cancelled.set(false);
    live.ended.set(None);
    live.running.set(true);
    // A new measurement: the last one's runs stay with the result files above.
    live.measurement.set(None);
    leptos::task::spawn_local(run::measure(live, asked));
}

fn cancel(live: Live) {
    live.cancelled.set(true);
    live.stopper.with_value(|s| {
        if let Some(s) = s {
            s.stop();
        }
    });
}

#[component]
pub fn PlanFields(live: Live) -> impl IntoView {
    let plan = move || plan_of(live);
    view! {
        <fieldset class="live-plan">
            <legend>"The plan"</legend>
            <Field label="Prompt lengths, tokens " value=live.prompts testid="live-prompts".to_string() />
            <Field label="Answer lengths, tokens " value=live.answers testid="live-answers".to_string() />
            <Field label="Repeats of each pair (1 to 20) " value=live.repeats testid="live-repeats".to_string() />
            <Field label="Time limit per request, seconds (1 to 600) " value=live.limit_secs testid="live-limit".to_string() />
            <p data-testid="live-plan" data-requests=move || plan().ok().map(|p| (2 * p.requests_per_side()).to_string())>
                {move || match plan() { Ok(p) => plan_text(&p), Err(why) => why }}
            </p>
            <p class="aside">{ORDER_WHY}</p>
            <button type="button" data-testid="live-start" on:click=move |_| start(live)
                disabled=move || live.running.get() || plan().is_err()>"Start measuring"</button>
            " "
            <button type="button" class="quiet" data-testid="live-cancel" on:click=move |_| cancel(live)
                disabled=move || !live.running.get()>"Cancel"</button>
        </fieldset>
    }
}

#[component]
pub fn Progress(live: Live) -> impl IntoView {
    let counts = move || {
        live.measurement
            .with(|m| m.as_ref().map(|m| (m.requests.len(), m.requests.len() + m.unsent)))
    };
    let text = move || {
        live.measurement.with(|m| {
            m.as_ref().map(|m| {
                let elapsed = (http::now_ms() - live.started_ms.get_value()) / 1_000.0;
                progress_text(m, m.requests.len() + m.unsent, elapsed)
            })
        })
    };
    view! {
        <div class="live-progress" data-testid="live-progress" data-running=move || live.running.get().to_string()
            data-done=move || counts().map(|c| c.0.to_string())>
            {move || counts().map(|(done, total)| view! {
                <progress max=total.to_string() value=done.to_string() aria-label="Requests done"></progress>
            })}
            <p role="status" data-testid="live-status">{text}</p>
        </div>
    }
}

#[component]
pub fn Requests(live: Live) -> impl IntoView {
    let table = Signal::derive(move || {
        live.measurement.with(|m| m.as_ref().map(requests_table).unwrap_or_default())
    });
    let any = move || live.measurement.with(|m| m.as_ref().is_some_and(|m| !m.requests.is_empty()));
    view! {
        <Show when=any>
            <TableOf table=table testid="live-requests" />
        </Show>
    }
}
