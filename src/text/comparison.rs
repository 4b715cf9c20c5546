//! Two runs compared as A and B, as the lab shows them: which run is which, what makes the race
//! unfair, the crossover with its interval, the winner at the reader's answer, and the table
//! with its CSV button.
//!
//! The worker, which holds the runs, works out a [`ComparisonView`] (every sentence written,
//! every number unrounded) and hands it over as data ([`ComparisonView::to_wire`]); the page
//! reads it back and shows it with components (`ui::sections::measurements`), every text a text
//! node, and the table's CSV from the same table. What the worker sends is never markup.

use super::compare::{comparison_table, finding_text, nstar_text, winner_text_at};
use super::deployments::crossover_text;
use crate::charts::table::DataTable;
use crate::measurements::compare::{CrossoverEstimate, Finding, Table, WinnerAt};
use crate::measurements::protocol::wire::{Reader, Writer};
use crate::model::deployments::Crossover;

/// What the worker compares: the runs' crossover with its interval, the winner at the reader's
/// answer, the table and what makes the race unfair.
pub struct Comparison<'a> {
    pub estimate: &'a CrossoverEstimate,
    pub winner: &'a WinnerAt,
    pub table: &'a Table,
    pub findings: &'a [Finding],
}

/// What the lab shows of a comparison, as texts and unrounded numbers.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ComparisonView {
    pub a_label: String,
    pub b_label: String,
    /// Each finding's id (`data-finding`) and sentence.
    pub findings: Vec<(String, String)>,
    /// Where the lines cross, in answer tokens; `None` when they do not.
    pub crossover_tokens: Option<f64>,
    /// The crossover's 95% interval: its low end and its high end (`None`: no upper end).
    pub interval: Option<(f64, Option<f64>)>,
    pub interval_certain: bool,
    pub crossover_text: String,
    pub interval_text: String,
    /// `A`, `B` or `tie`.
    pub winner: String,
    pub answer_tokens: f64,
    /// Whether the interval straddles the reader's answer; `None` when that is not known.
    pub straddled: Option<bool>,
    pub winner_text: String,
    pub table: DataTable<String>,
}

impl ComparisonView {
    #[must_use]
    pub fn of(c: &Comparison) -> ComparisonView {
        let (a, b) = (&c.table.a, &c.table.b);
        ComparisonView {
            a_label: a.label.clone(),
            b_label: b.label.clone(),
            findings: c.findings.iter().map(|f| (f.id().to_string(), finding_text(f))).collect(),
            crossover_tokens: match c.estimate.point {
                Crossover::At { tokens, .. } => Some(tokens),
                _ => None,
            },
            interval: c.estimate.range.ends(),
            interval_certain: c.estimate.range.is_certain(),
            crossover_text: crossover_text(&c.estimate.comparison),
            interval_text: nstar_text(&c.estimate.range, a.percentile, b.percentile),
            winner: c.winner.race.winner.data_value().to_string(),
            answer_tokens: c.winner.answer_tokens,
            straddled: c.winner.straddled,
            winner_text: winner_text_at(c.winner),
            table: comparison_table(c.table).owned(),
        }
    }

    #[must_use]
    pub fn to_wire(&self) -> String {
        let mut w = Writer::new();
        w.text(&self.a_label).text(&self.b_label);
        w.list(&self.findings, |w, (id, text)| {
            w.text(id).text(text);
        });
        w.number(self.crossover_tokens);
        // An interval always has its low end; its high end may be missing (no upper end).
        let (low, high) = self.interval.map_or((None, None), |(low, high)| (Some(low), high));
        w.number(low).number(high);
        w.flag(Some(self.interval_certain));
        w.text(&self.crossover_text).text(&self.interval_text);
        w.text(&self.winner).number(Some(self.answer_tokens)).flag(self.straddled);
        w.text(&self.winner_text);
        self.table.write(&mut w);
        w.finish()
    }

    /// Reads back what [`ComparisonView::to_wire`] wrote; `None` for any other text.
    #[must_use]
    pub fn from_wire(text: &str) -> Option<ComparisonView> {
        let mut r = Reader::new(text);
        let a_label = r.text()?;
        let b_label = r.text()?;
        let findings = r.list(|r| Some((r.text()?, r.text()?)))?;
        let crossover_tokens = r.number()?;
        let interval = match (r.number()?, r.number()?) {
            (Some(low), high) => Some((low, high)),
            (None, None) => None,
            (None, Some(_)) => return None,
        };
        let view = ComparisonView {
            a_label,
            b_label,
            findings,
            crossover_tokens,
            interval,
            interval_certain: r.flag()??,
            crossover_text: r.text()?,
            interval_text: r.text()?,
            winner: r.text().filter(|w| ["A", "B", "tie"].contains(&w.as_str()))?,
            answer_tokens: r.number()??,
            straddled: r.flag()?,
            winner_text: r.text()?,
            table: DataTable::read(&mut r)?,
        };
        r.finish(view)
    }
}

/// What the lines of Figure 5 are once both sides come from runs.
pub const RUNS_LINES: &str =
    "Their lines in the race are the runs' first tokens and decode rates; \
    every number below is read from the runs' requests.";

impl ComparisonView {
    /// Which run is A and which is B, and what that makes of Figure 5's lines.
    #[must_use]
    pub fn runs_sentence(&self) -> String {
        format!("A is {} and B is {}. {RUNS_LINES}", self.a_label, self.b_label)
    }

    /// [`ComparisonView::runs_sentence`] with each run's name written by `name` (as inert
    /// Markdown, say: the names come from the files).
    pub fn runs_sentence_with(&self, name: impl Fn(&str) -> String) -> String {
        format!("A is {} and B is {}. {RUNS_LINES}", name(&self.a_label), name(&self.b_label))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::measurements::compare::TtftPercentile;

    /// The comparison as the page reads it from the worker's data.
    fn through_the_wire(c: &Comparison) -> ComparisonView {
        let view = ComparisonView::of(c);
        let back = ComparisonView::from_wire(&view.to_wire());
        assert_eq!(back.as_ref(), Some(&view), "the view reads back whole");
        view
    }

    #[test]
    fn the_comparison_keeps_names_as_written_and_states_the_interval() {
        use crate::measurements::compare::{estimate, table, winner_at, RunDeployment, Workload};
        use crate::measurements::{fit, Format, Record, Run};
        let run = |label: &str, ttft: f64, per_token: f64| {
            let mut run = Run::new(Format::Csv, label);
            for i in 0..60 {
                let t = ttft + 0.001 * (i % 7) as f64;
                let n = 50.0 + 10.0 * i as f64;
                run.records.push(Record::new(1000.0, n, Some(t), Some(t + (n - 1.0) * per_token)));
            }
            run
        };
        let (ra, rb) = (run("<A & co>", 0.2, 1.0 / 30.0), run("B", 0.9, 1.0 / 110.0));
        let (fa, fb) = (fit(&ra), fit(&rb));
        let p = TtftPercentile::P50;
        let da = RunDeployment::from_run(&ra, &fa, p).expect("usable");
        let db = RunDeployment::from_run(&rb, &fb, p).expect("usable");
        let e = estimate(&da, &db);
        let w = winner_at(&e, 600.0);
        let workload = Workload { median_answer_tokens: 40.0, p90_answer_tokens: 900.0 };
        let t = table((&fa, &da), (&fb, &db), workload);
        let view =
            through_the_wire(&Comparison { estimate: &e, winner: &w, table: &t, findings: &[] });
        assert_eq!(
            view.a_label, "<A & co>",
            "a name is kept as the file wrote it, to be shown as text"
        );
        assert!(view.findings.is_empty());
        let value = view.crossover_tokens.unwrap();
        let (low, high) = view.interval.unwrap();
        assert!(low <= value && high.is_some_and(|h| value <= h), "{low} {value} {high:?}");
        assert!((value - 28.875).abs() < 1.0, "{value}");
        assert_eq!(view.winner, "B");
        let mismatch = [Finding::NotStreamed { a: true, b: false }];
        let view = through_the_wire(&Comparison {
            estimate: &e,
            winner: &w,
            table: &t,
            findings: &mismatch,
        });
        assert_eq!(view.findings.first().map(|(id, _)| id.as_str()), Some("not-streamed"));
    }
    #[test]
    fn texts_that_are_not_a_view_are_refused() {
        let view = ComparisonView { winner: "A".to_string(), ..ComparisonView::default() };
        let wire = view.to_wire();
        assert_eq!(ComparisonView::from_wire(&wire), Some(view));
        assert_eq!(
            ComparisonView::from_wire(&wire.replacen("\u{1c}A\u{1c}", "\u{1c}C\u{1c}", 1)),
            None
        );
        assert_eq!(ComparisonView::from_wire(""), None);
        assert_eq!(ComparisonView::from_wire("<p>These runs</p>"), None);
    }
}
