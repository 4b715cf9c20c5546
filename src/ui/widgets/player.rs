//! Plays a figure's request as it happens, under its canvas: an answer bubble per lane (Figure
//! 1's answer streamed and not streamed, Figure 5's deployments A and B) that stays empty until
//! its first token and then fills at the pace the model sets, with a reader's cursor moving
//! through it at reading speed, while the figure marks the same moment. What is on screen at
//! each moment is `state::playback`'s and `text::sample_answer`'s to say; this only runs the
//! frames. A reader who asks for less motion steps through the moments instead.

use crate::state::playback::{advance, lane_milestones, Lane, Playback, SPEEDS};
use crate::state::quantity::Quantity;
use crate::state::Figure;
use crate::text::playing::{clock_text, lane_status, LANE_NAMES};
use crate::text::sample_answer::Answer;
use crate::ui::context::use_shown_state;
use crate::ui::dom;
use crate::ui::erased::memo;
use leptos::prelude::*;

/// The play button, for the presentation's clicker key.
pub const PLAY_SELECTOR: &str = "[data-action=play]";

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
            playback: memo(move || shown.with(|s| Playback::of(figure, s))),
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

impl Run {
    /// What the play control says in this state.
    fn label(self, reduced_motion: bool) -> &'static str {
        match (reduced_motion, self) {
            (true, _) => "Next moment",
            (false, Run::Playing) => "Pause",
            (false, Run::Held) => "Replay",
            (false, Run::Paused) => "Resume",
            (false, Run::Idle) => "Play this request",
        }
    }

    /// The control's `data-state`.
    fn key(self) -> &'static str {
        match self {
            Run::Idle => "idle",
            Run::Playing => "playing",
            Run::Paused => "paused",
            Run::Held => "held",
        }
    }
}

/// What a lane shows at one moment: whole tokens on screen and read, the words beside its name,
/// and the quantity those words state (its first token while it is empty, its finish once it
/// is whole) with the value they were written from.
#[derive(Clone, Debug, PartialEq)]
struct LaneShown {
    shown: usize,
    read: usize,
    status: String,
    states: Option<(Quantity, f64)>,
}

impl LaneShown {
    fn at(lane: Option<Lane>, milestones: [Quantity; 2], secs: f64) -> LaneShown {
        let (shown, read) = counts(lane, secs);
        let status = lane.map(|l| lane_status(&l, secs)).unwrap_or_default();
        let states = lane.and_then(|l| {
            let [first, last] = milestones;
            if shown == 0 {
                Some((first, l.first_secs))
            } else if shown as f64 >= l.tokens.floor() {
                Some((last, l.last_secs))
            } else {
                None
            }
        });
        LaneShown { shown, read, status, states }
    }
}

/// Whole tokens an answer shows and its reader has read at `secs` (none without a lane).
fn counts(lane: Option<Lane>, secs: f64) -> (usize, usize) {
    lane.map_or((0, 0), |l| (l.shown_at(secs) as usize, l.read_at(secs) as usize))
}

/// The markup is written once, at the start of the request; one effect then writes each moment
/// into it (the control, the clock, and an answer's text only when a whole token moves), rather
/// than a reactive binding per attribute: the player changes every frame, all of it together.
#[component]
pub fn Player(deck: Deck) -> impl IntoView {
    let reduced_motion = dom::prefers_reduced_motion();
    let here = NodeRef::<leptos::html::Div>::new();
    here.on_load(move |element| dom::watch_seen(&element, move |seen| deck.follow_sight(seen)));
    let on_speed = move |ev| {
        if let Some(s) = crate::state::number::parse_f64(&event_target_value(&ev)) {
            deck.speed.set(s);
        }
    };
    let names =
        LANE_NAMES.get(usize::from(deck.figure == Figure::Completion)).copied().unwrap_or_default();
    let playback = deck.playback.get_untracked();
    let milestones = lane_milestones(deck.figure);
    let lane = move |i: usize| playback.and_then(|p| p.lanes.get(i).copied());
    let status = move |i: usize| lane(i).map(|l| lane_status(&l, 0.0)).unwrap_or_default();
    let end = playback.map_or(0.0, |p| p.end_secs);
    let answer = Answer::default();
    // Returns what it wrote, so the next moment writes only what moved (the clock's value, a
    // lane's counts, its words): the words follow the request at rest too (a prompt moved while
    // nothing plays changes when the first token comes), and a write of the same value still
    // costs the browser a mutation and may restyle.
    Effect::new(move |last: Option<Option<Moment>>| {
        let (run, secs) = (deck.run.get(), deck.secs.get());
        let playback = deck.playback.get();
        let root = here.get()?;
        let of_lane = |i: usize| playback.and_then(|p| p.lanes.get(i).copied());
        let end = playback.map_or(0.0, |p| p.end_secs);
        let now = Moment {
            run,
            secs,
            end,
            lanes: [0, 1].map(|i| LaneShown::at(of_lane(i), milestones[i], secs)),
        };
        let before = last.flatten();
        write_moment(&root, &now, before.as_ref(), reduced_motion);
        for (i, lane) in now.lanes.iter().enumerate() {
            let was = before.as_ref().and_then(|b| b.lanes.get(i));
            if was != Some(lane) {
                write_lane(&root, i, lane, was, &answer.window(lane.shown, lane.read));
            }
        }
        Some(now)
    });
    let on_click = move |ev: leptos::ev::MouseEvent| {
        let target = event_target::<web_sys::Element>(&ev);
        if target.closest(PLAY_SELECTOR).ok().flatten().is_some() {
            deck.press(reduced_motion);
        }
    };
    let markup =
        player_markup(reduced_motion, names, [status(0), status(1)], &clock_text(0.0, end));
    // The markup is static, so it is written as text: the control's click and the speed's change
    // reach the player's own element as they bubble.
    view! { <div class="player" node_ref=here on:click=on_click on:change=on_speed inner_html=markup></div> }
}

/// The player at the start of the request: the control, the speed choice, the clock and an
/// empty place for each answer, which [`write_moment`] and [`write_lane`] then keep current.
fn player_markup(
    reduced_motion: bool,
    names: [&str; 2],
    statuses: [String; 2],
    clock: &str,
) -> String {
    let mode = if reduced_motion { "step" } else { "play" };
    let hidden = if reduced_motion { " hidden" } else { "" };
    let mut out = format!(
        "<div class=\"player-bar\"><button type=\"button\" class=\"play\" data-testid=\"play\" data-action=\"play\" data-state=\"{}\" data-mode=\"{mode}\">{}</button><label class=\"play-speed\"{hidden}><span class=\"play-speed-word\">Speed </span><select data-testid=\"play-speed\">{}</select></label><span class=\"play-clock\" data-testid=\"play-clock\" data-value=\"0\">{clock}</span></div><div class=\"lanes\">",
        Run::Idle.key(),
        Run::Idle.label(reduced_motion),
        speed_options(),
    );
    for (i, (name, status)) in names.iter().zip(statuses).enumerate() {
        out.push_str(&format!(
            "<div class=\"lane\" data-lane=\"{i}\" data-testid=\"play-lane-{i}\" data-shown=\"0\" data-read=\"0\"><p class=\"lane-name\"><strong>{name}</strong> <span>{status}</span></p><p class=\"bubble empty\"><span class=\"read\"></span><span class=\"caret\"></span><span class=\"rest\"></span></p></div>"
        ));
    }
    out.push_str("</div>");
    out
}

/// The speed choice's options, real time first.
fn speed_options() -> String {
    SPEEDS
        .iter()
        .map(|s| {
            format!(
                "<option value=\"{s}\"{}>{s}×</option>",
                if *s == 1.0 { " selected" } else { "" }
            )
        })
        .collect()
}

/// Sets an element's text by changing its one text node, which the browser lays out again in
/// place; replacing the node (`textContent`) makes it drop the old one's layout and build anew.
fn set_text(element: &web_sys::Element, text: &str) {
    match element.first_child() {
        Some(node)
            if node.node_type() == web_sys::Node::TEXT_NODE && node.next_sibling().is_none() =>
        {
            node.set_node_value(Some(text));
        }
        _ => element.set_text_content(Some(text)),
    }
}

/// The first element under `root` that `selector` finds.
fn part(root: &web_sys::Element, selector: &str) -> Option<web_sys::Element> {
    root.query_selector(selector).ok().flatten()
}

/// What the player shows at one moment: how the request runs, where its clock stands, when it
/// ends, and each answer.
#[derive(Clone, Debug, PartialEq)]
struct Moment {
    run: Run,
    secs: f64,
    end: f64,
    lanes: [LaneShown; 2],
}

/// The control and the clock at `now`, each written only if it differs from `before` (the
/// markup as [`player_markup`] wrote it when there is no `before`).
fn write_moment(root: &web_sys::Element, now: &Moment, before: Option<&Moment>, reduced: bool) {
    if before.map_or(now.run != Run::Idle, |b| b.run != now.run) {
        if let Some(button) = part(root, PLAY_SELECTOR) {
            let _ = button.set_attribute("data-state", now.run.key());
            button.set_text_content(Some(now.run.label(reduced)));
        }
    }
    let (secs_moved, end_moved) = match before {
        Some(b) => (b.secs != now.secs, b.end != now.end),
        None => (now.secs != 0.0, true),
    };
    if secs_moved || end_moved {
        if let Some(clock) = part(root, ".play-clock") {
            if secs_moved {
                let _ = clock.set_attribute("data-value", &now.secs.to_string());
            }
            set_text(&clock, &clock_text(now.secs, now.end));
        }
    }
}

/// One answer as it arrives: how much of it is shown and read, where it stands, and the bubble's
/// text, the part already read apart up to the reader's cursor. Only what differs from `was`
/// is written (everything when the lane has not been written yet).
fn write_lane(
    root: &web_sys::Element,
    i: usize,
    now: &LaneShown,
    was: Option<&LaneShown>,
    (done, rest): &(String, String),
) {
    let Some(lane) = part(root, &format!(".lane[data-lane=\"{i}\"]")) else { return };
    let moved = |field: fn(&LaneShown) -> usize| was.is_none_or(|w| field(w) != field(now));
    let (shown_moved, read_moved) = (moved(|l| l.shown), moved(|l| l.read));
    if shown_moved {
        let _ = lane.set_attribute("data-shown", &now.shown.to_string());
    }
    if read_moved {
        let _ = lane.set_attribute("data-read", &now.read.to_string());
    }
    let write = |selector: &str, text: &str| {
        if let Some(element) = part(&lane, selector) {
            set_text(&element, text);
        }
    };
    let words_moved = was.is_none_or(|w| w.status != now.status);
    let states_moved = was.is_none_or(|w| w.states != now.states);
    if words_moved || states_moved {
        if let Some(status) = part(&lane, ".lane-name span") {
            if words_moved {
                set_text(&status, &now.status);
            }
            if states_moved {
                let _ = match now.states {
                    Some((quantity, secs)) => status
                        .set_attribute("data-quantity", quantity.key())
                        .and_then(|()| status.set_attribute("data-value", &secs.to_string())),
                    None => status
                        .remove_attribute("data-quantity")
                        .and_then(|()| status.remove_attribute("data-value")),
                };
            }
        }
    }
    if shown_moved || read_moved {
        write(".read", done);
        write(".rest", rest);
    }
    if was.is_none_or(|w| (w.shown == 0) != (now.shown == 0)) {
        if let Some(bubble) = part(&lane, ".bubble") {
            let class = if now.shown == 0 { "bubble empty" } else { "bubble" };
            let _ = bubble.set_attribute("class", class);
        }
    }
}
