//! Failed requests, counted in the wait. A client that retries a failed request at once makes,
//! on average, `1 / (1 - failed)` attempts per answer when failures are independent. Taking a
//! failed attempt to last as long as one that answers (an upper bound for a refusal that comes
//! at once, about right for the bundled LLMPerf run, whose failures ran to the end of a short
//! answer), every time the deployment gives stretches by that factor: its first token and each
//! token after it. So a deployment with failures, counted this way, is again a straight line,
//! and the lab's arithmetic of crossings applies to it unchanged.

use super::deployments::{Comparison, Deployment};

/// The most a share of failed requests is taken to be: past it, no answer would be expected in
/// any time worth stating.
pub const MOST_FAILED_SHARE: f64 = 0.95;

/// `failed` (a share of one) brought into `0..=MOST_FAILED_SHARE`; anything that is not a
/// number counts as no failures.
fn share(failed: f64) -> f64 {
    if failed.is_nan() {
        0.0
    } else {
        failed.clamp(0.0, MOST_FAILED_SHARE)
    }
}

/// Attempts per answer, on average, when `failed` of them fail: 1 with none.
pub fn attempts_per_answer(failed: f64) -> f64 {
    1.0 / (1.0 - share(failed))
}

/// `deployment` as a client retrying its `failed` share of requests waits for it.
pub fn counting_retries(deployment: Deployment, failed: f64) -> Deployment {
    let attempts = attempts_per_answer(failed);
    let d = deployment.sanitized();
    Deployment::new(d.ttft_secs * attempts, d.decode_tokens_per_sec / attempts)
}

impl Comparison {
    /// Both deployments counting retries, A failing `failed[0]` of its requests and B
    /// `failed[1]`. With no failures on either side, the pair as it was.
    pub fn counting_retries(self, failed: [f64; 2]) -> Comparison {
        if failed.iter().all(|f| share(*f) == 0.0) {
            return self;
        }
        let [a, b] = failed;
        Comparison::new(counting_retries(self.a, a), counting_retries(self.b, b))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_third_failing_takes_one_and_a_half_attempts_per_answer() {
        assert_eq!(attempts_per_answer(0.0), 1.0);
        assert!((attempts_per_answer(49.0 / 150.0) - 150.0 / 101.0).abs() < 1e-12);
        assert_eq!(attempts_per_answer(f64::NAN), 1.0);
        assert_eq!(attempts_per_answer(-1.0), 1.0);
        assert!((attempts_per_answer(1.0) - 20.0).abs() < 1e-9, "capped at 95%");
    }

    #[test]
    fn every_time_of_a_failing_deployment_stretches_by_its_attempts() {
        let d = counting_retries(Deployment::LESSON_B, 0.5);
        for tokens in [0.0, 40.0, 600.0] {
            let once = Deployment::LESSON_B.completion_secs(tokens);
            assert!((d.completion_secs(tokens) - 2.0 * once).abs() < 1e-9, "{tokens}");
        }
    }

    #[test]
    fn failures_can_move_the_crossover_and_none_leave_the_pair_alone() {
        let pair = Comparison::LESSON;
        assert_eq!(pair.counting_retries([0.0, 0.0]), pair);
        // B failing a third of the time: the answer length where it starts winning moves out.
        let before = pair.crossover().tokens().unwrap_or(f64::NAN);
        let after =
            pair.counting_retries([0.0, 1.0 / 3.0]).crossover().tokens().unwrap_or(f64::NAN);
        assert!(after > before, "{before} -> {after}");
    }
}
