//! A small, tolerant JSON reader for benchmark result files.
//!
//! Benchmark tools are written in Python, whose `json` module writes the bare tokens `NaN`,
//! `Infinity` and `-Infinity` that strict JSON forbids, and several of them append one JSON
//! document per line. This reader accepts both, and never panics on any input.
//!
//! It is built for 40 MB files: strings and numbers are kept as slices of the input (a string
//! is unescaped, a number parsed, only when asked for), and an array holding only numbers (the
//! bulk of a detailed result file: millions of inter-token gaps) is kept as one slice of text
//! too, so reading allocates only the other arrays and the objects. Nesting is limited to [`MAX_DEPTH`] so hostile input cannot exhaust
//! the stack.

use std::borrow::Cow;

/// Deeper nesting than any benchmark file uses; beyond it the text is refused.
pub const MAX_DEPTH: usize = 128;

/// One JSON value, borrowing its text from the input.
#[derive(Clone, Debug, PartialEq)]
pub enum Value<'a> {
    Null,
    Bool(bool),
    /// The number's text as written (including `NaN`, `Infinity`, `-Infinity`).
    Number(&'a str),
    Str(Text<'a>),
    /// A non-empty array of numbers only, as the text between its brackets (already checked);
    /// read it with [`Value::numbers`].
    Numbers(&'a str),
    /// Any other array (including an empty one).
    Array(Vec<Value<'a>>),
    /// Members in file order; a key given twice keeps both, and lookups find the last, as
    /// Python's `json` module and JavaScript's `JSON.parse` read it.
    Object(Vec<(Text<'a>, Value<'a>)>),
}

/// A string as it appears between its quotes, unescaped only on demand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Text<'a> {
    raw: &'a str,
    escaped: bool,
}

/// Where and why the text stopped being JSON.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JsonError {
    /// 1-based line of the offending character.
    pub line: usize,
    /// 1-based column, counted in characters.
    pub column: usize,
    pub byte_offset: usize,
    pub message: String,
}

impl std::fmt::Display for JsonError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} at line {}, column {}", self.message, self.line, self.column)
    }
}

impl<'a> Text<'a> {
    /// The raw text between the quotes, escapes still in place.
    pub fn raw(&self) -> &'a str {
        self.raw
    }

    /// The string's value, borrowed when it holds no escapes.
    pub fn value(&self) -> Cow<'a, str> {
        if self.escaped {
            Cow::Owned(unescape(self.raw))
        } else {
            Cow::Borrowed(self.raw)
        }
    }

    /// Whether the string equals `s`, without allocating in the common unescaped case.
    pub fn is(&self, s: &str) -> bool {
        if self.escaped {
            unescape(self.raw) == s
        } else {
            self.raw == s
        }
    }
}

impl<'a> Value<'a> {
    /// The member `key` of an object (the last one, if repeated).
    pub fn get(&self, key: &str) -> Option<&Value<'a>> {
        match self {
            Value::Object(members) => members.iter().rev().find(|(k, _)| k.is(key)).map(|(_, v)| v),
            _ => None,
        }
    }

    /// Follows a path of object keys.
    pub fn path(&self, keys: &[&str]) -> Option<&Value<'a>> {
        keys.iter().try_fold(self, |v, k| v.get(k))
    }

    pub fn has(&self, key: &str) -> bool {
        self.get(key).is_some()
    }

    /// The items of an array that holds anything but numbers only; `None` for a number array
    /// (use [`Value::numbers`]) and for non-arrays.
    pub fn as_array(&self) -> Option<&[Value<'a>]> {
        match self {
            Value::Array(items) => Some(items),
            _ => None,
        }
    }

    /// Whether the value is an array of any kind.
    pub fn is_array(&self) -> bool {
        matches!(self, Value::Array(_) | Value::Numbers(_))
    }

    /// An array's items as numbers (NaN where an item is not a number), for number arrays and
    /// ordinary ones alike.
    pub fn numbers(&self) -> Option<Vec<f64>> {
        match self {
            Value::Numbers(text) => Some(number_items(text).map(parse_number).collect()),
            Value::Array(items) => {
                Some(items.iter().map(|v| v.as_f64().unwrap_or(f64::NAN)).collect())
            }
            _ => None,
        }
    }

    /// The sum and count of an array's finite numbers, without collecting them.
    pub fn finite_sum(&self) -> Option<(f64, usize)> {
        let fold = |(sum, n): (f64, usize), x: f64| {
            if x.is_finite() {
                (sum + x, n + 1)
            } else {
                (sum, n)
            }
        };
        match self {
            Value::Numbers(text) => Some(number_items(text).map(parse_number).fold((0.0, 0), fold)),
            Value::Array(items) => {
                Some(items.iter().map(|v| v.as_f64().unwrap_or(f64::NAN)).fold((0.0, 0), fold))
            }
            _ => None,
        }
    }

    /// How many items an array has.
    pub fn array_len(&self) -> Option<usize> {
        match self {
            Value::Numbers(text) => Some(number_items(text).count()),
            Value::Array(items) => Some(items.len()),
            _ => None,
        }
    }

    pub fn as_object(&self) -> Option<&[(Text<'a>, Value<'a>)]> {
        match self {
            Value::Object(members) => Some(members),
            _ => None,
        }
    }

    pub fn is_object(&self) -> bool {
        matches!(self, Value::Object(_))
    }

    pub fn is_null(&self) -> bool {
        matches!(self, Value::Null)
    }

    /// The number's value, NaN and infinities included. A string holding a number counts too,
    /// since some tools quote numbers in CSV-derived JSON.
    pub fn as_f64(&self) -> Option<f64> {
        match self {
            Value::Number(text) => Some(parse_number(text)),
            Value::Str(text) => text.value().trim().parse::<f64>().ok(),
            _ => None,
        }
    }

    /// The number's value when it is finite.
    pub fn as_finite(&self) -> Option<f64> {
        self.as_f64().filter(|x| x.is_finite())
    }

    pub fn as_str(&self) -> Option<Cow<'a, str>> {
        match self {
            Value::Str(text) => Some(text.value()),
            _ => None,
        }
    }

    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Value::Bool(b) => Some(*b),
            _ => None,
        }
    }

    /// A short description of the value's kind, for messages.
    pub fn kind(&self) -> &'static str {
        match self {
            Value::Null => "null",
            Value::Bool(_) => "a boolean",
            Value::Number(_) => "a number",
            Value::Str(_) => "a string",
            Value::Numbers(_) => "an array of numbers",
            Value::Array(_) => "an array",
            Value::Object(_) => "an object",
        }
    }
}

/// The items of a checked number array's text.
fn number_items(text: &str) -> impl Iterator<Item = &str> {
    text.split(',').map(str::trim)
}

/// Parses a number already checked by the scanner. Python's special tokens map to their f64s.
fn parse_number(text: &str) -> f64 {
    if let Some(x) = short_decimal(text) {
        return x;
    }
    match text {
        "NaN" | "-NaN" => f64::NAN,
        "Infinity" | "+Infinity" => f64::INFINITY,
        "-Infinity" => f64::NEG_INFINITY,
        _ => text.parse::<f64>().unwrap_or(f64::NAN),
    }
}

/// Powers of ten that an f64 holds exactly.
const EXACT_POWERS_OF_TEN: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
];

/// Most numbers in result files, quickly: digits with at most one point, perhaps a minus sign,
/// no exponent. With the digits read as an integer below 2⁵³ and at most 22 of them after the
/// point, both the integer and the power of ten are exact in an f64, so one division rounds the
/// quotient correctly: the same value `str::parse` gives, which takes every other form.
fn short_decimal(text: &str) -> Option<f64> {
    let (negative, digits) = match text.as_bytes().split_first()? {
        (b'-', rest) => (true, rest),
        _ => (false, text.as_bytes()),
    };
    // Nineteen digits at most: their integer then fits a u64.
    if digits.len() > 19 {
        return None;
    }
    let (mut mantissa, mut count, mut point) = (0u64, 0usize, None);
    for &b in digits {
        match b {
            b'0'..=b'9' => {
                mantissa = mantissa * 10 + u64::from(b - b'0');
                count += 1;
            }
            b'.' if point.is_none() => point = Some(count),
            _ => return None,
        }
    }
    if count == 0 || mantissa > 1 << 53 {
        return None;
    }
    let power = EXACT_POWERS_OF_TEN.get(point.map_or(0, |p| count - p))?;
    let magnitude = mantissa as f64 / power;
    Some(if negative { -magnitude } else { magnitude })
}

/// Reads exactly one JSON value (surrounding whitespace allowed).
pub fn parse(text: &str) -> Result<Value<'_>, JsonError> {
    let mut parser = Parser::new(text);
    parser.skip_ws();
    let value = parser.value(0)?;
    parser.skip_ws();
    if parser.pos < parser.bytes.len() {
        return Err(parser.error("unexpected text after the end of the JSON value"));
    }
    Ok(value)
}

/// Reads a sequence of JSON values separated by whitespace: JSON Lines, or one document.
pub fn parse_many(text: &str) -> Result<Vec<Value<'_>>, JsonError> {
    let mut parser = Parser::new(text);
    let mut values = Vec::new();
    loop {
        parser.skip_ws();
        if parser.pos >= parser.bytes.len() {
            return Ok(values);
        }
        values.push(parser.value(0)?);
    }
}

struct Parser<'a> {
    text: &'a str,
    bytes: &'a [u8],
    pos: usize,
}

impl<'a> Parser<'a> {
    fn new(text: &'a str) -> Self {
        // A UTF-8 byte order mark is harmless; editors on Windows add one.
        let start = if text.starts_with('\u{feff}') { 3 } else { 0 };
        Parser { text, bytes: text.as_bytes(), pos: start }
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    fn skip_ws(&mut self) {
        while let Some(b' ' | b'\n' | b'\r' | b'\t') = self.peek() {
            self.pos += 1;
        }
    }

    fn error(&self, message: &str) -> JsonError {
        let offset = self.pos.min(self.bytes.len());
        let before = self.bytes.get(..offset).unwrap_or(self.bytes);
        let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
        let line_start = before.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        let column =
            self.text.get(line_start..offset).map_or(offset - line_start, |s| s.chars().count())
                + 1;
        let found = match self.text.get(offset..).and_then(|s| s.chars().next()) {
            Some(c) if c.is_control() => " (found a control character)".to_string(),
            Some(c) if crate::state::notice::is_format(c) => {
                " (found an invisible or direction character)".to_string()
            }
            Some(c) => format!(" (found '{c}')"),
            None => " (found the end of the text)".to_string(),
        };
        JsonError { line, column, byte_offset: offset, message: format!("{message}{found}") }
    }

    fn value(&mut self, depth: usize) -> Result<Value<'a>, JsonError> {
        if depth >= MAX_DEPTH {
            return Err(self.error("nesting deeper than the reader accepts"));
        }
        match self.peek() {
            Some(b'{') => self.object(depth),
            Some(b'[') => self.array(depth),
            Some(b'"') => Ok(Value::Str(self.string()?)),
            Some(b't') => self.word("true", Value::Bool(true)),
            Some(b'f') => self.word("false", Value::Bool(false)),
            Some(b'n') => self.word("null", Value::Null),
            Some(b'N') => self.special("NaN"),
            Some(b'I') => self.special("Infinity"),
            Some(b'-' | b'+' | b'0'..=b'9' | b'.') => self.number(),
            _ => Err(self.error("expected a JSON value")),
        }
    }

    /// At an array's `[`: if it holds only numbers, its inner text; otherwise `None` with the
    /// position unchanged, for the general reader to take over.
    fn number_list(&mut self) -> Option<&'a str> {
        let open = self.pos;
        self.pos += 1;
        let start = self.pos;
        loop {
            self.skip_ws();
            let scanned = match self.peek() {
                Some(b'N') => self.special("NaN").is_ok(),
                Some(b'I') => self.special("Infinity").is_ok(),
                Some(b'-' | b'+' | b'0'..=b'9' | b'.') => self.number().is_ok(),
                _ => false,
            };
            if !scanned {
                break;
            }
            self.skip_ws();
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b']') => {
                    let inner = self.text.get(start..self.pos);
                    self.pos += 1;
                    return inner;
                }
                _ => break,
            }
        }
        self.pos = open;
        None
    }

    fn word(&mut self, word: &str, value: Value<'a>) -> Result<Value<'a>, JsonError> {
        if self.bytes.get(self.pos..self.pos + word.len()) == Some(word.as_bytes()) {
            self.pos += word.len();
            Ok(value)
        } else {
            Err(self.error("expected a JSON value"))
        }
    }

    fn special(&mut self, word: &'static str) -> Result<Value<'a>, JsonError> {
        let start = self.pos;
        self.word(word, Value::Null)?;
        Ok(Value::Number(self.text.get(start..self.pos).unwrap_or(word)))
    }

    fn number(&mut self) -> Result<Value<'a>, JsonError> {
        let start = self.pos;
        if let Some(b'-' | b'+') = self.peek() {
            self.pos += 1;
            match self.peek() {
                Some(b'I') => {
                    self.word("Infinity", Value::Null)?;
                    return Ok(Value::Number(self.text.get(start..self.pos).unwrap_or("NaN")));
                }
                Some(b'N') => {
                    self.word("NaN", Value::Null)?;
                    return Ok(Value::Number(self.text.get(start..self.pos).unwrap_or("NaN")));
                }
                _ => {}
            }
        }
        let mut digits = 0usize;
        while let Some(b'0'..=b'9') = self.peek() {
            self.pos += 1;
            digits += 1;
        }
        if self.peek() == Some(b'.') {
            self.pos += 1;
            while let Some(b'0'..=b'9') = self.peek() {
                self.pos += 1;
                digits += 1;
            }
        }
        if digits == 0 {
            return Err(self.error("malformed number"));
        }
        if let Some(b'e' | b'E') = self.peek() {
            self.pos += 1;
            if let Some(b'-' | b'+') = self.peek() {
                self.pos += 1;
            }
            let mut exp_digits = 0usize;
            while let Some(b'0'..=b'9') = self.peek() {
                self.pos += 1;
                exp_digits += 1;
            }
            if exp_digits == 0 {
                return Err(self.error("malformed number exponent"));
            }
        }
        match self.text.get(start..self.pos) {
            Some(s) => Ok(Value::Number(s)),
            None => Err(self.error("malformed number")),
        }
    }

    fn string(&mut self) -> Result<Text<'a>, JsonError> {
        // Called on the opening quote.
        self.pos += 1;
        let start = self.pos;
        let mut escaped = false;
        loop {
            // Jump to the next quote or backslash: the hot loop for long texts.
            let rest = self.bytes.get(self.pos..).unwrap_or(&[]);
            match rest.iter().position(|&b| b == b'"' || b == b'\\') {
                None => {
                    self.pos = self.bytes.len();
                    return Err(self.error("unterminated string"));
                }
                Some(i) => {
                    self.pos += i;
                    if self.peek() == Some(b'"') {
                        let raw = self.text.get(start..self.pos).unwrap_or("");
                        self.pos += 1;
                        return Ok(Text { raw, escaped });
                    }
                    // A backslash: skip it and the escaped character (a quote stays inside).
                    escaped = true;
                    self.pos += 2;
                    if self.pos > self.bytes.len() {
                        self.pos = self.bytes.len();
                        return Err(self.error("unterminated string"));
                    }
                    // Stay on a character boundary if the escaped byte began a multi-byte one.
                    while self.pos < self.bytes.len() && !self.text.is_char_boundary(self.pos) {
                        self.pos += 1;
                    }
                }
            }
        }
    }

    fn array(&mut self, depth: usize) -> Result<Value<'a>, JsonError> {
        if let Some(inner) = self.number_list() {
            return Ok(Value::Numbers(inner));
        }
        self.pos += 1;
        let mut items = Vec::new();
        self.skip_ws();
        if self.peek() == Some(b']') {
            self.pos += 1;
            return Ok(Value::Array(items));
        }
        loop {
            self.skip_ws();
            items.push(self.value(depth + 1)?);
            self.skip_ws();
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b']') => {
                    self.pos += 1;
                    return Ok(Value::Array(items));
                }
                _ => return Err(self.error("expected ',' or ']' in an array")),
            }
        }
    }

    fn object(&mut self, depth: usize) -> Result<Value<'a>, JsonError> {
        self.pos += 1;
        let mut members = Vec::new();
        self.skip_ws();
        if self.peek() == Some(b'}') {
            self.pos += 1;
            return Ok(Value::Object(members));
        }
        loop {
            self.skip_ws();
            if self.peek() != Some(b'"') {
                return Err(self.error("expected a quoted key in an object"));
            }
            let key = self.string()?;
            self.skip_ws();
            if self.peek() != Some(b':') {
                return Err(self.error("expected ':' after an object key"));
            }
            self.pos += 1;
            self.skip_ws();
            let value = self.value(depth + 1)?;
            members.push((key, value));
            self.skip_ws();
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b'}') => {
                    self.pos += 1;
                    return Ok(Value::Object(members));
                }
                _ => return Err(self.error("expected ',' or '}' in an object")),
            }
        }
    }
}

/// Resolves JSON escapes. Malformed escapes and lone surrogates become U+FFFD rather than errors:
/// a damaged label should not cost the reader their measurements.
fn unescape(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some('r') => out.push('\r'),
            Some('b') => out.push('\u{8}'),
            Some('f') => out.push('\u{c}'),
            Some('u') => {
                let high = hex4(&mut chars);
                match high {
                    Some(h) if (0xD800..0xDC00).contains(&h) => {
                        // A high surrogate must be followed by `\u` and a low one.
                        let mut look = chars.clone();
                        let low = match (look.next(), look.next()) {
                            (Some('\\'), Some('u')) => hex4(&mut look),
                            _ => None,
                        };
                        match low {
                            Some(l) if (0xDC00..0xE000).contains(&l) => {
                                chars = look;
                                let code = 0x10000 + ((h - 0xD800) << 10) + (l - 0xDC00);
                                out.push(char::from_u32(code).unwrap_or('\u{fffd}'));
                            }
                            _ => out.push('\u{fffd}'),
                        }
                    }
                    Some(h) => out.push(char::from_u32(h).unwrap_or('\u{fffd}')),
                    None => out.push('\u{fffd}'),
                }
            }
            Some(other) => out.push(other),
            None => {}
        }
    }
    out
}

fn hex4(chars: &mut std::str::Chars<'_>) -> Option<u32> {
    let mut code = 0u32;
    for _ in 0..4 {
        code = code * 16 + chars.next()?.to_digit(16)?;
    }
    Some(code)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_python_specials_and_nesting() {
        let v =
            parse(r#"{"a": NaN, "b": [Infinity, -Infinity, 1.5e3], "c": {"d": null}}"#).unwrap();
        assert!(v.get("a").unwrap().as_f64().unwrap().is_nan());
        let b = v.get("b").unwrap().numbers().unwrap();
        assert_eq!(b, vec![f64::INFINITY, f64::NEG_INFINITY, 1500.0]);
        assert_eq!(v.get("b").unwrap().finite_sum(), Some((1500.0, 1)));
        // A list with anything but numbers is read item by item.
        let mixed = parse("[1, \"two\", 3]").unwrap();
        assert_eq!(mixed.as_array().unwrap().len(), 3);
        assert!(mixed.numbers().unwrap()[1].is_nan());
        assert_eq!(parse("[ ]").unwrap().array_len(), Some(0));
        assert_eq!(parse("[1 , 2 ]").unwrap().numbers(), Some(vec![1.0, 2.0]));
        assert!(v.path(&["c", "d"]).unwrap().is_null());
    }

    #[test]
    fn unescapes_on_demand() {
        let v = parse(r#"{"k\u00e9y": "a\"b\\c\n\ud83d\ude00"}"#).unwrap();
        let members = v.as_object().unwrap();
        assert_eq!(members[0].0.value(), "kéy");
        assert_eq!(v.get("kéy").unwrap().as_str().unwrap(), "a\"b\\c\n😀");
    }

    #[test]
    fn a_key_given_twice_reads_as_its_last_value() {
        // As Python's json module and JavaScript's JSON.parse read it.
        let v = parse(r#"{"a": 1, "b": 2, "a": 3}"#).unwrap();
        assert_eq!(v.get("a").and_then(Value::as_f64), Some(3.0));
        assert_eq!(v.get("b").and_then(Value::as_f64), Some(2.0));
    }

    #[test]
    fn json_lines_and_errors_say_where() {
        let many = parse_many("{\"a\":1}\n{\"a\":2}\n").unwrap();
        assert_eq!(many.len(), 2);
        let err = parse_many("{\"a\":1}\n{\"a\": tru}\n").unwrap_err();
        assert_eq!((err.line, err.column), (2, 7));
        assert!(parse("[1, 2").is_err());
        assert!(parse("\"abc").is_err());
        assert!(parse("-").is_err());
        assert!(parse("1e").is_err());
    }

    #[test]
    fn short_decimals_read_as_the_standard_parser_reads_them() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut texts: Vec<String> = [
            "0",
            "-0",
            "0.0",
            "-0.0",
            "5.",
            ".5",
            "-.5",
            "007",
            "1.000000000000000000001",
            "9007199254740992",
            "9007199254740993",
            "0.1",
            "0.3",
            "123456789012345678",
            "12345678901234567890",
            "0.020123456",
            "1e5",
            "+5",
            ".",
            "-",
            "1.2.3",
            "",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        for _ in 0..200_000 {
            let r = next();
            let digits = 1 + (r % 19) as usize;
            let mut text: String =
                (0..digits).map(|k| char::from(b'0' + ((r >> (k * 3 + 8)) % 10) as u8)).collect();
            let point = (r >> 5) as usize % (digits + 2);
            if point <= digits {
                text.insert(point, '.');
            }
            if r & 1 == 1 {
                text.insert(0, '-');
            }
            texts.push(text);
        }
        for text in &texts {
            let standard = text.parse::<f64>().ok();
            let fast = short_decimal(text);
            if let Some(fast) = fast {
                assert_eq!(Some(fast.to_bits()), standard.map(f64::to_bits), "{text}");
            }
            let parsed = parse_number(text);
            assert_eq!(parsed.to_bits(), standard.unwrap_or(f64::NAN).to_bits(), "{text}");
        }
        assert!(short_decimal("0.020123456").is_some() && short_decimal("1e5").is_none());
    }

    #[test]
    fn depth_is_limited() {
        let deep = "[".repeat(MAX_DEPTH + 1) + &"]".repeat(MAX_DEPTH + 1);
        assert!(parse(&deep).is_err());
        let ok = "[".repeat(MAX_DEPTH - 1) + &"]".repeat(MAX_DEPTH - 1);
        assert!(parse(&ok).is_ok());
    }
}
