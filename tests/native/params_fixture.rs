//! The browser tests read each parameter's key, bounds, default and spoken unit from
//! `tests/e2e/params.json`, written here from the code's own table (`Param::ALL`), so no test
//! holds a hand-copied bound that could drift from the page.

use crossover::state::Param;

const FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/e2e/params.json");

/// A number as JSON writes it: the shortest text that reads back as the same double.
fn number(x: f64) -> String {
    let text = format!("{x}");
    debug_assert_eq!(text.parse::<f64>().ok(), Some(x));
    text
}

fn json() -> String {
    let rows: Vec<String> = Param::ALL
        .iter()
        .map(|p| {
            let s = p.spec();
            format!(
                "  \"{}\": {{ \"min\": {}, \"max\": {}, \"default\": {}, \"unitWords\": \"{}\", \"whole\": {} }}",
                s.key,
                number(s.min),
                number(s.max),
                number(s.default),
                s.unit_words,
                s.is_whole()
            )
        })
        .collect();
    let request: Vec<String> =
        Param::REQUEST.iter().map(|p| format!("\"{}\"", p.spec().key)).collect();
    format!(
        "{{\n\"request\": [{}],\n\"params\": {{\n{}\n}}\n}}\n",
        request.join(", "),
        rows.join(",\n")
    )
}

#[test]
fn the_browser_tests_bounds_are_the_params_own() {
    let want = json();
    if std::env::var_os("UPDATE_FIXTURES").is_some() {
        std::fs::write(FILE, &want).unwrap_or_else(|e| panic!("{FILE}: {e}"));
    }
    let have = std::fs::read_to_string(FILE).unwrap_or_default();
    assert_eq!(have, want, "{FILE} is out of date: run the native tests with UPDATE_FIXTURES=1");
    // The keys need no escaping in JSON.
    assert!(Param::ALL.iter().all(|p| p
        .spec()
        .key
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '_')));
}
