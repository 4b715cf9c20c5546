//! Reading a number from text, with exactly the answers of `str::parse::<f64>`.
//!
//! Rust's own float parser carries a table of 128-bit powers of five (10 KB that gzip cannot
//! shrink) for the rare text that needs wide arithmetic to round correctly. The page parses
//! slider positions, URL values and typed fields, which almost never need it. So the syntax
//! is checked here, the common case is computed exactly, and only the rare case goes to a
//! correctly rounded parser that is already at hand: the browser's in the wasm build, Rust's in
//! native builds (where tests compare the two paths).
//!
//! The common case is Clinger's fast path, the same one Rust's parser tries first: at most 19
//! significant digits whose value is at most 2^53, and a power of ten up to 22. Both are then
//! exact doubles, and one multiplication or division rounds once, correctly.

/// Exact powers of ten as doubles: 10^22 is the largest that is.
const POWERS_OF_TEN: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
];

/// The largest integer below which every integer is an exact double.
const EXACT_INTEGERS: u64 = 1 << 53;

/// `text.parse::<f64>().ok()`: the same grammar (an optional sign, then `inf`, `infinity` or
/// `nan` in any case, or digits with an optional point and exponent; no spaces, separators or
/// hexadecimal) and the same correctly rounded value.
pub fn parse_f64(text: &str) -> Option<f64> {
    let (negative, body) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    let magnitude = if body.eq_ignore_ascii_case("inf") || body.eq_ignore_ascii_case("infinity") {
        f64::INFINITY
    } else if body.eq_ignore_ascii_case("nan") {
        f64::NAN
    } else {
        let decimal = Decimal::read(body)?;
        decimal.fast().unwrap_or_else(|| rare(body))
    };
    Some(if negative { -magnitude } else { magnitude })
}

/// A decimal number as written: its significant digits as an integer, and a power of ten.
#[derive(Debug, PartialEq)]
struct Decimal {
    /// The digits with leading and trailing zeros removed; `None` when there are more than 19.
    digits: Option<u64>,
    /// The value is `digits × 10^exponent`.
    exponent: i64,
}

impl Decimal {
    /// Reads `digits [. digits] [e|E [sign] digits]` with at least one digit before the
    /// exponent, or nothing.
    fn read(body: &str) -> Option<Decimal> {
        let (number, exponent) = match body.split_once(['e', 'E']) {
            Some((number, exponent)) => (number, Some(exponent)),
            None => (body, None),
        };
        let (whole, fraction) = number.split_once('.').unwrap_or((number, ""));
        let all_digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
        if (whole.is_empty() && fraction.is_empty()) || !all_digits(whole) || !all_digits(fraction)
        {
            return None;
        }
        let written_exponent = match exponent {
            None => 0,
            Some(exponent) => {
                let (negative, digits) = match exponent.strip_prefix('-') {
                    Some(rest) => (true, rest),
                    None => (false, exponent.strip_prefix('+').unwrap_or(exponent)),
                };
                if digits.is_empty() || !all_digits(digits) {
                    return None;
                }
                // Saturating: an exponent past any double's range means zero or infinity all
                // the same, and the rare path decides which.
                let value = digits.bytes().fold(0_i64, |acc, b| {
                    acc.saturating_mul(10).saturating_add(i64::from(b - b'0'))
                });
                if negative {
                    -value
                } else {
                    value
                }
            }
        };

        // Significant digits: drop leading zeros, and move trailing zeros into the exponent.
        let significant =
            whole.bytes().chain(fraction.bytes()).skip_while(|&b| b == b'0').collect::<Vec<u8>>();
        let trailing_zeros = significant.iter().rev().take_while(|&&b| b == b'0').count();
        let kept = significant.len() - trailing_zeros;
        let exponent = written_exponent
            .saturating_sub(fraction.len() as i64)
            .saturating_add(trailing_zeros as i64);
        let digits = (kept <= 19).then(|| {
            significant.iter().take(kept).fold(0_u64, |acc, &b| acc * 10 + u64::from(b - b'0'))
        });
        Some(Decimal { digits, exponent })
    }

    /// The value when one rounding gives it exactly; `None` when the rare path is needed.
    fn fast(&self) -> Option<f64> {
        let digits = self.digits?;
        if digits == 0 {
            return Some(0.0);
        }
        if digits > EXACT_INTEGERS {
            return None;
        }
        let power = *POWERS_OF_TEN.get(usize::try_from(self.exponent.unsigned_abs()).ok()?)?;
        Some(if self.exponent >= 0 { digits as f64 * power } else { digits as f64 / power })
    }
}

/// Valid decimal text that the fast path cannot round: the browser's `parseFloat`, which
/// rounds correctly and, on text that passed [`Decimal::read`], reads the whole of it.
#[cfg(target_arch = "wasm32")]
fn rare(body: &str) -> f64 {
    js_sys::parse_float(body)
}

/// Native builds have no browser: Rust's own parser, which the tests hold the fast path to.
#[cfg(not(target_arch = "wasm32"))]
fn rare(body: &str) -> f64 {
    body.parse().unwrap_or(f64::NAN)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Same answer as Rust's parser, NaN included (and the sign of zero).
    fn same(text: &str) -> bool {
        match (parse_f64(text), text.parse::<f64>().ok()) {
            (Some(a), Some(b)) => a.to_bits() == b.to_bits() || (a.is_nan() && b.is_nan()),
            (None, None) => true,
            _ => false,
        }
    }

    #[test]
    fn agrees_with_rust_on_hand_picked_text() {
        for text in [
            "0",
            "-0",
            "+0",
            "00012",
            "1.5",
            "-1.5",
            "+1.5",
            ".5",
            "5.",
            "-.5",
            "+5.",
            "5.e3",
            ".5e-3",
            "1e5",
            "1E5",
            "1e+5",
            "1e-5",
            "1e22",
            "1e23",
            "9007199254740992",
            "9007199254740993",
            "0.1",
            "0.30000000000000004",
            "123456789012345678901234567890",
            "1e308",
            "1e309",
            "1e-324",
            "2.2250738585072014e-308",
            "4.9e-324",
            "1e-400",
            "1e99999999999999999999",
            "0e99999999999",
            "0.000000000000000000000000001",
            "inf",
            "-inf",
            "+inf",
            "INF",
            "infinity",
            "Infinity",
            "-InFiNiTy",
            "nan",
            "NaN",
            "-nan",
            "+NAN",
            "",
            "+",
            "-",
            ".",
            "e5",
            ".e5",
            "1e",
            "1e+",
            "1e-",
            "1.2.3",
            "1e5e3",
            "1_000",
            "1,000",
            " 1",
            "1 ",
            "0x10",
            "infinit",
            "infinityy",
            "nana",
            "1..2",
            "--1",
            "+-1",
            "1-2",
            "١",
            "1e٣",
        ] {
            assert!(
                same(text),
                "{text:?}: {:?} vs {:?}",
                parse_f64(text),
                text.parse::<f64>().ok()
            );
        }
    }

    #[test]
    fn the_fast_path_is_taken_for_the_page_s_own_numbers() {
        for text in ["16000", "0.25", "8000", "60", "1000", "523", "0.001", "12.5"] {
            assert!(Decimal::read(text).and_then(|d| d.fast()).is_some(), "{text}");
        }
        assert_eq!(Decimal::read("1.2500e3"), Some(Decimal { digits: Some(125), exponent: 1 }));
        assert_eq!(Decimal::read("0.000"), Some(Decimal { digits: Some(0), exponent: -3 }));
        assert_eq!(
            Decimal::read("12345678901234567890"),
            Some(Decimal { digits: Some(1234567890123456789), exponent: 1 })
        );
        assert_eq!(
            Decimal::read("12345678901234567891"),
            Some(Decimal { digits: None, exponent: 0 })
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(20_000))]

        #[test]
        fn agrees_with_rust_on_any_short_text(text in "[-+0-9.eEinfatyINFATY]{0,12}") {
            prop_assert!(same(&text), "{:?}", text);
        }

        #[test]
        fn agrees_with_rust_on_decimal_text(
            sign in "[-+]?", whole in "[0-9]{0,22}", point in "\\.?", fraction in "[0-9]{0,22}", exponent in "([eE][-+]?[0-9]{1,3})?",
        ) {
            let text = format!("{sign}{whole}{point}{fraction}{exponent}");
            prop_assert!(same(&text), "{:?}", text);
        }

        #[test]
        fn agrees_with_rust_on_printed_doubles(bits in any::<u64>()) {
            let x = f64::from_bits(bits);
            for text in [x.to_string(), format!("{x:e}"), format!("{x:.3}"), format!("{x:.17e}")] {
                prop_assert!(same(&text), "{:?}", text);
            }
        }

        /// The fast path alone (no fallback) never disagrees with Rust where it answers.
        #[test]
        fn the_fast_path_is_exact(digits in 0_u64..=(1 << 53), exponent in -22_i64..=22) {
            let text = format!("{digits}e{exponent}");
            if let Some(fast) = Decimal::read(&text).and_then(|d| d.fast()) {
                prop_assert_eq!(Some(fast.to_bits()), text.parse::<f64>().ok().map(f64::to_bits));
            }
        }
    }
}
