// "Your own measurements" under load, in the review workbench: a vLLM result file of 100,000
// requests (about 40 MB, every inter-token gap listed, as `--save-detailed` writes it) chosen in
// the section's file picker. It reports the time from choosing the file to the fit shown (the
// readouts placed) and to the three figures drawn, the progress bar's reports, and the latency
// of steps of B's decode-rate slider (which redraws Figure 5 and the decision) taken while the
// worker reads and fits. Run twice: the first choice also
// fetches and compiles the worker, the second finds it ready. Beside it, every file of the first
// load gzipped, so a build without the measurements section can show the section's share.

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { buildWholePage, manyRunsFile, workerWasmBytes } from '../tests/e2e/helpers.mjs';
import { PageBench } from './page-bench.mjs';
import { mib, ms } from './stats.mjs';

export const IMPORT_REQUESTS = 100_000;
/** Runs in the file whose memory is weighed: the most one file may give. */
export const MEMORY_RUNS = 1_000;

/** The same file as worker/benches/import_speed.rs: prompt 100–8,000 tokens, answer 16–40, TTFT from
 * a floor plus queueing, one inter-token gap per token after the first. */
export function vllmFile(requests) {
  let state = 0x12345678;
  const unit = () => {
    // xorshift32: the same file on every run, without Math.random.
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 4294967296;
  };
  const inputs = [];
  const outputs = [];
  const ttfts = [];
  const itls = [];
  const errors = [];
  for (let i = 0; i < requests; i++) {
    const prompt = Math.round(100 + 7900 * unit());
    const output = Math.round(16 + 24 * unit());
    const queue = unit() < 0.5 ? -0.3 * Math.log(unit() || 1e-9) : 0;
    inputs.push(prompt);
    outputs.push(output);
    ttfts.push((0.05 + prompt / 10_000 + queue).toFixed(9));
    const gaps = [];
    for (let k = 0; k < output - 1; k++) gaps.push((0.02 * (0.9 + 0.2 * unit())).toFixed(9));
    itls.push(`[${gaps.join(', ')}]`);
    errors.push('""');
  }
  return `{"backend": "vllm", "model_id": "synthetic", "request_rate": Infinity, "completed": ${requests}, `
    + `"input_lens": [${inputs.join(', ')}], "output_lens": [${outputs.join(', ')}], "ttfts": [${ttfts.join(', ')}], `
    + `"itls": [${itls.join(', ')}], "errors": [${errors.join(', ')}], "mean_ttft_ms": 0.0}`;
}

/** Writes the file into `dir` and returns its path and size. */
export async function writeImportFile(dir) {
  const file = path.join(dir, `vllm_${IMPORT_REQUESTS}_requests.json`);
  const text = vllmFile(IMPORT_REQUESTS);
  await writeFile(file, text);
  return { file, bytes: Buffer.byteLength(text) };
}

// In the page, before the file is chosen: stamps for the choice, the fit shown and the figures
// drawn, the progress bar's values, and steps of B's decode-rate slider, which redraws Figure 5
// and the decision (measured as the step benchmark measures its steps), from the choice until
// the figures are drawn.
function watchImport() {
  const b = window.__bench;
  const imp = (window.__import = { t0: null, fit: null, figures: null, progress: [], progressShown: false, steps: [], runs: 0 });
  const input = document.querySelector('[data-testid="import-file"]');
  const bar = document.querySelector('[data-testid="import-progress"]');
  const slider = document.querySelector('[data-testid="b_rate-slider"]');
  const ids = ['fit-ttft-canvas', 'fit-decode-time-canvas', 'fit-residuals-canvas'];
  const nextFrame = () => new Promise((resolve) => b.raf(resolve));
  const check = () => {
    const now = performance.now();
    if (imp.t0 === null) return;
    if (bar && !bar.hidden) {
      imp.progressShown = true;
      const v = Number(bar.getAttribute('value'));
      if (imp.progress[imp.progress.length - 1]?.[0] !== v) imp.progress.push([v, now - imp.t0]);
    }
    // The new run is in the list once its results are placed (with fresh canvases, drawn once
    // the worker's bitmaps arrive).
    const placed = document.querySelectorAll('[data-testid="import-run"] option').length > imp.runs;
    if (imp.fit === null && placed) imp.fit = now;
    if (imp.figures === null && placed && ids.every((id) => document.querySelector(`[data-testid="${id}"]`)?.style.height)) imp.figures = now;
  };
  new MutationObserver(check).observe(document.body, { subtree: true, childList: true, attributes: true });
  const step = async (position) => {
    await nextFrame();
    await b.nextTask();
    slider.value = String(position);
    b.frameWorkStart = null;
    const t0 = performance.now();
    slider.dispatchEvent(new Event('input', { bubbles: true }));
    await b.nextTask();
    const t2 = performance.now();
    let frameWork = 0;
    if (b.pending.size > 0) {
      await nextFrame();
      if (b.frameWorkStart !== null) frameWork = performance.now() - b.frameWorkStart;
    }
    return t2 - t0 + frameWork;
  };
  // The same stepping with nothing being read, for as long as `ms`: what a step costs on this
  // machine anyway.
  imp.idleSteps = async (ms) => {
    const out = [];
    const start = performance.now();
    let position = 400;
    while (performance.now() - start < ms) {
      position = position >= 800 ? 400 : position + 7;
      out.push(await step(position));
    }
    return out;
  };
  input.addEventListener('change', () => {
    imp.t0 = performance.now();
    setTimeout(async () => {
      let position = 400;
      while (imp.figures === null && performance.now() - imp.t0 < 60_000) {
        position = position >= 800 ? 400 : position + 7;
        imp.steps.push(await step(position));
      }
    }, 0);
  }, { capture: true });
}

/** Chooses the file in `page` (already open, instrumented and idle) `rounds` times. */
const stats = (values) => {
  const s = [...values].sort((a, b) => a - b);
  const at = (q) => (s.length ? s[Math.min(s.length - 1, Math.floor(q * (s.length - 1)))] : null);
  return { n: s.length, p50: at(0.5), p95: at(0.95), max: s.length ? s[s.length - 1] : null };
};

export async function measureImport(page, file, rounds = 2) {
  await page.evaluate(watchImport);
  const idle = stats(await page.evaluate(() => window.__import.idleSteps(3000)));
  const out = [];
  for (let round = 0; round < rounds; round++) {
    await page.evaluate((runs) => Object.assign(window.__import, { t0: null, fit: null, figures: null, progress: [], progressShown: false, steps: [], runs }), round);
    await page.locator('[data-testid="import-file"]').setInputFiles(file);
    await page.waitForFunction(() => window.__import.figures !== null, null, { timeout: 120_000, polling: 100 });
    // The stepping loop ends with the figures; let its last step finish.
    await page.waitForTimeout(200);
    const r = await page.evaluate(() => { const { idleSteps, ...rest } = window.__import; return rest; });
    out.push({
      worker: round === 0 ? 'cold (fetched and compiled on this choice)' : 'warm',
      fitShownMs: r.fit - r.t0,
      figuresShownMs: r.figures - r.t0,
      progressShown: r.progressShown,
      // [share done, ms since the choice]: 0.4 when the bytes are read, 0.52 when parsed.
      progress: r.progress,
      stepsDuringRead: stats(r.steps),
    });
  }
  return { idle, rounds: out };
}

/**
 * What the page fetches, gzipped: on opening (the live first screen, until the network is idle:
 * the first load) and then once a reader has scrolled through every section (`readThrough`,
 * which adds the parts fetched as the reader nears them, src/ui/parts.rs).
 */
export async function firstLoadBytes(browser, url, o) {
  const context = await browser.newContext({ viewport: { width: o.width, height: o.height } });
  const page = await context.newPage();
  const responses = [];
  page.on('response', (r) => responses.push(r));
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForSelector('#app [data-testid="ttft"][data-value]', { timeout: 30_000 }).catch(() => {});
  await page.waitForLoadState('networkidle').catch(() => {});
  const opening = await gzipSizes(responses.splice(0));
  await buildWholePage(page, 30_000).catch(() => {});
  await page.waitForSelector('html[data-complete]', { timeout: 30_000 }).catch(() => {});
  await page.waitForLoadState('networkidle').catch(() => {});
  const later = await gzipSizes(responses);
  await context.close();
  return { gzip: opening.gzip, files: opening.files, readThrough: { gzip: opening.gzip + later.gzip, files: later.files } };
}

/** The responses' bodies, gzipped, summed and listed. */
export async function gzipSizes(responses) {
  let gzip = 0;
  const files = [];
  for (const r of responses) {
    if (r.status() < 200 || r.status() >= 300) continue;
    const body = await r.body().catch(() => null);
    if (!body) continue;
    const size = zlib.gzipSync(body, { level: 9 }).length;
    files.push({ url: new URL(r.url()).pathname, gzip: size });
    gzip += size;
  }
  return { gzip, files };
}

/**
 * Opens "Your own measurements" where it lives, in the review workbench, with Figure 5 drawn
 * and the result-files disclosure open.
 */
async function openMeasurements(page, url) {
  const address = new URL(url);
  address.searchParams.set('workbench', '1');
  await page.goto(address.href, { waitUntil: 'load' });
  await page.waitForSelector('html[data-complete] [data-testid="decision"][data-decision]', { timeout: 30_000 });
  await page.evaluate(() => { document.querySelector('[data-testid="workbench-runs"]').open = true; });
  await page.waitForSelector('[data-testid="import-file"]', { state: 'attached', timeout: 30_000 });
  await page.waitForFunction(() => document.querySelector('canvas[data-testid="completion-canvas"]')?.width > 0, null, { timeout: 30_000 });
}

/** Opens the measurements, then chooses the file in them twice (see `measureImport`). */
export async function importBench(browser, url, o) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'crossover-bench-import-'));
  try {
    const { file, bytes } = await writeImportFile(dir);
    console.log(`bench: measurements import, a vLLM file of ${IMPORT_REQUESTS.toLocaleString('en')} requests (${mib(bytes)}), chosen twice…`);
    const bench = new PageBench('crossover', 'Crossover', browser, o);
    const { context, page, errors } = await bench.open(url);
    await openMeasurements(page, url);
    const { idle, rounds } = await measureImport(page, file);
    const afterLargeFileBytes = await workerWasmBytes(page);
    await context.close();
    if (errors.length) console.log(`  the page said: ${errors.join('; ')}`);
    const memory = await runsMemory(browser, url, o, dir);
    return { fileBytes: bytes, requests: IMPORT_REQUESTS, idleSteps: idle, rounds, memory: { afterLargeFileBytes, ...memory } };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** What the import measured, as printed; the goals are judged by `importGoals` (goals.mjs). */
export function importLines(imp, bytes) {
  const lines = [];
  const i = imp.idleSteps;
  lines.push(`  with nothing being read, ${i.n} steps of B's decode-rate slider in 3 s: p50 ${ms(i.p50)}, p95 ${ms(i.p95)}, max ${ms(i.max)}`);
  for (const r of imp.rounds) {
    const at = (share) => r.progress.find(([v]) => v >= share)?.[1];
    lines.push(`  worker ${r.worker}: fit shown ${ms(r.fitShownMs, 0)}, figures drawn ${ms(r.figuresShownMs, 0)} (bytes read by ${ms(at(0.4), 0)}, parsed by ${ms(at(0.52), 0)}); progress bar ${r.progressShown ? `shown with ${r.progress.length} values` : 'NOT shown'}; ${r.stepsDuringRead.n} slider steps meanwhile: p50 ${ms(r.stepsDuringRead.p50)}, p95 ${ms(r.stepsDuringRead.p95)}, max ${ms(r.stepsDuringRead.max)}`);
  }
  if (!bytes.compare) lines.push(`  first load ${bytes.ours.gzip.toLocaleString('en')} B gzipped (no --compare-dist build to measure the section's share against)`);
  lines.push(`  read through to the end (every section built, the parts fetched on the way): ${bytes.ours.readThrough.gzip.toLocaleString('en')} B gzipped`);
  return lines;
}

/**
 * The worker's wasm memory (its high-water mark) after a file of one run, then after a file of
 * `MEMORY_RUNS` runs in the same page: what the runs it keeps cost, each and in all.
 */
async function runsMemory(browser, url, o, dir) {
  const one = path.join(dir, 'one-run.jsonl');
  const many = path.join(dir, `${MEMORY_RUNS}-runs.jsonl`);
  await writeFile(one, manyRunsFile(1));
  await writeFile(many, manyRunsFile(MEMORY_RUNS));
  const bench = new PageBench('crossover', 'Crossover', browser, o);
  const { context, page } = await bench.open(url);
  try {
    await openMeasurements(page, url);
    const runsListed = (n) => page.waitForFunction((n) => document.querySelectorAll('[data-testid="import-run"] option').length >= n, n, { timeout: 120_000, polling: 100 });
    await page.locator('[data-testid="import-file"]').setInputFiles(one);
    await runsListed(1);
    const oneRunBytes = await workerWasmBytes(page);
    await page.locator('[data-testid="import-file"]').setInputFiles(many);
    await runsListed(1 + MEMORY_RUNS);
    const manyRunsBytes = await workerWasmBytes(page);
    return { runs: MEMORY_RUNS, oneRunBytes, manyRunsBytes, perRunBytes: (manyRunsBytes - oneRunBytes) / MEMORY_RUNS };
  } finally {
    await context.close();
  }
}
