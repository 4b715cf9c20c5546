//! Which time to first token stands for a deployment: the median request's, or a slower one's.
//! A review that compares medians alone hides the tail a tenth or a hundredth of the users see.

/// The percentile of a run's TTFT taken as its deployment's first token.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum TtftPercentile {
    /// The median request.
    #[default]
    P50,
    /// One request in ten waits longer.
    P90,
    /// One request in a hundred waits longer.
    P99,
}

impl TtftPercentile {
    pub const ALL: [TtftPercentile; 3] =
        [TtftPercentile::P50, TtftPercentile::P90, TtftPercentile::P99];

    /// The percentile, 0–100.
    pub fn percent(self) -> f64 {
        match self {
            TtftPercentile::P50 => 50.0,
            TtftPercentile::P90 => 90.0,
            TtftPercentile::P99 => 99.0,
        }
    }

    /// The stable identifier (a choice's `value`, a message's field): `p50`, `p90`, `p99`.
    pub fn id(self) -> &'static str {
        match self {
            TtftPercentile::P50 => "p50",
            TtftPercentile::P90 => "p90",
            TtftPercentile::P99 => "p99",
        }
    }

    /// The percentile named by [`TtftPercentile::id`] (any case, surrounding space ignored).
    pub fn parse(id: &str) -> Option<TtftPercentile> {
        let id = id.trim();
        TtftPercentile::ALL.into_iter().find(|p| p.id().eq_ignore_ascii_case(id))
    }

    /// The share of requests slower than this percentile: 0.5, 0.1, 0.01.
    pub fn share_slower(self) -> f64 {
        1.0 - self.percent() / 100.0
    }

    /// Fewest requests that leave at least [`TAIL_REQUESTS`] above the percentile, so that it
    /// rests on more than a handful of the slowest requests: 20, 100, 1,000.
    pub fn requests_needed(self) -> usize {
        (TAIL_REQUESTS as f64 / self.share_slower()).round() as usize
    }
}

/// Requests a percentile should have above it before its value is more than anecdote.
pub const TAIL_REQUESTS: usize = 10;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip_and_order_by_percent() {
        for p in TtftPercentile::ALL {
            assert_eq!(TtftPercentile::parse(p.id()), Some(p));
            assert_eq!(TtftPercentile::parse(&format!(" {} ", p.id().to_uppercase())), Some(p));
        }
        assert_eq!(TtftPercentile::parse("p95"), None);
        assert_eq!(TtftPercentile::default(), TtftPercentile::P50);
        let percents: Vec<f64> = TtftPercentile::ALL.iter().map(|p| p.percent()).collect();
        assert!(percents.windows(2).all(|w| w[0] < w[1]), "{percents:?}");
        let needed: Vec<usize> = TtftPercentile::ALL.iter().map(|p| p.requests_needed()).collect();
        assert_eq!(needed, [20, 100, 1000]);
    }
}
