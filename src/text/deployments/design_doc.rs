//! The decision as Markdown for a design document: what the review workbench's "Copy for the
//! design doc" puts on the clipboard. Every line is one of the card's own sentences or a number
//! the page shows beside it, so the document and the page never disagree; the link reopens the
//! workbench on the same numbers.

use super::crossover_text;
use super::decision::decision_text;
use crate::format;
use crate::state::decision::Decision;
use crate::state::State;

/// The summary: the verdict as a heading, the workload, A and B side by side (what each was
/// given, and when each finishes the median, the 90th-percentile and the average answer), the
/// card's reasons, what would change it, the crossover, and the link.
pub fn design_doc(d: &Decision, state: &State, link: &str) -> String {
    let t = decision_text(d, state);
    let c = &d.comparison;
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
    out.push('\n');
    for line in [&t.reason, &t.margins, &t.first_words, &t.router] {
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
    out.push_str(&format!("[These numbers in the review workbench]({link})\n"));
    out
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
        let doc = design_doc(&d, &state, link);
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
    }

    #[test]
    fn a_changed_pair_changes_the_verdict_and_its_rows() {
        let state = State::default().with(Param::BRate, 20.0);
        let doc = design_doc(&Decision::of(&state), &state, "?workbench=1");
        assert!(doc.starts_with("## Deployment decision: Ship A"), "{doc}");
        assert!(doc.contains("| Decode rate | 30 tok/s | 20 tok/s |"), "{doc}");
        // Every row has its label and both sides.
        let rows = doc.lines().filter(|l| l.starts_with("| ") && !l.starts_with("| |"));
        for row in rows {
            assert_eq!(row.matches(" | ").count(), 2, "{row}");
        }
    }
}
