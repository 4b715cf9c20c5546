// "Your own measurements" in a real browser: real result files from tests/data/bench-results/
// loaded through the file picker and through the paste box, read by the page's Web Worker, with
// the detected format and the counts the library's own tests expect; refusals that keep what was
// loaded; "Use these rates" moving the lesson's controls; and nothing leaving the origin.

import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { REPO_ROOT, assertClose, eventually, openApp, shownText, useBrowser } from './helpers.mjs';

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
  const app = await openApp(env, t, '', { setup: (page, context) => watch(page, context, seen) });
  await app.byTestId('import-file').waitFor({ state: 'attached' });
  return app;
}

/** Waits until the chosen run is read as `format`, and returns its readouts. */
async function fitted(app, format) {
  await eventually(async () => assert.equal(await app.byTestId('import-format').getAttribute('data-value'), format), { timeout: 30_000 });
  const ids = ['fit-records', 'fit-dropped', 'fit-overhead', 'fit-prefill', 'fit-decode'];
  const values = await Promise.all(ids.map((id) => app.readout(id)));
  return Object.fromEntries(ids.map((id, i) => [id, values[i]]));
}

async function chooseRun(app, index) {
  await app.byTestId('import-run').evaluate((select, i) => {
    select.value = String(i);
    select.dispatchEvent(new Event('change', { bubbles: true }));
  }, index);
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
  await app.byTestId('import-file').setInputFiles([file('bedrock'), file('sglang')]);
  await eventually(async () => assert.equal(await app.byTestId('import-run').locator('option').count(), 2), { timeout: 30_000 });

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

test('pasted text is read too, and "Use these rates" moves the lesson\'s controls', TIMEOUT, async (t) => {
  const app = await open(t);
  const before = await app.readout('ttft');
  await paste(app, await readFile(file('nonStreaming'), 'utf8'));
  const r = await fitted(app, 'llm-load-test');
  assert.equal(r['fit-records'].value, 36);
  assertClose(r['fit-prefill'].value, 2512.116986302417, 'prefill rate', 1e-9);

  await app.byTestId('import-apply').click();
  await eventually(async () => assert.equal(await app.quantity('prefill'), 2512));
  assert.equal(await app.quantity('decode'), 31.7);
  assertClose(await app.quantity('wait'), 0.14, 'queue: the overhead, rounded as the control shows it', 1e-12);
  const q = await app.expectConsistent('after Use these rates');
  assert.equal(q.prefill, 2512);
  const after = await app.readout('ttft');
  assert.notEqual(after.value, before.value, 'the TTFT readout moved');
  assert.match(await shownText(app.byTestId('import-applied')), /never put in a link/);
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
  await app.byTestId('import-apply').click();
  await eventually(async () => assert.equal(await app.quantity('prefill'), 200_000));
  assert.equal(await app.quantity('decode'), 2000);
  const notice = await shownText(app.byTestId('import-applied'));
  assert.match(notice, /prefill rate of [\d,.]+ tok\/s is outside the page's range, so the control holds 200,000 tok\/s/);
  assert.match(notice, /decode rate of [\d,.]+ tok\/s is outside/);

  await app.byTestId('import-paste').fill('{"cut off": [1, 2');
  await app.byTestId('import-paste-go').click();
  await app.byTestId('import-error').waitFor({ state: 'visible', timeout: 30_000 });
  assert.match(await shownText(app.byTestId('import-error')), /could not be read/);
  assert.equal(await app.byTestId('import-format').getAttribute('data-value'), 'csv', 'the run loaded before stays');
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
  assert.equal(await drop('#deeper'), false, 'outside the section the browser keeps its own handling');
  await app.page.waitForTimeout(300);
  assert.equal(await app.byTestId('import-run').count(), 0, 'nothing was read');
  assert.equal(await drop('#measurements p'), true, 'over the section the page takes the drop');
  const r = await fitted(app, 'vllm');
  assert.equal(r['fit-records'].value, 100);
});
