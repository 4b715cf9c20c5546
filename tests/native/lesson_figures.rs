//! Every figure of the course lesson's "One request, two phases" part, reproduced by the model and shown
//! to the digit the lesson prints.

use crossover::charts::crossing::lesson_table;
use crossover::format::{duration, trimmed};
use crossover::model::rounding::round_half_away;
use crossover::model::{Bound, ReadingSpeed, Request};
use crossover::state::State;

#[test]
fn reference_table_rows_match_the_lesson() {
    // (prompt, prefill time, decode time, total) exactly as the lesson prints them.
    let expected = [
        (100.0, "13 ms", "5 s", "5.01 s"),
        (200.0, "25 ms", "5 s", "5.03 s"),
        (500.0, "63 ms", "5 s", "5.06 s"),
        (1_000.0, "125 ms", "5 s", "5.13 s"),
        (2_000.0, "250 ms", "5 s", "5.25 s"),
        (5_000.0, "625 ms", "5 s", "5.63 s"),
        (10_000.0, "1.25 s", "5 s", "6.25 s"),
        (16_000.0, "2 s", "5 s", "7 s"),
        (20_000.0, "2.5 s", "5 s", "7.5 s"),
        (50_000.0, "6.25 s", "5 s", "11.25 s"),
    ];
    let rows = lesson_table(&State::default());
    assert_eq!(rows.len(), expected.len());
    for (row, (prompt, prefill, decode, total)) in rows.iter().zip(expected) {
        assert_eq!(row.prompt_tokens, prompt);
        assert_eq!(duration(row.prefill_secs), prefill, "prefill at {prompt}");
        assert_eq!(duration(row.decode_secs), decode, "decode at {prompt}");
        assert_eq!(duration(row.total_secs), total, "total at {prompt}");
    }
}

#[test]
fn sixteen_thousand_token_summary() {
    let r = Request::SUMMARISER;
    assert_eq!(r.prompt_tokens, 16_000.0);
    assert_eq!(duration(r.prefill_secs()), "2 s");
    assert_eq!(duration(r.ttft_secs()), "2.02 s");
    assert_eq!(duration(r.total_secs()), "7 s");
    assert_eq!(duration(r.decode_secs()), "5 s");
    // The prompt is over fifty times longer than the answer, yet the answer owns the clock.
    assert!(r.prompt_tokens / r.output_tokens > 50.0);
    assert_eq!(r.bound(), Bound::Decode);
}

#[test]
fn crossing_ratio_and_prompt() {
    let r = Request::SUMMARISER;
    assert_eq!(trimmed(r.crossing_ratio(), 1), "133.3");
    assert_eq!(round_half_away(r.crossing_prompt_tokens(), 0), 40_000.0);
    // Just past the crossing prefill costs more; just before it, decode does.
    assert_eq!(r.with_prompt(40_001.0).bound(), Bound::Prefill);
    assert_eq!(r.with_prompt(39_999.0).bound(), Bound::Decode);
    assert_eq!(r.with_prompt(40_000.0).bound(), Bound::Balanced);
}

#[test]
fn reading_speed() {
    let reader = ReadingSpeed::default();
    assert_eq!(reader.words_per_min, 240.0);
    assert_eq!(trimmed(reader.words_per_min / 60.0, 1), "4");
    assert_eq!(trimmed(reader.tokens_per_sec(), 1), "5.3");
    // Both streamed and unstreamed, the summariser outruns a reader.
    assert!(Request::SUMMARISER.decode_tokens_per_sec > reader.tokens_per_sec());
}

#[test]
fn streaming_changes_the_wait_not_the_finish() {
    let r = Request::SUMMARISER;
    // Unstreamed, the screen is empty until the total; streamed, until the first token.
    assert_eq!(r.unstreamed_tokens_at(r.total_secs() - 1e-9), 0.0);
    assert_eq!(r.streamed_tokens_at(r.ttft_secs()), 1.0);
    assert_eq!(r.streamed_tokens_at(r.total_secs()), r.output_tokens);
    assert_eq!(duration(r.ttft_secs()), "2.02 s");
    assert_eq!(duration(r.total_secs()), "7 s");
}
