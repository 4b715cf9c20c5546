//! The figures drawn natively into SVG: the same code the canvas runs.

use super::figures::svg_of;
use crossover::charts::{Chart, CrossingInputs, TimelineInputs};
use crossover::state::{Param, State};

#[test]
fn timeline_marks_both_milestones() {
    let svg = svg_of(&TimelineInputs::of(&State::default()));
    assert!(svg.starts_with("<svg"));
    assert!(svg.contains("first token 2.02 s"), "missing TTFT label");
    assert!(svg.contains("done 7 s"), "missing total label");
    assert!(svg.contains("prefill") && svg.contains("decode"));
    assert!(!svg.contains("reader waits"), "a 60 tok/s stream outruns a reader");
    std::fs::create_dir_all("target/figures").ok();
    std::fs::write("target/figures/timeline.svg", &svg).ok();
}

#[test]
fn timeline_shows_the_reader_waiting_on_a_slow_stream() {
    let svg = svg_of(&TimelineInputs::of(&State::default().with(Param::Decode, 3.0)));
    assert!(svg.contains("reader waits for text"));
}

#[test]
fn crossing_chart_labels_the_crossing_and_the_prompt() {
    let svg = svg_of(&CrossingInputs::of(&State::default()));
    assert!(svg.contains("crossing: 40,000 tokens"));
    assert!(svg.contains("your prompt: 16,000 tokens"));
    std::fs::write("target/figures/crossing.svg", &svg).ok();
    let moved = svg_of(&CrossingInputs::of(&State::default().with(Param::Output, 30.0)));
    assert!(moved.contains("crossing: 4,000 tokens"));
}

#[test]
fn crossing_off_the_axis_is_said_in_words() {
    let svg = svg_of(&CrossingInputs::of(
        &State::default()
            .with(Param::Output, 100_000.0)
            .with(Param::Prefill, 200_000.0)
            .with(Param::Decode, 1.0),
    ));
    assert!(svg.contains("beyond the right edge"));
}
