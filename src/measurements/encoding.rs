//! A result file's bytes as text. Benchmarks write UTF-8, but a file that passed through
//! Windows tools may be UTF-16: Windows PowerShell's `>` and `Out-File`, and Notepad's
//! "Unicode", save it that way. Such a file is read, in either byte order, rather than
//! refused: its numbers and keys are ASCII, and nothing in them is lost.

use std::borrow::Cow;

/// The bytes as text: UTF-16 when a byte order mark says so or when NULs fill one byte of
/// nearly every pair at the start (ASCII text in UTF-16), in the order those NULs show;
/// otherwise UTF-8, a leading byte order mark dropped and invalid sequences replaced by U+FFFD,
/// as a browser reading a file as text does.
pub fn decode(bytes: &[u8]) -> Cow<'_, str> {
    if let Some(rest) = bytes.strip_prefix(&[0xef, 0xbb, 0xbf]) {
        return String::from_utf8_lossy(rest);
    }
    let (big_endian, units) = match bytes {
        [0xff, 0xfe, rest @ ..] => (false, rest),
        [0xfe, 0xff, rest @ ..] => (true, rest),
        _ => match nul_order(bytes) {
            Some(big_endian) => (big_endian, bytes),
            None => return String::from_utf8_lossy(bytes),
        },
    };
    let pairs = units.chunks_exact(2);
    let dangling = !pairs.remainder().is_empty();
    let units = pairs.map(|pair| match pair {
        [a, b] if big_endian => u16::from_be_bytes([*a, *b]),
        [a, b] => u16::from_le_bytes([*a, *b]),
        _ => 0xfffd,
    });
    let mut text: String = char::decode_utf16(units).map(|c| c.unwrap_or('\u{fffd}')).collect();
    if dangling {
        text.push('\u{fffd}');
    }
    Cow::Owned(text)
}

/// Whether the start of `bytes` looks like UTF-16 without a byte order mark: `Some(true)` when
/// the first byte of three pairs in four or more is NUL and the second rarely is (big-endian
/// ASCII), `Some(false)` for the reverse, `None` otherwise.
fn nul_order(bytes: &[u8]) -> Option<bool> {
    let head = bytes.get(..bytes.len().min(1024)).unwrap_or(bytes);
    let pairs = head.len() / 2;
    if pairs < 2 {
        return None;
    }
    let (mut first, mut second) = (0usize, 0usize);
    for pair in head.chunks_exact(2) {
        if let [a, b] = pair {
            first += usize::from(*a == 0);
            second += usize::from(*b == 0);
        }
    }
    let most = |n: usize| n * 4 >= pairs * 3;
    let few = |n: usize| n * 4 < pairs;
    if most(first) && few(second) {
        Some(true)
    } else if most(second) && few(first) {
        Some(false)
    } else {
        None
    }
}

/// UTF-16 text that was read as UTF-8, as a browser's or the worker's text reading gives it: a
/// NUL beside every ASCII character, and a byte order mark turned into two U+FFFD. Dropping the
/// NULs gives back every ASCII character exactly, which is all of a result file's numbers, keys
/// and punctuation; other characters cannot be recovered from such a reading and show as
/// U+FFFD or stray characters, in names only. `None` when the text does not look like that (at
/// least two in five of its first characters NUL).
pub fn from_misread_utf16(text: &str) -> Option<String> {
    let (seen, nuls) = text
        .chars()
        .take(1024)
        .fold((0usize, 0usize), |(n, z), c| (n + 1, z + usize::from(c == '\0')));
    if seen < 4 || nuls * 5 < seen * 2 {
        return None;
    }
    let mut body = text.strip_prefix('\u{feff}').unwrap_or(text);
    for _ in 0..2 {
        body = body.strip_prefix('\u{fffd}').unwrap_or(body);
    }
    Some(body.chars().filter(|c| *c != '\0').collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_that_is_not_utf16_is_left_to_utf8() {
        assert_eq!(nul_order(b"prompt_tokens,output_tokens"), None);
        assert_eq!(nul_order(b"a"), None);
        assert_eq!(from_misread_utf16("prompt_tokens,output_tokens\n1,2\n"), None);
        assert_eq!(from_misread_utf16("\0"), None);
        assert_eq!(decode(b"\0\0\0\0\0\0"), "\0\0\0\0\0\0", "all NULs is no byte order");
    }

    #[test]
    fn an_odd_byte_at_the_end_of_utf16_is_replaced() {
        assert_eq!(decode(b"\xff\xfea\0b\0c"), "ab\u{fffd}");
        assert_eq!(decode(b"\xff\xfe\x00\xd8a\0"), "\u{fffd}a", "a lone surrogate");
    }
}
