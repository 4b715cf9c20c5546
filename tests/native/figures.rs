//! Every figure of both families, the lesson's (built from the page's state) and a loaded run's
//! (built from its fit), held to the same promises in every case: it draws; neither its SVG, its
//! words nor its table show NaN or infinity; and in the dark palette at twice the scale it draws
//! differently, on the dark background. The figures come from the code's own lists
//! ([`Figure::ALL`], [`RunFigure::ALL`]), the cases from the page's own parameters and presets
//! and the real result files in `tests/data/bench-results`.

use crossover::charts::measured::{
    DecodeInputs, ResidualInputs, RunFigure, RunFigures, TtftInputs,
};
use crossover::charts::{
    to_svg, BendInputs, Chart, ClocksInputs, CompletionInputs, CrossingInputs, LengthsInputs,
    Palette, RooflineInputs, StreamingInputs, Style, TimelineInputs,
};
use crossover::measurements::{fit, read, Fit, Format, Record, Run};
use crossover::model::chips::Chip;
use crossover::model::llms::Llm;
use crossover::model::precision::{KvPrecision, WeightPrecision};
use crossover::state::presets::PRESETS;
use crossover::state::{Figure, ModelView, Param, State};
use std::fmt::Debug;

const WIDTH: u32 = 800;
const HEIGHT: u32 = 400;

/// The figure drawn into SVG at the page's default style.
pub fn svg_of<C: Chart + Debug>(chart: &C) -> String {
    chart
        .to_svg(&Style::default(), WIDTH, HEIGHT)
        .unwrap_or_else(|e| panic!("figure failed to draw for {chart:?}: {e}"))
}

fn shows_a_number(text: &str) -> bool {
    !text.contains("NaN") && !text.contains("inf")
}

/// What every figure promises, whatever it is built from; `case` names it in a failure.
pub fn keeps_its_promises<C: Chart + Debug>(chart: &C, case: &str) {
    let light = svg_of(chart);
    assert!(light.starts_with("<svg"), "{case}");
    assert!(shows_a_number(&light), "{case}: the SVG shows NaN or infinity for {chart:?}");
    let summary = chart.summary();
    assert!(
        shows_a_number(&summary) && !summary.contains('—'),
        "{case}: the summary says {summary:?}"
    );
    for cell in chart.table().rows.iter().flatten() {
        assert!(cell.value.is_none_or(f64::is_finite), "{case}: a cell holds {cell:?}");
        assert!(shows_a_number(&cell.text), "{case}: a cell reads {:?}", cell.text);
    }
    let dark = chart
        .to_svg(&Style { scale: 2.0, palette: Palette::DARK }, WIDTH, HEIGHT)
        .unwrap_or_else(|e| panic!("{case}: the dark figure failed to draw: {e}"));
    assert_ne!(light, dark, "{case}: the dark palette at twice the scale draws the same");
    let background = Palette::DARK.background;
    let background = format!("#{:02X}{:02X}{:02X}", background.0, background.1, background.2);
    assert!(dark.to_uppercase().contains(&background), "{case}: no dark background");
}

/// A lesson figure built from `state` as its type, checked to draw what the page draws for
/// `figure`, and held to the promises.
fn lesson<C: Chart<Input = State> + Debug>(figure: Figure, state: &State, case: &str) {
    let chart = C::of(state);
    let page = figure.to_svg(state, &Style::default(), WIDTH, HEIGHT);
    assert_eq!(page.as_ref().ok(), Some(&svg_of(&chart)), "{case}: not the page's figure");
    keeps_its_promises(&chart, case);
}

/// A run figure built from `fit` as its type, checked to draw what the worker draws for
/// `figure`, and held to the promises.
fn run<C: Chart<Input = Fit> + Debug>(figure: RunFigure, fit: &Fit, case: &str) {
    let chart = C::of(fit);
    let figures = RunFigures::of(fit);
    let worker = to_svg(WIDTH, HEIGHT, |area| figures.draw(figure, area, &Style::default()));
    assert_eq!(worker.as_ref().ok(), Some(&svg_of(&chart)), "{case}: not the worker's figure");
    keeps_its_promises(&chart, case);
}

/// The page states: the defaults, every preset, and every parameter at both ends of its range,
/// each under the straight-line model and the deeper one.
fn states() -> Vec<(String, State)> {
    let mut states = vec![("the defaults".to_string(), State::default())];
    states
        .extend(PRESETS.iter().map(|p| (format!("preset {}", p.key), (p.apply)(State::default()))));
    for param in Param::ALL {
        let spec = param.spec();
        for (end, value) in [("lowest", spec.min), ("highest", spec.max)] {
            states.push((format!("{param:?} at its {end}"), State::default().with(param, value)));
        }
    }
    // The chip section's own chip and model at the ends of every one of their ranges.
    for (end, pick) in [("lowest", 0), ("highest", 1)] {
        let mut custom = State::default();
        (custom.chip, custom.llm) = (Chip::Custom, Llm::Custom);
        (custom.weights, custom.kv) = (WeightPrecision::Int4, KvPrecision::Fp8);
        for param in Param::CUSTOM_CHIP.into_iter().chain(Param::CUSTOM_LLM).chain(Param::SERVING) {
            let spec = param.spec();
            custom.set(param, if pick == 0 { spec.min } else { spec.max });
        }
        states.push((format!("a custom chip and model at their {end}"), custom));
    }
    let deep: Vec<(String, State)> = states
        .iter()
        .map(|(name, state)| {
            let mut deep = *state;
            deep.model = ModelView::Deep;
            (format!("{name}, deeper model"), deep)
        })
        .collect();
    states.extend(deep);
    states
}

#[test]
fn every_lesson_figure_keeps_its_promises_in_every_state() {
    for (name, state) in states() {
        for figure in Figure::ALL {
            let case = format!("{} at {name}", figure.slug());
            match figure {
                Figure::Timeline => lesson::<TimelineInputs>(figure, &state, &case),
                Figure::Crossing => lesson::<CrossingInputs>(figure, &state, &case),
                Figure::Completion => lesson::<CompletionInputs>(figure, &state, &case),
                Figure::Lengths => lesson::<LengthsInputs>(figure, &state, &case),
                Figure::Roofline => lesson::<RooflineInputs>(figure, &state, &case),
                Figure::Streaming => lesson::<StreamingInputs>(figure, &state, &case),
                Figure::Bend => lesson::<BendInputs>(figure, &state, &case),
                Figure::Clocks => lesson::<ClocksInputs>(figure, &state, &case),
            }
        }
    }
}

/// A run at known rates (0.05 s before prefill, 10,000 tok/s prefill, 50 tok/s decode, a queue
/// on every third request): prompts spread or all alike, bending up at long prompts or not,
/// streamed or not.
fn synthetic(requests: usize, spread: bool, bend: bool, streamed: bool) -> Run {
    let mut run = Run::new(Format::Csv, "synthetic");
    for i in 0..requests {
        let i = i as f64;
        let prompt = if spread { 200.0 + (i * 7919.0) % 16_000.0 } else { 2_000.0 + i % 40.0 };
        let output = 50.0 + (i * 31.0) % 400.0;
        let queue = if i as usize % 3 == 0 { 0.02 + (i % 11.0) * 0.05 } else { 0.0 };
        let attention = if bend { prompt * prompt / (10_000.0 * 20_000.0) } else { 0.0 };
        let ttft = 0.05 + prompt / 10_000.0 + attention + queue;
        let e2e = ttft + (output - 1.0) / 50.0;
        run.records.push(Record::new(prompt, output, streamed.then_some(ttft), Some(e2e)));
    }
    run
}

/// The fitted runs: every run of every real result file, and synthetic runs of the shapes a
/// run's figures draw differently (fitted lines, a bend, alike prompts, no streaming, one
/// request, none).
fn runs() -> Vec<(String, Run)> {
    let dir = "tests/data/bench-results";
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| path.extension().is_some_and(|ext| ext != "md"))
        .collect();
    files.sort();
    let mut runs = Vec::new();
    for path in files {
        let name = path.file_name().map(|n| n.to_string_lossy().to_string()).unwrap_or_default();
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
        // A summary-only file is refused with a message; the figures never see it.
        for (i, run) in read(&text, &name).unwrap_or_default().into_iter().enumerate() {
            runs.push((format!("{name}, run {}", i + 1), run));
        }
    }
    // Eight of the nine files hold a record per request; the ninth is a summary.
    assert!(runs.len() >= 8, "the real files give runs ({})", runs.len());
    runs.extend([
        ("fitted lines".to_string(), synthetic(2_000, true, false, true)),
        ("a bending floor".to_string(), synthetic(3_000, true, true, true)),
        ("alike prompts".to_string(), synthetic(500, false, false, true)),
        ("no streaming".to_string(), synthetic(600, true, false, false)),
        ("one request".to_string(), synthetic(1, true, false, true)),
        ("no requests".to_string(), synthetic(0, true, false, true)),
    ]);
    runs
}

#[test]
fn every_run_figure_keeps_its_promises_for_every_run() {
    for (name, r) in runs() {
        let fitted = fit(&r);
        for figure in RunFigure::ALL {
            let case = format!("{} of {name}", figure.slug());
            match figure {
                RunFigure::Ttft => run::<TtftInputs>(figure, &fitted, &case),
                RunFigure::Decode => run::<DecodeInputs>(figure, &fitted, &case),
                RunFigure::Residuals => run::<ResidualInputs>(figure, &fitted, &case),
            }
        }
    }
}
