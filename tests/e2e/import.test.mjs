// "Your own measurements", in the review workbench, in a real browser: real result files from
// tests/data/bench-results/ loaded through the file picker and through the paste box, read by the
// page's Web Worker, with the detected format and the counts the library's own tests expect;
// refusals that keep what was loaded; "Use as A" keeping a run's every digit and naming what the
// page's range held back; and nothing leaving the origin.

import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import fs from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { REPO_ROOT, assertClose, eventually, onlyIn, openMeasurements, parseShown, scratchFolder, shownText, useBrowser, manyRunsFile, workerWasmBytes, chooseRun, useRunAs, timeForWhatMustNotHappen } from './helpers.mjs';

const env = useBrowser();
const TIMEOUT = { timeout: 90_000 };
const DATA = path.join(REPO_ROOT, 'tests', 'data', 'bench-results');
const FILES = {
  vllm: 'vllm_benchmark_serving_detailed__aurotripathy_llama3.1-70b-fp8_conc256.json',
  bedrock: 'llmperf_individual__leaderboard_bedrock_70b.json',
  sglang: 'sglang_0.5.9_bench_serving_output-details__llm-benchmaq_qwen3.5-27b.jsonl',
  summaryOnly: 'sglang_bench_serving_summary_only__datacrunch_llama3.3-70b_online.jsonl',
  nonStreaming: 'llm-load-test_output__wes-spinks_nonstreaming.json',
};
const file = (name) => path.join(DATA, FILES[name]);

/** Every request and worker the page starts, and its CSP violations, from before the first byte. */
async function watch(page, context, seen) {
  await context.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => window.__cspViolations.push(`${e.effectiveDirective} blocked ${e.blockedURI}`));
  });
  context.on('request', (request) => seen.requests.push(request.url()));
  page.on('worker', (worker) => seen.requests.push(worker.url()));
}

async function open(t, seen = { requests: [] }) {
  return openMeasurements(env, t, '', { setup: (page, context) => watch(page, context, seen) });
}

/** Chooses `paths` in the file picker and waits until each has given the list its run. */
async function chooseFiles(app, paths) {
  await app.byTestId('import-file').setInputFiles(paths);
  await eventually(async () => assert.equal(await app.byTestId('import-run').locator('option').count(), paths.length), { timeout: 30_000 });
}

/** Waits until the chosen run is read as `format`, and returns its readouts. */
async function fitted(app, format) {
  await eventually(async () => assert.equal(await app.byTestId('import-format').getAttribute('data-value'), format), { timeout: 30_000 });
  const ids = ['fit-records', 'fit-dropped', 'fit-overhead', 'fit-prefill', 'fit-decode'];
  const values = await Promise.all(ids.map((id) => app.readout(id)));
  return Object.fromEntries(ids.map((id, i) => [id, values[i]]));
}


const FIGURES = ['fit-ttft', 'fit-decode-time', 'fit-residuals'];
// Stopping a worker runs script in it, which Firefox's WebDriver BiDi refuses (no such realm).
const IN_A_WORKER = { ...TIMEOUT, skip: onlyIn('chromium', 'the test runs script inside the worker') };

/** Waits until the worker's drawings of the chosen run are on all three canvases, and returns
 * a fingerprint of each: its size, how many colours it holds and a hash of its pixels. A canvas
 * is read only once drawn and no longer stale: after another run was shown, its pixels stay that
 * run's until the worker's new drawings arrive (under load, after the readouts have changed). */
async function drawnFigures(app) {
  let prints = null;
  await eventually(async () => {
    prints = await app.page.evaluate((slugs) => slugs.map((slug) => {
      const c = document.querySelector(`[data-testid="${slug}-canvas"]`);
      if (!c || !c.style.height || !c.hasAttribute('data-drawn') || c.hasAttribute('data-stale')) return null;
      const data = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      const colours = new Set();
      let hash = 0;
      for (let i = 0; i < data.length; i += 4) {
        const v = (data[i] << 16) | (data[i + 1] << 8) | data[i + 2];
        if (colours.size < 64) colours.add(v);
        hash = (hash * 31 + v) | 0;
      }
      return { width: c.width, height: c.height, colours: colours.size, hash };
    }), FIGURES);
    assert.ok(prints.every((p) => p && p.colours >= 3), `every figure drawn: ${JSON.stringify(prints)}`);
  }, { timeout: 30_000 });
  return prints;
}

async function paste(app, text) {
  await app.page.locator('#measurements details.paste summary').click();
  await app.byTestId('import-paste').fill(text);
  await app.byTestId('import-paste-go').click();
}

test('a vLLM file chosen in the picker is read in a worker, on the page\'s origin only', TIMEOUT, async (t) => {
  const seen = { requests: [] };
  const app = await open(t, seen);
  const origin = new URL(env.baseUrl).origin;
  assert.ok(!seen.requests.some((u) => u.includes('crossover-worker')), 'the worker is not loaded with the page');

  await app.byTestId('import-file').setInputFiles(file('vllm'));
  const r = await fitted(app, 'vllm');
  assert.equal(r['fit-records'].value, 100);
  assert.equal(r['fit-records'].text, '100 of 100');
  assert.equal(r['fit-dropped'].value, 0);
  // The prompts are all near 464 tokens: no prefill rate is claimed, and the page says why.
  assert.equal(r['fit-prefill'].raw, null, 'no data-value when no rate is claimed');
  assert.match(r['fit-prefill'].text, /none claimed: the prompts are all close to/);
  assertClose(r['fit-decode'].value, 23.460769741872177, 'decode rate as the library fits it', 1e-12);
  assert.match(r['fit-decode'].text, /^23\.5 tok\/s$/);
  // Sent to A, the run's decode rate keeps every digit; the control shows it rounded.
  await useRunAs(app, 'a');
  await eventually(async () => assert.equal(await app.quantity('a_rate'), r['fit-decode'].value));
  assert.equal(parseShown(await app.input('a_rate').inputValue()), 23.5);
  assert.doesNotMatch(await shownText(app.byTestId('import-applied')), /outside the page's range/, 'a rate inside the range is not said to be outside it');

  const rows = await app.byTestId('fit-percentiles').locator('tbody tr').count();
  assert.equal(rows, 3, 'TTFT, time per output token and end-to-end');
  assert.match(await shownText(app.byTestId('fit-bending')), /straight line/);

  assert.ok(seen.requests.some((u) => u.includes('crossover-worker')), 'the worker was started');
  const violations = await app.page.evaluate(() => window.__cspViolations);
  assert.deepEqual(violations, [], 'no Content-Security-Policy violation');
  const away = seen.requests.filter((u) => !u.startsWith('data:') && !u.startsWith('blob:') && new URL(u).origin !== origin);
  assert.deepEqual(away, [], `every request stays on ${origin}`);
});

test('several files give a list of runs; a summary-only file is refused and the runs stay', TIMEOUT, async (t) => {
  const app = await open(t);
  await chooseFiles(app, [file('bedrock'), file('sglang')]);

  await chooseRun(app, 0);
  const bedrock = await fitted(app, 'llmperf');
  assert.equal(bedrock['fit-records'].value, 101);
  assert.equal(bedrock['fit-dropped'].value, 49);
  assert.match(await shownText(app.page.locator('#measurements .readout:has([data-testid="fit-dropped"]) .readout-note')), /^49 failed$/);

  await chooseRun(app, 1);
  const sglang = await fitted(app, 'sglang');
  assert.equal(sglang['fit-records'].value, 99);
  assert.equal(sglang['fit-dropped'].value, 1);
  assert.ok(sglang['fit-prefill'].value > 0, 'a prefill rate is claimed');
  assert.ok(Number.isFinite(Number(await app.byTestId('fit-crossing-ratio').getAttribute('data-value'))), 'the run\'s own crossing');

  await app.byTestId('import-file').setInputFiles(file('summaryOnly'));
  const error = app.byTestId('import-error');
  await error.waitFor({ state: 'visible', timeout: 30_000 });
  assert.equal(await error.getAttribute('role'), 'alert');
  assert.match(await shownText(error), /only the summary statistics of 7 runs.*--output-details/s);
  assert.equal(await app.byTestId('import-run').locator('option').count(), 2, 'the runs loaded before stay');
  assert.equal(await app.byTestId('import-format').getAttribute('data-value'), 'sglang');
});

test('pasted text is read too, and a run that did not stream says it has no first token to draw', TIMEOUT, async (t) => {
  const app = await open(t);
  await paste(app, await readFile(file('nonStreaming'), 'utf8'));
  const r = await fitted(app, 'llm-load-test');
  assert.equal(r['fit-records'].value, 36);
  assertClose(r['fit-prefill'].value, 2512.116986302417, 'prefill rate', 1e-9);
  // No TTFT to draw for a run that did not stream: the figure says so instead.
  assert.match(await shownText(app.byTestId('fit-ttft-summary')), /did not stream/);
});

test('rates outside the controls\' range are clamped and said so; bad text is refused', TIMEOUT, async (t) => {
  const app = await open(t);
  // A generic table from known rates: prefill 300,000 tok/s and decode 3,000 tok/s, both above
  // the controls' upper bounds.
  const lines = ['prompt_tokens,output_tokens,ttft_s,e2e_s'];
  for (let i = 0; i < 60; i++) {
    const prompt = 1000 + 500 * i;
    const output = 100 + (i % 9) * 20;
    const ttft = 0.05 + prompt / 300_000;
    lines.push(`${prompt},${output},${ttft},${ttft + (output - 1) / 3000}`);
  }
  await paste(app, lines.join('\n'));
  const r = await fitted(app, 'csv');
  assert.equal(r['fit-records'].value, 60);
  assertClose(r['fit-prefill'].value, 300_000, 'prefill', 0.03);
  await useRunAs(app, 'a');
  await eventually(async () => assert.equal(await app.quantity('a_rate'), 2000));
  const notice = await shownText(app.byTestId('import-applied'));
  assert.match(notice, /decode rate of [\d,.]+ tok\/s is outside the page's range, so A's control holds 2,?000 tok\/s/);
  assert.doesNotMatch(notice, /time to first token of/, 'its first token, inside the range, is not named');

  await app.byTestId('import-paste').fill('{"cut off": [1, 2');
  await app.byTestId('import-paste-go').click();
  await app.byTestId('import-error').waitFor({ state: 'visible', timeout: 30_000 });
  assert.match(await shownText(app.byTestId('import-error')), /could not be read/);
  assert.equal(await app.byTestId('import-format').getAttribute('data-value'), 'csv', 'the run loaded before stays');
});

test('the chosen run\'s three figures are drawn by the worker, redrawn for another run, and put in words', TIMEOUT, async (t) => {
  const app = await open(t);
  await chooseFiles(app, [file('bedrock'), file('sglang')]);
  // The second file's run is chosen once read: SGLang, with a prefill rate.
  const sglang = await fitted(app, 'sglang');
  const sglangPrints = await drawnFigures(app);
  const summary = async (slug) => shownText(app.byTestId(`${slug}-summary`));
  const ttftWords = await summary('fit-ttft');
  assert.ok(ttftWords.includes(`a prefill rate of ${sglang['fit-prefill'].text}`), `TTFT figure names the fitted prefill rate: ${ttftWords}`);
  assert.ok(ttftWords.includes(`${sglang['fit-records'].value} requests`), ttftWords);
  assert.equal(await app.byTestId('fit-ttft-canvas').getAttribute('aria-label'), ttftWords, 'the canvas\'s accessible name is the summary');
  assert.ok((await summary('fit-decode-time')).includes(sglang['fit-decode'].text), 'decode figure names the fitted decode rate');
  assert.match(await summary('fit-residuals'), /waited more than/);
  for (const slug of FIGURES) {
    const rows = await app.byTestId(`${slug}-table`).locator('tbody tr').count();
    assert.ok(rows > 0 && rows <= 20, `${slug}: a bounded table (${rows} rows)`);
  }

  await chooseRun(app, 0);
  const bedrock = await fitted(app, 'llmperf');
  const bedrockPrints = await drawnFigures(app);
  for (const [i, slug] of FIGURES.entries()) {
    assert.notEqual(bedrockPrints[i].hash, sglangPrints[i].hash, `${slug} is redrawn for the other run`);
  }
  assert.ok((await summary('fit-ttft')).includes(`${bedrock['fit-records'].value} requests`));

  // Exports: PNG is the canvas as drawn; SVG and CSV come from the worker.
  const fetchDownload = async (id) => {
    const [download] = await Promise.all([app.page.waitForEvent('download'), app.byTestId(id).click()]);
    return { name: download.suggestedFilename(), bytes: await fs.readFile(await download.path()) };
  };
  const png = await fetchDownload('fit-ttft-png');
  assert.equal(png.name, 'crossover-llmperf-fit-ttft.png');
  assert.equal(png.bytes.toString('latin1', 1, 4), 'PNG');
  assert.equal(png.bytes.readUInt32BE(16), bedrockPrints[0].width, 'the PNG is the canvas, at its size');
  const svg = await fetchDownload('fit-decode-time-svg');
  assert.equal(svg.name, 'crossover-llmperf-fit-decode-time.svg');
  assert.match(svg.bytes.toString('utf8'), /^<svg[^>]*width="\d+"/);
  assert.match(svg.bytes.toString('utf8'), /fitted decode rate/);
  const csv = await fetchDownload('fit-residuals-csv');
  assert.equal(csv.name, 'crossover-llmperf-fit-residuals.csv');
  assert.match(csv.bytes.toString('utf8'), /^request from,request to,requests,excess 10th percentile \(s\)/);
  const residuals = await fetchDownload('import-csv-residuals');
  assert.equal(residuals.name, 'crossover-llmperf-residuals.csv');
  assert.equal(residuals.bytes.toString('utf8').trim().split(/\r?\n/).length, bedrock['fit-records'].value + 1, 'one line per fitted request');
});

test('the chosen run\'s figures follow the page\'s palette', TIMEOUT, async (t) => {
  const app = await open(t);
  await chooseFiles(app, [file('sglang')]);
  await fitted(app, 'sglang');
  const light = await drawnFigures(app);
  await app.byTestId('theme-dark').check();
  let dark = null;
  await eventually(async () => {
    dark = await drawnFigures(app);
    for (const [i, slug] of FIGURES.entries()) assert.notEqual(dark[i].hash, light[i].hash, `${slug} is drawn again in the dark palette`);
  }, { timeout: 30_000 });
  // The dark figures have a dark ground: the top-left corner, inside the plot's margin.
  const corner = await app.page.evaluate(() => [...document.querySelector('[data-testid="fit-ttft-canvas"]').getContext('2d').getImageData(2, 2, 1, 1).data].slice(0, 3));
  assert.ok(corner.every((v) => v < 80), `a dark ground: ${corner}`);
  await app.byTestId('theme-light').check();
  await eventually(async () => assert.deepEqual(await drawnFigures(app), light, 'and light again as before'), { timeout: 30_000 });
});

test('a progress bar shows while a file is read and goes away after', TIMEOUT, async (t) => {
  const app = await open(t);
  const bar = app.byTestId('import-progress');
  assert.equal(await bar.isVisible(), false, 'no bar before a file is chosen');
  const label = await app.page.evaluate(() => document.querySelector('label[for="import-progress"]')?.textContent);
  assert.match(label, /Reading and fitting/, 'the bar has a label');
  await app.page.evaluate(() => {
    const seen = (window.__progress = { shown: false, values: [] });
    const bar = document.querySelector('[data-testid="import-progress"]');
    new MutationObserver(() => {
      if (bar.checkVisibility()) {
        seen.shown = true;
        seen.values.push(Number(bar.getAttribute('value')));
        seen.busy = document.querySelector('[data-testid="import-busy"]').textContent;
      }
    }).observe(bar.parentElement, { attributes: true, subtree: true });
  });
  await app.byTestId('import-file').setInputFiles(path.join(DATA, 'guidellm_v0.2-schema_benchmarks__graz-dev_qwen2.5-7b_throughput.json'));
  await fitted(app, 'guidellm');
  const seen = await app.page.evaluate(() => window.__progress);
  assert.ok(seen.shown, 'the bar was shown while the file was read');
  assert.match(seen.busy, /Reading one file/, 'the status line says what is read');
  assert.ok(seen.values.some((v) => v > 0 && v <= 1), `progress was reported: ${seen.values}`);
  await eventually(async () => assert.equal(await bar.isVisible(), false, 'the bar is gone once the file is read'));
  await drawnFigures(app);
});

test('a file dropped on the section is read; dropped elsewhere it is left alone', TIMEOUT, async (t) => {
  const app = await open(t);
  const text = await readFile(file('vllm'), 'utf8');
  const drop = (selector) =>
    app.page.evaluate(
      ([selector, text]) => {
        const target = document.querySelector(selector);
        const data = new DataTransfer();
        data.items.add(new File([text], 'dropped.json', { type: 'application/json' }));
        const over = new DragEvent('dragover', { bubbles: true, cancelable: true, dataTransfer: data });
        target.dispatchEvent(over);
        target.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: data }));
        return over.defaultPrevented;
      },
      [selector, text],
    );
  assert.equal(await drop('[data-testid="decision"]'), false, 'outside the section the browser keeps its own handling');
  await timeForWhatMustNotHappen(app.page, 300, 'a drop outside the section to be read');
  assert.equal(await app.byTestId('import-run').count(), 0, 'nothing was read');
  assert.equal(await drop('#measurements p'), true, 'over the section the page takes the drop');
  const r = await fitted(app, 'vllm');
  assert.equal(r['fit-records'].value, 100);
});

/** Every worker the page starts, in order, from now on. */
function workersOf(app) {
  const workers = [];
  app.page.on('worker', (worker) => workers.push(worker));
  return workers;
}

/**
 * Makes `worker` fail as a trap or a memory failure in its wasm would: an exception nothing
 * catches, which the browser reports to the page's `error` handler. Resolves once the page has
 * ended that worker.
 */
async function crash(worker) {
  const ended = new Promise((done) => worker.once('close', done));
  await worker.evaluate(() => {
    setTimeout(() => {
      throw new Error('stopped by the test');
    });
  });
  await ended;
}

/**
 * Asks for the shown run's drawing again, as choosing it in the list does, without waiting for
 * the list to keep it: the new worker this starts may drop the run's file, and the list with it.
 */
async function redrawShownRun(app) {
  await app.byTestId('import-run').evaluate((select) => select.dispatchEvent(new Event('change', { bubbles: true })));
}

async function download(app, id) {
  const [file] = await Promise.all([app.page.waitForEvent('download'), app.byTestId(id).click()]);
  return { name: file.suggestedFilename(), text: (await fs.readFile(await file.path())).toString('utf8') };
}

test('a worker that stops is replaced and sent the loaded files again: figures redraw, exports work', IN_A_WORKER, async (t) => {
  const app = await open(t);
  const workers = workersOf(app);
  await chooseFiles(app, [file('bedrock'), file('sglang')]);
  await fitted(app, 'sglang');
  const sglangBefore = await drawnFigures(app);
  await chooseRun(app, 0);
  const bedrock = await fitted(app, 'llmperf');
  const bedrockBefore = await drawnFigures(app);
  assert.equal(workers.length, 1);

  await crash(workers[0]);
  // The runs are still listed; the next drawing asks a new worker, which has read both files
  // again first and knows each run by the id the page does.
  assert.equal(await app.byTestId('import-run').locator('option').count(), 2, 'the runs stay listed');
  await chooseRun(app, 1);
  await fitted(app, 'sglang');
  const sglangAfter = await drawnFigures(app);
  assert.equal(workers.length, 2, 'a second worker was started');
  assert.deepEqual(sglangAfter, sglangBefore, 'the SGLang run is drawn as before, pixel for pixel');
  await chooseRun(app, 0);
  await fitted(app, 'llmperf');
  assert.deepEqual(await drawnFigures(app), bedrockBefore, 'the LLMPerf run too');

  const residuals = await download(app, 'import-csv-residuals');
  assert.equal(residuals.name, 'crossover-llmperf-residuals.csv');
  assert.equal(residuals.text.trim().split(/\r?\n/).length, bedrock['fit-records'].value + 1, 'one line per fitted request');
  const svg = await download(app, 'fit-ttft-svg');
  assert.match(svg.text, /^<svg[^>]*width="\d+"/);
  assert.equal(await app.byTestId('import-error').isVisible(), false, 'nothing went wrong that the reader must hear of');
  assert.equal(workers.length, 2, 'one restart');
});

test('a file that changed on disk since it was loaded is dropped, with a note, when the worker restarts', IN_A_WORKER, async (t) => {
  const app = await open(t);
  const workers = workersOf(app);
  const folder = await scratchFolder(t, 'import');
  const changing = path.join(folder, 'changing.json');
  await fs.copyFile(file('bedrock'), changing);
  await chooseFiles(app, [changing, file('sglang')]);
  // The figures are captured once the SGLang run is the one shown, never while the first file's
  // run is still drawn.
  await fitted(app, 'sglang');
  const sglangBefore = await drawnFigures(app);

  // Another tool's results under the same name: read again, the file is no longer the run shown.
  await fs.copyFile(file('vllm'), changing);
  await crash(workers[0]);
  await redrawShownRun(app);
  const note = app.byTestId('import-error');
  await note.waitFor({ state: 'visible', timeout: 30_000 });
  assert.match(await shownText(note), /had to restart and could not read changing\.json again/);
  assert.equal(await app.byTestId('import-run').locator('option').count(), 1, 'its run is gone from the list');
  assert.equal(await app.byTestId('import-format').getAttribute('data-value'), 'sglang', 'the other run is shown');
  assert.deepEqual(await drawnFigures(app), sglangBefore, 'and drawn as before');
  const fit = await download(app, 'import-csv-fit');
  assert.equal(fit.name, 'crossover-sglang-fit.csv');
});

test('a file that stops every new worker while it is read again is dropped after two tries, with a note', IN_A_WORKER, async (t) => {
  const app = await open(t);
  const workers = workersOf(app);
  await chooseFiles(app, [file('bedrock'), file('sglang')]);
  await fitted(app, 'sglang');
  const sglangBefore = await drawnFigures(app);
  const bedrockName = path.basename(file('bedrock'));

  // Every worker started from now on fails as soon as it is sent that file to read again, as
  // one that runs out of memory on it would: the message never reaches its wasm, and the
  // exception is uncaught. The listener is put at the head of the worker's script as it is
  // served, so it is in place before the wasm starts, in every new worker.
  const failOn = `self.addEventListener('message', (e) => {
    if (Array.isArray(e.data) && e.data[0] === 'read' && e.data[1] === ${JSON.stringify(bedrockName)}) {
      e.stopImmediatePropagation();
      throw new Error('stopped by the test');
    }
  }, { capture: true });
`;
  await app.page.context().route(/crossover-worker-[0-9a-f]{16}\.js$/, async (route) => {
    const served = await route.fetch();
    await route.fulfill({ response: served, body: failOn + (await served.text()) });
  });
  await crash(workers[0]);
  await redrawShownRun(app);
  const note = app.byTestId('import-error');
  await note.waitFor({ state: 'visible', timeout: 30_000 });
  assert.match(await shownText(note), new RegExp(`stopped twice while reading ${bedrockName.replace(/[.]/g, '\\.')} again`));
  assert.equal(await app.byTestId('import-run').locator('option').count(), 1, 'its run is gone from the list');
  assert.equal(await app.byTestId('import-format').getAttribute('data-value'), 'sglang', 'the other run is shown');
  assert.deepEqual(await drawnFigures(app), sglangBefore, 'and drawn as before, by a worker that did not read the dropped file');
  assert.equal(workers.length, 4, 'the first worker, two that stopped on the file, and the one that now holds the other run');
  const fit = await download(app, 'import-csv-fit');
  assert.equal(fit.name, 'crossover-sglang-fit.csv');
});

test('the worker\'s files are named by content, and the page holds their hashes', TIMEOUT, async () => {
  await workerFiles();
});

async function workerFiles() {
  const html = await readFile(path.join(REPO_ROOT, 'dist', 'index.html'), 'utf8');
  const meta = /<meta name="?crossover-worker"? content="?\.\/(crossover-worker-[0-9a-f]{16}\.js)"?>/.exec(html);
  assert.ok(meta, 'the built page names the worker\'s script');
  const script = meta[1];
  const names = (await fs.readdir(path.join(REPO_ROOT, 'dist'))).filter((n) => n.startsWith('crossover-worker'));
  const wasm = names.find((n) => /^crossover-worker-[0-9a-f]{16}_bg\.wasm$/.test(n));
  assert.deepEqual(names.sort(), [script, wasm].sort(), 'two worker files, both with a content hash');
  const text = await readFile(path.join(REPO_ROOT, 'dist', script), 'utf8');
  const bytes = await readFile(path.join(REPO_ROOT, 'dist', wasm));
  const integrity = `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
  assert.ok(text.includes(`fetch("./${wasm}",{integrity:"${integrity}"})`), 'the script fetches the wasm with its own hash');
  return { script, wasm };
}

test('a worker file changed or missing on its way is refused, and the page says so', TIMEOUT, async (t) => {
  const { script, wasm } = await workerFiles();
  // The worker fetches the wasm with its hash: a wasm changed on the way is refused, the worker
  // never starts, and the page says the reader could not be loaded rather than waiting for it.
  const seen = { requests: [] };
  const app = await open(t, seen);
  let wasmFetches = 0;
  await app.page.route(/crossover-worker-[0-9a-f]{16}_bg\.wasm$/, async (route) => {
    wasmFetches += 1;
    const response = await route.fetch();
    const body = Buffer.from(await response.body());
    body[body.length - 1] ^= 0xff;
    await route.fulfill({ response, body });
  });
  await app.byTestId('import-file').setInputFiles(file('vllm'));
  const error = app.byTestId('import-error');
  await error.waitFor({ state: 'visible', timeout: 30_000 });
  assert.match(await shownText(error), /could not be loaded/);
  assert.equal(wasmFetches, 1, 'only the worker fetched the wasm');
  assert.ok(seen.requests.some((u) => u.endsWith(`/${script}`)), 'the worker came from the named script');
  assert.equal(await app.byTestId('import-run').count(), 0, 'no run came from the tampered worker');
  // Firefox reports the worker's refusal as a page error too: that one was provoked here.
  app.pageErrors = app.pageErrors.filter((e) => !(e.includes(wasm) && /integrity|hash/i.test(e)));

  // A script that never arrives is said so too, and a second file is answered the same way
  // rather than left waiting on it.
  const third = await open(t);
  await third.page.route(/crossover-worker-[0-9a-f]{16}\.js$/, (route) => route.abort());
  await third.byTestId('import-file').setInputFiles(file('vllm'));
  const unreachable = third.byTestId('import-error');
  await unreachable.waitFor({ state: 'visible', timeout: 30_000 });
  assert.match(await shownText(unreachable), /could not be loaded/);
  await third.byTestId('import-file').setInputFiles(file('sglang'));
  await eventually(async () => assert.equal(await third.byTestId('import-busy').evaluate((e) => e.textContent), '', 'the second file was answered'), { timeout: 30_000 });
  assert.match(await shownText(unreachable), /could not be loaded/);
  third.consoleErrors = third.consoleErrors.filter((e) => !/crossover-worker|ERR_FAILED|NetworkError|Failed to load/i.test(e));
});

/** A CSV of 16 requests whose prompts grow by 1,000 tokens, at 10,000 tok/s after 50 ms, each
 * number of four digits or more written with a thousands separator. */
function groupedCsv() {
  const grouped = (x) => `"${x.toLocaleString('en-US')}"`;
  let csv = 'prompt_tokens,output_tokens,ttft_ms,e2e_ms\n';
  for (let i = 1; i <= 16; i++) {
    const ttft = 50 + (1000 * i) / 10;
    csv += `${grouped(1000 * i)},40,${grouped(ttft)},${grouped(ttft + 780)}\n`;
  }
  return csv;
}

test('thousands separators are read as thousands, and UTF-16 files in either byte order are read', TIMEOUT, async (t) => {
  const app = await open(t);
  const dir = await scratchFolder(t, 'encodings');
  const csv = groupedCsv();
  const little = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(csv, 'utf16le')]);
  const big = Buffer.from(little).swap16();
  const files = [['grouped.csv', csv], ['utf16-le.csv', little], ['utf16-be.csv', big]];
  for (const [name, content] of files) await fs.writeFile(path.join(dir, name), content);
  await chooseFiles(app, files.map(([name]) => path.join(dir, name)));
  for (const [name] of files) {
    const index = await app.byTestId('import-run').evaluate((s, n) => [...s.options].findIndex((o) => o.textContent.includes(n)), name);
    assert.ok(index >= 0, `${name} is listed`);
    await chooseRun(app, index);
    // The chosen run's results are in place once its notes say how it was read.
    const wide = name.startsWith('utf16');
    await eventually(async () => assert.match(await app.page.evaluate(() => document.querySelector('.fit-notes')?.textContent ?? ''), wide ? /UTF-16/ : /^(?![\s\S]*UTF-16)/), { timeout: 10_000 });
    const readouts = await fitted(app, 'csv');
    assert.equal(readouts['fit-records'].value, 16, name);
    assertClose(readouts['fit-prefill'].value, 10_000, `${name}: the prefill rate of the file's own numbers`, 0.01);
    const notes = await app.page.evaluate(() => document.querySelector('.fit-notes')?.textContent ?? '');
    assert.match(notes, /thousands separators/, name);
    if (wide) assert.match(notes, /UTF-16/, name);
  }
});

test('a file of 1,000 one-request runs is read in well under 200 MB of the worker\'s memory', { ...TIMEOUT, skip: onlyIn('chromium', 'the worker\'s memory is read inside the worker, which Playwright reaches in Chromium only') }, async (t) => {
  const dir = await scratchFolder(t, 'runs');
  const many = path.join(dir, 'a-thousand-runs.jsonl');
  await fs.writeFile(many, manyRunsFile(1_000));

  const app = await open(t);
  await app.byTestId('import-file').setInputFiles(many);
  await eventually(async () => assert.equal(await app.byTestId('import-run').locator('option').count(), 1_000), { timeout: 60_000 });
  const bytes = await workerWasmBytes(app.page);
  assert.ok(bytes > 0, 'the worker\'s memory was read');
  assert.ok(bytes < 200 * 1024 * 1024, `the worker holds ${(bytes / 1024 / 1024).toFixed(1)} MiB after 1,000 runs`);
});
