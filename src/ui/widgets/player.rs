//! Plays a figure's request as it happens, under its canvas: an answer bubble per lane (Figure
//! 1's answer streamed and not streamed, Figure 3's deployments A and B) that stays empty until
//! its first token and then fills at the pace the model sets, with a reader's cursor moving
//! through it at reading speed, while the figure marks the same moment. What is on screen at
//! each moment is `state::playback`'s and `text::sample_answer`'s to say; this only runs the
//! frames. A reader who asks for less motion steps through the moments instead.

use crate::state::playback::{advance, Lane, Playback, SPEEDS};
use crate::state::Figure;
use crate::text::playing::{clock_text, lane_status, LANE_NAMES};
use crate::text::sample_answer::Answer;
use crate::ui::context::use_shown_state;
use crate::ui::dom;
use leptos::prelude::*;

/// The play button, for the presentation's clicker key.
pub const PLAY_SELECTOR: &str = "[data-testid=play]";

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Run {
    /// Not started, or stopped by a control: the figure shows no moment.
    Idle,
    Playing,
    Paused,
    /// At the end, or at a moment stepped to.
    Held,
}

/// The player's clock and what drives it, shared by the figure (which marks its moment) and
/// the controls under it.
#[derive(Clone, Copy)]
pub struct Deck {
    figure: Figure,
    playback: Memo<Option<Playback>>,
    secs: RwSignal<f64>,
    run: RwSignal<Run>,
    speed: RwSignal<f64>,
    /// Counts the runs of frames, so a frame of an earlier run ends it.
    generation: StoredValue<u32>,
    /// Paused because the figure left the screen, so coming back resumes.
    held_by_sight: StoredValue<bool>,
}

impl Deck {
    /// The deck of a figure that plays, stopped whenever what it plays changes.
    pub fn of(figure: Figure) -> Option<Deck> {
        let shown = use_shown_state();
        Playback::of(figure, &shown.get_untracked())?;
        let deck = Deck {
            figure,
            playback: Memo::new(move |_| shown.with(|s| Playback::of(figure, s))),
            secs: RwSignal::new(0.0),
            run: RwSignal::new(Run::Idle),
            speed: RwSignal::new(1.0),
            generation: StoredValue::new(0),
            held_by_sight: StoredValue::new(false),
        };
        Effect::new(move |seen: Option<()>| {
            deck.playback.track();
            if seen.is_some() {
                deck.stop();
            }
        });
        Some(deck)
    }

    /// The moment the figure marks: none until the reader plays.
    pub fn moment(self) -> Option<f64> {
        (self.run.get() != Run::Idle).then(|| self.secs.get())
    }

    fn end_secs(self) -> f64 {
        self.playback.with_untracked(|p| p.map_or(0.0, |p| p.end_secs))
    }

    fn play(self) {
        if self.run.get_untracked() == Run::Held && self.secs.get_untracked() >= self.end_secs() {
            self.secs.set(0.0);
        }
        self.run.set(Run::Playing);
        self.generation.update_value(|g| *g = g.wrapping_add(1));
        self.frame(self.generation.get_value(), js_sys::Date::now());
    }

    fn frame(self, generation: u32, last_ms: f64) {
        request_animation_frame(move || {
            if self.generation.get_value() != generation || self.run.get_untracked() != Run::Playing
            {
                return;
            }
            let now = js_sys::Date::now();
            let end = self.end_secs();
            let secs =
                advance(self.secs.get_untracked(), now - last_ms, self.speed.get_untracked(), end);
            self.secs.set(secs);
            if secs >= end {
                self.run.set(Run::Held);
            } else {
                self.frame(generation, now);
            }
        });
    }

    fn stop(self) {
        self.run.set(Run::Idle);
        self.secs.set(0.0);
    }

    /// The next moment worth a look, without motion.
    fn step(self) {
        let next = self
            .playback
            .with_untracked(|p| p.map_or(0.0, |p| p.next_moment(self.secs.get_untracked())));
        self.secs.set(next);
        self.run.set(if next > 0.0 { Run::Held } else { Run::Idle });
    }

    fn press(self, reduced_motion: bool) {
        match (reduced_motion, self.run.get_untracked()) {
            (true, _) => self.step(),
            (false, Run::Playing) => self.run.set(Run::Paused),
            (false, _) => self.play(),
        }
    }

    /// Pauses when the figure leaves the screen, and carries on when it is back.
    fn follow_sight(self, seen: bool) {
        match (seen, self.run.get_untracked()) {
            (false, Run::Playing) => {
                self.held_by_sight.set_value(true);
                self.run.set(Run::Paused);
            }
            (true, Run::Paused) if self.held_by_sight.get_value() => {
                self.held_by_sight.set_value(false);
                self.play();
            }
            _ => self.held_by_sight.set_value(false),
        }
    }
}

#[component]
pub fn Player(deck: Deck) -> impl IntoView {
    let reduced_motion = dom::prefers_reduced_motion();
    let here = NodeRef::<leptos::html::Div>::new();
    here.on_load(move |element| dom::watch_seen(&element, move |seen| deck.follow_sight(seen)));
    let run = deck.run;
    let label = move || match (reduced_motion, run.get()) {
        (true, _) => "Next moment",
        (false, Run::Playing) => "Pause",
        (false, Run::Held) => "Replay",
        (false, Run::Paused) => "Resume",
        (false, Run::Idle) => "Play this request",
    };
    let state_key = move || match run.get() {
        Run::Idle => "idle",
        Run::Playing => "playing",
        Run::Paused => "paused",
        Run::Held => "held",
    };
    let speeds = SPEEDS.map(
        |s| view! { <option value=s.to_string() selected=s == 1.0>{format!("{s}×")}</option> },
    );
    let on_speed = move |ev| {
        if let Some(s) = crate::state::number::parse_f64(&event_target_value(&ev)) {
            deck.speed.set(s);
        }
    };
    let end = move || deck.playback.with(|p| p.map_or(0.0, |p| p.end_secs));
    let names =
        LANE_NAMES.get(usize::from(deck.figure == Figure::Completion)).copied().unwrap_or_default();
    view! {
        <div class="player" node_ref=here>
            <div class="player-bar">
                <button type="button" class="play" data-testid="play" data-state=state_key
                    data-mode=if reduced_motion { "step" } else { "play" } on:click=move |_| deck.press(reduced_motion)>
                    {label}
                </button>
                <label class="play-speed" hidden=reduced_motion>
                    "Speed " <select data-testid="play-speed" on:change=on_speed>{speeds}</select>
                </label>
                <span class="play-clock" data-testid="play-clock" data-value=move || deck.secs.get().to_string()>
                    {move || clock_text(deck.secs.get(), end())}
                </span>
            </div>
            <div class="lanes">
                {names.into_iter().enumerate().map(|(i, name)| view! { <AnswerLane deck=deck lane=i name=name /> }).collect_view()}
            </div>
        </div>
    }
}

/// One answer as it arrives: its name and progress, and a bubble with the text on screen so far,
/// the part already read marked up to the reader's cursor.
#[component]
fn AnswerLane(deck: Deck, lane: usize, name: &'static str) -> impl IntoView {
    let answer = StoredValue::new(Answer::default());
    let of_lane = move || deck.playback.with(|p| p.and_then(|p| p.lanes.get(lane).copied()));
    // Whole tokens shown and read: the text is rebuilt only when one of them moves.
    let counts = Memo::new(move |_| {
        let secs = deck.secs.get();
        of_lane().map(|l: Lane| (l.shown_at(secs) as usize, l.read_at(secs) as usize))
    });
    let texts = Memo::new(move |_| {
        counts
            .get()
            .map(|(shown, read)| answer.with_value(|a| a.window(shown, read)))
            .unwrap_or_default()
    });
    let status = move || of_lane().map(|l| lane_status(&l, deck.secs.get())).unwrap_or_default();
    let (shown, read) =
        (move || counts.get().map_or(0, |c| c.0), move || counts.get().map_or(0, |c| c.1));
    view! {
        <div class="lane" data-testid=format!("play-lane-{lane}") data-shown=shown data-read=read>
            <p class="lane-name"><strong>{name}</strong> " " <span>{status}</span></p>
            <p class="bubble" class:empty=move || shown() == 0>
                <span class="read">{move || texts.with(|t| t.0.clone())}</span>
                <span class="caret"></span>
                {move || texts.with(|t| t.1.clone())}
            </p>
        </div>
    }
}
