//! Turning model numbers into the text a reader sees. Pure functions, so the digits on screen
//! are tested natively against the lesson's tables.

use crate::model::rounding::round_half_away;

/// Digits with a comma between thousands: 16000 -> "16,000", 133.3 -> "133.3".
pub fn with_separators(x: f64, decimals: usize) -> String {
    if !x.is_finite() {
        return "—".to_string();
    }
    let rounded = round_half_away(x, decimals as i32);
    let text = format!("{:.*}", decimals, rounded.abs());
    let (int_part, frac_part) = match text.split_once('.') {
        Some((i, f)) => (i.to_string(), Some(f.to_string())),
        None => (text.clone(), None),
    };
    let mut grouped = String::new();
    for (i, ch) in int_part.chars().enumerate() {
        if i > 0 && (int_part.len() - i) % 3 == 0 {
            grouped.push(',');
        }
        grouped.push(ch);
    }
    let sign = if rounded < 0.0 { "-" } else { "" };
    match frac_part {
        Some(f) => format!("{sign}{grouped}.{f}"),
        None => format!("{sign}{grouped}"),
    }
}

/// Like [`with_separators`] with trailing zeros (and a bare point) removed: 2.50 -> "2.5".
pub fn trimmed(x: f64, max_decimals: usize) -> String {
    let text = with_separators(x, max_decimals);
    if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        text
    }
}

/// A duration the way the lesson's reference table writes it: whole milliseconds under a
/// second (12.5 ms -> "13 ms"), seconds to two places above (5.125 s -> "5.13 s", 7 s -> "7 s").
/// Under 10 ms one decimal is kept so tiny prefills do not all read "0 ms". Past a day the
/// seconds stop meaning anything to a reader, so days (to two places) and past a year years
/// (of 365.25 days) take over.
pub fn duration(secs: f64) -> String {
    const DAY: f64 = 86_400.0;
    const YEAR: f64 = 365.25 * DAY;
    if !secs.is_finite() {
        return "—".to_string();
    }
    let in_unit = |size: f64, one: &str, many: &str| {
        let n = trimmed(secs / size, 2);
        format!("{n} {}", if n == "1" { one } else { many })
    };
    if round_half_away(secs / YEAR, 2) >= 1.0 {
        return in_unit(YEAR, "year", "years");
    }
    if round_half_away(secs / DAY, 2) >= 1.0 {
        return in_unit(DAY, "day", "days");
    }
    let ms = secs * 1000.0;
    if round_half_away(ms, 1) < 10.0 {
        return format!("{} ms", trimmed(ms, 1));
    }
    if round_half_away(ms, 0) < 1000.0 {
        return format!("{} ms", trimmed(ms, 0));
    }
    format!("{} s", trimmed(secs, 2))
}

/// Seconds with a fixed number of places, as the deployment tables write them ("20.20 s").
pub fn secs_fixed(secs: f64, decimals: usize) -> String {
    format!("{} s", with_separators(secs, decimals))
}

/// A whole number of tokens: "16,000 tokens" (and "1 token").
pub fn tokens(n: f64) -> String {
    let count = with_separators(n, 0);
    if count == "1" {
        "1 token".to_string()
    } else {
        format!("{count} tokens")
    }
}

/// A rate in tokens per second, short form for readouts: "8,000 tok/s", "5.3 tok/s".
pub fn rate(tokens_per_sec: f64) -> String {
    if tokens_per_sec.is_finite() && tokens_per_sec > 0.0 && tokens_per_sec < 0.1 {
        return format!("{} tok/s", three_figures(tokens_per_sec));
    }
    let decimals = if tokens_per_sec < 100.0 { 1 } else { 0 };
    format!("{} tok/s", trimmed(tokens_per_sec, decimals))
}

/// A fraction of one as a whole percentage: 0.714 -> "71%".
pub fn percent(fraction: f64) -> String {
    format!("{}%", with_separators(fraction * 100.0, 0))
}

/// A fraction of one as a percentage to a tenth: 0.32667 -> "32.7%".
pub fn percent_tenths(fraction: f64) -> String {
    format!("{}%", with_separators(fraction * 100.0, 1))
}

/// A compact count for axis labels: 100, 40k, 1.5M; below a thousand with up to `small_decimals`
/// places (answer lengths on a log axis reach below one token).
pub fn short_count(x: f64, small_decimals: usize) -> String {
    if x >= 1e6 {
        format!("{}M", trimmed(x / 1e6, 1))
    } else if x >= 1e3 {
        format!("{}k", trimmed(x / 1e3, 1))
    } else {
        trimmed(x, small_decimals)
    }
}

/// `x` rounded (half away from zero) to `figures` significant figures.
pub fn to_figures(x: f64, figures: i32) -> f64 {
    if !x.is_finite() || x == 0.0 {
        return x;
    }
    let magnitude = x.abs().log10().floor() as i32;
    round_half_away(x, figures - 1 - magnitude)
}

/// Like [`with_separators`], but a number under one keeps three significant figures rather
/// than rounding to nothing: a rate of 0.32 tok/s is "0.32", never "0".
pub fn keeping_figures(x: f64, decimals: usize) -> String {
    if x.is_finite() && x != 0.0 && x.abs() < 1.0 {
        three_figures(x)
    } else {
        with_separators(x, decimals)
    }
}

/// Three significant figures, trailing zeros dropped: 109.3 -> "109", 52.72 -> "52.7",
/// 2,345 -> "2,350", 0.0325 -> "0.0325".
pub fn three_figures(x: f64) -> String {
    let rounded = to_figures(x, 3);
    if !rounded.is_finite() {
        return with_separators(rounded, 0);
    }
    let magnitude = if rounded == 0.0 { 0 } else { rounded.abs().log10().floor() as i32 };
    trimmed(rounded, (2 - magnitude).clamp(0, 15) as usize)
}

/// Appends `text` to `out` with the characters HTML gives meaning to escaped: for text that is
/// written into markup (tables, notices, the measurements' results).
pub fn escape_html_into(out: &mut String, text: &str) {
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
}

/// One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break, with inner
/// quotes doubled. Text a spreadsheet would take for a formula (starting with `=`, `+`, `-`,
/// `@`, a tab or a carriage return) gets a leading `'`, which keeps it plain text there: text
/// quoted from a result file reaches the measurements' CSVs, and a formula run on opening is
/// the harm to guard against. A field that reads as a number (`-3`, `+5`, `-1,500`) is never
/// touched, so numbers stay numbers; text that only starts like one (`-40 ms`) is guarded.
pub fn csv_field(text: &str) -> String {
    let formula = text.starts_with(['=', '+', '-', '@', '\t', '\r'])
        && !reads_as_number(&text.replace(',', ""));
    let guarded = if formula { format!("'{text}") } else { text.to_string() };
    if guarded.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", guarded.replace('"', "\"\""))
    } else {
        guarded
    }
}

/// Whether `text` is a number in Rust's float grammar (a sign, digits with at most one point,
/// an exponent; or `inf`, `infinity`, `nan`), checked by hand: the standard parser would bring
/// its tables into the page's wasm only to answer yes or no.
fn reads_as_number(text: &str) -> bool {
    let body = text.strip_prefix(['+', '-']).unwrap_or(text);
    if ["inf", "infinity", "nan"].iter().any(|word| body.eq_ignore_ascii_case(word)) {
        return true;
    }
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    let (mantissa, exponent) = match body.split_once(['e', 'E']) {
        Some((mantissa, exponent)) => (mantissa, Some(exponent)),
        None => (body, None),
    };
    let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let exponent_ok = exponent.is_none_or(|e| {
        let e = e.strip_prefix(['+', '-']).unwrap_or(e);
        !e.is_empty() && digits(e)
    });
    !(whole.is_empty() && fraction.is_empty()) && digits(whole) && digits(fraction) && exponent_ok
}

/// A crossover length as the page writes it: one decimal, since it is rarely a whole number.
pub fn crossover_tokens_text(tokens: f64) -> String {
    let count = trimmed(tokens, 1);
    if count == "1" {
        "1 token".to_string()
    } else {
        format!("{count} tokens")
    }
}

/// A crossover's interval, both ends as [`crossover_tokens_text`] writes a crossover: "74.3 to
/// 269.1 tokens", or "495.6 tokens and up" where it has no upper end.
pub fn crossover_interval_text(low: f64, high: Option<f64>) -> String {
    match high {
        Some(high) => format!("{} to {}", trimmed(low, 1), crossover_tokens_text(high)),
        None => format!("{} and up", crossover_tokens_text(low)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_crossover_interval_spells_both_ends_as_a_crossover() {
        assert_eq!(crossover_interval_text(74.26, Some(269.07)), "74.3 to 269.1 tokens");
        assert_eq!(crossover_interval_text(495.6, None), "495.6 tokens and up");
        assert_eq!(crossover_interval_text(1_200.0, Some(4_000.0)), "1,200 to 4,000 tokens");
    }

    #[test]
    fn short_counts() {
        assert_eq!(short_count(100.0, 0), "100");
        assert_eq!(short_count(40_000.0, 0), "40k");
        assert_eq!(short_count(1_500.0, 0), "1.5k");
        assert_eq!(short_count(1_000_000.0, 0), "1M");
        assert_eq!(short_count(0.125, 3), "0.125");
    }

    #[test]
    fn separators_and_trimming() {
        assert_eq!(with_separators(16000.0, 0), "16,000");
        assert_eq!(with_separators(1234567.891, 2), "1,234,567.89");
        assert_eq!(with_separators(-1500.0, 0), "-1,500");
        assert_eq!(trimmed(133.333, 1), "133.3");
        assert_eq!(trimmed(2.5, 2), "2.5");
        assert_eq!(trimmed(7.0, 2), "7");
        assert_eq!(with_separators(f64::NAN, 0), "—");
    }

    #[test]
    fn durations_switch_units_at_one_second() {
        assert_eq!(duration(0.0125), "13 ms");
        assert_eq!(duration(0.9996), "1 s");
        assert_eq!(duration(0.00125), "1.3 ms");
        assert_eq!(duration(5.125), "5.13 s");
        assert_eq!(duration(7.0), "7 s");
        assert_eq!(duration(f64::INFINITY), "—");
    }

    #[test]
    fn long_durations_read_in_days_and_years() {
        assert_eq!(duration(85_000.0), "85,000 s");
        assert_eq!(duration(86_000.0 + 399.6), "1 day");
        assert_eq!(duration(100_000.0), "1.16 days");
        // Half away from zero: 1.125 days (97,200 s) is exact, and goes up.
        assert_eq!(duration(97_200.0), "1.13 days");
        assert_eq!(duration(360.0 * 86_400.0), "360 days");
        assert_eq!(duration(365.25 * 86_400.0), "1 year");
        assert_eq!(duration(78_962_960_182_680.7), "2,502,185.22 years");
    }

    #[test]
    fn token_counts() {
        assert_eq!(tokens(1.0), "1 token");
        assert_eq!(tokens(40000.0), "40,000 tokens");
        assert_eq!(rate(60.0), "60 tok/s");
        assert_eq!(rate(16.0 / 3.0), "5.3 tok/s");
        assert_eq!(percent(5.0 / 7.0), "71%");
        assert_eq!(percent_tenths(49.0 / 150.0), "32.7%");
        assert_eq!(percent_tenths(0.0), "0.0%");
    }

    #[test]
    fn csv_fields_are_quoted_only_when_needed() {
        assert_eq!(csv_field("plain"), "plain");
        assert_eq!(csv_field("a,b"), "\"a,b\"");
        assert_eq!(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(csv_field("two\nlines"), "\"two\nlines\"");
    }

    #[test]
    fn csv_text_that_a_spreadsheet_would_run_is_quoted_off() {
        assert_eq!(csv_field("=1+2"), "'=1+2");
        assert_eq!(csv_field("+cmd"), "'+cmd");
        assert_eq!(csv_field("@SUM(A1)"), "'@SUM(A1)");
        assert_eq!(csv_field("-2+3+cmd|' /C calc'!A0"), "'-2+3+cmd|' /C calc'!A0");
        assert_eq!(csv_field("\t=1"), "'\t=1");
        assert_eq!(csv_field("=HYPERLINK(\"x\",\"y\")"), "\"'=HYPERLINK(\"\"x\"\",\"\"y\"\")\"");
        // Numbers stay numbers, whatever their sign.
        for number in ["-3", "-0.25", "+5", "-1e-5", "-1,500", "-inf", "0"] {
            assert!(!csv_field(number).contains('\''), "{number}");
        }
        assert_eq!(csv_field("-1,500"), "\"-1,500\"");
        assert_eq!(csv_field("a=b"), "a=b", "only a leading sign or at");
    }

    #[test]
    fn the_hand_made_number_check_agrees_with_rust_s_parser() {
        for text in [
            "0",
            "-3",
            "+5",
            "1.5",
            ".5",
            "5.",
            "-.5e3",
            "1e5",
            "1E+5",
            "1e-5",
            "inf",
            "-Infinity",
            "NaN",
            "",
            "+",
            "-",
            ".",
            "e5",
            "1e",
            "1e+",
            "1.2.3",
            "1e5e3",
            "--1",
            "-+1",
            "1-2",
            "0x10",
            "infinit",
            "nana",
            "1 ",
            " 1",
            "-2+3",
            "=1",
            "@1",
            "-40 ms",
            "1_000",
        ] {
            assert_eq!(reads_as_number(text), text.parse::<f64>().is_ok(), "{text:?}");
        }
    }

    #[test]
    fn html_escapes_the_characters_markup_gives_meaning_to() {
        let mut out = String::new();
        escape_html_into(&mut out, "<a href='x'>&\"");
        assert_eq!(out, "&lt;a href=&#39;x&#39;&gt;&amp;&quot;");
    }
}
