//! The roofline section's readouts and the sentences under them that depend on numbers: what
//! limits a decode step, whether the model fits, the range a data sheet allows, what a measured
//! run reached, and what a choice of precision does.

use crate::charts::table::{Cell, DataTable};
use crate::format;
use crate::model::chips::Chip;
use crate::model::llms::Llm;
use crate::model::precision::{Arithmetic, WeightPrecision};
use crate::model::roofline::{DecodeLimit, Serving, PUBLISHED_EFFICIENCIES};
use crate::model::roofline_cases::worked_cases;
use crate::model::rounding::round_half_away;
use crate::state::hardware::{Handed, HandedWait, RateTarget};
use crate::state::Figure;
use crate::state::{Param, State};
use crate::text::piece::Piece;

pub use crate::format::three_figures;

const GIGA: f64 = 1e9;
const TERA: f64 = 1e12;

/// A prompt-reading rate in whole tokens per second: "9,714 tok/s".
pub fn prefill_rate(tokens_per_sec: f64) -> String {
    format!("{} tok/s", format::keeping_figures(tokens_per_sec, 0))
}

/// A per-sequence decode rate to a tenth, as the lesson's table prints it: "146.0 tok/s".
pub fn decode_rate(tokens_per_sec: f64) -> String {
    format!("{} tok/s", format::keeping_figures(tokens_per_sec, 1))
}

/// The batch's output: to a tenth below a thousand tokens per second, where it is one sequence's
/// rate or close to it ("88.9 tok/s"), whole above ("2,258 tok/s"), as the lesson's table prints;
/// below one token a second, to three figures ("0.00152 tok/s"), never "0.0".
pub fn throughput(tokens_per_sec: f64) -> String {
    format!(
        "{} tok/s",
        format::keeping_figures(tokens_per_sec, throughput_decimals(tokens_per_sec))
    )
}

fn throughput_decimals(tokens_per_sec: f64) -> usize {
    if tokens_per_sec < 1_000.0 {
        1
    } else {
        0
    }
}

/// How many times faster prefill is than decode, to three figures: "109", "52.7".
pub fn ratio(x: f64) -> String {
    three_figures(x)
}

/// A crossing prompt as the lesson's table rounds it: to the hundred from 10,000 tokens up
/// ("32,800 tokens"), to the ten from 1,000, to the token below.
pub fn crossing_tokens(tokens: f64) -> String {
    let decimals = if tokens >= 10_000.0 {
        -2
    } else if tokens >= 1_000.0 {
        -1
    } else {
        0
    };
    format::tokens(round_half_away(tokens, decimals))
}

/// A ridge point: "153 FLOP/byte".
pub fn ridge(flop_per_byte: f64) -> String {
    format!("{} FLOP/byte", three_figures(flop_per_byte))
}

/// An exact count of bytes: "131,072 B".
pub fn bytes(n: f64) -> String {
    format!("{} B", format::with_separators(n, 0))
}

/// Decimal gigabytes, as data sheets count them: whole from 100 up ("141 GB", "812 GB"),
/// three figures below ("16.1 GB", "0.537 GB").
pub fn gigabytes(bytes: f64) -> String {
    let gb = bytes / GIGA;
    if gb >= 100.0 {
        format!("{} GB", format::with_separators(gb, 0))
    } else {
        format!("{} GB", three_figures(gb))
    }
}

/// Peak arithmetic: "989 TFLOP/s", "3,956 TFLOP/s", "0.1 TFLOP/s".
pub fn tflop_per_sec(flops_per_sec: f64) -> String {
    format!("{} TFLOP/s", format::trimmed(flops_per_sec / TERA, 1))
}

/// Peak bandwidth: "3,350 GB/s".
pub fn gb_per_sec(bytes_per_sec: f64) -> String {
    format!("{} GB/s", format::trimmed(bytes_per_sec / GIGA, 1))
}

/// A step's length to three figures: milliseconds under a second ("6.85 ms", "0.0325 ms"),
/// seconds above.
pub fn step_time(secs: f64) -> String {
    let ms = format::to_figures(secs * 1_000.0, 3);
    if ms < 1_000.0 {
        format!("{} ms", three_figures(ms))
    } else if secs < 1_000.0 {
        format!("{} s", three_figures(secs))
    } else {
        format::duration(secs)
    }
}

/// Chips and sequences are counted in whole units in words, whatever fraction a caller passed.
fn whole_chips(s: &Serving) -> f64 {
    round_half_away(Serving::CHIPS.hold(s.chips), 0)
}

pub(crate) fn whole_batch(s: &Serving) -> f64 {
    round_half_away(Serving::BATCH.hold(s.batch), 0)
}

/// The chips counted in words: "one H100", "4 H100s".
pub(crate) fn chips_phrase(s: &Serving) -> String {
    let n = whole_chips(s);
    let name = s.chip.short_name;
    if n == 1.0 {
        format!("one {name}")
    } else {
        format!("{} {name}s", format::with_separators(n, 0))
    }
}

/// Whose figures a share is of: "the H100's", "the 4 H100s'".
fn chips_possessive(s: &Serving) -> String {
    let n = whole_chips(s);
    let name = s.chip.short_name;
    if n == 1.0 {
        format!("the {name}'s")
    } else {
        format!("the {} {name}s'", format::with_separators(n, 0))
    }
}

/// "one sequence", "32 sequences".
fn sequences(s: &Serving) -> String {
    let n = whole_batch(s);
    if n == 1.0 {
        "one sequence".to_string()
    } else {
        format!("{} sequences", format::with_separators(n, 0))
    }
}

/// The setting in a few words: "Llama 3.1 8B with bf16 weights on one H100".
pub fn setting(s: &Serving) -> String {
    format!("{} with {} weights on {}", s.llm.name, s.weights.label(), chips_phrase(s))
}

/// The `data-value` of the bound readout: `memory` or `compute`.
pub fn bound_key(s: &Serving) -> &'static str {
    s.decode_limit().key()
}

/// What sets the length of a decode step, with both times.
pub fn bound_sentence(s: &Serving) -> String {
    let (memory, compute) = (step_time(s.decode_memory_secs()), step_time(s.decode_compute_secs()));
    let cache = s.kv_cache_bytes();
    let read = if cache > 0.0 {
        format!("{} of weights and {} of cache", gigabytes(s.weights_bytes()), gigabytes(cache))
    } else {
        format!("{} of weights", gigabytes(s.weights_bytes()))
    };
    match s.decode_limit() {
        DecodeLimit::Memory => format!(
            "Each decode step waits on memory: reading {read} takes {memory}, while the \
             arithmetic for {} needs only {compute}.",
            sequences(s)
        ),
        DecodeLimit::Compute => format!(
            "With {} the arithmetic takes {compute}, longer than the {memory} spent reading \
             {read}: the step is limited by compute now, so a bigger batch slows every sequence \
             and no longer adds to the total.",
            sequences(s)
        ),
    }
}

/// The `data-value` of the fit readout: `yes` or `no`.
pub fn fits_key(s: &Serving) -> &'static str {
    if s.memory_fit().fits() {
        "yes"
    } else {
        "no"
    }
}

/// The fit readout in short: "yes, 63.9 GB spare" or "no, 61.2 GB short".
pub fn fits_readout(s: &Serving) -> String {
    let fit = s.memory_fit();
    if fit.fits() {
        format!("yes, {} spare", gigabytes(fit.spare_bytes()))
    } else {
        format!("no, {} short", gigabytes(fit.shortfall_bytes()))
    }
}

/// Whether weights and cache fit the chips' memory, and by how much either way.
pub fn fit_sentence(s: &Serving) -> String {
    let fit = s.memory_fit();
    let (weights, cache) = (gigabytes(fit.weights_bytes), gigabytes(fit.kv_cache_bytes));
    let (available, chips) = (gigabytes(fit.available_bytes), chips_phrase(s));
    let no_cache = fit.kv_cache_bytes == 0.0;
    if fit.fits() {
        let spare = gigabytes(fit.spare_bytes());
        if no_cache {
            format!(
                "The weights take {weights} of the {available} on {chips}, leaving {spare} \
                 for the cache and everything else."
            )
        } else {
            format!(
                "The weights ({weights}) and the cache ({cache}) take {} of the {available} \
                 on {chips}, leaving {spare} free.",
                gigabytes(fit.needed_bytes())
            )
        }
    } else {
        let short = gigabytes(fit.shortfall_bytes());
        let needed = fit.chips_needed();
        let beyond = if needed > Serving::CHIPS.max {
            format!(", more than the {} one request can be spread over here", Serving::CHIPS.max)
        } else {
            String::new()
        };
        let at_least = format!(
            "it takes at least {} {}{beyond}",
            format::with_separators(needed, 0),
            match s.chip.chip {
                Chip::Custom => "chips like it",
                _ => "of them",
            }
        );
        if no_cache {
            format!(
                "The weights alone need {weights}, {short} more than the {available} on \
                 {chips}: {at_least}."
            )
        } else {
            format!(
                "The weights ({weights}) and the cache ({cache}) need {}, {short} more than the \
                 {available} on {chips}: {at_least}.",
                gigabytes(fit.needed_bytes())
            )
        }
    }
}

/// Why one rate from a data sheet is really a range, and the range for this setting.
pub fn range_sentence(s: &Serving) -> String {
    let (mfu, mbu) = (PUBLISHED_EFFICIENCIES.mfu, PUBLISHED_EFFICIENCIES.mbu);
    let rates = s.published_rates();
    let (prefill, decode, total) = (
        rates.prefill_tokens_per_sec,
        rates.decode_tokens_per_sec,
        rates.throughput_tokens_per_sec,
    );
    let in_all = if whole_batch(s) > 1.0 {
        format!(
            " ({}–{} in all)",
            format::keeping_figures(total.low, throughput_decimals(total.high)),
            throughput(total.high)
        )
    } else {
        String::new()
    };
    format!(
        "A spec sheet alone yields a range, never one rate: at the efficiencies measured on \
         real serving stacks (MFU {}–{}, MBU {}–{}), this setting reads prompts at {}–{} and \
         writes {}–{} for each sequence{in_all}.",
        format::with_separators(mfu.low * 100.0, 0),
        format::percent(mfu.high),
        format::with_separators(mbu.low * 100.0, 0),
        format::percent(mbu.high),
        format::keeping_figures(prefill.low, 0),
        prefill_rate(prefill.high),
        format::keeping_figures(decode.low, 1),
        decode_rate(decode.high),
    )
}

/// What a measured run's rates imply about the hardware, on the chosen chip and model: the
/// share of the bandwidth its decode reached and of the arithmetic its prefill reached, each a
/// [`Piece::Share`] so that the page can mark it up as a readout. `None` when the run gave
/// neither rate.
pub fn calibration_sentence(
    s: &Serving,
    prefill_tokens_per_sec: Option<f64>,
    decode_tokens_per_sec: Option<f64>,
) -> Option<Vec<Piece>> {
    let owner = chips_possessive(s);
    let mbu = decode_tokens_per_sec.map(|rate| s.implied_mbu(rate));
    let mfu = prefill_tokens_per_sec.map(|rate| s.implied_mfu(rate));
    let mut pieces = vec![Piece::words(format!(
        "Read as {} at a batch of {}, ",
        setting(s),
        format::with_separators(whole_batch(s), 0)
    ))];
    match (mbu, mfu) {
        (Some(mbu), Some(mfu)) => pieces.extend([
            Piece::words("your run's decode reached "),
            Piece::Share(Param::Mbu, mbu),
            Piece::words(format!(" of {owner} bandwidth, and its prefill ")),
            Piece::Share(Param::Mfu, mfu),
            Piece::words(format!(" of {owner} arithmetic.")),
        ]),
        (Some(mbu), None) => pieces.extend([
            Piece::words("your run's decode reached "),
            Piece::Share(Param::Mbu, mbu),
            Piece::words(format!(" of {owner} bandwidth.")),
        ]),
        (None, Some(mfu)) => pieces.extend([
            Piece::words("your run's prefill reached "),
            Piece::Share(Param::Mfu, mfu),
            Piece::words(format!(" of {owner} arithmetic.")),
        ]),
        (None, None) => return None,
    }
    if mbu.is_some_and(|x| x > 1.0) || mfu.is_some_and(|x| x > 1.0) {
        pieces.push(Piece::words(
            " No run gets more than all of the hardware, so it cannot have been this: check the \
             chip, how many, the model, its precision and the batch.",
        ));
    }
    Some(pieces)
}

/// What the chosen weight precision does to the two rates on this chip; `None` for bf16.
pub fn precision_note(s: &Serving) -> Option<String> {
    let chip = s.chip.short_name;
    let figures = s.chip.held();
    match (s.weights, s.arithmetic()) {
        (WeightPrecision::Bf16, _) => None,
        (WeightPrecision::Fp8, Arithmetic::Fp8) => Some(format!(
            "Weights in fp8 halve the bytes each decode step reads and run on the {chip}'s fp8 \
             arithmetic ({} against {} in bf16), so both rates roughly double.",
            tflop_per_sec(figures.fp8_flops_per_sec.unwrap_or(figures.bf16_flops_per_sec)),
            tflop_per_sec(figures.bf16_flops_per_sec)
        )),
        (WeightPrecision::Fp8, Arithmetic::Bf16) => Some(match s.chip.chip {
            Chip::Custom => "The custom chip's one arithmetic figure stands for every precision, \
                             so fp8 weights halve the bytes each decode step reads and leave \
                             prefill as it was."
                .to_string(),
            _ => format!(
                "The {chip} has no fp8 arithmetic: fp8 weights halve the bytes each decode step \
                 reads, but are multiplied in bf16, so prefill gains nothing."
            ),
        }),
        (WeightPrecision::Int4, _) => Some(
            "Weights in 4 bits are a quarter of the bytes to read per decode step, but they are \
             widened to bf16 to be multiplied, so prefill gains nothing and the ratio falls about \
             fourfold."
                .to_string(),
        ),
    }
}

/// How the ratio sets the crossing for an answer of `answer_tokens`.
pub fn crossing_sentence(s: &Serving, answer_tokens: f64) -> String {
    format!(
        "Here a prompt token is read {} times as fast as a token is written for one sequence, so \
         a prompt of {} costs as long as an answer of {}.",
        ratio(s.ratio()),
        crossing_tokens(s.crossing_prompt_tokens(answer_tokens)),
        format::tokens(answer_tokens)
    )
}

/// The range a data sheet alone gives a rate, as a readout's note.
pub fn span_note((low, high): (f64, f64), decimals: usize) -> String {
    format!(
        "{}–{} at published efficiencies",
        format::keeping_figures(low, decimals),
        format::keeping_figures(high, decimals)
    )
}

/// What the crossing readout is measured at.
pub fn answer_note(answer_tokens: f64) -> String {
    format!("prompt tokens for an answer of {}", format::tokens(answer_tokens))
}

/// "one chip", "4 chips together": whose figures a readout adds up.
pub fn chips_note(s: &Serving) -> String {
    let n = whole_chips(s);
    if n == 1.0 {
        "one chip".to_string()
    } else {
        format!("{} chips together", format::with_separators(n, 0))
    }
}

/// The arithmetic the weights are multiplied in, and on how many chips.
pub fn arithmetic_note(s: &Serving) -> String {
    format!("dense {}, {}", s.arithmetic().label(), chips_note(s))
}

/// The ridge the rates actually bend at, once the efficiencies are counted.
pub fn ridge_note(s: &Serving) -> String {
    format!(
        "peak ÷ bandwidth; {} at this MFU and MBU",
        three_figures(s.reached_ridge_flop_per_byte())
    )
}

/// Whose tokens the chips' output counts.
pub fn batch_note(s: &Serving) -> String {
    format!("{} decoded together", sequences(s))
}

/// How many parameters, in which format.
pub fn weights_note(s: &Serving) -> String {
    format!(
        "{} billion parameters in {}",
        format::trimmed(s.llm.held().params / GIGA, 2),
        s.weights.label()
    )
}

/// How a token's cache is made up: a key and a value per head per layer.
pub fn kv_note(s: &Serving) -> String {
    let llm = s.llm.held();
    format!(
        "2 × {} layers × {} KV heads × {} values, in {}",
        format::with_separators(llm.layers, 0),
        format::with_separators(llm.kv_heads, 0),
        format::with_separators(llm.head_dim, 0),
        s.kv.label()
    )
}

/// Why the lesson's 8,000 and 60 tok/s are ordinary hardware: the first worked setting, a model
/// of ten billion parameters on the same chip, and the efficiencies the lesson's ratio implies.
pub fn lesson_rates_sentence() -> String {
    let a100 = Serving::lesson(Chip::A100, Llm::Llama8b);
    let (prefill, decode) = (Param::Prefill.spec().default, Param::Decode.spec().default);
    let scale = prefill / decode / a100.ridge_flop_per_byte();
    format!(
        "The lesson's {} and {} are ordinary hardware: Llama 3.1 8B on one A100 at MFU {} and \
         MBU {} reads {} and writes {}; the lesson's own pair is that chip at MFU {} and an MBU \
         of {}.",
        format::rate(prefill),
        format::rate(decode),
        format::trimmed(a100.mfu, 2),
        format::trimmed(a100.mbu, 2),
        prefill_rate(a100.prefill_tokens_per_sec()),
        decode_rate(a100.decode_tokens_per_sec()),
        format::trimmed(a100.mfu, 2),
        format::trimmed(a100.mfu / scale, 2),
    )
}

/// The answer length the lesson's worked settings are measured at.
pub const WORKED_ANSWER_TOKENS: f64 = 300.0;

/// The lesson's worked settings as a table, at the lesson's rounding.
pub fn worked_cases_table() -> DataTable {
    let rows = worked_cases()
        .iter()
        .map(|case| {
            let s = &case.serving;
            let crossing = s.crossing_prompt_tokens(WORKED_ANSWER_TOKENS);
            let (prefill, decode, all) = (
                s.prefill_tokens_per_sec(),
                s.decode_tokens_per_sec(),
                s.throughput_tokens_per_sec(),
            );
            vec![
                Cell::text(case.name),
                Cell::number(prefill, prefill_rate(prefill)),
                Cell::number(decode, decode_rate(decode)),
                Cell::number(all, throughput(all)),
                Cell::number(s.ratio(), ratio(s.ratio())),
                Cell::number(crossing, crossing_tokens(crossing)),
            ]
        })
        .collect();
    DataTable {
        caption: format!(
            "The lesson's worked settings at MFU {} and MBU {}: the crossing is for an answer of {}.",
            format::trimmed(Serving::MFU.default, 2),
            format::trimmed(Serving::MBU.default, 2),
            format::tokens(WORKED_ANSWER_TOKENS)
        ),
        headers: vec![
            "setting",
            "prefill|tok/s",
            "decode, each sequence|tok/s",
            "decode, all sequences|tok/s",
            "ratio",
            "crossing|tokens",
        ],
        rows,
        current_row: None,
    }
}

/// The H100 and the H200 settings the prediction compares (the second and third worked cases).
fn h100_and_h200() -> (Serving, Serving) {
    let [_, h100, h200, ..] = worked_cases();
    (h100.serving, h200.serving)
}

/// The prediction about the H200, asked before anything states its numbers.
pub fn h200_question() -> String {
    let (h100, h200) = h100_and_h200();
    format!(
        "The H200 keeps the H100's arithmetic ({} in bf16) and has {} times its memory bandwidth \
         ({} against {}). Serving {} to one sequence at MFU {} and MBU {}, the H100's crossing for \
         an answer of {} is {}. Which rate moves on the H200, which way does the crossing go, and \
         how far?",
        tflop_per_sec(h200.chip.bf16_flops_per_sec),
        format::trimmed(h200.chip_bytes_per_sec() / h100.chip_bytes_per_sec(), 2),
        gb_per_sec(h200.chip_bytes_per_sec()),
        gb_per_sec(h100.chip_bytes_per_sec()),
        h100.llm.name,
        format::trimmed(h100.mfu, 2),
        format::trimmed(h100.mbu, 2),
        format::tokens(WORKED_ANSWER_TOKENS),
        crossing_tokens(h100.crossing_prompt_tokens(WORKED_ANSWER_TOKENS)),
    )
}

/// The answer to [`h200_question`], and how far `guess` (prompt tokens) was from it.
pub fn h200_feedback(guess: f64) -> String {
    let (h100, h200) = h100_and_h200();
    let crossing = h200.crossing_prompt_tokens(WORKED_ANSWER_TOKENS);
    format!(
        "Prefill stays at {}: the arithmetic did not change. Decode rises from {} to {}, so the \
         ratio falls from {} to {} and the crossing moves left, to {}: with a cheaper answer, a \
         shorter prompt already costs as much. {}",
        prefill_rate(h200.prefill_tokens_per_sec()),
        decode_rate(h100.decode_tokens_per_sec()),
        decode_rate(h200.decode_tokens_per_sec()),
        ratio(h100.ratio()),
        ratio(h200.ratio()),
        crossing_tokens(crossing),
        crate::text::request::how_far_off(guess, crossing)
    )
}

/// What handing the rates to `target` did: where they went, the wait a deployment's first
/// token now starts from, and any rate the page's bounds moved.
pub fn applied_note(target: RateTarget, handed: &Handed, state: &State) -> String {
    let (prefill, decode) = target.params();
    // As the calculator's readouts print them, so the note repeats the numbers beside it.
    let (p, d) = (prefill_rate(state.get(prefill)), decode_rate(state.get(decode)));
    let side = if target == RateTarget::A { "A" } else { "B" };
    let mut out = format!(
        "Deployment {side} now reads the shared prompt at {p} and writes {d}, its first token \
         built from that prompt: {} races it.",
        Figure::Completion.name()
    );
    match handed.wait {
        HandedWait::Shared { secs } => out.push_str(&format!(
            " Before prefill it waits {}, one network and queue for both sides (the story's own \
             wait belonged to the story's deployment); {side}'s panel above takes a wait of its \
             own. The page knows nothing of this chip at a busy hour, so {side}'s busiest-hour \
             figures are now its quiet ones.",
            format::duration(secs)
        )),
        HandedWait::Own { secs } => out.push_str(&format!(
            " Before prefill it still waits the {} you set for {side}. The page knows nothing of \
             this chip at a busy hour, so {side}'s busiest-hour figures are now its quiet ones.",
            format::duration(secs)
        )),
    }
    // A rate under one token a second keeps its figures rather than reading "0".
    let shown = |x: f64| {
        if x != 0.0 && x.abs() < 1.0 {
            three_figures(x)
        } else {
            format::trimmed(x, 1)
        }
    };
    for m in &handed.moved {
        let spec = m.param.spec();
        let name = if m.param == prefill { "prefill rate" } else { "decode rate" };
        out.push_str(&format!(
            " This setting's {name} of {} {} is outside the page's range, so the control holds {} {}.",
            shown(m.wanted),
            spec.unit,
            shown(m.held),
            spec.unit,
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::llms::Llm;

    fn lesson(chip: Chip, llm: Llm) -> Serving {
        Serving::lesson(chip, llm)
    }

    #[test]
    fn three_figures_rounds_half_away_and_trims() {
        assert_eq!(three_figures(109.297), "109");
        assert_eq!(three_figures(52.7185), "52.7");
        assert_eq!(three_figures(436.45), "436");
        assert_eq!(three_figures(2_345.0), "2,350");
        assert_eq!(three_figures(0.032_477), "0.0325");
        assert_eq!(three_figures(146.0), "146");
        assert_eq!(three_figures(999.6), "1,000");
        assert_eq!(three_figures(0.0), "0");
        assert_eq!(three_figures(f64::NAN), "—");
    }

    #[test]
    fn a_rate_under_one_token_a_second_keeps_its_figures() {
        assert_eq!(prefill_rate(0.3172), "0.317 tok/s");
        assert_eq!(decode_rate(0.049_8), "0.0498 tok/s");
        assert_eq!(span_note((0.21, 0.43), 0), "0.21–0.43 at published efficiencies");
        assert_eq!(prefill_rate(30_791.4), "30,791 tok/s");
        assert_eq!(decode_rate(146.0), "146.0 tok/s");
        assert_eq!(format::rate(0.0312), "0.0312 tok/s");
        assert_eq!(throughput(0.001_523), "0.00152 tok/s");
        assert_eq!(throughput(88.94), "88.9 tok/s");
    }

    #[test]
    fn a_chip_a_million_times_too_slow_still_reads_as_figures_not_zeros() {
        use crate::state::{Param, State};
        // The custom chip at the floor of its range, with the most sequences and context: every
        // rate is far under one token a second.
        let mut state = State::default()
            .with(Param::ChipTflops, 0.1)
            .with(Param::ChipBandwidth, 10.0)
            .with(Param::Batch, 1_024.0)
            .with(Param::Context, 1_000_000.0);
        state.chip = Chip::Custom;
        let s = state.serving();
        let said = range_sentence(&s);
        assert!(!said.contains(" 0.0–") && !said.contains("(0.0–"), "{said}");
        assert!(!said.contains(" 0–"), "{said}");
        let rates = s.published_rates();
        assert!(rates.decode_tokens_per_sec.low < 1.0, "{said}");
    }

    #[test]
    fn crossings_round_as_the_lesson_prints_them() {
        assert_eq!(crossing_tokens(130_935.8), "130,900 tokens");
        assert_eq!(crossing_tokens(15_815.6), "15,800 tokens");
        assert_eq!(crossing_tokens(4_151.8), "4,150 tokens");
        assert_eq!(crossing_tokens(52.7), "53 tokens");
        assert_eq!(crossing_tokens(1.0), "1 token");
    }

    #[test]
    fn units_read_as_data_sheets_write_them() {
        assert_eq!(gigabytes(141.2e9), "141 GB");
        assert_eq!(gigabytes(16.06e9), "16.1 GB");
        assert_eq!(gigabytes(811.8e9), "812 GB");
        assert_eq!(gigabytes(0.0), "0 GB");
        assert_eq!(bytes(131_072.0), "131,072 B");
        assert_eq!(tflop_per_sec(3_956e12), "3,956 TFLOP/s");
        assert_eq!(tflop_per_sec(0.1e12), "0.1 TFLOP/s");
        assert_eq!(gb_per_sec(3_350e9), "3,350 GB/s");
        assert_eq!(ridge(312.0 / 2.039), "153 FLOP/byte");
        assert_eq!(step_time(0.006_848_6), "6.85 ms");
        assert_eq!(step_time(0.000_032_477), "0.0325 ms");
        assert_eq!(step_time(0.999_9), "1 s");
        assert_eq!(step_time(12.345), "12.3 s");
    }

    #[test]
    fn the_bound_sentence_names_the_longer_time() {
        let s = lesson(Chip::H100, Llm::Llama8b);
        assert_eq!(bound_key(&s), "memory");
        let text = bound_sentence(&s);
        assert!(text.starts_with("Each decode step waits on memory"), "{text}");
        assert!(text.contains("16.1 GB of weights takes 6.85 ms"), "{text}");
        assert!(text.contains("one sequence needs only 0.0325 ms"), "{text}");
        let busy = Serving { batch: 1_024.0, ..s };
        assert_eq!(bound_key(&busy), "compute");
        let text = bound_sentence(&busy);
        assert!(text.contains("With 1,024 sequences the arithmetic takes 33.3 ms"), "{text}");
        assert!(text.contains("limited by compute"), "{text}");
    }

    #[test]
    fn seventy_billion_in_bf16_does_not_fit_one_eighty_gigabyte_chip() {
        let s = lesson(Chip::H100, Llm::Llama70b);
        assert_eq!(fits_key(&s), "no");
        assert_eq!(fits_readout(&s), "no, 61.2 GB short");
        assert_eq!(
            fit_sentence(&s),
            "The weights alone need 141 GB, 61.2 GB more than the 80 GB on one H100: it takes \
             at least 2 of them."
        );
        let four = Serving { chips: 4.0, ..s };
        assert_eq!(fits_key(&four), "yes");
        assert_eq!(fits_readout(&four), "yes, 179 GB spare");
        assert!(fit_sentence(&four).contains("of the 320 GB on 4 H100s, leaving 179 GB"));
    }

    #[test]
    fn the_fit_sentence_counts_the_cache_and_the_chips_beyond_reach() {
        let s =
            Serving { batch: 32.0, context_tokens: 4_096.0, ..lesson(Chip::H100, Llm::Llama8b) };
        assert_eq!(
            fit_sentence(&s),
            "The weights (16.1 GB) and the cache (17.2 GB) take 33.2 GB of the 80 GB on one \
             H100, leaving 46.8 GB free."
        );
        let huge =
            Serving { batch: 1_024.0, context_tokens: 1e6, ..lesson(Chip::L4, Llm::Llama405b) };
        let text = fit_sentence(&huge);
        assert!(text.contains("more than the 64 one request can be spread over here"), "{text}");
        let custom = Serving {
            chip: crate::model::chips::CustomChip { memory_gb: 1.0, ..Default::default() }.spec(),
            ..lesson(Chip::Custom, Llm::Llama8b)
        };
        assert!(
            fit_sentence(&custom).contains("at least 17 chips like it"),
            "{}",
            fit_sentence(&custom)
        );
    }

    #[test]
    fn the_range_sentence_gives_both_ends_of_both_rates() {
        let s = lesson(Chip::H100, Llm::Llama8b);
        let r = s.published_rates();
        let text = range_sentence(&s);
        assert!(text.contains("MFU 45–72%, MBU 55–90%"), "{text}");
        let prefill = format!(
            "{}–{}",
            format::with_separators(r.prefill_tokens_per_sec.low, 0),
            prefill_rate(r.prefill_tokens_per_sec.high)
        );
        assert!(text.contains(&prefill), "{text}");
        assert!(text.contains("27,712–44,339 tok/s"), "{text}");
        assert!(text.contains("114.7–187.7 tok/s for each sequence."), "{text}");
        let batch = Serving { batch: 32.0, context_tokens: 4_096.0, ..s };
        assert!(range_sentence(&batch).contains(" in all)."), "{}", range_sentence(&batch));
    }

    #[test]
    fn calibration_names_the_share_of_each_limit_reached() {
        let s = lesson(Chip::H100, Llm::Llama8b);
        let decode = 0.61 * s.decode_tokens_per_sec() / 0.7;
        let prefill = 0.48 * s.prefill_tokens_per_sec() / 0.5;
        let text = Piece::plain(
            &calibration_sentence(&s, Some(prefill), Some(decode)).expect("two rates"),
        );
        assert!(
            text.ends_with(
                "your run's decode reached 61% of the H100's bandwidth, and its prefill 48% of \
                 the H100's arithmetic."
            ),
            "{text}"
        );
        assert!(
            text.starts_with("Read as Llama 3.1 8B with bf16 weights on one H100 at a batch of 1"),
            "{text}"
        );
        let only_decode = Piece::plain(
            &calibration_sentence(&Serving { chips: 2.0, ..s }, None, Some(decode))
                .expect("one rate"),
        );
        assert!(only_decode.contains("31% of the 2 H100s' bandwidth."), "{only_decode}");
        assert_eq!(calibration_sentence(&s, None, None), None);
        let too_fast =
            Piece::plain(&calibration_sentence(&s, None, Some(10_000.0)).expect("one rate"));
        assert!(too_fast.contains("cannot have been this"), "{too_fast}");
    }

    #[test]
    fn each_precision_says_what_it_changes() {
        let h100 = lesson(Chip::H100, Llm::Llama8b);
        assert_eq!(precision_note(&h100), None);
        let fp8 = precision_note(&Serving { weights: WeightPrecision::Fp8, ..h100 }).expect("fp8");
        assert!(fp8.contains("(1,979 TFLOP/s against 989 TFLOP/s in bf16)"), "{fp8}");
        let a100 = Serving { weights: WeightPrecision::Fp8, ..lesson(Chip::A100, Llm::Llama8b) };
        assert!(precision_note(&a100).expect("fp8").starts_with("The A100 has no fp8 arithmetic"));
        let custom =
            Serving { weights: WeightPrecision::Fp8, ..lesson(Chip::Custom, Llm::Llama8b) };
        assert!(precision_note(&custom).expect("fp8").starts_with("The custom chip's"));
        let int4 = Serving { weights: WeightPrecision::Int4, ..h100 };
        assert!(precision_note(&int4).expect("int4").contains("widened to bf16"));
    }

    #[test]
    fn the_crossing_sentence_uses_the_lesson_rounding() {
        let s = lesson(Chip::H100, Llm::Llama8b);
        assert_eq!(
            crossing_sentence(&s, 300.0),
            "Here a prompt token is read 211 times as fast as a token is written for one \
             sequence, so a prompt of 63,300 tokens costs as long as an answer of 300 tokens."
        );
    }

    #[test]
    fn the_setting_reads_naturally() {
        let s = Serving {
            chips: 4.0,
            weights: WeightPrecision::Int4,
            ..lesson(Chip::Mi300x, Llm::Llama405b)
        };
        assert_eq!(setting(&s), "Llama 3.1 405B with 4-bit weights on 4 MI300Xs");
    }
}
