//! The data behind a figure as a table: shown as HTML for readers who cannot see the canvas,
//! and exported as CSV. Each cell keeps the unrounded number beside the text shown, so the CSV
//! carries full precision while the page shows the lesson's rounding.

use crate::format::{csv_field, escape_html_into};
use crate::measurements::protocol::wire::{Reader, Writer};

#[derive(Clone, Debug, PartialEq)]
pub struct Cell {
    pub text: String,
    pub value: Option<f64>,
    /// A cell that explains in a phrase wraps its words; every other cell keeps a value and its
    /// unit on one line.
    pub wraps: bool,
}

impl Cell {
    pub fn text(text: impl Into<String>) -> Cell {
        Cell { text: text.into(), value: None, wraps: false }
    }

    /// A phrase rather than a value: written as `<td class="words">`, which the page lets wrap,
    /// so a table of explanations fits its column instead of growing wider than the screen.
    pub fn words(text: impl Into<String>) -> Cell {
        Cell { text: text.into(), value: None, wraps: true }
    }

    pub fn number(value: f64, text: impl Into<String>) -> Cell {
        Cell { text: text.into(), value: Some(value), wraps: false }
    }

    /// The cell with its words wrapping: a value said in a phrase ("67% of 150 requests (95%
    /// interval 59% to 74%)").
    #[must_use]
    pub fn wrapping(self) -> Cell {
        Cell { wraps: true, ..self }
    }

    /// A row's heading whose numbers are in `unit`, as a column's heading names it (see
    /// [`DataTable::headers`]): `TTFT p50|s` reads "TTFT p50" on the page and in a document,
    /// where each value shows its own unit, and `TTFT p50 (s)` in the CSV, whose numbers are bare.
    pub fn heading_in(name: &str, unit: &str) -> Cell {
        Cell::text(format!("{name}|{unit}"))
    }
}

/// A heading as the page shows it: its name, without the unit after a `|`.
fn shown_heading(heading: &str) -> &str {
    heading.split_once('|').map_or(heading, |(name, _)| name)
}

/// A heading as a CSV file names it: `name (unit)`, since its numbers there are bare.
fn csv_heading(heading: &str) -> String {
    match heading.split_once('|') {
        Some((name, unit)) => format!("{name} ({unit})"),
        None => heading.to_string(),
    }
}

/// A figure's table. Its headings are the page's own words (`&'static str`) wherever the table
/// is built where it is shown; a table handed over from the worker owns them (`String`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DataTable<Heading = &'static str> {
    pub caption: String,
    /// Column headings. A heading may name the unit of its numbers after a `|`
    /// (`"prefill|s"`): on the page each cell shows its own unit ("13 ms", "2 s"), so the HTML
    /// heading is the name alone, while the CSV, whose numbers are bare, reads `prefill (s)`.
    /// A row's heading, its first cell, may do the same (`Cell::heading_in`).
    pub headers: Vec<Heading>,
    pub rows: Vec<Vec<Cell>>,
    /// Row to highlight (the reader's current setting), if any.
    pub current_row: Option<usize>,
}

impl<Heading: AsRef<str>> DataTable<Heading> {
    /// The table with its headings borrowed: the one form the CSV, the text and the markup are
    /// written from, so their code is not compiled again for each kind of heading.
    fn view(&self) -> TableView<'_> {
        TableView {
            caption: &self.caption,
            headers: self.headers.iter().map(AsRef::as_ref).collect(),
            rows: &self.rows,
            current_row: self.current_row,
        }
    }

    /// RFC 4180 CSV: numbers unrounded, text quoted where needed.
    pub fn to_csv(&self) -> String {
        self.view().to_csv()
    }

    /// The table as a reader sees it: the headings' names, then each row's cells, as text.
    #[must_use]
    pub fn text_rows(&self) -> Vec<Vec<String>> {
        self.view().text_rows()
    }

    /// The inside of an HTML `<table>`: caption, header row and body, every text escaped.
    pub fn to_html(&self) -> String {
        self.view().to_html()
    }
}

/// A [`DataTable`] with its headings borrowed.
struct TableView<'a> {
    caption: &'a str,
    headers: Vec<&'a str>,
    rows: &'a [Vec<Cell>],
    current_row: Option<usize>,
}

impl TableView<'_> {
    fn to_csv(&self) -> String {
        let mut out =
            self.headers.iter().map(|h| csv_field(&csv_heading(h))).collect::<Vec<_>>().join(",");
        out.push_str("\r\n");
        for row in self.rows {
            let cells: Vec<String> = row
                .iter()
                .enumerate()
                .map(|(j, c)| match c.value.filter(|v| v.is_finite()) {
                    Some(v) => v.to_string(),
                    None if j == 0 => csv_field(&csv_heading(&c.text)),
                    None => csv_field(&c.text),
                })
                .collect();
            out.push_str(&cells.join(","));
            out.push_str("\r\n");
        }
        out
    }

    fn text_rows(&self) -> Vec<Vec<String>> {
        let header = self.headers.iter().map(|h| shown_heading(h).to_string());
        let rows =
            self.rows.iter().map(|row| {
                row.iter()
                    .enumerate()
                    .map(|(j, cell)| {
                        if j == 0 {
                            shown_heading(&cell.text).to_string()
                        } else {
                            cell.text.clone()
                        }
                    })
                    .collect()
            });
        std::iter::once(header.collect()).chain(rows).collect()
    }

    fn to_html(&self) -> String {
        let mut out = String::with_capacity(64 * (self.rows.len() + 2));
        out.push_str("<caption>");
        escape_html_into(&mut out, self.caption);
        out.push_str("</caption><thead><tr>");
        for h in &self.headers {
            out.push_str("<th scope=\"col\">");
            escape_html_into(&mut out, shown_heading(h));
            out.push_str("</th>");
        }
        out.push_str("</tr></thead><tbody>");
        for (i, row) in self.rows.iter().enumerate() {
            out.push_str(if self.current_row == Some(i) {
                "<tr class=\"current\">"
            } else {
                "<tr>"
            });
            for (j, cell) in row.iter().enumerate() {
                out.push_str(match (j, cell.wraps) {
                    (0, _) => "<th scope=\"row\">",
                    (_, true) => "<td class=\"words\">",
                    (_, false) => "<td>",
                });
                escape_html_into(
                    &mut out,
                    if j == 0 { shown_heading(&cell.text) } else { &cell.text },
                );
                out.push_str(if j == 0 { "</th>" } else { "</td>" });
            }
            out.push_str("</tr>");
        }
        out.push_str("</tbody>");
        out
    }
}

impl<Heading: AsRef<str>> DataTable<Heading> {
    /// The table with headings of its own, to be handed over.
    #[must_use]
    pub fn owned(&self) -> DataTable<String> {
        DataTable {
            caption: self.caption.clone(),
            headers: self.headers.iter().map(|h| h.as_ref().to_string()).collect(),
            rows: self.rows.clone(),
            current_row: self.current_row,
        }
    }

    /// Writes the table as data (`measurements::protocol::wire`).
    pub fn write(&self, w: &mut Writer) {
        w.text(&self.caption);
        w.list(&self.headers, |w, h| {
            w.text(h.as_ref());
        });
        w.list(&self.rows, |w, row| {
            w.list(row, |w, cell| {
                w.text(&cell.text).number(cell.value).flag(Some(cell.wraps));
            });
        });
        w.number(self.current_row.map(|i| i as f64));
    }
}

impl DataTable<String> {
    /// Reads back what [`DataTable::write`] wrote.
    pub fn read(r: &mut Reader) -> Option<DataTable<String>> {
        let caption = r.text()?;
        let headers = r.list(Reader::text)?;
        let rows = r.list(|r| {
            r.list(|r| Some(Cell { text: r.text()?, value: r.number()?, wraps: r.flag()?? }))
        })?;
        let current_row = match r.maybe_count()? {
            Some(i) if i >= rows.len() => return None,
            row => row,
        };
        Some(DataTable { caption, headers, rows, current_row })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_reads_back_from_its_data_with_every_digit() {
        let t = DataTable {
            caption: "c <b>".into(),
            headers: vec!["what", "wait|s"],
            rows: vec![
                vec![Cell::text("a"), Cell::number(0.1 + 0.2, "300 ms")],
                vec![Cell::words("why, then"), Cell::text("none")],
            ],
            current_row: Some(1),
        };
        let mut w = Writer::new();
        t.write(&mut w);
        let text = w.finish();
        let mut r = Reader::new(&text);
        let back = DataTable::read(&mut r).and_then(|t| r.finish(t));
        assert_eq!(back, Some(t.owned()));
        assert_eq!(back.map(|b| b.to_html()), Some(t.to_html()));
        // The last item is the current row.
        let out_of_rows = format!("{}2\u{1c}", text.strip_suffix("1\u{1c}").unwrap());
        let mut r = Reader::new(&out_of_rows);
        assert_eq!(DataTable::read(&mut r), None, "a current row the table lacks");
    }

    #[test]
    fn the_text_rows_are_the_cells_a_reader_sees() {
        let t = DataTable {
            caption: "c".into(),
            headers: vec!["what", "wait|s"],
            rows: vec![vec![Cell::text("a"), Cell::number(0.012_5, "13 ms")]],
            current_row: None,
        };
        assert_eq!(t.text_rows(), [["what", "wait"], ["a", "13 ms"]]);
    }

    #[test]
    fn a_row_heading_names_its_unit_in_the_csv_only() {
        let t: DataTable = DataTable {
            caption: "c".into(),
            headers: vec!["", "A"],
            rows: vec![vec![Cell::heading_in("TTFT p50", "s"), Cell::number(0.213, "213 ms")]],
            current_row: None,
        };
        assert_eq!(t.to_csv(), ",A\r\nTTFT p50 (s),0.213\r\n");
        assert_eq!(t.text_rows()[1], ["TTFT p50", "213 ms"]);
        assert!(t.to_html().contains("<th scope=\"row\">TTFT p50</th><td>213 ms</td>"));
        let mut w = Writer::new();
        t.write(&mut w);
        let sent = w.finish();
        let read = DataTable::read(&mut Reader::new(&sent));
        assert_eq!(read, Some(t.owned()), "the unit crosses to the page");
    }

    #[test]
    fn csv_quotes_text_and_keeps_numbers_whole() {
        let t = DataTable {
            caption: "c".into(),
            headers: vec!["what", "wait|s"],
            rows: vec![vec![Cell::text("a, \"b\""), Cell::number(0.0125, "13 ms")]],
            current_row: None,
        };
        assert_eq!(t.to_csv(), "what,wait (s)\r\n\"a, \"\"b\"\"\",0.0125\r\n");
        assert!(
            t.to_html().contains("<th scope=\"col\">wait</th>"),
            "the page shows the name alone"
        );
    }

    #[test]
    fn csv_text_starting_like_a_formula_is_kept_text_and_numbers_stay_numbers() {
        let t = DataTable {
            caption: "c".into(),
            headers: vec!["what", "excess|s"],
            rows: vec![
                vec![Cell::text("=HYPERLINK(\"x\")"), Cell::number(-3.0, "−3 s")],
                vec![Cell::text("-1"), Cell::text("@x")],
            ],
            current_row: None,
        };
        assert_eq!(t.to_csv(), "what,excess (s)\r\n\"'=HYPERLINK(\"\"x\"\")\",-3\r\n-1,'@x\r\n");
    }

    #[test]
    fn html_escapes_text_and_marks_the_current_row() {
        let t = DataTable {
            caption: "<b>&".into(),
            headers: vec!["what", "secs"],
            rows: vec![
                vec![Cell::text("a"), Cell::text("1")],
                vec![Cell::text("x'\""), Cell::text("2")],
            ],
            current_row: Some(1),
        };
        assert_eq!(
            t.to_html(),
            "<caption>&lt;b&gt;&amp;</caption><thead><tr><th scope=\"col\">what</th><th scope=\"col\">secs</th></tr></thead>\
             <tbody><tr><th scope=\"row\">a</th><td>1</td></tr><tr class=\"current\"><th scope=\"row\">x&#39;&quot;</th><td>2</td></tr></tbody>"
        );
    }

    #[test]
    fn a_phrase_cell_is_marked_to_wrap_and_a_value_is_not() {
        let t = DataTable {
            caption: "c".into(),
            headers: vec!["what", "why", "secs"],
            rows: vec![vec![Cell::words("w"), Cell::words("sent when done"), Cell::text("2 s")]],
            current_row: None,
        };
        let html = t.to_html();
        assert!(html.contains("<th scope=\"row\">w</th>"), "a row heading stays a heading: {html}");
        assert!(html.contains("<td class=\"words\">sent when done</td><td>2 s</td>"), "{html}");
        assert_eq!(t.to_csv(), "what,why,secs\r\nw,sent when done,2 s\r\n");
    }
}
