//! The race at the reader's answer length: the crossover, both finishing times, the winner, the
//! two ratios that make the trap, the lesson's table, and who the answer is for.

use crate::charts::completion::CompletionInputs;
use crate::charts::Chart;
use crate::format;
use crate::model::deployments::{Comparison, Consumer, Winner};
use crate::state::Figure;
use crate::state::Param;
use crate::text::deployments::race::{consumer_table, lead_and_gain, race_table, verdict_text};
use crate::text::deployments::{
    crossover_note, crossover_text, ratio_value, speedup_text, winner_text,
};
use crate::ui::context::derived;
use crate::ui::context::use_state;
use crate::ui::widgets::choice::Choice;
use crate::ui::widgets::data_table::DataTableView;
use crate::ui::widgets::figure_card::FigureCard;
use crate::ui::widgets::readout::{secs_signals, Readout};
use leptos::prelude::*;

#[component]
pub fn Race() -> impl IntoView {
    let comparison = derived(|s| s.comparison());
    let answer = derived(|s| s.get(Param::RaceAnswer));
    let race = Memo::new(move |_| comparison.get().race_at(answer.get()));
    let at_answer = Signal::derive(move || format!("for {}", format::tokens(answer.get())));
    let (a_value, a_text) = secs_signals(move || race.with(|r| r.a_secs));
    let (b_value, b_text) = secs_signals(move || race.with(|r| r.b_secs));
    let winner_note = Signal::derive(move || {
        race.with(|r| match r.winner {
            Winner::Tie => "your answer sits exactly on the crossover".to_string(),
            _ => format!("{} sooner", format::duration(r.gap_secs())),
        })
    });
    let first = Memo::new(move |_| comparison.with(Comparison::first_token_speedup));
    let finish = Memo::new(move |_| comparison.get().finish_speedup(answer.get()));
    let first_note = Signal::derive(move || {
        comparison.with(|c| {
            format!(
                "A after {}, B after {}",
                format::duration(c.a.ttft()),
                format::duration(c.b.ttft())
            )
        })
    });
    let finish_note = Signal::derive(move || {
        race.with(|r| {
            format!(
                "A after {}, B after {}, {}",
                format::duration(r.a_secs),
                format::duration(r.b_secs),
                format::tokens(answer.get())
            )
        })
    });

    view! {
        <FigureCard figure=Figure::Completion number="Figure 3." />
        <dl class="readout-grid">
            <Readout testid="a-completion" label="A finishes after" value=a_value text=a_text note=at_answer />
            <Readout testid="b-completion" label="B finishes after" value=b_value text=b_text note=at_answer />
        </dl>
        <dl class="readout-grid key">
            <Readout testid="crossover" label="Crossover length" value=Signal::derive(move || comparison.with(|c| c.crossover().tokens().map(|n| n.to_string())))
                text=Signal::derive(move || comparison.with(crossover_text)) note=Signal::derive(move || comparison.with(crossover_note)) />
            <Readout testid="winner" label="First to finish your answer" value=Signal::derive(move || Some(race.with(|r| r.winner.data_value().to_string())))
                text=Signal::derive(move || race.with(|r| winner_text(r.winner))) note=winner_note />
        </dl>
        <h3>"The trap, side by side"</h3>
        <dl class="readout-grid compare">
            <Readout testid="ttft-speedup" label="Ranked by the first token" value=Signal::derive(move || ratio_value(first.get()))
                text=Signal::derive(move || speedup_text(first.get(), "to the first token")) note=first_note />
            <Readout testid="finish-speedup" label="Ranked by the whole answer" value=Signal::derive(move || ratio_value(finish.get()))
                text=Signal::derive(move || speedup_text(finish.get(), "to finish")) note=finish_note />
        </dl>
        <p>{move || comparison.with(lead_and_gain)}</p>
    }
}

/// The lesson's five answer lengths, computed for the deployments on the page.
#[component]
pub fn LessonRaceTable() -> impl IntoView {
    let inputs = derived(CompletionInputs::of);
    let table = Signal::derive(move || inputs.with(race_table));
    view! { <DataTableView table=table testid="deployments-table".to_string() /> }
}

/// Who reads the answer decides which milestone counts. The choice is the same one the
/// streaming section makes, held once in the state.
#[component]
pub fn WhoIsWaiting() -> impl IntoView {
    let state = use_state();
    let consumer = derived(|s| s.consumer);
    let set = Callback::new(move |c: Consumer| state.update(|s| s.consumer = c));
    let inputs = derived(CompletionInputs::of);
    let verdict = Memo::new(move |_| {
        let i = inputs.get();
        i.comparison().verdict(consumer.get(), i.answer_tokens)
    });
    let text = move || inputs.with(|i| verdict_text(i, consumer.get()));
    let table = Signal::derive(move || inputs.with(consumer_table));
    view! {
        <h3>"Which milestone decides, for A and B"</h3>
        <p>
            "As with one request, the consumer picks the milestone. A person in a chat feels both: the empty bubble and the moment the reply is whole. "
            "A program feels only the last token. The choice is the same one as in the streaming section above."
        </p>
        <fieldset class="choice">
            <legend>"The answer goes to"</legend>
            <Choice name="deployments-consumer" testid="deployments-consumer-reader".to_string() label="a person reading it" value=Consumer::Reader current=consumer set=set />
            <Choice name="deployments-consumer" testid="deployments-consumer-machine".to_string() label="a program" value=Consumer::Machine current=consumer set=set />
        </fieldset>
        <p class="verdict" data-testid="consumer-verdict" data-value=move || verdict.with(|v| v.finish.data_value())
            data-first=move || verdict.with(|v| v.first_text.map(|w| w.data_value()).unwrap_or("none"))>
            {text}
        </p>
        <DataTableView table=table testid="consumer-table".to_string() />
    }
}
