//! The load a run was driven at, where its file says: how many requests the client kept in
//! flight, and how fast it sent new ones. Two runs are only comparable at the same load, since
//! queueing raises the first token and sharing the GPU slows decode.

/// How fast a run's client sent requests.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum RequestRate {
    /// A steady (or Poisson) arrival rate, in requests per second; positive and finite.
    PerSec(f64),
    /// Every request sent at the start (vLLM's `request_rate: inf`, GuideLLM's throughput mode),
    /// so most of them queue behind the others.
    AllAtOnce,
}

impl RequestRate {
    /// A rate as files write it: infinite means all at once; zero, negative or NaN says nothing.
    pub fn from_per_sec(requests_per_sec: f64) -> Option<RequestRate> {
        if requests_per_sec == f64::INFINITY {
            Some(RequestRate::AllAtOnce)
        } else if requests_per_sec.is_finite() && requests_per_sec > 0.0 {
            Some(RequestRate::PerSec(requests_per_sec))
        } else {
            None
        }
    }

    /// Whether two rates are the same load (within 1%, as files round them).
    pub fn same_as(self, other: RequestRate) -> bool {
        match (self, other) {
            (RequestRate::AllAtOnce, RequestRate::AllAtOnce) => true,
            (RequestRate::PerSec(a), RequestRate::PerSec(b)) => {
                (a - b).abs() <= 0.01 * a.abs().max(b.abs())
            }
            _ => false,
        }
    }
}

/// What a file says about its run's load; both parts are `None` where it says nothing.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Load {
    /// The most requests in flight at once: a whole number, at least one.
    pub concurrency: Option<f64>,
    pub request_rate: Option<RequestRate>,
}

impl Load {
    /// A load from the file's numbers, keeping only those that mean something (a concurrency of
    /// at least one, a positive or infinite rate).
    pub fn new(concurrency: Option<f64>, requests_per_sec: Option<f64>) -> Load {
        Load {
            concurrency: concurrency.filter(|c| c.is_finite() && *c >= 1.0).map(f64::round),
            request_rate: requests_per_sec.and_then(RequestRate::from_per_sec),
        }
    }

    pub fn is_stated(&self) -> bool {
        self.concurrency.is_some() || self.request_rate.is_some()
    }

    /// Whether both files state their load and it differs: a part both state that differs, or
    /// loads stated in different terms (one by concurrency only, the other by rate only). A
    /// load only one file states cannot be checked, and is not called different.
    pub fn differs_from(&self, other: &Load) -> bool {
        let concurrency = match (self.concurrency, other.concurrency) {
            (Some(a), Some(b)) => Some(a != b),
            _ => None,
        };
        let rate = match (self.request_rate, other.request_rate) {
            (Some(a), Some(b)) => Some(!a.same_as(b)),
            _ => None,
        };
        match (concurrency, rate) {
            (Some(c), Some(r)) => c || r,
            (Some(c), None) => c,
            (None, Some(r)) => r,
            (None, None) => self.is_stated() && other.is_stated(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_meaningful_numbers_are_kept() {
        let load = Load::new(Some(0.0), Some(f64::NAN));
        assert!(!load.is_stated());
        assert_eq!(
            Load::new(Some(16.0), Some(f64::INFINITY)).request_rate,
            Some(RequestRate::AllAtOnce)
        );
        assert_eq!(Load::new(Some(f64::INFINITY), Some(-1.0)), Load::default());
    }

    #[test]
    fn loads_differ_only_where_both_files_say() {
        let c = |n| Load::new(Some(n), None);
        let r = |x| Load::new(None, Some(x));
        assert!(c(16.0).differs_from(&c(32.0)));
        assert!(!c(16.0).differs_from(&c(16.0)));
        assert!(!r(10.0).differs_from(&r(10.05)));
        assert!(r(10.0).differs_from(&r(12.0)));
        assert!(r(10.0).differs_from(&r(f64::INFINITY)));
        // Stated in different terms: not the same load, as far as anyone can tell.
        assert!(c(16.0).differs_from(&r(10.0)));
        // One file silent: nothing to compare.
        assert!(!c(16.0).differs_from(&Load::default()));
        assert!(!Load::default().differs_from(&Load::default()));
        // The same concurrency, a rate stated on one side only.
        assert!(!Load::new(Some(256.0), Some(10.0)).differs_from(&c(256.0)));
    }
}
