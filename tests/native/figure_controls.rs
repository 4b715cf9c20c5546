//! Which controls move which figure, found from the figures' own inputs: every input is stepped
//! once, as its slider's arrow key steps it, and a pair is kept wherever the figure's inputs
//! change. The browser's layout test reads the result from `tests/e2e/figure-controls.json` and
//! checks that each figure can be watched while a control of each of its inputs moves it, so a
//! figure that starts following an input, or a new figure, joins the test by itself. Run with
//! `UPDATE_FIXTURES=1` to rewrite the file. Each figure's `own` controls (what an embed or a
//! presentation shows) come along, for the tests of one figure alone, and the element the Embed
//! button writes for it at the defaults, for the benchmark's documentation page.

use crossover::state::{Figure, Param, State};

const FILE: &str = "tests/e2e/figure-controls.json";

/// For each figure in page order, the inputs that move it at the page's opening state, each
/// with the arrow key that moves it from there.
fn pairs() -> Vec<(Figure, Vec<(&'static str, &'static str)>)> {
    let base = State::default();
    Figure::ALL
        .into_iter()
        .map(|figure| {
            let before = figure.inputs(&base);
            let moved = Param::ALL
                .into_iter()
                .filter_map(|param| {
                    let (spec, now) = (base.spec_of(param), base.get(param));
                    ["ArrowRight", "ArrowLeft"].into_iter().find_map(|key| {
                        let next = spec.after_key(key, now)?;
                        let changed =
                            next != now && figure.inputs(&base.with(param, next)) != before;
                        changed.then_some((param.spec().key, key))
                    })
                })
                .collect();
            (figure, moved)
        })
        .collect()
}

fn json() -> String {
    let figures: Vec<String> = pairs()
        .into_iter()
        .map(|(figure, moved)| {
            let controls: Vec<String> = moved
                .iter()
                .map(|(key, press)| format!("{{ \"key\": \"{key}\", \"press\": \"{press}\" }}"))
                .collect();
            let own: Vec<String> =
                figure.own_controls().iter().map(|p| format!("\"{}\"", p.spec().key)).collect();
            let element = crossover::text::embed::element(figure, "").replace('"', "\\\"");
            format!(
                "  {{\n    \"figure\": \"{}\",\n    \"own\": [{}],\n    \"element\": \"{element}\",\n    \"controls\": [\n      {}\n    ]\n  }}",
                figure.slug(),
                own.join(", "),
                controls.join(",\n      ")
            )
        })
        .collect();
    format!("[\n{}\n]\n", figures.join(",\n"))
}

#[test]
fn the_browser_tests_pairs_are_the_figures_own() {
    let want = json();
    if std::env::var_os("UPDATE_FIXTURES").is_some() {
        std::fs::write(FILE, &want).unwrap_or_else(|e| panic!("{FILE}: {e}"));
    }
    let have = std::fs::read_to_string(FILE).unwrap_or_default();
    assert_eq!(have, want, "{FILE} is out of date: run the native tests with UPDATE_FIXTURES=1");
}

#[test]
fn every_figure_moves_with_some_control() {
    for (figure, moved) in pairs() {
        assert!(moved.len() >= 2, "{} follows {moved:?}", figure.slug());
    }
}
