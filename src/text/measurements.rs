//! The section "Your own measurements": what the page says about a run the reader loaded, and
//! the one-string form in which the Web Worker hands those results to the page.
//!
//! The worker calls [`read_and_fit`], which reads the file, fits each run and turns each into a
//! [`RunView`] (the numbers the page shows, unrounded for `data-value`, with the sentences
//! built), then into a [`PageRun`]: the run's results as finished markup, the three rates "Use
//! these rates" sets, and the run's id in the worker, which keeps the run to draw its figures and
//! write its CSVs when the page asks. The page only [`decode_reply`]s that and places the markup,
//! so the reading, the fitting and the building of the results all stay in the worker's wasm and
//! out of the first page load.

use crate::charts::measured::{RunFigure, RunFigures};
use crate::charts::table::{Cell, DataTable};
use crate::format;
use crate::format::escape_html_into;
use crate::measurements::fit::{Counts, Fit};
use crate::measurements::{self, export, Run};
use crate::state::number::parse_f64;

/// The worker's first message: its handler is set and it can take files.
pub const READY: &str = "ready";

/// The refusal when the section's module (the worker's script, which the page runs too) could
/// not be fetched or started.
pub const MODULE_FAILED: &str = "The part of the page that reads files could not be loaded, \
    so nothing was read (and nothing was sent anywhere). Reload the page and try again.";

/// One run as the page shows it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RunView {
    /// Tool, model and load, where the file says them.
    pub label: String,
    /// [`measurements::Format::id`], the `data-value` of `import-format`.
    pub format_id: String,
    pub format_name: String,
    pub records: usize,
    pub used: usize,
    pub dropped: usize,
    /// The dropped requests' reasons, counted ("3 failed, 2 with fewer than two output tokens").
    pub dropped_text: String,
    pub streamed: bool,
    pub overhead_secs: Option<f64>,
    /// `None` when no rate is claimed; [`RunView::prefill_text`] then says why.
    pub prefill_tokens_per_sec: Option<f64>,
    pub prefill_text: String,
    pub decode_tokens_per_sec: Option<f64>,
    /// The lesson's queue before prefill: the overhead less the one decode step in the TTFT.
    pub wait_secs: Option<f64>,
    pub crossing_ratio: Option<f64>,
    pub crossing_prompt_tokens: Option<f64>,
    pub crossing_text: String,
    pub bending_text: String,
    /// p50, p90, p95, p99 of TTFT, time per output token and end-to-end, in seconds.
    pub percentiles: [Option<[f64; 4]>; 3],
    /// What "time per output token" means for this tool.
    pub tpot_definition: String,
    /// The reader's and the fit's notes, in that order.
    pub notes: Vec<String>,
    /// The run's three figures in words and as tables, in [`RunFigure::ALL`]'s order.
    pub figures: Vec<FigureView>,
}

/// A figure of the run as the page's markup carries it (the worker draws its pixels).
#[derive(Clone, Debug, PartialEq)]
pub struct FigureView {
    pub figure: RunFigure,
    pub summary: String,
    pub table: DataTable,
}

/// Reads and fits `text`, and encodes the result for the page, numbering the runs from 0.
pub fn read_and_fit(text: &str, file_name: &str) -> String {
    read_and_fit_each(text, file_name, 0, &mut |_| {}).0
}

/// A fitted run and its figures, as the worker keeps them to draw and export on request.
pub struct Fitted {
    pub run: Run,
    pub fit: Fit,
    pub figures: RunFigures,
    pub file_stem: String,
}

/// Reads and fits `text`, giving the runs ids from `first_id` on; `progress` hears the share
/// of the work done (0 to 1) after the reading and after each run. Returns the encoded reply and
/// the fitted runs, for the worker to keep.
pub fn read_and_fit_each(
    text: &str,
    file_name: &str,
    first_id: usize,
    progress: &mut dyn FnMut(f64),
) -> (String, Vec<Fitted>) {
    let runs = match measurements::read(text, file_name) {
        Ok(runs) => runs,
        Err(refusal) => return (encode_reply(&Err(format!("{file_name}: {refusal}"))), vec![]),
    };
    progress(0.2);
    let total = runs.len().max(1) as f64;
    let mut pages = Vec::with_capacity(runs.len());
    let mut fitted = Vec::with_capacity(runs.len());
    for (i, run) in runs.into_iter().enumerate() {
        let fit = measurements::fit(&run);
        let figures = RunFigures::of(&fit);
        let view = run_view(&run, &fit, &figures);
        let mut page = page_run(&view);
        page.id = first_id + i;
        fitted.push(Fitted { file_stem: page.file_stem.clone(), run, fit, figures });
        pages.push(page);
        progress(0.2 + 0.8 * (i + 1) as f64 / total);
    }
    (encode_reply(&Ok(pages)), fitted)
}

/// The reply for a file the browser could not hand over as text.
pub fn unreadable(file_name: &str) -> String {
    encode_reply(&Err(format!(
        "{file_name}: the browser could not read this file as text. Check that it is a result \
         file (JSON, JSON Lines or CSV) and that it can still be opened."
    )))
}

/// The notice for a file a restarted worker could not read again, whose runs the page dropped.
pub fn not_read_again(file_name: &str) -> String {
    format!(
        "The part of the page that reads files had to restart and could not read {file_name} \
         again (was it changed or moved since?), so its runs are no longer listed. Load it again \
         to bring them back."
    )
}

/// The notice for a file that stopped the worker each time it was read again, whose runs the
/// page dropped.
pub fn stopped_reading_again(file_name: &str) -> String {
    format!(
        "The part of the page that reads files stopped twice while reading {file_name} again \
         (the tab may be short of memory for it now), so its runs are no longer listed and the \
         others are drawn without it. Load it again to bring it back, perhaps after closing \
         other tabs."
    )
}

/// What the page shows of one fitted run.
pub fn run_view(run: &Run, fit: &Fit, figures: &RunFigures) -> RunView {
    let estimate = |e: Option<measurements::fit::Estimate>| e.map(|e| e.value);
    let prefill = estimate(fit.prefill_tokens_per_sec);
    let quantiles =
        |q: Option<measurements::fit::Quantiles>| q.map(|q| [q.p50, q.p90, q.p95, q.p99]);
    RunView {
        label: run.label.clone(),
        format_id: run.format.id().to_string(),
        format_name: run.format.name().to_string(),
        records: fit.counts.records,
        used: fit.counts.used,
        dropped: fit.counts.dropped(),
        dropped_text: dropped_text(&fit.counts),
        streamed: fit.streamed,
        overhead_secs: estimate(fit.overhead_secs),
        prefill_tokens_per_sec: prefill,
        prefill_text: match prefill {
            Some(p) => format::rate(p),
            None => no_prefill_reason(fit),
        },
        decode_tokens_per_sec: estimate(fit.decode_tokens_per_sec),
        wait_secs: fit.wait_secs,
        crossing_ratio: fit.crossing.map(|c| c.ratio),
        crossing_prompt_tokens: fit.crossing.map(|c| c.prompt_tokens),
        crossing_text: crossing_text(fit),
        bending_text: bending_text(fit),
        percentiles: [
            quantiles(fit.percentiles.ttft_secs),
            quantiles(fit.percentiles.tpot_secs),
            quantiles(fit.percentiles.e2e_secs),
        ],
        tpot_definition: fit.percentiles.tpot_definition.clone(),
        notes: run.notes.iter().chain(&fit.notes).cloned().collect(),
        figures: RunFigure::ALL
            .into_iter()
            .map(|figure| FigureView {
                figure,
                summary: figures.summary(figure),
                table: figures.table(figure),
            })
            .collect(),
    }
}

/// What the worker writes for the page to download: `(file name, media type, content)`.
/// `what` is `fit` or `residuals` (the CSVs), or a figure's slug followed by `.csv` (its table).
pub fn export_file(fitted: &Fitted, what: &str) -> Option<(String, &'static str, String)> {
    let stem = &fitted.file_stem;
    match what {
        "fit" => {
            Some((format!("{stem}-fit.csv"), "text/csv", export::fit_csv(&fitted.run, &fitted.fit)))
        }
        "residuals" => {
            Some((format!("{stem}-residuals.csv"), "text/csv", export::residuals_csv(&fitted.fit)))
        }
        _ => {
            let slug = what.strip_suffix(".csv")?;
            let figure = RunFigure::ALL.into_iter().find(|f| f.slug() == slug)?;
            Some((format!("{stem}-{slug}.csv"), "text/csv", fitted.figures.table(figure).to_csv()))
        }
    }
}

/// One run as the worker hands it to the page.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PageRun {
    /// The run's number in the worker, which draws its figures and writes its CSVs on request.
    pub id: usize,
    /// The run's entry in the list to choose from.
    pub choice: String,
    /// The start of its downloads' names (`crossover-vllm`).
    pub file_stem: String,
    pub prefill_tokens_per_sec: Option<f64>,
    pub decode_tokens_per_sec: Option<f64>,
    pub wait_secs: Option<f64>,
    /// The results, as markup with every text from the file escaped ([`run_html`]).
    pub html: String,
}

pub fn page_run(run: &RunView) -> PageRun {
    PageRun {
        id: 0,
        choice: run_choice(run),
        file_stem: file_stem(run),
        prefill_tokens_per_sec: run.prefill_tokens_per_sec,
        decode_tokens_per_sec: run.decode_tokens_per_sec,
        wait_secs: run.wait_secs,
        html: run_html(run),
    }
}

/// The run's results as the page shows them: readouts (each with its unrounded `data-value`,
/// none where there is no value), the crossing and bending sentences, the percentile table and
/// the notes. Markup the page's own readouts would write, built here so the page needs no code
/// of its own for it.
pub fn run_html(run: &RunView) -> String {
    let mut out = String::with_capacity(4096);
    out.push_str("<dl class=\"readout-grid\">");
    let not_fitted =
        |x: Option<f64>, show: fn(f64) -> String| x.map_or_else(|| "not fitted".to_string(), show);
    let value = |x: Option<f64>| x.filter(|x| x.is_finite()).map(|x| x.to_string());
    readout(
        &mut out,
        "import-format",
        "Read as",
        Some(run.format_id.clone()),
        &run.format_name,
        Some(&run.label),
    );
    readout(
        &mut out,
        "fit-records",
        "Requests fitted",
        value(Some(run.used as f64)),
        &records_text(run.used, run.records),
        None,
    );
    readout(
        &mut out,
        "fit-dropped",
        "Left out",
        value(Some(run.dropped as f64)),
        &format::with_separators(run.dropped as f64, 0),
        Some(&run.dropped_text),
    );
    readout(
        &mut out,
        "fit-overhead",
        "Fixed time before the first token",
        value(run.overhead_secs),
        &not_fitted(run.overhead_secs, format::duration),
        None,
    );
    readout(
        &mut out,
        "fit-prefill",
        "Prefill rate",
        value(run.prefill_tokens_per_sec),
        &run.prefill_text,
        None,
    );
    readout(
        &mut out,
        "fit-decode",
        "Decode rate",
        value(run.decode_tokens_per_sec),
        &not_fitted(run.decode_tokens_per_sec, format::rate),
        None,
    );
    readout(
        &mut out,
        "fit-crossing-ratio",
        "Crossing ratio",
        value(run.crossing_ratio),
        &not_fitted(run.crossing_ratio, |x| format::trimmed(x, 1)),
        None,
    );
    readout(
        &mut out,
        "fit-crossing-prompt",
        "Crossing prompt at the median answer",
        value(run.crossing_prompt_tokens),
        &not_fitted(run.crossing_prompt_tokens, format::tokens),
        None,
    );
    out.push_str("</dl>");
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
    for (kind, name) in [("png", "PNG"), ("svg", "SVG"), ("csv", "CSV")] {
        out.push_str(&format!(
            "<button type=\"button\" class=\"quiet\" data-testid=\"{slug}-{kind}\">{name}</button>"
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
        out.push_str("<dd class=\"readout-note\">");
        escape_html_into(out, note);
        out.push_str("</dd>");
    }
    out.push_str("</div>");
}

/// A paragraph with an optional test id and class.
fn paragraph(out: &mut String, testid: &str, class: &str, text: &str) {
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
pub fn results_html(choices: &[&str], selected: usize, run_html: &str) -> String {
    if choices.is_empty() {
        return String::new();
    }
    let mut out = String::with_capacity(run_html.len() + 1024);
    out.push_str(
        "<p class=\"run-choice\"><label for=\"import-run\">Run shown: </label>\
         <select id=\"import-run\" data-testid=\"import-run\">",
    );
    for (i, choice) in choices.iter().enumerate() {
        out.push_str("<option value=\"");
        out.push_str(&i.to_string());
        out.push_str(if i == selected { "\" selected>" } else { "\">" });
        escape_html_into(&mut out, choice);
        out.push_str("</option>");
    }
    out.push_str("</select></p>");
    out.push_str(run_html);
    out.push_str(
        "<div class=\"import-actions\">\
         <button type=\"button\" data-testid=\"import-apply\">Use these rates</button>\
         <button type=\"button\" class=\"quiet\" data-testid=\"import-csv-fit\">Fit as CSV</button>\
         <button type=\"button\" class=\"quiet\" data-testid=\"import-csv-residuals\">\
         Each request&#39;s residual as CSV</button></div>",
    );
    out
}

/// The dropped requests by reason, or "none".
pub fn dropped_text(counts: &Counts) -> String {
    let reasons: Vec<String> = [
        (counts.failed, "failed"),
        (counts.no_ttft, "without a TTFT"),
        (counts.no_e2e, "without an end-to-end time"),
        (counts.too_few_output_tokens, "with fewer than two output tokens"),
    ]
    .into_iter()
    .filter(|(n, _)| *n > 0)
    .map(|(n, why)| format!("{} {why}", format::with_separators(n as f64, 0)))
    .collect();
    if reasons.is_empty() {
        "none".to_string()
    } else {
        reasons.join(", ")
    }
}

/// Why a fit claims no prefill rate.
fn no_prefill_reason(fit: &Fit) -> String {
    match fit.flat_prompts {
        Some(flat) => format!(
            "none claimed: the prompts are all close to {} (interquartile range {}), too alike to \
             tell a rate from; at that length the first token takes at least {}",
            format::tokens(flat.median_prompt_tokens),
            format::tokens(flat.iqr_prompt_tokens),
            format::duration(flat.floor_ttft_secs.value),
        ),
        None if fit.counts.used < 2 => "none claimed: too few usable requests".to_string(),
        None => "none claimed: TTFT does not rise with prompt length in this run".to_string(),
    }
}

/// The run's own crossing, at its median answer.
pub fn crossing_text(fit: &Fit) -> String {
    match fit.crossing {
        Some(c) => format!(
            "With these rates, prefill and decode cost the same at {} prompt tokens per output \
             token. At this run's median answer of {}, a prompt of {} takes as long to read as \
             the answer takes to write.",
            format::trimmed(c.ratio, 1),
            format::tokens(c.median_output_tokens),
            format::tokens(c.prompt_tokens),
        ),
        None => {
            "There is no crossing to show: it needs both a prefill and a decode rate.".to_string()
        }
    }
}

/// Whether TTFT leaves the straight line at the run's longest prompts.
pub fn bending_text(fit: &Fit) -> String {
    match fit.bending {
        Some(b) if b.bends => format!(
            "TTFT bends upward at long prompts: for the longest tenth (from {}), the floor sits {} \
             above the straight line fitted to the rest. There, the straight line understates \
             the wait; the deeper model's section explains why.",
            format::tokens(b.from_prompt_tokens),
            format::percent(b.excess_fraction),
        ),
        Some(b) => format!(
            "TTFT stays on the straight line up to the longest prompts: the longest tenth (from \
             {}) sits within {} of it.",
            format::tokens(b.from_prompt_tokens),
            format::percent(b.excess_fraction.abs().max(0.0)),
        ),
        None => "Too few long prompts in this run to tell whether TTFT bends away from the \
                 straight line."
            .to_string(),
    }
}

/// p50/p90/p95/p99 of TTFT, time per output token and end-to-end time.
pub fn percentile_table(run: &RunView) -> DataTable {
    let names = ["time to first token", "time per output token", "end-to-end"];
    let rows = names
        .into_iter()
        .zip(run.percentiles)
        .map(|(name, values)| {
            let mut row = vec![Cell::text(name)];
            match values {
                Some(values) => row.extend(values.map(|v| Cell::number(v, format::duration(v)))),
                None => row.extend((0..4).map(|_| Cell::text("not measured"))),
            }
            row
        })
        .collect();
    DataTable {
        caption: format!("Percentiles over the run's successful requests ({})", run.label),
        headers: vec!["", "p50|s", "p90|s", "p95|s", "p99|s"],
        rows,
        current_row: None,
    }
}

/// What "Use these rates" changed: one sentence per value the page's bounds moved, one for the
/// controls the run gives no value for, then what the link carries. `clamped` holds each moved
/// value's label, unit, the run's value and the value the control took.
pub fn applied_text(clamped: &[(&str, &str, f64, f64)], not_set: &[&str]) -> String {
    let mut out: Vec<String> = clamped
        .iter()
        .map(|(label, unit, wanted, got)| {
            format!(
                "The run's {} of {} {unit} is outside the page's range, so the control holds {} \
                 {unit}.",
                label.to_ascii_lowercase(),
                format::trimmed(*wanted, 3),
                format::trimmed(*got, 3),
            )
        })
        .collect();
    if !not_set.is_empty() {
        let names: Vec<String> = not_set.iter().map(|l| l.to_ascii_lowercase()).collect();
        out.push(format!(
            "This run gives no {}, so {} kept {} value.",
            names.join(" and no "),
            if names.len() == 1 { "that control" } else { "those controls" },
            if names.len() == 1 { "its" } else { "their" },
        ));
    }
    out.push(
        "The lesson's controls now hold what this run measured, the queue being its fixed time \
         before the first token less the network time already set. The address bar carries \
         those numbers only: your measurements stay in this tab and are never put in a link."
            .to_string(),
    );
    out.join(" ")
}

/// A run in the list to choose from: its label and tool.
pub fn run_choice(run: &RunView) -> String {
    format!("{} ({})", run.label, run.format_name)
}

/// Requests fitted out of those in the run.
pub fn records_text(used: usize, records: usize) -> String {
    format!(
        "{} of {}",
        format::with_separators(used as f64, 0),
        format::with_separators(records as f64, 0)
    )
}

/// The start of a run's downloads' names: the page, then the tool (`crossover-vllm`).
pub fn file_stem(run: &RunView) -> String {
    let tool: String =
        run.format_id.chars().filter(|c| c.is_ascii_alphanumeric() || *c == '-').collect();
    format!("crossover-{tool}")
}

// The reply's separators: ASCII's record, group and unit separators, which no field keeps.
const RUN: char = '\u{1e}';
const NOTE: char = '\u{1d}';
const FIELD: char = '\u{1f}';
const OK: &str = "ok";
const REFUSED: &str = "refused";

/// The worker's answer to one file: its runs, or the refusal's message.
pub fn encode_reply(reply: &Result<Vec<PageRun>, String>) -> String {
    match reply {
        Err(message) => refusal_reply(&clean(message)),
        Ok(runs) => {
            let mut out = OK.to_string();
            for run in runs {
                out.push(RUN);
                let fields = [
                    run.id.to_string(),
                    clean(&run.choice),
                    clean(&run.file_stem),
                    number(run.prefill_tokens_per_sec),
                    number(run.decode_tokens_per_sec),
                    number(run.wait_secs),
                    clean(&run.html),
                ];
                out.push_str(&fields.join(&FIELD.to_string()));
            }
            out
        }
    }
}

/// [`encode_reply`] of a refusal alone, for the page's side, which never sends runs.
pub fn refusal_reply(message: &str) -> String {
    format!("{REFUSED}{FIELD}{message}")
}

/// Reads [`encode_reply`]'s text back; `None` if it is not such a text.
pub fn decode_reply(text: &str) -> Option<Result<Vec<PageRun>, String>> {
    if let Some(message) = text.strip_prefix(REFUSED).and_then(|t| t.strip_prefix(FIELD)) {
        return Some(Err(message.to_string()));
    }
    let mut parts = text.split(RUN);
    if parts.next()? != OK {
        return None;
    }
    parts.map(decode_run).collect::<Option<Vec<_>>>().map(Ok)
}

fn clean(text: &str) -> String {
    text.replace([RUN, NOTE, FIELD], " ")
}

fn number(x: Option<f64>) -> String {
    x.filter(|x| x.is_finite()).map(|x| x.to_string()).unwrap_or_default()
}

fn decode_run(text: &str) -> Option<PageRun> {
    let mut f = text.split(FIELD).map(str::to_string);
    // The state's parser, not `str::parse::<f64>`: the page's wasm then carries no second
    // float parser (see `state::number`).
    let opt = |s: String| if s.is_empty() { Some(None) } else { parse_f64(&s).map(Some) };
    let id = parse_f64(&f.next()?).filter(|id| *id >= 0.0 && id.fract() == 0.0)? as usize;
    let run = PageRun {
        id,
        choice: f.next()?,
        file_stem: f.next()?,
        prefill_tokens_per_sec: opt(f.next()?)?,
        decode_tokens_per_sec: opt(f.next()?)?,
        wait_secs: opt(f.next()?)?,
        html: f.next()?,
    };
    f.next().is_none().then_some(run)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::measurements::Record;

    fn bench_file(name: &str) -> String {
        let path = format!("{}/tests/data/bench-results/{name}", env!("CARGO_MANIFEST_DIR"));
        std::fs::read_to_string(path).unwrap()
    }

    fn synthetic_run() -> Run {
        let mut run = Run::new(measurements::Format::Csv, "synthetic, model m");
        for i in 0..200 {
            let prompt = 500.0 + 40.0 * f64::from(i);
            let output = 100.0 + f64::from(i % 7) * 30.0;
            let queue = f64::from(i % 5) * 0.01;
            let ttft = 0.05 + prompt / 10_000.0 + queue;
            let e2e = ttft + (output - 1.0) / 50.0;
            run.records.push(Record::new(prompt, output, Some(ttft), Some(e2e)));
        }
        run.records.push(Record::new(100.0, 0.0, None, None).failed("timeout"));
        run.records.push(Record::new(100.0, 1.0, Some(0.1), Some(0.1)));
        run
    }

    #[test]
    fn a_synthetic_run_gives_its_rates_and_reasons() {
        let run = synthetic_run();
        let fit = measurements::fit(&run);
        let view = run_view(&run, &fit, &RunFigures::of(&fit));
        assert_eq!(view.format_id, "csv");
        assert_eq!((view.records, view.used, view.dropped), (202, 200, 2));
        assert_eq!(view.dropped_text, "1 failed, 1 with fewer than two output tokens");
        let prefill = view.prefill_tokens_per_sec.unwrap();
        assert!((prefill / 10_000.0 - 1.0).abs() < 0.03, "{prefill}");
        assert!((view.decode_tokens_per_sec.unwrap() / 50.0 - 1.0).abs() < 0.03);
        assert_eq!(view.prefill_text, format::rate(prefill));
        assert!(
            view.crossing_text.contains("prompt tokens per output token"),
            "{}",
            view.crossing_text
        );
        assert!(view.percentiles.iter().all(Option::is_some));
    }

    #[test]
    fn the_reply_reads_back_exactly() {
        let run = synthetic_run();
        let fit = measurements::fit(&run);
        let mut view = run_view(&run, &fit, &RunFigures::of(&fit));
        view.label = "tabs\u{1f}and\u{1e}separators are dropped".to_string();
        let mut page = page_run(&view);
        page.id = 7;
        page.wait_secs = Some(0.1 + 0.2);
        page.decode_tokens_per_sec = None;
        let decoded = decode_reply(&encode_reply(&Ok(vec![page.clone(), page.clone()])));
        let mut expected = page;
        expected.choice = "tabs and separators are dropped (CSV table)".to_string();
        expected.html = clean(&expected.html);
        assert!(expected.html.contains("tabs and separators are dropped"));
        assert!(decoded == Some(Ok(vec![expected.clone(), expected])), "the reply reads back");
        assert_eq!(
            decode_reply(&encode_reply(&Err("no\u{1e}thing".to_string()))),
            Some(Err("no thing".to_string()))
        );
        assert_eq!(decode_reply("garbage"), None);
        assert_eq!(decode_reply("ok\u{1e}too\u{1f}few"), None);
    }

    #[test]
    fn real_files_give_the_librarys_counts_or_its_refusal() {
        let vllm = "vllm_benchmark_serving_detailed__aurotripathy_llama3.1-70b-fp8_conc256.json";
        let runs = decode_reply(&read_and_fit(&bench_file(vllm), vllm)).unwrap().unwrap();
        assert_eq!(runs.len(), 1);
        assert!(runs[0]
            .html
            .contains(r#"<dd data-testid="import-format" data-value="vllm">vLLM</dd>"#));
        assert!(runs[0].html.contains(r#"data-testid="fit-records" data-value="100">100 of 100<"#));
        // No prefill rate is claimed from prompts this alike: no data-value, and the reason.
        assert!(runs[0]
            .html
            .contains(r#"<dd data-testid="fit-prefill">none claimed: the prompts"#));
        assert_eq!(runs[0].prefill_tokens_per_sec, None);
        let bedrock = "llmperf_individual__leaderboard_bedrock_70b.json";
        let runs = decode_reply(&read_and_fit(&bench_file(bedrock), bedrock)).unwrap().unwrap();
        assert!(runs[0].html.contains(r#"data-testid="fit-records" data-value="101">101 of 150<"#));
        assert!(runs[0].html.contains(r#"data-testid="fit-dropped" data-value="49">49</dd><dd class="readout-note">49 failed<"#));
        assert_eq!(runs[0].file_stem, "crossover-llmperf");
        let summary = "sglang_bench_serving_summary_only__datacrunch_llama3.3-70b_online.jsonl";
        let refused = decode_reply(&read_and_fit(&bench_file(summary), summary)).unwrap();
        assert!(refused.unwrap_err().starts_with(summary));
    }

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
    fn runs_are_numbered_from_the_first_id_and_progress_is_told() {
        let text = bench_file("llmperf_individual__leaderboard_bedrock_70b.json");
        let mut heard = Vec::new();
        let (reply, fitted) = read_and_fit_each(&text, "b.json", 5, &mut |p| heard.push(p));
        let runs = decode_reply(&reply).unwrap().unwrap();
        assert_eq!(runs.iter().map(|r| r.id).collect::<Vec<_>>(), vec![5]);
        assert_eq!(fitted.len(), 1);
        assert_eq!(heard.last(), Some(&1.0));
        assert!(heard.windows(2).all(|w| w[0] <= w[1]), "{heard:?}");
        let (name, mime, csv) = export_file(&fitted[0], "residuals").unwrap();
        assert_eq!((name.as_str(), mime), ("crossover-llmperf-residuals.csv", "text/csv"));
        assert_eq!(csv, export::residuals_csv(&fitted[0].fit));
        let (name, _, table) = export_file(&fitted[0], "fit-ttft.csv").unwrap();
        assert_eq!(name, "crossover-llmperf-fit-ttft.csv");
        assert_eq!(table, fitted[0].figures.table(RunFigure::Ttft).to_csv());
        assert!(export_file(&fitted[0], "nothing.csv").is_none());
        let (refused, none) = read_and_fit_each("", "e.json", 0, &mut |_| {});
        assert!(decode_reply(&refused).unwrap().is_err() && none.is_empty());
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
    fn choices_counts_and_file_names_read_plainly() {
        let run = RunView {
            label: "vLLM, llama, 256 concurrent".to_string(),
            format_id: "vllm".to_string(),
            format_name: "vLLM".to_string(),
            ..RunView::default()
        };
        assert_eq!(run_choice(&run), "vLLM, llama, 256 concurrent (vLLM)");
        assert_eq!(records_text(1_001, 1_500), "1,001 of 1,500");
        assert_eq!(file_stem(&run), "crossover-vllm");
    }

    #[test]
    fn the_results_area_lists_the_runs_and_marks_the_chosen_one() {
        assert_eq!(results_html(&[], 0, "x"), "");
        let html = results_html(&["a <b>", "c"], 1, "<dl></dl>");
        assert!(
            html.contains(
                r#"<option value="0">a &lt;b&gt;</option><option value="1" selected>c</option>"#
            ),
            "{html}"
        );
        assert!(html.contains("</select></p><dl></dl><div class=\"import-actions\">"));
        assert!(html.contains(r#"data-testid="import-apply""#));
    }

    #[test]
    fn dropped_reasons_are_counted_or_none() {
        assert_eq!(dropped_text(&Counts::default()), "none");
        let counts = Counts { failed: 1200, no_ttft: 3, ..Counts::default() };
        assert_eq!(dropped_text(&counts), "1,200 failed, 3 without a TTFT");
    }

    #[test]
    fn the_percentile_table_says_what_was_not_measured() {
        let view = RunView {
            label: "run".to_string(),
            percentiles: [Some([0.1, 0.2, 0.3, 1.5]), None, Some([1.0, 2.0, 3.0, 4.0])],
            ..RunView::default()
        };
        let table = percentile_table(&view);
        assert_eq!(table.rows.len(), 3);
        assert_eq!(table.rows[0][4].text, "1.5 s");
        assert_eq!(table.rows[0][1].value, Some(0.1));
        assert_eq!(table.rows[1][1].text, "not measured");
        assert!(table.to_csv().starts_with(",p50 (s),p90 (s)"));
    }

    #[test]
    fn applying_says_what_was_clamped_and_that_the_link_holds_no_measurements() {
        let text = applied_text(&[("Prefill rate", "tok/s", 250_000.0, 200_000.0)], &[]);
        assert!(text.starts_with("The run's prefill rate of 250,000 tok/s is outside"), "{text}");
        assert!(text.contains("holds 200,000 tok/s"), "{text}");
        assert!(applied_text(&[], &[]).contains("never put in a link"));
        let text = applied_text(&[], &["Prefill rate", "Server queue"]);
        assert!(text.starts_with("This run gives no prefill rate and no server queue, so those controls kept their value."), "{text}");
    }
}
