//! A small CSV reader for generic per-request tables (RFC 4180 quoting).
//!
//! Spreadsheets export with commas, semicolons (where the comma is the decimal mark) or tabs,
//! so the delimiter is whichever of those the header line holds most of. Fields borrow from the
//! input unless they are quoted with doubled quotes inside.

use std::borrow::Cow;

/// A table: the header's column names and the data rows, each row as its fields.
#[derive(Clone, Debug, PartialEq)]
pub struct Table<'a> {
    pub header: Vec<Cow<'a, str>>,
    pub rows: Vec<Vec<Cow<'a, str>>>,
    /// The 1-based line each row starts on, for messages.
    pub row_lines: Vec<usize>,
    /// The byte between fields: `,`, `;` or a tab.
    pub delimiter: u8,
}

/// Where a quoted field was left open.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CsvError {
    pub line: usize,
    pub message: String,
}

/// Reads the whole text as a table. Blank lines are skipped; a row may have fewer or more
/// fields than the header (the caller decides what a missing field means).
pub fn parse(text: &str) -> Result<Table<'_>, CsvError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let delimiter = guess_delimiter(text);
    let mut rows = Vec::new();
    let mut row_lines = Vec::new();
    let bytes = text.as_bytes();
    let mut pos = 0usize;
    let mut line = 1usize;
    while pos < bytes.len() {
        let row_line = line;
        let mut row = Vec::new();
        loop {
            let (field, next, newlines) = field(text, pos, delimiter)
                .map_err(|message| CsvError { line: row_line, message })?;
            line += newlines;
            row.push(field);
            pos = next;
            match bytes.get(pos) {
                Some(&b) if b == delimiter => pos += 1,
                Some(b'\r') => {
                    pos += 1;
                    if bytes.get(pos) == Some(&b'\n') {
                        pos += 1;
                    }
                    line += 1;
                    break;
                }
                Some(b'\n') => {
                    pos += 1;
                    line += 1;
                    break;
                }
                _ => break,
            }
        }
        let blank = row.len() == 1 && row.first().is_some_and(|f| f.trim().is_empty());
        if !blank {
            rows.push(row);
            row_lines.push(row_line);
        }
    }
    let mut rows = rows.into_iter();
    let mut lines = row_lines.into_iter();
    let header = rows.next().unwrap_or_default();
    lines.next();
    Ok(Table { header, rows: rows.collect(), row_lines: lines.collect(), delimiter })
}

/// One field starting at `pos`: its text, the position after it, and the newlines inside it.
fn field(text: &str, pos: usize, delimiter: u8) -> Result<(Cow<'_, str>, usize, usize), String> {
    let bytes = text.as_bytes();
    if bytes.get(pos) != Some(&b'"') {
        let end = bytes
            .get(pos..)
            .and_then(|rest| rest.iter().position(|&b| b == delimiter || b == b'\n' || b == b'\r'))
            .map_or(bytes.len(), |i| pos + i);
        return Ok((Cow::Borrowed(text.get(pos..end).unwrap_or("")), end, 0));
    }
    let start = pos + 1;
    let mut i = start;
    let mut doubled = false;
    let mut newlines = 0usize;
    loop {
        match bytes.get(i) {
            None => return Err("a quoted field is never closed".to_string()),
            Some(b'"') if bytes.get(i + 1) == Some(&b'"') => {
                doubled = true;
                i += 2;
            }
            Some(b'"') => break,
            Some(b'\n') => {
                newlines += 1;
                i += 1;
            }
            Some(_) => i += 1,
        }
    }
    let inner = text.get(start..i).unwrap_or("");
    let value =
        if doubled { Cow::Owned(inner.replace("\"\"", "\"")) } else { Cow::Borrowed(inner) };
    // Anything between the closing quote and the delimiter is dropped, as spreadsheets do.
    let after = bytes
        .get(i + 1..)
        .and_then(|rest| rest.iter().position(|&b| b == delimiter || b == b'\n' || b == b'\r'))
        .map_or(bytes.len(), |j| i + 1 + j);
    Ok((value, after, newlines))
}

fn guess_delimiter(text: &str) -> u8 {
    let first_line = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
    let count = |c: char| first_line.matches(c).count();
    let (commas, semicolons, tabs) = (count(','), count(';'), count('\t'));
    if tabs > commas && tabs >= semicolons {
        b'\t'
    } else if semicolons > commas {
        b';'
    } else {
        b','
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quotes_delimiters_and_line_endings() {
        let t = parse("a,b,c\r\n1,\"x,\"\"y\"\"\",3\r\n\r\n4,5,6\n").unwrap();
        assert_eq!(t.header, vec!["a", "b", "c"]);
        assert_eq!(t.rows.len(), 2);
        assert_eq!(t.rows[0][1], "x,\"y\"");
        assert_eq!(t.row_lines, vec![2, 4]);
        let semi = parse("a;b\n1,5;2\n").unwrap();
        assert_eq!(semi.rows[0], vec!["1,5", "2"]);
        assert!(parse("a\n\"open").is_err());
    }
}
