//! The accepted range of one numeric input of the hardware model, and holding any number in it.
//!
//! The hardware model keeps its inputs inside the same ranges the page offers, so the bounds
//! live here once and the state layer can read them rather than repeat them.

/// Lowest and highest accepted values, and the value used when there is no number at all.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct InputRange {
    pub min: f64,
    pub max: f64,
    pub default: f64,
}

impl InputRange {
    /// NaN takes the default; anything else, the infinities included, is held between the
    /// bounds. Written with `max`/`min` rather than `clamp`, which panics on a malformed range.
    pub fn hold(self, x: f64) -> f64 {
        if x.is_nan() {
            self.default
        } else {
            x.max(self.min).min(self.max)
        }
    }

    /// The same range in another unit: `factor` units of the new one make one of this one.
    /// Holding a value in SI units this way leaves an in-range value exactly as it was, where
    /// converting it there and back could move its last digit.
    pub fn scaled(self, factor: f64) -> InputRange {
        InputRange {
            min: self.min * factor,
            max: self.max * factor,
            default: self.default * factor,
        }
    }

    pub fn contains(self, x: f64) -> bool {
        x >= self.min && x <= self.max
    }
}

#[cfg(test)]
mod tests {
    use super::InputRange;

    const RANGE: InputRange = InputRange { min: 1.0, max: 64.0, default: 4.0 };

    #[test]
    fn any_number_lands_inside() {
        for x in [f64::NAN, f64::NEG_INFINITY, -3.0, 0.0, 1.0, 7.5, 64.0, 1e300, f64::INFINITY] {
            assert!(RANGE.contains(RANGE.hold(x)), "hold({x}) = {}", RANGE.hold(x));
        }
        assert_eq!(RANGE.hold(f64::NAN), 4.0);
        assert_eq!(RANGE.hold(7.5), 7.5);
        assert_eq!(RANGE.hold(-3.0), 1.0);
        assert_eq!(RANGE.hold(f64::INFINITY), 64.0);
    }

    #[test]
    fn a_malformed_range_does_not_panic() {
        let upside_down = InputRange { min: 10.0, max: 1.0, default: 5.0 };
        assert!(upside_down.hold(3.0).is_finite());
        let nan_bounds = InputRange { min: f64::NAN, max: f64::NAN, default: 5.0 };
        assert_eq!(nan_bounds.hold(3.0), 3.0);
    }
}
