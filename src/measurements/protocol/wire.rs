//! The flat text form in which the worker hands the page what it shows of a run or of two runs
//! compared: data (texts, numbers, counts), never markup. The page builds every element from
//! it, escaping every text, so a worker's copy changed on the way can make the section say
//! wrong things but can put no element of its own into the page.
//!
//! Items follow one another, each ended by [`SEPARATOR`], which no text keeps; a list is its
//! length, then its items. The form rides inside a field of the runs' own text form
//! ([`super::runs`]), whose separators no text here keeps either.

use crate::state::number::parse_f64;

/// ASCII's file separator: ends every item.
pub const SEPARATOR: char = '\u{1c}';

/// The page's own limits on what the worker hands it, whatever the worker itself keeps to: a
/// worker's script altered on the host (a worker's own fetch cannot be checked against a hash)
/// could otherwise make the page hold or lay out without end. No text the page shows of a run is
/// longer than this many characters (a run's name is at most 80, `file_text::cleaned`; its
/// longest sentences a few hundred)…
pub const MOST_TEXT_CHARS: usize = 4_000;
/// …and no list has more items than this (a run's observed requests are at most 4,000,
/// `review::observed::MOST_OBSERVED`; a figure's table has twenty rows).
pub const MOST_ITEMS: usize = 10_000;
/// `text` if it is within [`MOST_TEXT_CHARS`]: how the page takes every text the worker hands it
/// outside this form (a run's name and file stem, a refusal, a deployment's label). Measured in
/// bytes first, so a text of megabytes is refused without being counted.
pub fn bounded(text: String) -> Option<String> {
    (text.len() <= MOST_TEXT_CHARS || text.chars().count() <= MOST_TEXT_CHARS).then_some(text)
}

/// Every separator the worker's messages use; a text crossing in them keeps none.
const SEPARATORS: [char; 4] = ['\u{1c}', '\u{1d}', '\u{1e}', '\u{1f}'];

/// Writes items one after another.
#[derive(Debug, Default)]
pub struct Writer {
    out: String,
}

impl Writer {
    #[must_use]
    pub fn new() -> Writer {
        Writer::default()
    }

    /// A text, with any separator in it read as a space.
    pub fn text(&mut self, text: &str) -> &mut Writer {
        self.out.extend(text.chars().map(|c| if SEPARATORS.contains(&c) { ' ' } else { c }));
        self.end()
    }

    /// A number that may be missing: a non-finite one is written as missing.
    pub fn number(&mut self, x: Option<f64>) -> &mut Writer {
        if let Some(x) = x.filter(|x| x.is_finite()) {
            self.out.push_str(&x.to_string());
        }
        self.end()
    }

    pub fn count(&mut self, n: usize) -> &mut Writer {
        self.out.push_str(&n.to_string());
        self.end()
    }

    /// `None`, `false` or `true`.
    pub fn flag(&mut self, flag: Option<bool>) -> &mut Writer {
        self.out.push_str(match flag {
            None => "",
            Some(false) => "0",
            Some(true) => "1",
        });
        self.end()
    }

    /// A list: its length, then each item as `each` writes it.
    pub fn list<T>(&mut self, items: &[T], mut each: impl FnMut(&mut Writer, &T)) -> &mut Writer {
        self.count(items.len());
        for item in items {
            each(self, item);
        }
        self
    }

    fn end(&mut self) -> &mut Writer {
        self.out.push(SEPARATOR);
        self
    }

    #[must_use]
    pub fn finish(self) -> String {
        self.out
    }
}

/// Reads back what a [`Writer`] wrote, item by item; every read is `None` where the text is
/// not of that form, so a text from elsewhere is refused rather than misread.
#[derive(Debug)]
pub struct Reader<'a> {
    rest: &'a str,
}

impl<'a> Reader<'a> {
    #[must_use]
    pub fn new(text: &'a str) -> Reader<'a> {
        Reader { rest: text }
    }

    fn item(&mut self) -> Option<&'a str> {
        let (item, rest) = self.rest.split_once(SEPARATOR)?;
        self.rest = rest;
        Some(item)
    }

    /// A text of at most [`MOST_TEXT_CHARS`]; a longer one is refused, and the whole message
    /// with it.
    pub fn text(&mut self) -> Option<String> {
        let item = self.item()?;
        let fits = item.len() <= MOST_TEXT_CHARS || item.chars().nth(MOST_TEXT_CHARS).is_none();
        fits.then(|| item.to_string())
    }

    /// A number that may be missing; only a finite number is read as one.
    pub fn number(&mut self) -> Option<Option<f64>> {
        match self.item()? {
            "" => Some(None),
            text => parse_f64(text).filter(|x| x.is_finite()).map(Some),
        }
    }

    pub fn count(&mut self) -> Option<usize> {
        whole_number(self.item()?)
    }

    /// A count that may be missing (written as a [`Writer::number`]).
    pub fn maybe_count(&mut self) -> Option<Option<usize>> {
        match self.item()? {
            "" => Some(None),
            text => whole_number(text).map(Some),
        }
    }

    pub fn flag(&mut self) -> Option<Option<bool>> {
        match self.item()? {
            "" => Some(None),
            "0" => Some(Some(false)),
            "1" => Some(Some(true)),
            _ => None,
        }
    }

    /// A list as [`Writer::list`] wrote it. Each item takes at least one item of the text, so a
    /// length the text does not hold fails when the text runs out, having allocated no more
    /// than the text's items.
    pub fn list<T>(
        &mut self,
        mut each: impl FnMut(&mut Reader<'a>) -> Option<T>,
    ) -> Option<Vec<T>> {
        let n = self.count().filter(|n| *n <= MOST_ITEMS)?;
        let mut items = Vec::new();
        for _ in 0..n {
            items.push(each(self)?);
        }
        Some(items)
    }

    /// `value` if the whole text was read.
    pub fn finish<T>(self, value: T) -> Option<T> {
        self.rest.is_empty().then_some(value)
    }
}

/// `text` as a whole number of at least zero: a count or an id another program wrote.
pub fn whole_number(text: &str) -> Option<usize> {
    let n = parse_f64(text)?;
    // Below 2^53 an f64 holds every whole number exactly.
    (n >= 0.0 && n.fract() == 0.0 && n < 9.0e15).then_some(n as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_text_or_a_list_past_the_pages_limits_is_refused() {
        let mut w = Writer::new();
        w.text(&"x".repeat(MOST_TEXT_CHARS)).text(&"é".repeat(MOST_TEXT_CHARS));
        let fits = w.finish();
        let mut r = Reader::new(&fits);
        assert_eq!(
            (r.text().map(|t| t.len()), r.text().map(|t| t.chars().count())),
            (Some(MOST_TEXT_CHARS), Some(MOST_TEXT_CHARS))
        );
        let mut w = Writer::new();
        w.text(&"x".repeat(20 * MOST_TEXT_CHARS));
        assert_eq!(Reader::new(&w.finish()).text(), None);
        let mut w = Writer::new();
        w.list(&vec![0; MOST_ITEMS + 1], |w, n| {
            w.count(*n);
        });
        assert_eq!(Reader::new(&w.finish()).list(Reader::count), None);
    }

    #[test]
    fn every_kind_of_item_reads_back_and_texts_keep_no_separator() {
        let mut w = Writer::new();
        w.text("a\u{1c}b\u{1f}c <a href=x>")
            .number(Some(0.1 + 0.2))
            .number(None)
            .number(Some(f64::NAN))
            .count(7)
            .flag(None)
            .flag(Some(true))
            .list(&["x", "y"], |w, s| {
                w.text(s);
            });
        let text = w.finish();
        let mut r = Reader::new(&text);
        assert_eq!(r.text().as_deref(), Some("a b c <a href=x>"));
        assert_eq!(r.number(), Some(Some(0.1 + 0.2)));
        assert_eq!(r.number(), Some(None));
        assert_eq!(r.number(), Some(None));
        assert_eq!(r.count(), Some(7));
        assert_eq!(r.flag(), Some(None));
        assert_eq!(r.flag(), Some(Some(true)));
        assert_eq!(r.list(Reader::text), Some(vec!["x".to_string(), "y".to_string()]));
        assert_eq!(r.finish(()), Some(()));
    }

    #[test]
    fn a_text_of_another_form_is_refused() {
        assert_eq!(Reader::new("no separator").text(), None);
        assert_eq!(Reader::new("fast\u{1c}").number(), None);
        assert_eq!(Reader::new("inf\u{1c}").number(), None);
        assert_eq!(Reader::new("-1\u{1c}").count(), None);
        assert_eq!(Reader::new("2.5\u{1c}").count(), None);
        assert_eq!(Reader::new("\u{1c}").maybe_count(), Some(None));
        assert_eq!(Reader::new("3\u{1c}").maybe_count(), Some(Some(3)));
        assert_eq!(Reader::new("-3\u{1c}").maybe_count(), None);
        assert_eq!(Reader::new("yes\u{1c}").flag(), None);
        // A list longer than its text fails without reserving its length.
        assert_eq!(Reader::new("1000000000000\u{1c}a\u{1c}").list(Reader::text), None);
        let mut r = Reader::new("a\u{1c}b\u{1c}");
        let _ = r.text();
        assert_eq!(r.finish(()), None, "an item left over");
    }
}
