//! The markup the section writes for a loaded run: its readouts, sentences, figures (a canvas
//! for the worker's drawing, the words, the export buttons and the table) and percentiles, and
//! the results area around it (the list of runs and the buttons that act on the one chosen).
//! Built in the worker, so the page needs no code of its own for it; each button names what it
//! does by the protocol's `data-action`, and its test id is for the tests alone.

use super::sentences::records_text;
use super::{percentile_table, FigureView, RunView};
use crate::format;
use crate::format::escape_html_into;
use crate::measurements::protocol::{action_attribute, name, FigureFormat};
use crate::model::roofline::Serving;
use crate::state::Param;
use crate::text::roofline::calibration_sentence;

/// The action of every download button.
const DOWNLOAD: &str = action_attribute!(download);

/// The run's results as the page shows them: readouts (each with its unrounded `data-value`,
/// none where there is no value), the crossing and bending sentences, the percentile table and
/// the notes. Markup the page's own readouts would write, built here so the page needs no code
/// of its own for it.
pub fn run_html(run: &RunView) -> String {
    let mut out = String::with_capacity(4096);
    readouts_html(&mut out, run);
    paragraph(&mut out, "fit-crossing", "", &run.crossing_text);
    paragraph(&mut out, "fit-bending", "", &run.bending_text);
    for figure in &run.figures {
        figure_html(&mut out, figure);
    }
    out.push_str("<div class=\"table-wrap\"><table data-testid=\"fit-percentiles\">");
    out.push_str(&percentile_table(run).to_html());
    out.push_str("</table></div>");
    paragraph(&mut out, "", "aside", &format!("Time per output token: {}", run.tpot_definition));
    out.push_str(
        "<details class=\"fit-notes\"><summary>How this run was read and fitted</summary><ul>",
    );
    for note in &run.notes {
        out.push_str("<li>");
        escape_html_into(&mut out, note);
        out.push_str("</li>");
    }
    out.push_str("</ul></details>");
    out
}

/// The run's readouts, each with its unrounded `data-value` (none where there is no value).
fn readouts_html(out: &mut String, run: &RunView) {
    out.push_str("<dl class=\"readout-grid\">");
    let not_fitted =
        |x: Option<f64>, show: fn(f64) -> String| x.map_or_else(|| "not fitted".to_string(), show);
    let value = |x: Option<f64>| x.filter(|x| x.is_finite()).map(|x| x.to_string());
    readout(
        out,
        "import-format",
        "Read as",
        Some(run.format_id.clone()),
        &run.format_name,
        Some(&run.label),
    );
    readout(
        out,
        "fit-records",
        "Requests fitted",
        value(Some(run.used as f64)),
        &records_text(run.used, run.records),
        None,
    );
    readout(
        out,
        "fit-dropped",
        "Left out",
        value(Some(run.dropped as f64)),
        &format::with_separators(run.dropped as f64, 0),
        Some(&run.dropped_text),
    );
    readout(
        out,
        "fit-overhead",
        "Fixed time before the first token",
        value(run.overhead_secs),
        &not_fitted(run.overhead_secs, format::duration),
        None,
    );
    readout(
        out,
        "fit-prefill",
        "Prefill rate",
        value(run.prefill_tokens_per_sec),
        &run.prefill_text,
        None,
    );
    readout(
        out,
        "fit-decode",
        "Decode rate",
        value(run.decode_tokens_per_sec),
        &not_fitted(run.decode_tokens_per_sec, format::rate),
        None,
    );
    readout(
        out,
        "fit-crossing-ratio",
        "Crossing ratio",
        value(run.crossing_ratio),
        &not_fitted(run.crossing_ratio, |x| format::trimmed(x, 1)),
        None,
    );
    readout(
        out,
        "fit-crossing-prompt",
        "Crossing prompt at the median answer",
        value(run.crossing_prompt_tokens),
        &not_fitted(run.crossing_prompt_tokens, format::tokens),
        None,
    );
    out.push_str("</dl>");
}

/// A figure as the page's figure card lays one out: caption, canvas (drawn by the worker once
/// the markup is placed) with the summary as its accessible name, the summary shown, export
/// buttons, and the table behind a disclosure.
fn figure_html(out: &mut String, view: &FigureView) {
    let (slug, title) = (view.figure.slug(), view.figure.title());
    out.push_str(&format!(
        "<figure class=\"figure\" aria-labelledby=\"{slug}-title\" data-figure=\"{slug}\">\
         <figcaption id=\"{slug}-title\"><strong>"
    ));
    escape_html_into(out, title);
    out.push_str(&format!(
        ".</strong></figcaption><div class=\"canvas-box\"><canvas id=\"{slug}-canvas\" \
         data-testid=\"{slug}-canvas\" role=\"img\" aria-label=\""
    ));
    escape_html_into(out, &view.summary);
    out.push_str(&format!(
        "\"></canvas></div><p class=\"figure-summary\" aria-hidden=\"true\" \
         data-testid=\"{slug}-summary\">"
    ));
    escape_html_into(out, &view.summary);
    out.push_str("</p><div class=\"figure-tools\" role=\"group\" aria-label=\"Export ");
    escape_html_into(out, title);
    out.push('"');
    out.push('>');
    // The value is the file's name as `RunFile::name` writes it.
    for format in FigureFormat::ALL {
        let (kind, label) = (format.extension(), format.label());
        out.push_str(&format!(
            "<button type=\"button\" class=\"quiet\" data-testid=\"{slug}-{kind}\"{DOWNLOAD} \
             value=\"{slug}.{kind}\">{label}</button>"
        ));
    }
    out.push_str(&format!(
        "</div><details class=\"data\"><summary>The numbers behind this figure</summary>\
         <div class=\"table-wrap\"><table data-testid=\"{slug}-table\">"
    ));
    out.push_str(&view.table.to_html());
    out.push_str("</table></div></details></figure>");
}

/// A readout as the page's `Readout` widget writes one.
fn readout(
    out: &mut String,
    testid: &str,
    label: &str,
    value: Option<String>,
    text: &str,
    note: Option<&str>,
) {
    out.push_str("<div class=\"readout\"><dt>");
    escape_html_into(out, label);
    out.push_str("</dt><dd data-testid=\"");
    out.push_str(testid);
    out.push('"');
    if let Some(value) = value {
        out.push_str(" data-value=\"");
        escape_html_into(out, &value);
        out.push('"');
    }
    out.push('>');
    escape_html_into(out, text);
    out.push_str("</dd>");
    if let Some(note) = note {
        // A note may hold a file's own words (a model's name): isolated, text in another
        // direction cannot reorder the page's words around it.
        out.push_str("<dd class=\"readout-note\"><bdi>");
        escape_html_into(out, note);
        out.push_str("</bdi></dd>");
    }
    out.push_str("</div>");
}

/// A paragraph with an optional test id and class.
pub fn paragraph(out: &mut String, testid: &str, class: &str, text: &str) {
    out.push_str("<p");
    if !testid.is_empty() {
        out.push_str(" data-testid=\"");
        out.push_str(testid);
        out.push('"');
    }
    if !class.is_empty() {
        out.push_str(" class=\"");
        out.push_str(class);
        out.push('"');
    }
    out.push('>');
    escape_html_into(out, text);
    out.push_str("</p>");
}

/// The results area: the list of loaded runs with `selected` chosen, the chosen run's markup,
/// and the buttons that act on it. Empty until a run is loaded.
/// `pair`, the first run of each of two files chosen together, offers to compare them at once.
pub fn results_html(
    choices: &[&str],
    selected: usize,
    run_html: &str,
    pair: Option<[(usize, &str); 2]>,
) -> String {
    if choices.is_empty() {
        return String::new();
    }
    let mut out = String::with_capacity(run_html.len() + 1024);
    if let Some([(a, a_name), (b, b_name)]) = pair {
        out.push_str(concat!(
            "<p class=\"import-pair\"><button type=\"button\" data-testid=\"import-compare-pair\"",
            action_attribute!(compare_pair),
            " value=\""
        ));
        out.push_str(&format!(
            "{a},{b}\">Compare these as A and B</button> <span class=\"aside\">A: <bdi>"
        ));
        escape_html_into(&mut out, a_name);
        out.push_str("</bdi>; B: <bdi>");
        escape_html_into(&mut out, b_name);
        out.push_str(
            "</bdi>, each with its first token at the percentile chosen below.</span></p>",
        );
    }
    out.push_str(concat!(
        "<p class=\"run-choice\"><label for=\"import-run\">Run shown: </label>",
        "<select id=\"import-run\" data-testid=\"import-run\"",
        action_attribute!(choose_run),
        ">"
    ));
    for (i, choice) in choices.iter().enumerate() {
        out.push_str("<option value=\"");
        out.push_str(&i.to_string());
        out.push_str(if i == selected { "\" selected>" } else { "\">" });
        // An option holds text only, so the run's name is isolated by the characters `<bdi>`
        // stands for (first-strong isolate … pop directional isolate).
        out.push('\u{2068}');
        escape_html_into(&mut out, choice);
        out.push_str("\u{2069}</option>");
    }
    out.push_str("</select></p>");
    out.push_str(run_html);
    // Filled on the page from the chip section's setting, which the worker does not know.
    out.push_str(concat!(
        "<div class=\"",
        name!(calibration_place),
        "\" data-testid=\"fit-calibration\"></div>"
    ));
    out.push_str(concat!(
        "<div class=\"import-actions\">",
        "<span class=\"import-use\" role=\"group\" aria-label=\"Use this run as a deployment\">",
        "<label for=\"",
        name!(percentile_choice),
        "\">First token at</label> <select id=\"",
        name!(percentile_choice),
        "\" data-testid=\"import-percentile\"><option value=\"p50\" selected>p50 (the median)</option>",
        "<option value=\"p90\">p90</option><option value=\"p99\">p99</option></select> ",
        "<button type=\"button\" data-testid=\"import-use-a\"",
        action_attribute!(use_as),
        " value=\"a\">Use as A</button>",
        "<button type=\"button\" data-testid=\"import-use-b\"",
        action_attribute!(use_as),
        " value=\"b\">Use as B</button></span>",
        "<button type=\"button\" class=\"quiet\" data-testid=\"import-csv-fit\"",
        action_attribute!(download),
        " value=\"",
        name!(fit),
        "\">Fit as CSV</button>",
        "<button type=\"button\" class=\"quiet\" data-testid=\"import-csv-residuals\"",
        action_attribute!(download),
        " value=\"",
        name!(residuals),
        "\">Each request&#39;s residual as CSV</button></div>"
    ));
    out
}

/// What the chosen run's rates imply on the chip section's setting `s`: the sentence, its two
/// shares as readouts (`fit-mbu`, `fit-mfu`, each with its unrounded `data-value`), and the
/// button that sets the section's MFU and MBU from them. Empty when the run gave neither rate.
/// Every word comes from the page's own tables, none from the file.
pub fn calibration_html(
    s: &Serving,
    prefill_tokens_per_sec: Option<f64>,
    decode_tokens_per_sec: Option<f64>,
) -> String {
    let share = |param: Param, share: f64| {
        let id = if param == Param::Mfu { "fit-mfu" } else { "fit-mbu" };
        format!(
            "<strong data-testid=\"{id}\" data-value=\"{share}\">{}</strong>",
            format::percent(share)
        )
    };
    let Some(sentence) =
        calibration_sentence(s, prefill_tokens_per_sec, decode_tokens_per_sec, share)
    else {
        return String::new();
    };
    let mut out = String::with_capacity(sentence.len() + 256);
    out.push_str("<p>");
    out.push_str(&sentence);
    out.push_str(concat!(
        " <button type=\"button\" data-testid=\"fit-calibrate\"",
        action_attribute!(calibrate),
        ">Set MFU and MBU from this run</button></p>"
    ));
    out
}

#[cfg(test)]
mod tests {
    use super::super::run_view;
    use super::super::tests::synthetic_run;
    use super::*;
    use crate::charts::measured::{RunFigure, RunFigures};
    use crate::measurements;
    use crate::measurements::compare::TtftPercentile;
    use crate::measurements::protocol::{Action, RunFile};

    #[test]
    fn the_markup_holds_three_figures_with_their_words_and_tables() {
        let run = synthetic_run();
        let fit = measurements::fit(&run);
        let figures = RunFigures::of(&fit);
        let html = run_html(&run_view(&run, &fit, &figures));
        for figure in RunFigure::ALL {
            let slug = figure.slug();
            for part in ["canvas", "summary", "png", "svg", "csv", "table"] {
                assert!(html.contains(&format!("data-testid=\"{slug}-{part}\"")), "{slug}-{part}");
            }
            // The canvas's accessible name is the summary, escaped as an attribute.
            let mut label = String::new();
            escape_html_into(&mut label, &figures.summary(figure));
            assert!(html.contains(&format!("aria-label=\"{label}\"")), "{slug}");
        }
        let prefill = format::rate(fit.prefill_tokens_per_sec.unwrap().value);
        assert!(html.contains(&format!("a prefill rate of {prefill}")));
    }

    #[test]
    fn a_run_read_on_the_chip_section_marks_each_share_as_a_readout() {
        use crate::model::chips::Chip;
        use crate::model::llms::Llm;
        let s = Serving::lesson(Chip::H100, Llm::Llama8b);
        let (prefill, decode) =
            (0.48 * s.prefill_tokens_per_sec() / 0.5, 0.61 * s.decode_tokens_per_sec() / 0.7);
        let html = calibration_html(&s, Some(prefill), Some(decode));
        let value = |id: &str| -> f64 {
            let at = html.find(&format!("data-testid=\"{id}\" data-value=\"")).expect(id);
            let rest = &html[at..];
            let start = rest.find("data-value=\"").unwrap() + "data-value=\"".len();
            rest[start..].split('"').next().unwrap().parse().unwrap()
        };
        assert!((value("fit-mfu") - s.implied_mfu(prefill)).abs() < 1e-12, "{html}");
        assert!((value("fit-mbu") - s.implied_mbu(decode)).abs() < 1e-12, "{html}");
        assert!(html.contains(">48%</strong>") && html.contains(">61%</strong>"), "{html}");
        assert!(
            html.contains(&format!("{}>Set MFU and MBU", action_attribute!(calibrate))),
            "{html}"
        );
        assert!(calibration_html(&s, Some(prefill), None).contains("fit-mfu"));
        assert!(!calibration_html(&s, Some(prefill), None).contains("fit-mbu"));
        assert_eq!(calibration_html(&s, None, None), "");
        // Its place is in the results the worker writes, which the page fills.
        let results = results_html(&["run"], 0, "", None);
        assert!(results.contains(&format!("class=\"{}\"", name!(calibration_place))), "{results}");
    }

    #[test]
    fn text_from_the_file_is_escaped_in_the_markup() {
        let run = synthetic_run();
        let fit = measurements::fit(&run);
        let mut view = run_view(&run, &fit, &RunFigures::of(&fit));
        view.label = "<img src=x onerror=alert(1)> & \"model\"".to_string();
        view.notes.push("<script>".to_string());
        let html = run_html(&view);
        assert!(!html.contains("<img") && !html.contains("<script>"));
        assert!(html.contains("&lt;img src=x onerror=alert(1)&gt; &amp; &quot;model&quot;"));
    }

    #[test]
    fn a_run_name_in_another_direction_is_isolated_from_the_words_around_it() {
        let run = synthetic_run();
        let fit = measurements::fit(&run);
        let mut view = run_view(&run, &fit, &RunFigures::of(&fit));
        view.label = "\u{5de}\u{5d5}\u{5d3}\u{5dc} 70B".to_string();
        let html = run_html(&view);
        assert!(html.contains(&format!("<bdi>{}</bdi>", view.label)), "{html}");
        let listed = results_html(&[view.label.as_str()], 0, "", None);
        assert!(listed.contains(&format!(">\u{2068}{}\u{2069}</option>", view.label)), "{listed}");
    }

    #[test]
    fn the_results_area_lists_the_runs_and_marks_the_chosen_one() {
        assert_eq!(results_html(&[], 0, "x", None), "");
        let html = results_html(&["a <b>", "c"], 1, "<dl></dl>", None);
        assert!(
            html.contains(
                "<option value=\"0\">\u{2068}a &lt;b&gt;\u{2069}</option><option value=\"1\" \
                 selected>\u{2068}c\u{2069}</option>"
            ),
            "{html}"
        );
        assert!(html.contains(
            "</select></p><dl></dl><div class=\"fit-calibration\" \
             data-testid=\"fit-calibration\"></div><div class=\"import-actions\">"
        ));
        assert!(html.contains(r#"data-testid="import-use-a""#));
    }

    #[test]
    fn every_control_names_what_it_does_apart_from_its_test_id() {
        let run = synthetic_run();
        let fit = measurements::fit(&run);
        let html =
            results_html(&["a"], 0, &run_html(&run_view(&run, &fit, &RunFigures::of(&fit))), None);
        let controls: Vec<&str> = html
            .split('<')
            .filter(|tag| tag.starts_with("button") || tag.starts_with("select"))
            .collect();
        // The list, the figures' downloads, the two CSVs, the percentile choice and "Use as A"
        // and "Use as B".
        assert_eq!(controls.len(), 1 + RunFigure::ALL.len() * FigureFormat::ALL.len() + 5);
        let mut files = Vec::new();
        let mut sides = Vec::new();
        for tag in controls {
            // The percentile is read when "Use as" is pressed: choosing it does nothing itself.
            if tag.starts_with("select id=\"import-percentile\"") {
                let options = html.split("<option value=\"").skip(1).map(|o| o.split('"').next());
                let percentiles: Vec<_> =
                    options.filter_map(|o| o.and_then(TtftPercentile::parse)).collect();
                assert_eq!(percentiles, TtftPercentile::ALL);
                continue;
            }
            let attribute = |name: &str| {
                tag.split(&format!(" {name}=\"")).nth(1).and_then(|rest| rest.split('"').next())
            };
            assert!(attribute("data-testid").is_some(), "{tag}");
            let action = attribute("data-action").and_then(Action::from_name);
            assert!(action.is_some(), "{tag}");
            if action == Some(Action::Download) {
                files.push(attribute("value").and_then(RunFile::from_name).unwrap());
            }
            if action == Some(Action::UseAs) {
                sides.push(attribute("value").unwrap());
            }
        }
        let mut expected: Vec<RunFile> = RunFigure::ALL
            .into_iter()
            .flat_map(|figure| {
                FigureFormat::ALL
                    .map(|format| RunFile::Figure { slug: figure.slug().to_string(), format })
            })
            .collect();
        expected.extend([RunFile::Fit, RunFile::Residuals]);
        assert_eq!(files, expected);
        assert_eq!(sides, ["a", "b"]);
    }

    #[test]
    fn two_files_chosen_together_are_offered_as_a_and_b() {
        let html = results_html(&["x", "y"], 0, "", Some([(3, "vLLM <a>"), (4, "SGLang")]));
        assert!(html.starts_with("<p class=\"import-pair\">"), "{html}");
        let value = html.split(" value=\"").nth(1).and_then(|v| v.split('"').next()).unwrap();
        assert_eq!(value, "3,4");
        assert!(html.contains(r#"data-action="compare-pair""#));
        assert!(html.contains("A: <bdi>vLLM &lt;a&gt;</bdi>; B: <bdi>SGLang</bdi>"), "{html}");
        assert!(!results_html(&["x"], 0, "", None).contains("import-pair"));
    }
}
