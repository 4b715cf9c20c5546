//! What a result file states about its run beyond the requests: the model it served, the serving
//! engine and its version, the date, the hardware. A review signs for what it compares, so each
//! is kept as the file wrote it (cleaned and capped, `file_text::cleaned`) with the key it was
//! read from, and never guessed: a model named only in the file's path, or hardware named only
//! in the repository it came from, is not stated by the file.

use super::file_text;

/// One thing the file states, and where.
#[derive(Clone, Debug, PartialEq)]
pub struct Stated {
    pub value: String,
    /// The file's key it was read from (`model_id`, `server_info.version`).
    pub key: &'static str,
}

impl Stated {
    /// `value` as stated under `key`; `None` for nothing or only blanks.
    pub fn of(value: Option<impl AsRef<str>>, key: &'static str) -> Option<Stated> {
        let value = file_text::cleaned(value?.as_ref());
        (!value.is_empty()).then_some(Stated { value, key })
    }
}

/// Everything the file states about its run, each `None` where it says nothing.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RunMeta {
    /// The tool that wrote the file and its version, where the file names them (`Crossover
    /// 0.1.0`); no other tool's files here do, and a review says so.
    pub tool_version: Option<Stated>,
    /// The model as the server or the client named it.
    pub model: Option<Stated>,
    /// The serving engine and its version (`SGLang 0.5.9`).
    pub engine: Option<Stated>,
    /// When the run was made, as written or, from a timestamp, in UTC.
    pub date: Option<Stated>,
    /// The hardware or parallelism the server reports (`tp 8, dp 1, cuda`).
    pub hardware: Option<Stated>,
    /// The precision of the weights, where the server reports it.
    pub precision: Option<Stated>,
    /// How many chips the server's parallelism spans (tensor × data parallel), where it reports
    /// both: what a reading on the chip calculator takes in place of its own count.
    pub chips: Option<f64>,
    /// How the requests were sent, where the page itself sent them (its live measurement): the
    /// page's own sentence from the file's numbers, never the file's words.
    pub method: Option<String>,
}

/// A timestamp in seconds since 1970 as a UTC date and time (`2026-05-25 13:31 UTC`); `None`
/// outside the years 1970 to 9999.
pub fn utc_from_epoch_secs(secs: f64) -> Option<String> {
    if !(0.0..253_402_300_800.0).contains(&secs) {
        return None;
    }
    let whole = secs.floor() as i64;
    let (days, in_day) = (whole.div_euclid(86_400), whole.rem_euclid(86_400));
    // The civil date of a day count (Howard Hinnant's days-to-civil).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    Some(format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02} UTC",
        in_day / 3_600,
        in_day % 3_600 / 60
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn epoch_seconds_read_as_utc_dates() {
        assert_eq!(utc_from_epoch_secs(0.0).as_deref(), Some("1970-01-01 00:00 UTC"));
        assert_eq!(utc_from_epoch_secs(1_779_715_892.54).as_deref(), Some("2026-05-25 13:31 UTC"));
        assert_eq!(utc_from_epoch_secs(951_782_400.0).as_deref(), Some("2000-02-29 00:00 UTC"));
        assert_eq!(utc_from_epoch_secs(-1.0), None);
        assert_eq!(utc_from_epoch_secs(f64::NAN), None);
        assert_eq!(utc_from_epoch_secs(1e15), None);
    }

    #[test]
    fn a_stated_value_is_cleaned_and_blanks_are_nothing() {
        assert_eq!(Stated::of(Some("  "), "k"), None);
        let said = Stated::of(Some("model\u{202e}x"), "model_id");
        assert_eq!(said.map(|s| (s.value, s.key)), Some(("modelx".to_string(), "model_id")));
    }
}
