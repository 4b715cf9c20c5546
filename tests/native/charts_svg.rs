//! The figures drawn natively into SVG: the same code the canvas runs.

use crossover::charts::{Figure, Palette, Style};
use crossover::state::{Param, State};

fn render(figure: Figure, state: &State, style: &Style) -> String {
    figure.to_svg(state, style, 800, 400).expect("figure draws")
}

#[test]
fn timeline_marks_both_milestones() {
    let svg = render(Figure::Timeline, &State::default(), &Style::default());
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
    let svg =
        render(Figure::Timeline, &State::default().with(Param::Decode, 3.0), &Style::default());
    assert!(svg.contains("reader waits for text"));
}

#[test]
fn crossing_chart_labels_the_crossing_and_the_prompt() {
    let svg = render(Figure::Crossing, &State::default(), &Style::default());
    assert!(svg.contains("crossing: 40,000 tokens"));
    assert!(svg.contains("your prompt: 16,000 tokens"));
    std::fs::write("target/figures/crossing.svg", &svg).ok();
    let moved =
        render(Figure::Crossing, &State::default().with(Param::Output, 30.0), &Style::default());
    assert!(moved.contains("crossing: 4,000 tokens"));
}

#[test]
fn crossing_off_the_axis_is_said_in_words() {
    let svg = render(
        Figure::Crossing,
        &State::default()
            .with(Param::Output, 100_000.0)
            .with(Param::Prefill, 200_000.0)
            .with(Param::Decode, 1.0),
        &Style::default(),
    );
    assert!(svg.contains("beyond the right edge"));
}

#[test]
fn dark_palette_and_scale_change_the_drawing() {
    let light = render(Figure::Timeline, &State::default(), &Style::default());
    let dark =
        render(Figure::Timeline, &State::default(), &Style { scale: 2.0, palette: Palette::DARK });
    assert_ne!(light, dark);
    assert!(dark.contains("#17191F") || dark.to_lowercase().contains("#17191f"));
}

#[test]
fn every_extreme_state_draws() {
    for param in Param::ALL {
        for value in [param.spec().min, param.spec().max] {
            let state = State::default().with(param, value);
            render(Figure::Timeline, &state, &Style::default());
            render(Figure::Crossing, &state, &Style::default());
        }
    }
}
