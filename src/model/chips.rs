//! The chips a model can be served on, as their vendors' data sheets describe them, and a
//! custom chip described by three numbers.
//!
//! Every figure is the dense one: data sheets also print figures with 2:4 structured sparsity,
//! twice these, which ordinary dense inference never reaches. Sizes are decimal, as the data
//! sheets write them (1 GB = 10⁹ bytes).

use super::input_range::InputRange;
use super::precision::{Arithmetic, WeightPrecision};
use super::source::Source;

const TERA: f64 = 1e12;
const GIGA: f64 = 1e9;

crate::keyed::keyed! {
    /// One of the chips on offer.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub enum Chip {
        A100 => "a100",
        H100 => "h100",
        H200 => "h200",
        L4 => "l4",
        Mi300x => "mi300x",
        /// Described by the reader: one dense figure for every precision, a bandwidth and a
        /// memory.
        Custom => "custom",
    }
}

/// What the arithmetic needs to know about a chip, in SI units.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ChipSpec {
    pub chip: Chip,
    /// The vendor's full name, as in a table.
    pub name: &'static str,
    /// As a sentence names it ("the H100's bandwidth").
    pub short_name: &'static str,
    pub memory_bytes: f64,
    pub bandwidth_bytes_per_sec: f64,
    /// Peak dense bf16 matrix arithmetic.
    pub bf16_flops_per_sec: f64,
    /// Peak dense fp8 matrix arithmetic; `None` where the chip has none (fp8 weights are then
    /// multiplied in bf16) and for the custom chip, whose one figure stands for every format.
    pub fp8_flops_per_sec: Option<f64>,
    /// The data sheet the figures come from (`None` for the custom chip).
    pub source: Option<Source>,
}

const A100: ChipSpec = ChipSpec {
    chip: Chip::A100,
    name: "NVIDIA A100 80GB SXM",
    short_name: "A100",
    memory_bytes: 80.0 * GIGA,
    bandwidth_bytes_per_sec: 2_039.0 * GIGA,
    bf16_flops_per_sec: 312.0 * TERA,
    fp8_flops_per_sec: None,
    source: Some(Source {
        name: "NVIDIA A100 Tensor Core GPU data sheet",
        url: "https://www.nvidia.com/content/dam/en-zz/Solutions/Data-Center/a100/pdf/nvidia-a100-datasheet-us-nvidia-1758950-r4-web.pdf",
    }),
};

const H100: ChipSpec = ChipSpec {
    chip: Chip::H100,
    name: "NVIDIA H100 SXM",
    short_name: "H100",
    memory_bytes: 80.0 * GIGA,
    bandwidth_bytes_per_sec: 3_350.0 * GIGA,
    bf16_flops_per_sec: 989.0 * TERA,
    fp8_flops_per_sec: Some(1_979.0 * TERA),
    source: Some(Source {
        name: "NVIDIA H100 Tensor Core GPU data sheet",
        url: "https://resources.nvidia.com/en-us-tensor-core/nvidia-tensor-core-gpu-datasheet",
    }),
};

const H200: ChipSpec = ChipSpec {
    chip: Chip::H200,
    name: "NVIDIA H200 SXM",
    short_name: "H200",
    memory_bytes: 141.0 * GIGA,
    bandwidth_bytes_per_sec: 4_800.0 * GIGA,
    bf16_flops_per_sec: 989.0 * TERA,
    fp8_flops_per_sec: Some(1_979.0 * TERA),
    source: Some(Source {
        name: "NVIDIA H200 Tensor Core GPU data sheet",
        url: "https://nvdam.widen.net/s/nb5zzzsjdf/hpc-datasheet-sc23-h200-datasheet-3002446",
    }),
};

const L4: ChipSpec = ChipSpec {
    chip: Chip::L4,
    name: "NVIDIA L4",
    short_name: "L4",
    memory_bytes: 24.0 * GIGA,
    bandwidth_bytes_per_sec: 300.0 * GIGA,
    bf16_flops_per_sec: 121.0 * TERA,
    fp8_flops_per_sec: Some(242.0 * TERA),
    source: Some(Source {
        name: "NVIDIA L4 Tensor Core GPU data sheet",
        url: "https://resources.nvidia.com/en-us-data-center-overview/l4-gpu-datasheet",
    }),
};

const MI300X: ChipSpec = ChipSpec {
    chip: Chip::Mi300x,
    name: "AMD Instinct MI300X",
    short_name: "MI300X",
    memory_bytes: 192.0 * GIGA,
    bandwidth_bytes_per_sec: 5_300.0 * GIGA,
    bf16_flops_per_sec: 1_307.0 * TERA,
    fp8_flops_per_sec: Some(2_615.0 * TERA),
    source: Some(Source {
        name: "AMD Instinct MI300X accelerator data sheet",
        url: "https://www.amd.com/content/dam/amd/en/documents/instinct-tech-docs/data-sheets/amd-instinct-mi300x-data-sheet.pdf",
    }),
};

impl Chip {
    /// The lesson's 8,000 and 60 tok/s are what an A100-class chip gives, so the page starts there.
    pub const DEFAULT: Chip = Chip::A100;

    /// The published chip a file's words name (`NVIDIA H100 80GB HBM3`, `h100-sxm`), by a word
    /// that starts with its key and no further figure; `None` where none or more than one is
    /// named. Whole words only, so that `llama4` is not an L4, nor an `L40S`.
    pub fn named(text: &str) -> Option<Chip> {
        let lower = text.to_ascii_lowercase();
        let words: Vec<&str> =
            lower.split(|c: char| !c.is_ascii_alphanumeric()).filter(|w| !w.is_empty()).collect();
        let mut named = Chip::ALL.into_iter().filter(|chip| {
            *chip != Chip::Custom
                && words.iter().any(|w| {
                    w.strip_prefix(chip.key())
                        .is_some_and(|rest| !rest.starts_with(|c: char| c.is_ascii_digit()))
                })
        });
        match (named.next(), named.next()) {
            (Some(chip), None) => Some(chip),
            _ => None,
        }
    }

    /// The data sheet's figures; `None` for the custom chip.
    pub fn published(self) -> Option<ChipSpec> {
        match self {
            Chip::A100 => Some(A100),
            Chip::H100 => Some(H100),
            Chip::H200 => Some(H200),
            Chip::L4 => Some(L4),
            Chip::Mi300x => Some(MI300X),
            Chip::Custom => None,
        }
    }

    /// The figures the arithmetic uses: the data sheet's, or the custom chip's own.
    pub fn spec(self, custom: CustomChip) -> ChipSpec {
        self.published().unwrap_or_else(|| custom.spec())
    }
}

impl ChipSpec {
    /// The arithmetic weights of this precision are multiplied in on this chip: fp8 where the
    /// chip has fp8 products, bf16 otherwise.
    pub fn arithmetic_for(&self, weights: WeightPrecision) -> Arithmetic {
        match (weights.wanted_arithmetic(), self.fp8_flops_per_sec) {
            (Arithmetic::Fp8, Some(_)) => Arithmetic::Fp8,
            _ => Arithmetic::Bf16,
        }
    }

    /// Peak dense FLOP/s of one chip for weights of this precision.
    pub fn flops_per_sec_for(&self, weights: WeightPrecision) -> f64 {
        match (self.arithmetic_for(weights), self.fp8_flops_per_sec) {
            (Arithmetic::Fp8, Some(fp8)) => fp8,
            _ => self.bf16_flops_per_sec,
        }
    }

    /// FLOP per byte of memory traffic at which bf16 arithmetic and memory take equally long:
    /// the chip table's ridge column.
    pub fn bf16_ridge_flop_per_byte(&self) -> f64 {
        let held = self.held();
        held.bf16_flops_per_sec / held.bandwidth_bytes_per_sec
    }

    /// The figures held inside the custom chip's ranges, which contain every chip in the table:
    /// a spec built by hand with NaN, zero or infinite figures still gives finite results. The
    /// arithmetic reads only these, and so should any text that quotes a figure.
    pub fn held(self) -> ChipSpec {
        let flops = |x: f64| CustomChip::DENSE_TFLOP_PER_SEC.scaled(TERA).hold(x);
        ChipSpec {
            memory_bytes: CustomChip::MEMORY_GB.scaled(GIGA).hold(self.memory_bytes),
            bandwidth_bytes_per_sec: CustomChip::BANDWIDTH_GB_PER_SEC
                .scaled(GIGA)
                .hold(self.bandwidth_bytes_per_sec),
            bf16_flops_per_sec: flops(self.bf16_flops_per_sec),
            fp8_flops_per_sec: self.fp8_flops_per_sec.map(flops),
            ..self
        }
    }
}

/// A chip the reader describes, in the units data sheets print.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CustomChip {
    /// Peak dense TFLOP/s, used whatever the precision of the weights.
    pub dense_tflop_per_sec: f64,
    pub bandwidth_gb_per_sec: f64,
    pub memory_gb: f64,
}

impl CustomChip {
    /// From a tenth of a TFLOP/s (a laptop's processor) to 10,000 (several times the densest
    /// accelerator on sale), so today's chips and the next few generations all fit.
    pub const DENSE_TFLOP_PER_SEC: InputRange =
        InputRange { min: 0.1, max: 10_000.0, default: 312.0 };
    /// From 10 GB/s (a phone's or an old desktop's memory) to 100,000 GB/s (over ten times
    /// today's fastest stacked memory).
    pub const BANDWIDTH_GB_PER_SEC: InputRange =
        InputRange { min: 10.0, max: 100_000.0, default: 2_039.0 };
    /// From 1 GB to 10,000 GB (a large server's main memory).
    pub const MEMORY_GB: InputRange = InputRange { min: 1.0, max: 10_000.0, default: 80.0 };

    /// The default chip's figures, so choosing `custom` changes nothing until a field is edited.
    pub const DEFAULT: CustomChip = CustomChip {
        dense_tflop_per_sec: CustomChip::DENSE_TFLOP_PER_SEC.default,
        bandwidth_gb_per_sec: CustomChip::BANDWIDTH_GB_PER_SEC.default,
        memory_gb: CustomChip::MEMORY_GB.default,
    };

    /// The figures in SI units, each held inside its range.
    pub fn spec(self) -> ChipSpec {
        ChipSpec {
            chip: Chip::Custom,
            name: "Custom chip",
            short_name: "custom chip",
            memory_bytes: CustomChip::MEMORY_GB.hold(self.memory_gb) * GIGA,
            bandwidth_bytes_per_sec: CustomChip::BANDWIDTH_GB_PER_SEC
                .hold(self.bandwidth_gb_per_sec)
                * GIGA,
            bf16_flops_per_sec: CustomChip::DENSE_TFLOP_PER_SEC.hold(self.dense_tflop_per_sec)
                * TERA,
            fp8_flops_per_sec: None,
            source: None,
        }
    }
}

impl Default for CustomChip {
    fn default() -> Self {
        CustomChip::DEFAULT
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chip_is_read_from_a_files_words_only_when_it_is_named_alone() {
        assert_eq!(Chip::named("NVIDIA H100 80GB HBM3"), Some(Chip::H100));
        assert_eq!(Chip::named("8x h100-sxm"), Some(Chip::H100));
        assert_eq!(Chip::named("AMD Instinct MI300X"), Some(Chip::Mi300x));
        assert_eq!(Chip::named("NVIDIA L4"), Some(Chip::L4));
        assert_eq!(Chip::named("NVIDIA L40S"), None);
        assert_eq!(Chip::named("llama4 on cuda"), None);
        assert_eq!(Chip::named("tp 8, dp 1, on cuda"), None);
        assert_eq!(Chip::named("A100 and H100"), None);
        assert_eq!(Chip::named("custom"), None);
    }

    #[test]
    fn keys_round_trip_and_every_published_chip_names_its_data_sheet() {
        for chip in Chip::ALL {
            assert_eq!(Chip::from_key(chip.key()), Some(chip));
            let spec = chip.spec(CustomChip::DEFAULT);
            assert_eq!(spec.chip, chip);
            match chip {
                Chip::Custom => assert!(spec.source.is_none()),
                _ => {
                    let source = spec.source.expect("a published chip has a source");
                    assert!(source.url.starts_with("https://"), "{}", source.url);
                    assert!(source.name.contains(spec.short_name), "{}", source.name);
                }
            }
        }
        assert_eq!(Chip::from_key("A100"), None);
    }

    #[test]
    fn every_published_chip_lies_inside_the_custom_ranges() {
        for spec in Chip::ALL.into_iter().filter_map(Chip::published) {
            assert_eq!(spec.held(), spec, "{}", spec.name);
        }
    }

    #[test]
    fn the_default_custom_chip_is_the_default_chip() {
        let custom = CustomChip::DEFAULT.spec();
        let default = Chip::DEFAULT.published().expect("the default chip is published");
        assert_eq!(custom.memory_bytes, default.memory_bytes);
        assert_eq!(custom.bandwidth_bytes_per_sec, default.bandwidth_bytes_per_sec);
        assert_eq!(custom.bf16_flops_per_sec, default.bf16_flops_per_sec);
    }

    #[test]
    fn fp8_weights_use_fp8_arithmetic_only_where_the_chip_has_it() {
        let h100 = Chip::H100.spec(CustomChip::DEFAULT);
        assert_eq!(h100.arithmetic_for(WeightPrecision::Fp8), Arithmetic::Fp8);
        assert_eq!(h100.flops_per_sec_for(WeightPrecision::Fp8), 1_979e12);
        assert_eq!(h100.flops_per_sec_for(WeightPrecision::Int4), 989e12);
        let a100 = Chip::A100.spec(CustomChip::DEFAULT);
        assert_eq!(a100.arithmetic_for(WeightPrecision::Fp8), Arithmetic::Bf16);
        assert_eq!(a100.flops_per_sec_for(WeightPrecision::Fp8), 312e12);
        let custom = CustomChip { dense_tflop_per_sec: 500.0, ..CustomChip::DEFAULT }.spec();
        for weights in WeightPrecision::ALL {
            assert_eq!(custom.flops_per_sec_for(weights), 500e12);
        }
    }

    #[test]
    fn custom_figures_outside_their_ranges_are_held_inside() {
        for x in [f64::NAN, f64::NEG_INFINITY, -1.0, 0.0, 1e300, f64::INFINITY] {
            let spec =
                CustomChip { dense_tflop_per_sec: x, bandwidth_gb_per_sec: x, memory_gb: x }.spec();
            assert!(spec.bf16_ridge_flop_per_byte().is_finite());
            assert!(spec.bf16_ridge_flop_per_byte() > 0.0);
            assert!(spec.memory_bytes >= 1e9 && spec.memory_bytes <= 1e13);
        }
    }
}
