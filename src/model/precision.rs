//! How many bytes each weight and each cached key or value takes, and which arithmetic the
//! matrix products run in.

crate::keyed::keyed! {
    /// The number format the weights are stored in.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub enum WeightPrecision {
        Bf16 => "bf16",
        Fp8 => "fp8",
        /// Four-bit integers, unpacked to bf16 for the arithmetic.
        Int4 => "int4",
    }
}

impl WeightPrecision {
    /// The precision a served model's name says its weights are in (`…-FP8`, `…-AWQ` or `-int4`
    /// for four bits); `None` where the name does not say.
    pub fn named(name: &str) -> Option<WeightPrecision> {
        let lower = name.to_ascii_lowercase();
        let says = |words: &[&str]| words.iter().any(|w| lower.contains(w));
        if says(&["fp8", "f8e4m3"]) {
            Some(WeightPrecision::Fp8)
        } else if says(&["int4", "awq", "gptq", "w4a16", "q4"]) {
            Some(WeightPrecision::Int4)
        } else if says(&["bf16", "bfloat16", "fp16", "float16"]) {
            Some(WeightPrecision::Bf16)
        } else {
            None
        }
    }
}

/// The number format the matrix products are computed in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Arithmetic {
    Bf16,
    Fp8,
}

crate::keyed::keyed! {
    /// The number format of the KV cache.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub enum KvPrecision {
        Bf16 => "bf16",
        Fp8 => "fp8",
    }
}

impl WeightPrecision {
    pub const DEFAULT: WeightPrecision = WeightPrecision::Bf16;

    /// How it is named in a sentence.
    pub fn label(self) -> &'static str {
        match self {
            WeightPrecision::Bf16 => "bf16",
            WeightPrecision::Fp8 => "fp8",
            WeightPrecision::Int4 => "4-bit",
        }
    }

    /// Bytes one weight occupies (`w`).
    pub fn bytes_per_weight(self) -> f64 {
        match self {
            WeightPrecision::Bf16 => 2.0,
            WeightPrecision::Fp8 => 1.0,
            WeightPrecision::Int4 => 0.5,
        }
    }

    /// The arithmetic these weights ask for. Chips offer no four-bit floating-point products in
    /// the table, so 4-bit weights are widened to bf16 before they are multiplied; whether fp8
    /// is granted depends on the chip ([`super::chips::ChipSpec::arithmetic_for`]).
    pub fn wanted_arithmetic(self) -> Arithmetic {
        match self {
            WeightPrecision::Fp8 => Arithmetic::Fp8,
            WeightPrecision::Bf16 | WeightPrecision::Int4 => Arithmetic::Bf16,
        }
    }
}

impl Arithmetic {
    pub fn label(self) -> &'static str {
        match self {
            Arithmetic::Bf16 => "bf16",
            Arithmetic::Fp8 => "fp8",
        }
    }
}

impl KvPrecision {
    pub const DEFAULT: KvPrecision = KvPrecision::Bf16;

    pub fn label(self) -> &'static str {
        self.key()
    }

    /// Bytes one cached key or value element occupies.
    pub fn bytes_per_value(self) -> f64 {
        match self {
            KvPrecision::Bf16 => 2.0,
            KvPrecision::Fp8 => 1.0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_round_trip() {
        for p in WeightPrecision::ALL {
            assert_eq!(WeightPrecision::from_key(p.key()), Some(p));
        }
        for p in KvPrecision::ALL {
            assert_eq!(KvPrecision::from_key(p.key()), Some(p));
        }
        assert_eq!(WeightPrecision::from_key("fp4"), None);
        assert_eq!(KvPrecision::from_key("int4"), None);
    }

    #[test]
    fn four_bit_weights_are_multiplied_in_bf16() {
        assert_eq!(WeightPrecision::Int4.bytes_per_weight(), 0.5);
        assert_eq!(WeightPrecision::Int4.wanted_arithmetic(), Arithmetic::Bf16);
        assert_eq!(WeightPrecision::Fp8.wanted_arithmetic(), Arithmetic::Fp8);
    }
}
