//! The decision as Markdown for a design document: what the review workbench's "Copy for the
//! design doc" puts on the clipboard, a record a reviewer can sign. It stands alone: the
//! headline the card states (a verdict, or that the pair is not comparable as run); what differs
//! between the sides and what run would settle it; each side as its source gives it (typed, a
//! chip's setting with its assumptions, a run's file); the race on the fitted lines in one table
//! whose caption says whether failures are counted as retries; what the runs observed, with the
//! failures' reasons and goodput at the reviewer's limits; the card's reasons and what would
//! change them; each file's provenance (name, SHA-256, tool, what it states); the figures as PNG
//! files attached beside it, referred to by name; and the link that reopens it.
//!
//! Every number is one the page states beside it, computed once. Every text a result file gave
//! (a model's name, a run's, a file's, a failure's words) is written as inert Markdown
//! (`text::markdown`): a file cannot make the document show a link, an image or markup.

use super::crossover_text;
use super::decision::decision_text;
use crate::format;
use crate::measurements::meta::Stated;
use crate::measurements::review::facts::RunFacts;
use crate::measurements::review::standing::{PairCheck, SideSource};
use crate::model::deployments::Which;
use crate::model::roofline::Serving;
use crate::state::decision::{At, Decision};
use crate::state::hardware::RateTarget;
use crate::state::Figure;
use crate::state::State;
use crate::text::comparison::ComparisonView;
use crate::text::markdown::{inert, inert_cell};
use crate::text::review::{
    difference_line, failure_lines_quoting, headline, limits, models_note, observed_table,
    reference_title, settle_text,
};

/// The names the record gives the figures' PNG files, which the workbench offers to save.
pub const RACE_PNG: &str = "crossover-decision-race.png";
pub const OBSERVED_PNG: &str = "crossover-decision-observed.png";

/// What the record is written from: the page's state and decision, each side's source, the
/// runs' comparison when both sides are runs', and the link that reopens it.
pub struct Record<'a> {
    pub decision: &'a Decision,
    pub state: &'a State,
    pub sources: &'a [SideSource; 2],
    pub comparison: Option<&'a ComparisonView>,
    pub link: &'a str,
}

/// A Markdown table: a header row, then the rows, each cell as given (already inert where it
/// holds a file's text).
fn table(out: &mut String, header: &[&str], rows: &[Vec<String>]) {
    out.push_str(&format!("| {} |\n", header.join(" | ")));
    out.push_str(&format!("|{}\n", "---|".repeat(header.len())));
    for row in rows {
        out.push_str(&format!("| {} |\n", row.join(" | ")));
    }
    out.push('\n');
}

/// A page's own words for a cell: its bars escaped so the row keeps its cells.
fn cell(text: &str) -> String {
    text.replace('|', "\\|")
}

pub fn design_doc(r: &Record) -> String {
    let (d, state, sources) = (r.decision, r.state, r.sources);
    let t = decision_text(d, state);
    let interval = r.comparison.and_then(|c| c.interval);
    let check = PairCheck::of(&sources[0], &sources[1], d.mean_tokens, interval);
    let (verdict, why) = headline(&check, &t.verdict, state, sources);
    let mut out = String::with_capacity(4_096);
    out.push_str(&format!("## Deployment decision: {verdict}\n\n"));
    if !why.is_empty() {
        out.push_str(&format!("{why}\n\n"));
    }
    out.push_str(&format!("{}\n\n", t.workload));
    pair_part(&mut out, &check);
    sides_part(&mut out, d, state, sources);
    race_part(&mut out, d, r.comparison);
    if let Some(observed) = observed_table(sources, limits(state)) {
        out.push_str("### What the runs observed\n\n");
        out.push_str(&format!("{}\n\n", observed.caption));
        let rows = observed.text_rows();
        let (header, body) = rows.split_first().map_or((vec![], &[][..]), |(h, b)| (h.clone(), b));
        let body: Vec<Vec<String>> =
            body.iter().map(|row| row.iter().map(|c| cell(c)).collect()).collect();
        table(&mut out, &header.iter().map(String::as_str).collect::<Vec<_>>(), &body);
        for line in failure_lines_quoting(sources, inert) {
            out.push_str(&format!("{line}\n\n"));
        }
    }
    // A pair whose verdict does not stand gives the fitted race's reasons under the card's
    // title for them, not as the record's why.
    let why_title = reference_title(&check).unwrap_or_else(|| "Why".to_string());
    out.push_str(&format!("### {why_title}\n\n"));
    let said =
        [&t.reason].into_iter().chain(&t.failures).chain([&t.margins, &t.first_words, &t.router]);
    for line in said {
        out.push_str(line);
        out.push_str("\n\n");
    }
    out.push_str("**What would change it**\n\n");
    for change in [&t.length_change, &t.load_change, &t.consumer_change] {
        out.push_str(&format!("- {change}\n"));
    }
    out.push('\n');
    provenance_part(&mut out, sources);
    figures_part(&mut out, sources);
    if let Some(reopened) = reopened_note(sources) {
        out.push_str(&reopened);
        out.push_str("\n\n");
    }
    out.push_str(&format!("[These numbers in the review workbench]({})\n", r.link));
    out
}

/// What the record's link brings back where a side came from a file or a chip: the numbers, as
/// typed ones, and not what stood behind them, so a reader of the reopened card knows why it
/// may say less than this record.
fn reopened_note(sources: &[SideSource; 2]) -> Option<String> {
    let runs = sources.iter().any(|s| matches!(s, SideSource::Run(_)));
    let chips = sources.iter().any(|s| matches!(s, SideSource::Chip(_)));
    if !runs && !chips {
        return None;
    }
    let mut note = "The link below reopens both deployments' numbers as typed ones.".to_string();
    if runs {
        note.push_str(
            " What the runs observed, their failures and whether the pair compares come back only \
             with their files loaded beside them (the hashes above name them).",
        );
    }
    if chips {
        note.push_str(
            " The chip section reopens on the last chip setting; \u{201c}Use as A\u{201d} or \
             \u{201c}Use as B\u{201d} makes a side that chip's again.",
        );
    }
    Some(note)
}

/// What differs between the sides, what run would settle a pair not raced alike, and that two
/// models are compared on speed alone.
fn pair_part(out: &mut String, check: &PairCheck) {
    if check.differences.is_empty() {
        return;
    }
    out.push_str("### What differs between A and B\n\n");
    for d in &check.differences {
        // The values are the files' words where a side is a run's.
        let inert_side = |v: &Option<String>| v.as_deref().map(inert);
        let d = crate::measurements::review::standing::Difference {
            a: inert_side(&d.a),
            b: inert_side(&d.b),
            ..d.clone()
        };
        out.push_str(&format!("- {}\n", difference_line(&d)));
    }
    out.push('\n');
    for line in [settle_text(check), models_note(check)].into_iter().flatten() {
        out.push_str(&format!("{line}\n\n"));
    }
}

/// Each side as its source gives it, A and B side by side.
fn sides_part(out: &mut String, d: &Decision, state: &State, sources: &[SideSource; 2]) {
    out.push_str("### The two deployments\n\n");
    let c = &d.answering;
    let ttft = |which: Which| format::duration(c.get(which).ttft());
    let rate = |which: Which| format::rate(1.0 / c.get(which).secs_per_token());
    let mut rows: Vec<Vec<String>> = vec![
        row("Source", |w| source_text(side(sources, w))),
        row("Time to first token", ttft),
        row("Decode rate", rate),
    ];
    let runs = sources.iter().any(|s| matches!(s, SideSource::Run(_)));
    let chips = sources.iter().any(|s| matches!(s, SideSource::Chip(_)));
    if runs {
        let stated = |name: &str, of: fn(&RunFacts) -> &Option<Stated>| {
            row(name, |w| match side(sources, w) {
                SideSource::Run(r) => of(r).as_ref().map_or("not stated".to_string(), |s| {
                    format!("{} (`{}`)", inert_cell(&s.value), s.key)
                }),
                _ => "—".to_string(),
            })
        };
        rows.push(stated("Model, as the file states it", |r| &r.meta.model));
        rows.push(stated("Serving engine", |r| &r.meta.engine));
        rows.push(stated("Hardware", |r| &r.meta.hardware));
        rows.push(stated("Precision", |r| &r.meta.precision));
        rows.push(row("Load", |w| match side(sources, w) {
            SideSource::Run(r) if r.load.is_stated() => {
                cell(&crate::measurements::review::standing::load_text(&r.load))
            }
            SideSource::Run(_) => "not stated".to_string(),
            _ => "—".to_string(),
        }));
        rows.push(row("Prompts, median", |w| match side(sources, w) {
            SideSource::Run(r) => format::tokens(r.prompt_tokens),
            _ => "—".to_string(),
        }));
        rows.push(row("Answers, median and p90", |w| match side(sources, w) {
            SideSource::Run(r) => format!(
                "{} and {}",
                format::with_separators(r.answer_tokens[0], 0),
                format::tokens(r.answer_tokens[1])
            ),
            _ => "—".to_string(),
        }));
    }
    if chips {
        chip_rows(&mut rows, state, sources);
    }
    // Two runs' failures are counted in what they observed, as counts with their reasons.
    let both_runs = sources.iter().all(|s| matches!(s, SideSource::Run(_)));
    if d.counts_retries() && !both_runs {
        let [a, b] = d.failed.map(format::percent_tenths);
        rows.push(vec!["Requests that failed".to_string(), a, b]);
    }
    table(out, &["", "A", "B"], &rows);
    for line in beyond_the_page(state, sources) {
        out.push_str(&line);
        out.push_str("\n\n");
    }
    if runs {
        // Two first-token figures of a run appear in the record; this says why they may differ.
        out.push_str(
            "A run's first token and decode rate here are those Figure 5 races: each the p50 over the \
             requests its fit used. What the runs observed, below, ranks every request that \
             answered, so its first-token p50 may differ a little.\n\n",
        );
    }
}

/// The rows of a chip side: its setting, its assumed efficiencies and what its first token is
/// read from.
fn chip_rows(rows: &mut Vec<Vec<String>>, state: &State, sources: &[SideSource; 2]) {
    let chip = |name: &str, show: fn(&Serving) -> String| {
        row(name, |w| match side(sources, w) {
            SideSource::Chip(s) => show(s),
            _ => "—".to_string(),
        })
    };
    rows.push(chip("Chips", |s| format!("{} × {}", s.chips, s.chip.name)));
    rows.push(chip("Model", |s| s.llm.name.to_string()));
    rows.push(chip("Weights and KV cache", |s| {
        format!("{} weights, {} cache", s.weights.label(), s.kv.label())
    }));
    rows.push(chip("Sequences decoded together", |s| format::with_separators(s.batch, 0)));
    rows.push(chip("Context per sequence", |s| format::tokens(s.context_tokens)));
    rows.push(chip("MFU and MBU (assumed)", |s| {
        format!("{} and {}", format::percent(s.mfu), format::percent(s.mbu))
    }));
    // The rate its control holds, which is what the record races: a chip's own rate
    // outside the page's range is said below the table, never shown as if raced.
    rows.push(row("Prefill rate", |w| match side(sources, w) {
        SideSource::Chip(_) => format::rate(state.get(RateTarget::of(w).params().0)),
        _ => "—".to_string(),
    }));
    // The chip side's first token is read from this prompt; a run's or a typed side's is
    // its own.
    rows.push(row("Prompt its first token is read from", |w| match side(sources, w) {
        SideSource::Chip(_) => format::tokens(state.b_prompt_ttft().prompt_tokens()),
        _ => "its own first-token time".to_string(),
    }));
}

/// For each chip side whose setting gives a rate the page's controls cannot hold: the chip's own
/// rate and the one the record races instead, so no number stands for a chip it does not fit.
fn beyond_the_page(state: &State, sources: &[SideSource; 2]) -> Vec<String> {
    let mut lines = Vec::new();
    for which in [Which::A, Which::B] {
        let SideSource::Chip(s) = side(sources, which) else { continue };
        let (prefill, decode) = RateTarget::of(which).params();
        for (what, param, own) in [
            ("reads prompts at", prefill, s.prefill_tokens_per_sec()),
            ("writes at", decode, s.decode_tokens_per_sec()),
        ] {
            let held = state.get(param);
            if (own - held).abs() > 1e-9 * own.abs().max(held.abs()) {
                lines.push(format!(
                    "{}'s chip setting {what} {}, outside the page's range of {} to {}: this \
                     record races the {} its control holds, so {}'s numbers are that bound's, \
                     not the chip's.",
                    which.label(),
                    format::rate(own),
                    format::rate(param.spec().min),
                    format::rate(param.spec().max),
                    format::rate(held),
                    which.label(),
                ));
            }
        }
    }
    lines
}

/// Side `which` of `sources`.
fn side(sources: &[SideSource; 2], which: Which) -> &SideSource {
    static TYPED: SideSource = SideSource::Typed;
    sources.get(which.index()).unwrap_or(&TYPED)
}

/// A row of the sides' table: its label, then A's and B's cells as `of` writes them.
fn row(label: &str, of: impl Fn(Which) -> String) -> Vec<String> {
    vec![label.to_string(), of(Which::A), of(Which::B)]
}

/// Where a side's numbers come from, for its cell.
fn source_text(source: &SideSource) -> String {
    match source {
        SideSource::Typed => "typed in".to_string(),
        SideSource::Chip(s) => format!("the chip calculator: {}", s.chip.name),
        SideSource::Run(r) => format!("{} run, {}", r.tool, inert_cell(&r.file.name)),
    }
}

/// The race on the fitted lines, in one table whose caption says how failures count, then the
/// crossover and, from runs, its interval.
fn race_part(out: &mut String, d: &Decision, comparison: Option<&ComparisonView>) {
    out.push_str("### The race on the fitted lines\n\n");
    let counted = if d.counts_retries() {
        "each failed request counted as an attempt that lasts as long as an answer and is retried at once"
    } else {
        "no request failed"
    };
    out.push_str(&format!(
        "Time to the whole answer on {}'s lines, TTFT + n ÷ decode rate; {counted}.\n\n",
        Figure::Completion.name()
    ));
    let at = |name: &str, at: &At| {
        vec![
            format!("{name} ({})", format::tokens(at.tokens)),
            format::duration(at.race.a_secs),
            format::duration(at.race.b_secs),
        ]
    };
    let rows = vec![
        at("Whole median answer", &d.median),
        at("Whole 90th-percentile answer", &d.p90),
        vec![
            format!(
                "Whole answer, on average ({} tokens)",
                format::with_separators(d.mean_tokens, 0)
            ),
            format::duration(d.mean.a_secs),
            format::duration(d.mean.b_secs),
        ],
    ];
    table(out, &["", "A", "B"], &rows);
    let (measured, counted) = (crossover_text(&d.answering), crossover_text(&d.comparison));
    out.push_str(&format!("Crossover (where the two finish together), as measured: {measured}."));
    if measured != counted {
        out.push_str(&format!(" Counting retries: {counted}."));
    }
    out.push_str("\n\n");
    if let Some(view) = comparison {
        let interval = view.interval.map_or_else(String::new, |(low, high)| {
            format!(
                "From the runs' bootstrap resamples, its 95% interval is {}. ",
                format::crossover_interval_text(low, high)
            )
        });
        out.push_str(&format!("{interval}{}\n\n", plain(&view.interval_text)));
    }
}

/// A text with its no-break spaces plain.
fn plain(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Each run's file: its name, SHA-256 and size, the tool that wrote it, what it states (each
/// with its key) and what it does not; each chip's data sheet and what is assumed.
fn provenance_part(out: &mut String, sources: &[SideSource; 2]) {
    if sources.iter().all(|s| matches!(s, SideSource::Typed)) {
        out.push_str("### Provenance\n\nBoth deployments were typed in: no file or data sheet stands behind their numbers.\n\n");
        return;
    }
    out.push_str("### Provenance\n\n");
    for (which, source) in [Which::A, Which::B].into_iter().zip(sources) {
        let line = match source {
            SideSource::Typed => "typed in; nothing stands behind its numbers.".to_string(),
            SideSource::Chip(s) => chip_provenance(s),
            SideSource::Run(r) => run_provenance(r),
        };
        out.push_str(&format!("- **{}**: {line}\n", which.label()));
    }
    out.push('\n');
}

/// `n` sequences in words: "one sequence", "8 sequences".
fn count(n: f64, one: &str, many: &str) -> String {
    if n == 1.0 {
        one.to_string()
    } else {
        format!("{} {many}", format::with_separators(n, 0))
    }
}

fn chip_provenance(s: &Serving) -> String {
    let sheet = |name: &str, source: Option<crate::model::source::Source>| match source {
        Some(src) => format!("{name} ([{}]({}))", src.name, src.url),
        None => format!("{name} (typed into the calculator)"),
    };
    format!(
        "the roofline of {} running {}, {} weights, {} cache, {} decoded together; MFU {} and MBU {} are assumptions, not measurements.",
        sheet(s.chip.name, s.chip.source),
        sheet(s.llm.name, s.llm.source),
        s.weights.label(),
        s.kv.label(),
        count(s.batch, "one sequence", "sequences"),
        format::percent(s.mfu),
        format::percent(s.mbu),
    )
}

fn run_provenance(r: &RunFacts) -> String {
    // The tool as the page recognised its file; its version only as the file states it.
    let writer = match &r.meta.tool_version {
        Some(s) => format!("{} (`{}`)", inert(&s.value), s.key),
        None => r.tool.clone(),
    };
    let mut parts = vec![format!(
        "{}, SHA-256 `{}`, {} bytes, written by {writer}",
        inert(&r.file.name),
        r.file.sha256,
        format::with_separators(r.file.bytes as f64, 0),
    )];
    let mut silent = Vec::new();
    if r.meta.tool_version.is_none() {
        silent.push("version of that tool");
    }
    for (what, stated) in [
        ("model", &r.meta.model),
        ("serving engine", &r.meta.engine),
        ("date", &r.meta.date),
        ("hardware", &r.meta.hardware),
    ] {
        match stated {
            Some(s) => parts.push(format!("{what} {} (`{}`)", inert(&s.value), s.key)),
            None => silent.push(what),
        }
    }
    let mut line = parts.join("; ");
    if !silent.is_empty() {
        line.push_str(&format!("; the file states no {}", silent.join(", no ")));
    }
    if let Some(method) = &r.meta.method {
        line.push_str(&format!("; {}", inert(method)));
    }
    if r.observed.thinned() {
        line.push_str(&format!(
            "; {} of its {} requests are kept for the observed figures, evenly",
            format::with_separators(r.observed.requests.len() as f64, 0),
            format::with_separators(r.observed.of as f64, 0)
        ));
    }
    line.push('.');
    line
}

/// The figures, attached beside the record as the PNG files the workbench saves.
fn figures_part(out: &mut String, sources: &[SideSource; 2]) {
    out.push_str("### Figures\n\nAttach the PNG files the workbench saves beside this record:\n\n");
    out.push_str(&format!(
        "![{}: the two deployments racing to the last token]({RACE_PNG})\n\n",
        Figure::Completion.name()
    ));
    if sources.iter().any(|s| matches!(s, SideSource::Run(_))) {
        out.push_str(&format!(
            "![{}b: each side's requests as its run timed them]({OBSERVED_PNG})\n\n",
            Figure::Completion.name()
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::measurements::load::Load;
    use crate::measurements::meta::RunMeta;
    use crate::measurements::review::facts::FileFacts;
    use crate::measurements::review::observed::{Failures, Observed, ObservedRequest};
    use crate::state::hardware::RateTarget;
    use crate::state::Param;

    fn doc(
        state: &State,
        sources: &[SideSource; 2],
        comparison: Option<&ComparisonView>,
    ) -> String {
        let d = Decision::of(state);
        design_doc(&Record {
            decision: &d,
            state,
            sources,
            comparison,
            link: "https://example.org/x/workbench.html?a=1",
        })
    }

    fn run(name: &str, model: &str, e2e: f64, failed: usize) -> SideSource {
        let mut requests: Vec<ObservedRequest> = (0..101)
            .map(|_| ObservedRequest { ttft_secs: Some(0.4), e2e_secs: Some(e2e), failed: false })
            .collect();
        requests.extend((0..failed).map(|_| ObservedRequest {
            ttft_secs: Some(0.4),
            e2e_secs: Some(2.0),
            failed: true,
        }));
        SideSource::Run(Box::new(RunFacts {
            file: FileFacts { name: name.into(), sha256: "2b".repeat(32), bytes: 126_295 },
            tool: "LLMPerf".into(),
            meta: RunMeta { model: Stated::of(Some(model), "model_id"), ..RunMeta::default() },
            load: Load::default(),
            streamed: true,
            prompt_tokens: 550.0,
            answer_tokens: [151.0, 152.0],
            failures: Failures {
                failed,
                requests: 101 + failed,
                kinds: if failed > 0 {
                    vec![("error -100: Output too few tokens N".into(), failed)]
                } else {
                    vec![]
                },
            },
            observed: Observed { of: 101 + failed, requests },
        }))
    }

    #[test]
    fn typed_sides_give_a_record_with_its_verdict_and_no_provenance_to_claim() {
        let state = State::default().for_review();
        let record = doc(&state, &[SideSource::Typed, SideSource::Typed], None);
        assert!(record.starts_with("## Deployment decision: Ship B\n"), "{record}");
        assert!(record.contains("| Source | typed in | typed in |"), "{record}");
        assert!(record.contains("Both deployments were typed in"), "{record}");
        assert!(
            record.contains("| Whole median answer (600 tokens) | 20.2 s | 6.35 s |"),
            "{record}"
        );
        assert!(!record.contains("What the runs observed"), "{record}");
        assert!(!record.contains("reopens both"), "typed numbers reopen as they are: {record}");
        assert!(
            record.contains(&format!("]({RACE_PNG})")) && !record.contains(OBSERVED_PNG),
            "{record}"
        );
        assert!(record.trim_end().ends_with("(https://example.org/x/workbench.html?a=1)"));
    }

    #[test]
    fn a_tool_version_is_named_only_where_the_file_states_it() {
        let state = State::default().for_review();
        let mut live = run("crossover-live.json", "m", 5.0, 0);
        if let SideSource::Run(r) = &mut live {
            r.tool = "Crossover live measurement".into();
            r.meta.tool_version = Stated::of(Some("Crossover 0.1.0"), "written_by");
        }
        let record = doc(&state, &[run("a.json", "m", 6.0, 0), live], None);
        let provenance = |side: &str| {
            record.lines().find(|l| l.starts_with(&format!("- **{side}**"))).unwrap_or_default()
        };
        assert!(provenance("A").contains("written by LLMPerf; model"), "{record}");
        assert!(provenance("A").contains("states no version of that tool"), "{record}");
        assert!(
            provenance("B").contains("written by `Crossover 0.1.0` (`written_by`);"),
            "{record}"
        );
        assert!(!provenance("B").contains("version of that tool"), "{record}");
    }

    #[test]
    fn two_runs_give_one_number_per_quantity_failures_with_their_reasons_and_provenance() {
        // B failed 49 of 150: every fitted time counts retries, said once in the table's caption.
        let state = State::default().with(Param::BFailed, 49.0 / 150.0 * 100.0).for_review();
        let sources = [run("anyscale.json", "m", 6.0, 0), run("bedrock.json", "m", 5.0, 49)];
        let record = doc(&state, &sources, None);
        assert!(
            record.contains(
                "each failed request counted as an attempt that lasts as long as an answer"
            ),
            "{record}"
        );
        assert_eq!(
            record.matches("Whole median answer").count(),
            1,
            "one row, one number per side: {record}"
        );
        assert!(record.contains("### What the runs observed"), "{record}");
        assert!(record.contains("| requests that failed | 0 of 101 | 49 of 150 |"), "{record}");
        assert!(
            record.contains(
                "B: 49 of 150 requests failed (49 × `error -100: Output too few tokens N`)"
            ),
            "{record}"
        );
        assert!(record.contains(&format!("- **A**: `anyscale.json`, SHA-256 `{}`, 126,295 bytes, written by LLMPerf; model `m` (`model_id`)", "2b".repeat(32))), "{record}");
        assert!(
            record.contains(
                "the file states no version of that tool, no serving engine, no date, no hardware"
            ),
            "{record}"
        );
        assert!(record.contains(OBSERVED_PNG), "{record}");
        assert!(
            record.contains(
                "reopens both deployments' numbers as typed ones. What the runs observed"
            ),
            "the link says what it brings back: {record}"
        );
        // No unit over a cell that shows another.
        assert!(!record.contains("(s) |"), "{record}");
    }

    #[test]
    fn a_chip_pair_names_its_chips_model_precisions_efficiencies_and_prompt() {
        let mut state = State::default().with_worked_case(1);
        state.take_hardware_rates(RateTarget::A);
        let a = SideSource::Chip(Box::new(state.serving()));
        state = state.with_worked_case(2);
        state.take_hardware_rates(RateTarget::B);
        let b = SideSource::Chip(Box::new(state.serving()));
        let state = state.for_review();
        let record = doc(&state, &[a, b], None);
        for wanted in [
            "| Chips |",
            "| Model |",
            "| Weights and KV cache |",
            "| MFU and MBU (assumed) |",
            "| Prompt its first token is read from |",
            "are assumptions, not measurements",
            "makes a side that chip's again",
        ] {
            assert!(record.contains(wanted), "{wanted}: {record}");
        }
    }

    #[test]
    fn a_chip_rate_the_controls_cannot_hold_is_said_and_never_shown_as_raced() {
        use crate::model::chips::Chip;
        let mut state = State::default();
        state.chip = Chip::Custom;
        state.set(Param::ChipTflops, Param::ChipTflops.spec().min);
        state.set(Param::ChipBandwidth, Param::ChipBandwidth.spec().min);
        let own = state.serving();
        let handed = state.take_hardware_rates(RateTarget::A);
        assert!(!handed.moved.is_empty(), "this setting must fall outside the page's range");
        let a = SideSource::Chip(Box::new(own));
        let state = state.for_review();
        let record = doc(&state, &[a, SideSource::Typed], None);
        let held = format::rate(state.get(Param::APrefill));
        assert!(record.contains(&format!("| Prefill rate | {held} | — |")), "{record}");
        for m in &handed.moved {
            let (what, own_rate) = if m.param == Param::APrefill {
                ("reads prompts at", own.prefill_tokens_per_sec())
            } else {
                ("writes at", own.decode_tokens_per_sec())
            };
            let said = format!(
                "A's chip setting {what} {}, outside the page's range",
                format::rate(own_rate)
            );
            assert!(record.contains(&said), "{said}: {record}");
            assert!(record.contains(&format!("races the {}", format::rate(m.held))), "{record}");
        }
        // A chip the controls hold whole says nothing of bounds.
        let mut fits = State::default().with_worked_case(1);
        fits.take_hardware_rates(RateTarget::A);
        let a = SideSource::Chip(Box::new(fits.serving()));
        let record = doc(&fits.for_review(), &[a, SideSource::Typed], None);
        assert!(!record.contains("outside the page's range"), "{record}");
    }

    #[test]
    fn a_run_named_to_attack_the_reader_is_inert_text_in_the_record() {
        let image = "![t](https://evil.example/t.png)";
        let phish = "[Sign in again](https://evil.example/login) <img src=x onerror=alert(1)> <!--";
        let state = State::default().for_review();
        let mut attacker = run(phish, image, 5.0, 49);
        // A failure message that closes the card's quotation mark early, then attacks.
        if let SideSource::Run(facts) = &mut attacker {
            let mut facts = (**facts).clone();
            facts.failures.kinds = vec![
                (format!("error -100: x\u{201d} {image} <!--"), 25),
                (format!("\u{201c}y\u{201d} {phish}"), 24),
            ];
            attacker = SideSource::Run(facts.into());
        }
        let sources = [run(image, phish, 6.0, 0), attacker];
        let record = doc(&state, &sources, None);
        assert!(record.contains("B: 49 of 150 requests failed (25 × `error -100: x"), "{record}");
        // Outside code spans, and before the page's own closing link, nothing of theirs remains.
        let body =
            record.split("[These numbers in the review workbench]").next().unwrap_or_default();
        let outside: String = body.split('`').step_by(2).collect();
        for markup in ["](https://evil", "<img", "![t]", "<!--"] {
            assert!(!outside.contains(markup), "{markup} outside a code span: {record}");
        }
    }
}
