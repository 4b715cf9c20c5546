//! What the page tells a reader about the tool that wrote a run: which clock its time to first
//! token is read from, and how to run it again so that a prefill rate can be read.

use super::record::Format;

/// Which clock the tool's TTFT is read from. Every tool the page reads is a client benchmark:
/// its clock starts when the client sends the request, so the network, the server's queue and
/// prefill all count (the first of the three clocks of the deeper model's section).
pub fn ttft_clock(format: Format) -> String {
    let tool = match format {
        Format::Csv | Format::Json => {
            return "Which clock this table's TTFT is read from is not in the file: the page \
                    takes it as a client's, from the moment the request was sent (network, \
                    queue and prefill), and its numbers mean something else if it was not."
                .to_string();
        }
        Format::Live => {
            return "TTFT here is this page's own, timed in the browser from just before each \
                    request was sent to the first answer text: the client's clock, so the \
                    network, any queue and prefill are all in it."
                .to_string();
        }
        Format::Vllm => "vLLM's benchmark client (vllm bench serve)",
        Format::Sglang => "SGLang's benchmark client (bench_serving)",
        other => other.name(),
    };
    format!(
        "TTFT here is {tool}'s, timed by the client from the moment it sent each request: the \
         client's clock, so the network, the server's queue and prefill are all in it."
    )
}

/// How to run the tool again with prompts of several lengths, which a prefill rate needs: the
/// floor's slope is read across prompt lengths, and a run at one length has none to read.
pub fn sweep_advice(format: Format) -> &'static str {
    match format {
        Format::Vllm => "To read a prefill rate, run vllm bench serve again with prompts of many lengths: with --dataset-name random, a --random-range-ratio near 0.9 spreads the prompts from a tenth of --random-input-len to nearly twice it.",
        Format::Sglang => "To read a prefill rate, run bench_serving again with prompts of many lengths: with --dataset-name random, a --random-range-ratio of 0.1 draws each prompt between a tenth of --random-input-len and all of it.",
        Format::Aiperf => "To read a prefill rate, run AIPerf again with prompts of many lengths: a --synthetic-input-tokens-stddev about three quarters of --synthetic-input-tokens-mean spreads them widely.",
        Format::GenaiPerf => "To read a prefill rate, run GenAI-Perf again with prompts of many lengths: a --synthetic-input-tokens-stddev about three quarters of --synthetic-input-tokens-mean spreads them widely.",
        Format::Llmperf => "To read a prefill rate, run LLMPerf's token_benchmark_ray.py again with prompts of many lengths: a --stddev-input-tokens about three quarters of --mean-input-tokens (1,500 around 2,000, say) spreads them widely.",
        Format::Guidellm => "To read a prefill rate, run GuideLLM again with prompts of many lengths: synthetic --data with prompt_tokens_stdev, prompt_tokens_min and prompt_tokens_max set wide (say 2000, 1500, 100 and 8000).",
        Format::LlmLoadTest => "To read a prefill rate, run llm-load-test again with prompts of many lengths: widen the dataset's min_input_tokens and max_input_tokens in its config file (0 to 4096, say).",
        Format::Live => "To read a prefill rate more surely, measure again with more prompt lengths or more repeats, spread from the shortest to at least ten times it.",
        Format::Csv | Format::Json => "To read a prefill rate, measure again with prompts of many lengths, from a few hundred tokens to several thousand: a rate is the slope of time against length, and one length has no slope.",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_tool_is_told_its_clock_and_how_to_sweep() {
        for format in Format::ALL {
            let clock = ttft_clock(format);
            let sweep = sweep_advice(format);
            assert!(clock.contains("client") || clock.contains("sent"), "{clock}");
            assert!(sweep.starts_with("To read a prefill rate"), "{sweep}");
        }
        assert!(sweep_advice(Format::Llmperf).contains("--stddev-input-tokens"));
        assert!(ttft_clock(Format::Llmperf).starts_with("TTFT here is LLMPerf's"));
    }
}
