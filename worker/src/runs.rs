//! The work behind the worker's answers, as plain Rust (compiled natively for its tests): a file
//! read and fitted into runs numbered as the page asks, each run kept with its figures, and the
//! downloads written from a kept run. `answer.rs` holds the browser's side.

// A file the reader dropped reaches all of this: it must give runs or a refusal, never a panic.
#![cfg_attr(
    not(test),
    deny(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)
)]

use crossover::charts::measured::{RunFigure, RunFigures};
use crossover::charts::{Palette, Style};
use crossover::measurements::compare::{
    self, NoDeployment, Overlay, RunDeployment, TtftPercentile, Workload, MOST_POINTS,
};
use crossover::measurements::protocol::{
    CompareAsked, CssSize, FigureFormat, RunAsDeployment, RunFile, RunsReply,
};
use crossover::measurements::review::facts::{FileFacts, RunFacts};
use crossover::measurements::review::observed::{Failures, Observed};
use crossover::measurements::{self, export, Fit, Run};
use crossover::text::compare::no_deployment_text;
use crossover::text::comparison::{Comparison, ComparisonView};
use crossover::text::measurements::sentences::refused;
use crossover::text::measurements::{page_run, run_view};

/// Share of a read's work (after the bytes are in) done once the file is parsed; the fits of its
/// runs take the rest.
const PARSED_SHARE: f64 = 0.2;
/// Plotters units per SVG user unit in exported figures, as the page's own SVG export uses.
const SVG_SUBUNITS: u32 = 4;

/// A fitted run and its figures, as the worker keeps them to draw and export on request.
pub struct Fitted {
    pub run: Run,
    pub fit: Fit,
    pub figures: RunFigures,
    pub file_stem: String,
    /// The file the run was read from.
    pub file: FileFacts,
    /// The run as a deployment at each TTFT percentile, worked out when first asked (the
    /// bootstrap behind it is the costly part of a comparison).
    deployments: [Option<Result<RunDeployment, NoDeployment>>; 3],
}

impl Fitted {
    pub fn new(run: Run, fit: Fit, file_stem: String) -> Fitted {
        let figures = RunFigures::of(&fit);
        let file = FileFacts::default();
        Fitted { run, fit, figures, file_stem, file, deployments: [None, None, None] }
    }

    /// The run as a deployment at `percentile`.
    pub fn deployment(
        &mut self,
        percentile: TtftPercentile,
    ) -> Result<&RunDeployment, NoDeployment> {
        let i = TtftPercentile::ALL.iter().position(|p| *p == percentile).unwrap_or(0);
        let (run, fit) = (&self.run, &self.fit);
        let Some(slot) = self.deployments.get_mut(i) else {
            return Err(NoDeployment::NoDecodeRate);
        };
        slot.get_or_insert_with(|| RunDeployment::from_run(run, fit, percentile))
            .as_ref()
            .map_err(|e| *e)
    }

    /// The run as the lab's side, or why it cannot be one.
    pub fn as_deployment(&mut self, percentile: TtftPercentile) -> Result<RunAsDeployment, String> {
        let label = self.run.label.clone();
        // What the run tells a review of itself; the lengths are the deployment's own below.
        let facts = RunFacts {
            file: self.file.clone(),
            tool: self.run.format.name().to_string(),
            meta: self.run.meta.clone(),
            load: self.run.load,
            streamed: self.fit.streamed,
            prompt_tokens: 0.0,
            answer_tokens: [0.0; 2],
            failures: Failures::of(&self.run),
            observed: Observed::of(&self.run),
        };
        let (failed_requests, requests) = (self.run.failed_count(), self.run.records.len());
        match self.deployment(percentile) {
            Ok(d) => Ok(RunAsDeployment {
                label,
                ttft_secs: d.deployment.ttft_secs,
                decode_tokens_per_sec: d.deployment.decode_tokens_per_sec,
                answer_tokens: [d.median_answer_tokens, d.p90_answer_tokens],
                failed_requests,
                requests,
                facts: Box::new(RunFacts {
                    prompt_tokens: d.median_prompt_tokens,
                    answer_tokens: [d.median_answer_tokens, d.p90_answer_tokens],
                    ..facts
                }),
            }),
            Err(why) => Err(no_deployment_text(&label, why)),
        }
    }
}

/// The deployment [`Fitted::deployment`] worked out before, if it could.
fn cached(fitted: &Fitted, percentile: TtftPercentile) -> Option<&RunDeployment> {
    let i = TtftPercentile::ALL.iter().position(|q| *q == percentile)?;
    fitted.deployments.get(i)?.as_ref()?.as_ref().ok()
}

/// Two kept runs compared as the lab asks: what the lab shows, and Figure 3's overlay.
pub struct Compared {
    pub view: ComparisonView,
    pub overlay: Vec<f64>,
}

/// Compares the runs `asked` names among `runs` (a run's id is its place); `None` when one is
/// not kept or cannot be a deployment.
pub fn compare_runs(runs: &mut [Option<Fitted>], asked: &CompareAsked) -> Option<Compared> {
    for side in [asked.a, asked.b] {
        runs.get_mut(side.run_id)?.as_mut()?.deployment(side.percentile).ok()?;
    }
    let kept = |id: usize| runs.get(id).and_then(Option::as_ref);
    let (fa, fb) = (kept(asked.a.run_id)?, kept(asked.b.run_id)?);
    let (da, db) = (cached(fa, asked.a.percentile)?, cached(fb, asked.b.percentile)?);
    let estimate = compare::estimate(da, db);
    let winner = compare::winner_at(&estimate, asked.answer_tokens);
    let workload = Workload {
        median_answer_tokens: asked.median_answer_tokens,
        p90_answer_tokens: asked.p90_answer_tokens,
    };
    let table = compare::table((&fa.fit, da), (&fb.fit, db), workload);
    let findings = compare::findings(da, db);
    let view = ComparisonView::of(&Comparison {
        estimate: &estimate,
        winner: &winner,
        table: &table,
        findings: &findings,
    });
    let overlay = Overlay::new(
        &compare::completion_points(&fa.fit, MOST_POINTS),
        &compare::completion_points(&fb.fit, MOST_POINTS),
        estimate.range.ends(),
    );
    Some(Compared { view, overlay: overlay.into_numbers() })
}

/// The file a run came from: its name, and the SHA-256 and size of its `bytes`.
pub fn file_facts(name: &str, bytes: &[u8]) -> FileFacts {
    use sha2::Digest;
    let digest = sha2::Sha256::digest(bytes);
    let sha256 = digest.iter().map(|b| format!("{b:02x}")).collect();
    FileFacts { name: measurements::file_text::cleaned(name), sha256, bytes: bytes.len() }
}

/// Reads and fits `text`, the contents of `file`, giving the runs ids from `first_id` on;
/// `progress` hears the share of the work done (0 to 1) after the parsing and after each run.
/// Returns the page's answer and the fitted runs, for the worker to keep.
pub fn read_and_fit(
    text: &str,
    file: &FileFacts,
    first_id: usize,
    progress: &mut dyn FnMut(f64),
) -> (RunsReply, Vec<Fitted>) {
    let file_name = file.name.as_str();
    // The ids before this file's are the runs this page has read so far: the visit's cap counts
    // them, so a file sent again to a new worker is capped as it was the first time.
    let runs = match measurements::read_beside(text, file_name, first_id) {
        Ok(runs) => runs,
        Err(refusal) => return (Err(refused(file_name, &refusal)), vec![]),
    };
    progress(PARSED_SHARE);
    let total = runs.len().max(1) as f64;
    let mut pages = Vec::with_capacity(runs.len());
    let mut fitted = Vec::with_capacity(runs.len());
    for (i, run) in runs.into_iter().enumerate() {
        let done_before = PARSED_SHARE + (1.0 - PARSED_SHARE) * i as f64 / total;
        let fit = measurements::fit::fit_with_progress(&run, &mut |stage| {
            progress(done_before + (1.0 - PARSED_SHARE) * stage.share_done() / total);
        });
        let kept = Fitted::new(run, fit, String::new());
        let mut page = page_run(&run_view(&kept.run, &kept.fit, &kept.figures));
        page.id = first_id + i;
        fitted.push(Fitted { file_stem: page.file_stem.clone(), file: file.clone(), ..kept });
        pages.push(page);
    }
    (Ok(pages), fitted)
}

pub fn palette(dark: bool) -> Palette {
    if dark {
        Palette::DARK
    } else {
        Palette::LIGHT
    }
}

/// A download of a kept run: `(file name, media type, content)`. A figure's SVG is drawn at
/// `size` CSS pixels in the page's palette; a PNG is the page's own (its canvas), so not here.
pub fn export_file(
    fitted: &Fitted,
    file: &RunFile,
    size: CssSize,
    dark: bool,
) -> Option<(String, &'static str, String)> {
    let name = file.file_name(&fitted.file_stem);
    let (mime, content) = match file {
        RunFile::Fit => ("text/csv", export::fit_csv(&fitted.run, &fitted.fit)),
        RunFile::Residuals => ("text/csv", export::residuals_csv(&fitted.fit)),
        RunFile::Figure { slug, format } => {
            let figure = RunFigure::ALL.into_iter().find(|f| f.slug() == slug)?;
            match format {
                FigureFormat::Csv => ("text/csv", fitted.figures.table(figure).to_csv()),
                FigureFormat::Svg => ("image/svg+xml", svg(fitted, figure, size, dark)?),
                FigureFormat::Png => return None,
            }
        }
    };
    Some((name, mime, content))
}

fn svg(fitted: &Fitted, figure: RunFigure, size: CssSize, dark: bool) -> Option<String> {
    let size = (size.width.clamp(320.0, 4000.0) as u32, size.height.clamp(200.0, 4000.0) as u32);
    let style = Style { scale: f64::from(SVG_SUBUNITS), palette: palette(dark) };
    let svg = crossover::charts::to_svg(size.0 * SVG_SUBUNITS, size.1 * SVG_SUBUNITS, |area| {
        fitted.figures.draw(figure, area, &style)
    })
    .ok()?;
    // Shown at the real size; the viewBox keeps the finer coordinates.
    let drawn = format!(r#"width="{}" height="{}""#, size.0 * SVG_SUBUNITS, size.1 * SVG_SUBUNITS);
    let shown = format!(r#"width="{}" height="{}""#, size.0, size.1);
    Some(svg.replacen(&drawn, &shown, 1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crossover::measurements::protocol::{decode_runs, encode_runs, PageRun, SideAsked};
    use crossover::text::measurements::sentences::records_text;
    use crossover::text::measurements::RunView;

    fn bench_file(name: &str) -> String {
        let path = format!("{}/../tests/data/bench-results/{name}", env!("CARGO_MANIFEST_DIR"));
        std::fs::read_to_string(path).unwrap()
    }

    /// The runs of a file as the page receives them, through the protocol's text form.
    fn read_on_page(text: &str, file_name: &str) -> RunsReply {
        let (reply, _) =
            read_and_fit(text, &file_facts(file_name, text.as_bytes()), 0, &mut |_| {});
        decode_runs(&encode_runs(&reply)).unwrap()
    }

    /// The run as the page reads it from the worker's data.
    fn shown(run: &PageRun) -> RunView {
        RunView::from_wire(&run.view).expect("a view")
    }

    #[test]
    fn real_files_give_the_librarys_counts_or_its_refusal() {
        let vllm = "vllm_benchmark_serving_detailed__aurotripathy_llama3.1-70b-fp8_conc256.json";
        let runs: Vec<PageRun> = read_on_page(&bench_file(vllm), vllm).unwrap();
        assert_eq!(runs.len(), 1);
        let view = shown(&runs[0]);
        assert_eq!((view.format_id.as_str(), view.format_name.as_str()), ("vllm", "vLLM"));
        assert_eq!(
            (view.used, records_text(view.used, view.records).as_str()),
            (100, "100 of 100")
        );
        // No prefill rate is claimed from prompts this alike, and the reason is given.
        assert_eq!(view.prefill_tokens_per_sec, None);
        assert!(
            view.prefill_text.starts_with("none claimed: the prompts"),
            "{}",
            view.prefill_text
        );
        assert_eq!(runs[0].prefill_tokens_per_sec, None);
        // The model the file names is what the chip calculator reads the run as.
        assert_eq!(view.stated.model, "neuralmagic/Meta-Llama-3.1-70B-Instruct-FP8");
        let bedrock = "llmperf_individual__leaderboard_bedrock_70b.json";
        let runs = read_on_page(&bench_file(bedrock), bedrock).unwrap();
        let view = shown(&runs[0]);
        assert_eq!(records_text(view.used, view.records), "101 of 150");
        assert_eq!(view.dropped, 49);
        assert!(view.dropped_text.starts_with("49 failed"), "{}", view.dropped_text);
        assert_eq!(view.stated.model, "", "LLMPerf's per-request file names no model");
        assert_eq!(runs[0].file_stem, "crossover-llmperf");
        let summary = "sglang_bench_serving_summary_only__datacrunch_llama3.3-70b_online.jsonl";
        let refused = read_on_page(&bench_file(summary), summary);
        assert!(refused.unwrap_err().starts_with(summary));
    }

    #[test]
    fn runs_are_numbered_from_the_first_id_and_progress_is_told() {
        let text = bench_file("llmperf_individual__leaderboard_bedrock_70b.json");
        let mut heard = Vec::new();
        let (reply, fitted) =
            read_and_fit(&text, &file_facts("b.json", text.as_bytes()), 5, &mut |p| heard.push(p));
        let runs = decode_runs(&encode_runs(&reply)).unwrap().unwrap();
        assert_eq!(runs.iter().map(|r| r.id).collect::<Vec<_>>(), vec![5]);
        assert_eq!(fitted.len(), 1);
        assert_eq!(heard.last(), Some(&1.0));
        assert!(heard.windows(2).all(|w| w[0] <= w[1]), "{heard:?}");
        let size = CssSize { width: 800.0, height: 400.0 };
        let (name, mime, csv) = export_file(&fitted[0], &RunFile::Residuals, size, false).unwrap();
        assert_eq!((name.as_str(), mime), ("crossover-llmperf-residuals.csv", "text/csv"));
        assert_eq!(csv, export::residuals_csv(&fitted[0].fit));
        let table = RunFile::from_name("fit-ttft.csv").unwrap();
        let (name, _, table) = export_file(&fitted[0], &table, size, false).unwrap();
        assert_eq!(name, "crossover-llmperf-fit-ttft.csv");
        assert_eq!(table, fitted[0].figures.table(RunFigure::Ttft).to_csv());
        let nothing = RunFile::from_name("nothing.csv").unwrap();
        assert!(export_file(&fitted[0], &nothing, size, false).is_none());
        let (refused, none) =
            read_and_fit("", &file_facts("e.json", "".as_bytes()), 0, &mut |_| {});
        assert!(decode_runs(&encode_runs(&refused)).unwrap().is_err() && none.is_empty());
    }

    #[test]
    fn a_figure_exports_as_svg_at_its_css_size_and_never_as_png() {
        let text = bench_file("llmperf_individual__leaderboard_bedrock_70b.json");
        let (_, fitted) =
            read_and_fit(&text, &file_facts("b.json", text.as_bytes()), 0, &mut |_| {});
        let size = CssSize { width: 700.0, height: 50.0 };
        for figure in RunFigure::ALL {
            let slug = figure.slug().to_string();
            let svg = RunFile::Figure { slug: slug.clone(), format: FigureFormat::Svg };
            let (name, mime, content) = export_file(&fitted[0], &svg, size, true).unwrap();
            assert_eq!((name, mime), (format!("crossover-llmperf-{slug}.svg"), "image/svg+xml"));
            // The height is raised to the smallest a figure is drawn at.
            assert!(content.starts_with(r#"<svg width="700" height="200" viewBox="0 0 2800 800""#));
            let png = RunFile::Figure { slug, format: FigureFormat::Png };
            assert!(export_file(&fitted[0], &png, size, true).is_none());
        }
    }

    #[test]
    fn a_run_used_as_a_side_tells_its_file_its_failures_and_its_requests() {
        let name = "llmperf_individual__leaderboard_bedrock_70b.json";
        let text = bench_file(name);
        let (_, mut fitted) =
            read_and_fit(&text, &file_facts(name, text.as_bytes()), 0, &mut |_| {});
        let side = fitted[0].as_deployment(TtftPercentile::P50).unwrap();
        let facts = side.facts;
        assert_eq!(facts.file.name, name);
        assert_eq!(facts.file.bytes, 126_295);
        // `sha256sum` of the file as published.
        assert_eq!(
            facts.file.sha256,
            "2b579ec9d9808d1d95fd6f3681ebd86a824466adfd04f8b80021007f5cac8c2e"
        );
        assert_eq!(facts.tool, "LLMPerf");
        assert_eq!((facts.failures.failed, facts.failures.requests), (49, 150));
        assert_eq!(
            facts.failures.kinds,
            [("error -100: Output too few tokens N".to_string(), 49)],
            "one kind, whatever the number of tokens"
        );
        assert_eq!((facts.observed.requests.len(), facts.observed.failed()), (150, 49));
        assert!(facts.prompt_tokens > 500.0 && facts.answer_tokens[0] > 100.0, "{facts:?}");
        let back = RunFacts::from_wire(&facts.to_wire());
        assert_eq!(back.as_ref(), Some(&*facts), "the facts cross to the page whole");
    }

    #[test]
    fn two_real_runs_become_deployments_and_are_compared() {
        let anyscale = bench_file("llmperf_individual__leaderboard_anyscale_70b.json");
        let bedrock = bench_file("llmperf_individual__leaderboard_bedrock_70b.json");
        let (_, a) =
            read_and_fit(&anyscale, &file_facts("a.json", anyscale.as_bytes()), 0, &mut |_| {});
        let (_, b) =
            read_and_fit(&bedrock, &file_facts("b.json", bedrock.as_bytes()), 1, &mut |_| {});
        let mut runs: Vec<Option<Fitted>> = a.into_iter().chain(b).map(Some).collect();
        let side = runs[0].as_mut().unwrap().as_deployment(TtftPercentile::P90).unwrap();
        let fit_rate = runs[0].as_ref().unwrap().fit.decode_tokens_per_sec.unwrap().value;
        assert_eq!(side.decode_tokens_per_sec, fit_rate, "the fitted decode rate");
        assert!(side.ttft_secs > 0.0 && side.label == runs[0].as_ref().unwrap().run.label);
        let p50 = runs[0].as_mut().unwrap().as_deployment(TtftPercentile::P50).unwrap();
        assert!(p50.ttft_secs < side.ttft_secs, "{p50:?} {side:?}");
        let asked = CompareAsked {
            a: SideAsked { run_id: 0, percentile: TtftPercentile::P50 },
            b: SideAsked { run_id: 1, percentile: TtftPercentile::P50 },
            answer_tokens: 600.0,
            median_answer_tokens: 40.0,
            p90_answer_tokens: 900.0,
        };
        let compared = compare_runs(&mut runs, &asked).unwrap();
        let view = ComparisonView::from_wire(&compared.view.to_wire()).unwrap();
        assert!(!view.crossover_text.is_empty() && !view.interval_text.is_empty(), "{view:?}");
        assert!(!view.winner.is_empty() && !view.table.rows.is_empty(), "{view:?}");
        let csv = view.table.to_csv();
        assert!(csv.contains("requests used,"), "{csv}");
        // A run the worker does not hold, or one kept at no id, is not compared.
        let overlay = Overlay::from_numbers(compared.overlay.clone()).unwrap();
        let (a, b) = (overlay.points(false).count(), overlay.points(true).count());
        assert!(a > 0 && a <= MOST_POINTS && b > 0, "{a} {b}");
        let missing = CompareAsked { b: SideAsked { run_id: 7, ..asked.b }, ..asked };
        assert!(compare_runs(&mut runs, &missing).is_none());
    }
}
