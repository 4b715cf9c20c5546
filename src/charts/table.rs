//! The data behind a figure as a table: shown as HTML for readers who cannot see the canvas,
//! and exported as CSV. Each cell keeps the unrounded number beside the text shown, so the CSV
//! carries full precision while the page shows the lesson's rounding.

#[derive(Clone, Debug, PartialEq)]
pub struct Cell {
    pub text: String,
    pub value: Option<f64>,
}

impl Cell {
    pub fn text(text: impl Into<String>) -> Cell {
        Cell { text: text.into(), value: None }
    }

    pub fn number(value: f64, text: impl Into<String>) -> Cell {
        Cell { text: text.into(), value: Some(value) }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct DataTable {
    pub caption: String,
    /// Column headings; for CSV, numbers are in the unit a heading names.
    pub headers: Vec<&'static str>,
    pub rows: Vec<Vec<Cell>>,
    /// Row to highlight (the reader's current setting), if any.
    pub current_row: Option<usize>,
}

impl DataTable {
    /// RFC 4180 CSV: numbers unrounded, text quoted where needed.
    pub fn to_csv(&self) -> String {
        let mut out = self.headers.iter().map(|h| quote(h)).collect::<Vec<_>>().join(",");
        out.push_str("\r\n");
        for row in &self.rows {
            let cells: Vec<String> = row.iter().map(|c| c.value.filter(|v| v.is_finite()).map(|v| v.to_string()).unwrap_or_else(|| quote(&c.text))).collect();
            out.push_str(&cells.join(","));
            out.push_str("\r\n");
        }
        out
    }
}

fn quote(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_quotes_text_and_keeps_numbers_whole() {
        let t = DataTable {
            caption: "c".into(),
            headers: vec!["what", "secs"],
            rows: vec![vec![Cell::text("a, \"b\""), Cell::number(0.0125, "13 ms")]],
            current_row: None,
        };
        assert_eq!(t.to_csv(), "what,secs\r\n\"a, \"\"b\"\"\",0.0125\r\n");
    }
}
