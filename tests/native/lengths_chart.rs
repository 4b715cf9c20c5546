//! Figure 6 (answer lengths against the crossover) drawn natively into SVG: its labels, its words
//! for the no-crossover cases, its bars and table, and inputs at the edges that must still draw.

use super::figures::{keeps_its_promises, svg_of};
use crossover::charts::lengths::{bins, range_text, rows, winner_text, BinWinner, LengthsInputs};
use crossover::charts::Chart;
use crossover::model::deployments::{Comparison, Deployment, Winner};
use crossover::model::workload::{LengthDistribution, Router};

#[test]
fn lesson_figure_marks_the_crossover_and_both_shares() {
    let inputs = LengthsInputs::default();
    let svg = svg_of(&inputs);
    assert!(svg.starts_with("<svg"));
    assert!(svg.contains("crossover = router threshold: 28.9 tokens"), "crossover label");
    // 44.7% of the lesson's answers are under 28.9 tokens.
    assert!(svg.contains("A first: 45%") && svg.contains("B first: 55%"), "share labels");
    assert!(
        svg.contains("answers A finishes first") && svg.contains("answers B finishes first"),
        "legend"
    );
    std::fs::create_dir_all("target/figures").ok();
    std::fs::write("target/figures/lengths.svg", &svg).ok();
}

#[test]
fn bars_cover_the_distribution_and_split_at_the_crossover() {
    let inputs = LengthsInputs::default();
    let bars = bins(&inputs);
    // The 16-to-32 bar holds the crossover and is split there; the rest are one colour.
    let split: Vec<_> =
        bars.iter().filter(|b| matches!(b.winner, BinWinner::Split { .. })).collect();
    assert_eq!(split.len(), 1);
    assert_eq!((split[0].from_tokens, split[0].to_tokens), (16.0, 32.0));
    assert_eq!(winner_text(&split[0].winner), "A below 28.9 tokens, then B");
    for b in &bars {
        if b.to_tokens <= 16.0 {
            assert_eq!(b.winner, BinWinner::All(Winner::A));
        } else if b.from_tokens >= 32.0 {
            assert_eq!(b.winner, BinWinner::All(Winner::B));
        }
    }
    // With the tails the table adds, every request is counted once (to the 0.05% left out).
    let table = rows(&inputs);
    let total: f64 = table.iter().map(|b| b.share).sum();
    assert!((total - 1.0).abs() < 1e-3, "{total}");
    assert_eq!(table.first().map(range_text).as_deref(), Some("under 1 token"));
    // Under 0.05% of answers are longer than the last bar: no row for them.
    assert_eq!(table.last().map(range_text).as_deref(), Some("65,536 to 131,072 tokens"));
    assert_eq!(range_text(&bars[4]), "16 to 32 tokens");
}

#[test]
fn summary_says_what_the_figure_shows() {
    let s = LengthsInputs::default().summary();
    for part in [
        "median 40 tokens",
        "90th percentile 900 tokens",
        "28.9 tokens",
        "A finishes first on 45%",
        "B on 55%",
        "to A and the rest to B",
    ] {
        assert!(s.contains(part), "summary lacks {part:?}: {s}");
    }
}

#[test]
fn a_fixed_threshold_is_drawn_apart() {
    let inputs = LengthsInputs {
        router: Router { threshold_tokens: 200.0, error_sigma: 0.0 },
        route_at_crossover: false,
        ..LengthsInputs::default()
    };
    let svg = svg_of(&inputs);
    assert!(svg.contains("router threshold: 200 tokens"));
    assert!(svg.contains("crossover: 28.9 tokens"));
    assert!(inputs.summary().contains("shorter than 200 tokens to A"));
}

#[test]
fn no_crossover_is_said_in_words() {
    let dominant = LengthsInputs {
        comparison: Comparison::new(Deployment::new(0.2, 200.0), Deployment::LESSON_B),
        ..LengthsInputs::default()
    };
    let svg = svg_of(&dominant);
    assert!(svg.contains("no crossover: A is never slower"));
    assert!(svg.contains("A first on every request"));
    assert!(!svg.contains("router threshold"), "nothing for a router to split");
    let s = dominant.summary();
    assert!(s.contains("no crossover") && s.contains("A finishes first on every request"), "{s}");
    assert!(bins(&dominant).iter().all(|b| b.winner == BinWinner::All(Winner::A)));

    let same = LengthsInputs {
        comparison: Comparison::new(Deployment::LESSON_B, Deployment::LESSON_B),
        ..LengthsInputs::default()
    };
    let svg = svg_of(&same);
    assert!(svg.contains("no crossover: A and B are identical"));
    assert!(svg.contains("A and B finish together"));
    assert!(same.summary().contains("same moment on both"));
}

#[test]
fn a_crossover_beyond_any_answer_stays_on_the_axis_up_to_ten_million() {
    // Nearly equal rates put the crossing near 700,000 tokens: the axis reaches it.
    let far = Comparison::new(Deployment::new(0.2, 109.99), Deployment::LESSON_B);
    let inputs = LengthsInputs {
        comparison: far,
        router: Router::at_crossover(&far, 0.0),
        ..LengthsInputs::default()
    };
    let bars = bins(&inputs);
    let n = far.crossover().tokens().unwrap_or(f64::NAN);
    assert!(bars.last().is_some_and(|b| b.to_tokens >= n), "{n}");
    // Beyond ten million it is named rather than drawn.
    let farther = Comparison::new(Deployment::new(0.2, 109.999_999), Deployment::LESSON_B);
    let svg = svg_of(&LengthsInputs { comparison: farther, ..LengthsInputs::default() });
    assert!(svg.contains("(off the axis)"));
}

#[test]
fn extreme_inputs_still_draw() {
    let odd =
        [0.0, -1.0, 1e-300, 1e-9, 1e9, 1e300, f64::MAX, f64::INFINITY, f64::NEG_INFINITY, f64::NAN];
    for &x in &odd {
        for &y in &[1.0, 40.0, 900.0, x] {
            let cases = [
                LengthsInputs {
                    lengths: LengthDistribution::new(x, y),
                    ..LengthsInputs::default()
                },
                LengthsInputs {
                    lengths: LengthDistribution::new(y, x),
                    ..LengthsInputs::default()
                },
                LengthsInputs {
                    comparison: Comparison::new(Deployment::new(x, y), Deployment::LESSON_B),
                    ..LengthsInputs::default()
                },
                LengthsInputs {
                    router: Router { threshold_tokens: x, error_sigma: y },
                    route_at_crossover: false,
                    ..LengthsInputs::default()
                },
                LengthsInputs {
                    lengths: LengthDistribution::new(x, y),
                    comparison: Comparison::new(Deployment::new(y, x), Deployment::new(x, y)),
                    router: Router { threshold_tokens: y, error_sigma: x },
                    route_at_crossover: false,
                },
            ];
            for inputs in cases {
                keeps_its_promises(&inputs, &format!("{inputs:?}"));
                let table = rows(&inputs);
                assert!(!table.is_empty() && table.len() < 40, "{inputs:?}: {} rows", table.len());
                assert!(
                    table
                        .iter()
                        .all(|b| b.share.is_finite() && (0.0..=1.0 + 1e-12).contains(&b.share)),
                    "{inputs:?}"
                );
                let total: f64 = table.iter().map(|b| b.share).sum();
                // Tails under 0.05% are left out of the table.
                assert!((total - 1.0).abs() < 1e-3, "{inputs:?}: shares add to {total}");
            }
        }
    }
}

#[test]
fn the_page_state_draws_both_deployment_figures() {
    use crossover::charts::{Figure, Style};
    use crossover::state::State;
    let state = State::default();
    for (figure, words) in [
        (Figure::Completion, "crossover: 28.9 tokens"),
        (Figure::Lengths, "crossover = router threshold: 28.9 tokens"),
    ] {
        let svg = figure
            .to_svg(&state, &Style::default(), 800, 400)
            .unwrap_or_else(|e| panic!("{figure:?}: {e}"));
        assert!(svg.contains(words), "{figure:?}");
        assert!(figure.inputs(&state).summary().contains("28.9 tokens"), "{figure:?}");
        assert!(!figure.inputs(&state).table().rows.is_empty(), "{figure:?}");
        assert_eq!(Figure::from_slug(figure.slug()), Some(figure));
    }
    let completion = Figure::Completion.inputs(&state).table();
    let current = completion
        .current_row
        .and_then(|i| completion.rows.get(i))
        .and_then(|r| r.first())
        .map(|c| c.text.clone());
    assert_eq!(current.as_deref(), Some("600"));
}
