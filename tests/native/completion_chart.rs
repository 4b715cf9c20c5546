//! The two-deployments figure drawn natively into SVG: labels, words for the no-crossover
//! cases, and extreme inputs that must still draw.

use super::figures::{keeps_its_promises, svg_of};
use crossover::charts::completion::{rows, CompletionInputs};
use crossover::charts::Chart;
use crossover::model::deployments::{Comparison, Deployment};
use crossover::model::ReadingSpeed;

#[test]
fn lesson_figure_names_the_crossover_the_answer_and_both_sides() {
    let svg = svg_of(&CompletionInputs::default());
    assert!(svg.starts_with("<svg"));
    assert!(svg.contains("crossover: 28.9 tokens"), "crossover label");
    assert!(svg.contains("your answer: 600 tokens"), "answer label");
    assert!(svg.contains("A finishes first") && svg.contains("B finishes first"), "side labels");
    assert!(
        svg.contains("A 20.2 s") && svg.contains("B 6.35 s"),
        "completion values at the answer"
    );
    assert!(svg.contains("time to read it"), "reading reference in the legend");
    std::fs::create_dir_all("target/figures").ok();
    std::fs::write("target/figures/completion.svg", &svg).ok();
}

#[test]
fn peak_load_moves_the_crossover() {
    let inputs =
        CompletionInputs { b: Deployment::LESSON_B.with_rate(45.0), ..CompletionInputs::default() };
    let svg = svg_of(&inputs);
    assert!(svg.contains("crossover: 63 tokens"));
    assert!(svg.contains("B 14.23 s"));
}

#[test]
fn no_crossover_is_said_in_words() {
    let dominant =
        CompletionInputs { a: Deployment::new(0.2, 200.0), ..CompletionInputs::default() };
    let svg = svg_of(&dominant);
    assert!(svg.contains("no crossover: A is never slower"));
    assert!(svg.contains("A finishes first at every length"));
    assert!(!svg.contains(">crossover: "), "no crossover length when there is none");
    assert!(dominant.summary().contains("never cross"));

    let same = CompletionInputs { a: Deployment::LESSON_B, ..CompletionInputs::default() };
    let svg = svg_of(&same);
    assert!(svg.contains("no crossover: A and B are identical"));
    assert!(svg.contains("A and B finish together"));
}

#[test]
fn crossover_off_the_chart_is_said_in_words() {
    // Nearly equal rates put the crossing far beyond any answer shown.
    let inputs = CompletionInputs {
        a: Deployment::new(0.2, 109.999_999),
        answer_tokens: 10.0,
        ..CompletionInputs::default()
    };
    let svg = svg_of(&inputs);
    assert!(svg.contains("off the right edge"), "{}", inputs.summary());
}

#[test]
fn summary_and_rows_describe_the_figure() {
    let inputs = CompletionInputs::default();
    let s = inputs.summary();
    for part in ["28.9 tokens", "600 tokens", "20.2 s", "6.35 s", "B finishes first", "5.3 tok/s"] {
        assert!(s.contains(part), "summary lacks {part:?}: {s}");
    }
    let table = rows(&inputs);
    assert_eq!(table.len(), 6);
    assert!(table.windows(2).all(|w| w[0].answer_tokens < w[1].answer_tokens));
    let at_600 = table.iter().find(|r| r.answer_tokens == 600.0).map(|r| r.reading_secs);
    assert_eq!(at_600, Some(600.0 / ReadingSpeed::default().tokens_per_sec()));
}

#[test]
fn extreme_inputs_still_draw() {
    let odd =
        [0.0, -1.0, 1e-300, 1e-9, 1e9, 1e300, f64::MAX, f64::INFINITY, f64::NEG_INFINITY, f64::NAN];
    for &x in &odd {
        for &y in &[0.2, 30.0, x] {
            let cases = [
                CompletionInputs { a: Deployment::new(x, y), ..CompletionInputs::default() },
                CompletionInputs { b: Deployment::new(y, x), ..CompletionInputs::default() },
                CompletionInputs { answer_tokens: x, ..CompletionInputs::default() },
                CompletionInputs {
                    reading: ReadingSpeed { words_per_min: x },
                    answer_tokens: y,
                    ..CompletionInputs::default()
                },
                CompletionInputs {
                    a: Deployment::new(x, x),
                    b: Deployment::new(y, y),
                    answer_tokens: x,
                    reading: ReadingSpeed { words_per_min: y },
                    cursor_secs: Some(x),
                    ..CompletionInputs::default()
                },
                CompletionInputs {
                    peak: Some(Comparison::new(Deployment::new(x, y), Deployment::new(y, x))),
                    spread_tokens: (x, y),
                    ..CompletionInputs::default()
                },
            ];
            for inputs in cases {
                keeps_its_promises(&inputs, &format!("{inputs:?}"));
                assert!(svg_of(&inputs).contains("your answer"), "{inputs:?}");
                assert!(rows(&inputs).iter().all(|r| r.a_secs.is_finite()
                    && r.b_secs.is_finite()
                    && r.reading_secs.is_finite()));
            }
        }
    }
}

/// Two loaded runs behind the lines: every request inside the axes a faint dot in its side's
/// colour, the crossover's interval a band, and the text alternative saying so.
#[test]
fn runs_are_drawn_as_faint_dots_behind_the_lines_with_the_interval_as_a_band() {
    use crossover::charts::Palette;
    use crossover::measurements::compare::{Overlay, Point};
    use std::sync::Arc;
    let point = |n: f64, t: f64| Point { answer_tokens: n, completion_secs: t };
    let a: Vec<Point> = [10.0, 100.0, 600.0].iter().map(|&n| point(n, 0.2 + n / 30.0)).collect();
    let mut b: Vec<Point> = [20.0, 300.0].iter().map(|&n| point(n, 0.9 + n / 110.0)).collect();
    // Off the axes: left out.
    b.push(point(1e9, 1.0));
    let overlay = Overlay::new(&a, &b, Some((25.0, Some(33.0))));
    let plain = svg_of(&CompletionInputs::default());
    let inputs = CompletionInputs { runs: Some(Arc::new(overlay)), ..CompletionInputs::default() };
    let svg = svg_of(&inputs);
    let circles = |svg: &str, colour: plotters::style::RGBColor| {
        let hex = format!("#{:02X}{:02X}{:02X}", colour.0, colour.1, colour.2);
        svg.split("<circle")
            .skip(1)
            .filter_map(|c| c.split('>').next())
            .filter(|c| c.contains(&hex) && c.contains("opacity=\"0.35"))
            .count()
    };
    let p = Palette::LIGHT;
    assert_eq!(circles(&plain, p.prefill) + circles(&plain, p.decode), 0, "no runs, no dots");
    assert_eq!((circles(&svg, p.prefill), circles(&svg, p.decode)), (3, 2), "{svg}");
    assert!(svg.contains("opacity=\"0.12"), "the band");
    assert!(inputs.summary().contains("Faint dots"));
    assert!(!CompletionInputs::default().summary().contains("Faint dots"));
}
