//! The decision as Markdown for a design document: what the review workbench's "Copy for the
//! design doc" puts on the clipboard. Every line is one of the card's own sentences or a number
//! the page shows beside it, so the document and the page never disagree; the link reopens the
//! workbench on the same numbers. With A and B from two runs, the comparison placed under
//! Figure 3 comes too (the crossover's interval, what makes the pair unfair, the runs' table), as
//! the page shows it. Every text a result file gave (a run's name) is written as inert Markdown
//! (`text::markdown`): a file cannot make the document show a link, an image or markup.

use super::crossover_text;
use super::decision::decision_text;
use crate::format;
use crate::state::decision::Decision;
use crate::state::State;
use crate::text::comparison::ComparisonView;
use crate::text::markdown::{inert, inert_cell};

/// The comparison of two runs as the page shows it under Figure 3, in the words and cells it
/// shows: the worker computed it from the runs' requests.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RunsCompared {
    /// Which run is A and which is B, their names written as inert Markdown.
    pub runs: String,
    /// The runs' names as their files give them: wherever one stands in the table, it is
    /// written as inert Markdown.
    pub labels: [String; 2],
    /// What makes the pair unfair (prompts, load, streaming), a sentence each.
    pub findings: Vec<String>,
    /// The crossover from the runs, and how sure it is (its 95% interval).
    pub crossover: String,
    pub interval: String,
    /// Who finishes the race's answer first, and whether the interval straddles it.
    pub winner: String,
    /// The comparison's table, its header row first.
    pub table: Vec<Vec<String>>,
}

impl RunsCompared {
    /// The comparison as placed under Figure 3, every text as the page shows it, its spaces
    /// (the no-break ones between a number and its unit too) plain ones in a document.
    #[must_use]
    pub fn of(c: &ComparisonView) -> RunsCompared {
        let plain = |text: &str| text.split_whitespace().collect::<Vec<_>>().join(" ");
        RunsCompared {
            runs: plain(&c.runs_sentence_with(inert)),
            labels: [plain(&c.a_label), plain(&c.b_label)],
            findings: c.findings.iter().map(|(_, text)| plain(text)).collect(),
            crossover: plain(&c.crossover_text),
            interval: plain(&c.interval_text),
            winner: plain(&c.winner_text),
            table: c
                .table
                .text_rows()
                .iter()
                .map(|row| row.iter().map(|t| plain(t)).collect())
                .collect(),
        }
    }
}

/// The summary: the verdict as a heading, the workload, A and B side by side (what each was
/// given, and when each finishes the median, the 90th-percentile and the average answer), the
/// card's reasons, what would change it, the crossover, the two runs' comparison when the sides
/// come from runs, and the link.
pub fn design_doc(d: &Decision, state: &State, link: &str, runs: Option<&RunsCompared>) -> String {
    let t = decision_text(d, state);
    // The deployments as measured; the card's times count retries when either side fails.
    let c = &d.answering;
    let mut out = String::with_capacity(2_048);
    out.push_str(&format!("## Deployment decision: {}\n\n", t.verdict));
    out.push_str(&format!("{}\n\n", t.workload));
    out.push_str("| | A | B |\n|---|---:|---:|\n");
    let mut row = |label: String, a: String, b: String| {
        out.push_str(&format!("| {label} | {a} | {b} |\n"));
    };
    row(
        "Time to first token".to_string(),
        format::duration(c.a.ttft()),
        format::duration(c.b.ttft()),
    );
    row(
        "Decode rate".to_string(),
        format::rate(1.0 / c.a.secs_per_token()),
        format::rate(1.0 / c.b.secs_per_token()),
    );
    for (name, at) in [("median", &d.median), ("90th-percentile", &d.p90)] {
        row(
            format!("Whole {name} answer ({})", format::tokens(at.tokens)),
            format::duration(at.race.a_secs),
            format::duration(at.race.b_secs),
        );
    }
    row(
        format!("Whole answer, on average ({} tokens)", format::with_separators(d.mean_tokens, 0)),
        format::duration(d.mean.a_secs),
        format::duration(d.mean.b_secs),
    );
    if d.counts_retries() {
        let [a, b] = d.failed.map(format::percent_tenths);
        row("Requests that failed".to_string(), a, b);
    }
    out.push('\n');
    let said =
        [&t.reason].into_iter().chain(&t.failures).chain([&t.margins, &t.first_words, &t.router]);
    for line in said {
        out.push_str(line);
        out.push_str("\n\n");
    }
    out.push_str("**What would change it**\n\n");
    for change in [&t.length_change, &t.load_change, &t.consumer_change] {
        out.push_str("- ");
        out.push_str(change);
        out.push('\n');
    }
    out.push_str(&format!(
        "\nCrossover (where the two finish together): {}.\n\n",
        crossover_text(c)
    ));
    if let Some(runs) = runs {
        runs_part(&mut out, runs);
    }
    out.push_str(&format!("[These numbers in the review workbench]({link})\n"));
    out
}

/// The two runs' comparison: which runs, the crossover with its interval, the winner, what
/// makes the pair unfair, and the table.
fn runs_part(out: &mut String, runs: &RunsCompared) {
    out.push_str("### From the two runs\n\n");
    for line in [&runs.runs, &runs.winner] {
        if !line.is_empty() {
            out.push_str(line);
            out.push_str("\n\n");
        }
    }
    if !runs.crossover.is_empty() {
        let crossover = runs.crossover.trim_end_matches('.');
        out.push_str(&format!("Crossover from the runs: {crossover}.\n\n"));
        if !runs.interval.is_empty() {
            out.push_str(&format!("{}\n\n", runs.interval));
        }
    }
    for finding in &runs.findings {
        out.push_str(&format!("> {finding}\n\n"));
    }
    // A run's name is the file's; every other cell is the page's own words and numbers.
    let cell = |c: &String| {
        if runs.labels.contains(c) {
            inert_cell(c)
        } else {
            c.replace('|', "\\|")
        }
    };
    if let Some((header, rows)) = runs.table.split_first() {
        let header: Vec<String> = header.iter().map(cell).collect();
        out.push_str(&format!("| {} |\n", header.join(" | ")));
        out.push_str(&format!("|{}\n", "---|".repeat(header.len())));
        for row in rows {
            let row: Vec<String> = row.iter().map(cell).collect();
            out.push_str(&format!("| {} |\n", row.join(" | ")));
        }
        out.push('\n');
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::Param;

    #[test]
    fn the_summary_carries_the_cards_sentences_and_the_numbers_beside_them() {
        let state = State::default();
        let d = Decision::of(&state);
        let t = decision_text(&d, &state);
        let link = "https://example.org/crossover/?b_rate=110&workbench=1";
        let doc = design_doc(&d, &state, link, None);
        assert!(doc.starts_with(&format!("## Deployment decision: {}\n", t.verdict)), "{doc}");
        assert!(doc.contains("Ship B"), "the lesson's pair ships B for the bot: {doc}");
        for line in [
            &t.workload,
            &t.reason,
            &t.margins,
            &t.first_words,
            &t.router,
            &t.length_change,
            &t.load_change,
            &t.consumer_change,
        ] {
            assert!(doc.contains(line.as_str()), "{line} is in the summary");
        }
        // The lesson's figures, as the page prints them.
        assert!(doc.contains("| Time to first token | 200 ms | 900 ms |"), "{doc}");
        assert!(doc.contains("| Decode rate | 30 tok/s | 110 tok/s |"), "{doc}");
        assert!(doc.contains("| Whole median answer (600 tokens) | 20.2 s | 6.35 s |"), "{doc}");
        assert!(doc.contains("28.9 tokens"), "{doc}");
        assert!(doc.ends_with(&format!("[These numbers in the review workbench]({link})\n")));
        assert!(!doc.contains("From the two runs"), "no runs, no comparison: {doc}");
    }

    #[test]
    fn two_runs_bring_their_comparison_with_its_interval() {
        let state = State::default();
        let runs = RunsCompared {
            runs: "A is vLLM run and B is SGLang run.".to_string(),
            labels: ["vLLM run".to_string(), "SGLang run".to_string()],
            findings: vec![
                "The runs' prompts differ: A's median 464 tokens, B's 1,024.".to_string()
            ],
            crossover: "1,721.6 tokens".to_string(),
            interval: "95% interval 900 to 4,000 tokens".to_string(),
            winner: "At 600 tokens A finishes first.".to_string(),
            table: vec![
                vec![String::new(), "A".to_string(), "B".to_string()],
                vec!["requests used".to_string(), "100".to_string(), "99".to_string()],
                vec!["load".to_string(), "concurrency 256 | rate inf".to_string(), "—".to_string()],
            ],
        };
        let doc = design_doc(&Decision::of(&state), &state, "?workbench=1", Some(&runs));
        let part = doc.split("### From the two runs\n\n").nth(1).expect("the runs' part");
        assert!(
            part.starts_with(
                "A is vLLM run and B is SGLang run.\n\nAt 600 tokens A finishes first.\n\n"
            ),
            "{part}"
        );
        assert!(
            part.contains(
                "Crossover from the runs: 1,721.6 tokens.\n\n95% interval 900 to 4,000 tokens\n"
            ),
            "{part}"
        );
        assert!(part.contains("> The runs' prompts differ"), "{part}");
        assert!(
            part.contains("|  | A | B |\n|---|---|---|\n| requests used | 100 | 99 |\n"),
            "{part}"
        );
        // A bar inside a cell is escaped, so the row keeps its three cells.
        assert!(part.contains("| load | concurrency 256 \\| rate inf | — |"), "{part}");
        assert!(
            doc.ends_with("[These numbers in the review workbench](?workbench=1)\n"),
            "the link comes last"
        );
    }

    #[test]
    fn a_changed_pair_changes_the_verdict_and_its_rows() {
        let state = State::default().with(Param::BRate, 20.0);
        let doc = design_doc(&Decision::of(&state), &state, "?workbench=1", None);
        assert!(doc.starts_with("## Deployment decision: Ship A"), "{doc}");
        assert!(doc.contains("| Decode rate | 30 tok/s | 20 tok/s |"), "{doc}");
        // Every row has its label and both sides.
        let rows = doc.lines().filter(|l| l.starts_with("| ") && !l.starts_with("| |"));
        for row in rows {
            assert_eq!(row.matches(" | ").count(), 2, "{row}");
        }
    }

    #[test]
    fn a_run_named_to_attack_the_reader_is_inert_text_in_the_document() {
        use crate::charts::table::{Cell, DataTable};
        let image = "![t](https://evil.example/t.png)";
        let phish = "[Sign in again](https://evil.example/login) <img src=x onerror=alert(1)>";
        let view = ComparisonView {
            a_label: image.to_string(),
            b_label: phish.to_string(),
            table: DataTable {
                caption: String::new(),
                headers: vec![String::new(), "A".to_string(), "B".to_string()],
                rows: vec![vec![Cell::text("run"), Cell::words(image), Cell::words(phish)]],
                current_row: None,
            },
            ..ComparisonView::default()
        };
        let state = State::default();
        let runs = RunsCompared::of(&view);
        let doc = design_doc(&Decision::of(&state), &state, "?x", Some(&runs));
        let part = doc.split("### From the two runs").nth(1).unwrap_or_default();
        // The page's own link to itself comes last.
        let part = part.split("[These numbers in the review workbench]").next().unwrap_or_default();
        assert!(
            part.contains("A is `![t](https://evil.example/t.png)` and B is `[Sign in again]"),
            "{part}"
        );
        assert!(part.contains("| run | `![t](https://evil.example/t.png)` | `[Sign in again](https://evil.example/login) <img src=x onerror=alert(1)>` |"), "{part}");
        // Outside code spans, nothing of theirs is left to be read as Markdown or HTML.
        let outside: String = part.split('`').step_by(2).collect();
        for markup in ["](", "<img", "![", "evil.example"] {
            assert!(!outside.contains(markup), "{markup} outside a code span: {part}");
        }
    }
}
