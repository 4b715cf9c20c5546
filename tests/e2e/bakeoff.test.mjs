// A bake-off from real runs in the review workbench: result files loaded in "Your own
// measurements" and put into the deployments' panel with "Use as A" and "Use as B" (at a chosen
// TTFT percentile); the comparison the measurements section then places under Figure 5 (the crossover with its interval, the winner
// at the reader's answer, the table against the runs' own readouts, what makes the pair unfair);
// and the address bar, which carries the lab's numbers and never the runs.

import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { REPO_ROOT, assertClose, eventually, figureDrawn, openApp, openMeasurements, scratchFolder, scrollIntoView, useBrowser, chooseRun, loadRuns as load, useRunAs as useAs } from './helpers.mjs';

const env = useBrowser();
const TIMEOUT = { timeout: 120_000 };
const DATA = path.join(REPO_ROOT, 'tests', 'data', 'bench-results');
const FILES = {
  vllm: 'vllm_benchmark_serving_detailed__aurotripathy_llama3.1-70b-fp8_conc256.json',
  sglang: 'sglang_0.5.9_bench_serving_output-details__llm-benchmaq_qwen3.5-27b.jsonl',
  anyscale: 'llmperf_individual__leaderboard_anyscale_70b.json',
  nonStreaming: 'llm-load-test_output__wes-spinks_nonstreaming.json',
  bedrock: 'llmperf_individual__leaderboard_bedrock_70b.json',
};
const file = (name) => path.join(DATA, FILES[name]);

/**
 * A run whose answer is known: every request's prompt near 1,000 tokens, answers from 20 to
 * 1,000 tokens, a first token of `ttft` seconds (give or take 4 ms) and `rate` tokens a second
 * after it. As a generic CSV table.
 */
async function knownRun(dir, name, ttft, rate) {
  const lines = ['prompt_tokens,output_tokens,ttft_s,e2e_s'];
  for (let i = 0; i < 240; i++) {
    const n = 20 + ((i * 37) % 981);
    const t = ttft + 0.001 * ((i % 9) - 4);
    lines.push(`${1000 + (i % 11)},${n},${t.toFixed(6)},${(t + (n - 1) / rate).toFixed(6)}`);
  }
  const where = path.join(dir, name);
  await fs.writeFile(where, `${lines.join('\n')}\n`);
  return where;
}

/** The chosen run's readouts the comparison is checked against. */
async function fitReadouts(app) {
  return app.page.evaluate(() => {
    const read = (id) => {
      const e = document.querySelector(`[data-testid="${id}"]`);
      return { value: Number(e.getAttribute('data-value')), text: e.textContent.trim() };
    };
    return { decode: read('fit-decode'), records: read('fit-records') };
  });
}

/** The comparison placed under Figure 5, once there. */
async function comparison(app) {
  let found = null;
  await eventually(async () => {
    found = await app.page.evaluate(() => {
      const nstar = document.querySelector('[data-testid="compare-nstar"]');
      const winner = document.querySelector('[data-testid="compare-winner"]');
      const table = document.querySelector('[data-testid="compare-table"]');
      if (!nstar || !winner || !table) return null;
      const number = (x) => (x === null ? null : Number(x));
      const rows = Object.fromEntries([...table.querySelectorAll('tbody tr')].map((tr) => {
        const cells = [...tr.children].map((c) => c.textContent.trim());
        return [cells[0], cells.slice(1)];
      }));
      const mismatch = [...document.querySelectorAll('[data-testid="compare-mismatch"] [data-finding]')].map((p) => p.getAttribute('data-finding'));
      return {
        value: number(nstar.getAttribute('data-value')),
        low: number(nstar.getAttribute('data-low')),
        high: number(nstar.getAttribute('data-high')),
        certain: nstar.getAttribute('data-certain') === 'true',
        note: nstar.parentElement.textContent,
        winner: winner.getAttribute('data-value'),
        straddled: winner.getAttribute('data-straddled'),
        winnerText: winner.textContent,
        rows,
        mismatch,
        runs: document.querySelector('[data-testid="compare-runs"]').textContent,
      };
    });
    assert.ok(found, 'the comparison is placed in the lab');
  }, { timeout: 60_000 });
  return found;
}

/**
 * Waits until Figure 5 is drawn as its inputs say now and keeps its pixels in the page. The
 * summary changes with the inputs at once, while the canvas is drawn at the next animation frame
 * (or once the controls are still, when off screen): the canvas says when its drawing is current
 * (`figureDrawn`). The pixels stay in the page: a canvas's worth of numbers is slow to carry to
 * the test and back.
 */
async function keepSettledPixels(app) {
  await figureDrawn(app.page, 'completion-canvas');
  await app.page.evaluate(() => {
    const canvas = document.querySelector('[data-testid="completion-canvas"]');
    window.__keptPixels = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
  });
}

/**
 * The pixels of Figure 5 that differ now from those kept, split by the tint they had: bluish
 * (A's colour, blue over red), reddish (B's) and neither (the band's grey).
 */
function faintDifferences(app) {
  return app.page.evaluate(() => {
    const canvas = document.querySelector('[data-testid="completion-canvas"]');
    const bare = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    const drawn = window.__keptPixels;
    const counts = { a: 0, b: 0, grey: 0, all: 0 };
    if (!drawn || drawn.length !== bare.length) return counts;
    for (let i = 0; i < drawn.length; i += 4) {
      if (drawn[i] === bare[i] && drawn[i + 1] === bare[i + 1] && drawn[i + 2] === bare[i + 2]) continue;
      counts.all++;
      const [r, b] = [drawn[i], drawn[i + 2]];
      if (b - r > 20) counts.a++;
      else if (r - b > 20) counts.b++;
      else counts.grey++;
    }
    return counts;
  });
}

/** Keeps every Blob the page makes a URL for, so a download's contents can be read back. */
const keepBlobs = (page) => page.addInitScript(() => {
  window.__blobs = [];
  const create = URL.createObjectURL;
  URL.createObjectURL = (blob) => {
    window.__blobs.push(blob);
    return create.call(URL, blob);
  };
});

/**
 * Every value of the address bar is a number or one of the page's own choice words, and none
 * holds a run's `labels`. The words are checked by the page's own reader of addresses: a page
 * opened with all of them names none as unknown.
 */
async function assertNumbersOnly(t, query, labels) {
  const whole = JSON.stringify(query).toLowerCase();
  for (const label of labels) assert.ok(!whole.includes(label.toLowerCase()), `the address bar holds no run name (${label})`);
  const words = Object.entries(query).filter(([, value]) => !Number.isFinite(Number(value)));
  assert.ok(words.length > 0, 'the address holds choices too');
  const check = await openApp(env, t, `?${new URLSearchParams(words)}`);
  assert.equal(await check.noticeText(), '', `the page reads ${JSON.stringify(words)} as its own choices`);
}

test('two synthetic runs with a known crossover, used as A and B, give it back with its interval', TIMEOUT, async (t) => {
  const dir = await scratchFolder(t, 'bakeoff');
  // The lesson's pair: A starts at 0.2 s and writes 30 tok/s, B at 0.9 s and 110 tok/s, so the
  // true crossover is 0.7 / (1/30 − 1/110) = 28.875 tokens.
  const a = await knownRun(dir, 'quick-starter.csv', 0.2, 30);
  const b = await knownRun(dir, 'fast-writer.csv', 0.9, 110);
  const app = await openMeasurements(env, t, '', { setup: keepBlobs });
  await load(app, [a, b]);

  await chooseRun(app, 0);
  const fitA = await fitReadouts(app);
  await useAs(app, 'a');
  await chooseRun(app, 1);
  const fitB = await fitReadouts(app);
  await useAs(app, 'b');

  const c = await comparison(app);
  assert.ok(c.certain, c.note);
  assert.ok(c.low <= 28.875 && 28.875 <= c.high, `28.875 lies in [${c.low}, ${c.high}]`);
  assertClose(c.value, 28.875, 'the point crossover', 0.02);
  // The lab's own crossover, from the numbers the runs put into its controls, agrees.
  assertClose((await app.readout('crossover')).value, c.value, 'the lab computes the same crossover', 0.02);
  // At the race's 600 tokens the fast writer is ahead, far from the interval.
  assert.equal(c.winner, 'B');
  assert.equal(c.straddled, 'false');
  assert.equal((await app.readout('winner')).raw, 'B');
  // The table repeats each run's own readouts.
  assert.deepEqual(c.rows['decode rate'], [fitA.decode.text, fitB.decode.text]);
  assert.deepEqual(c.rows['requests used'], [fitA.records.text, fitB.records.text]);
  assert.deepEqual(c.mismatch, [], 'the same prompts and no stated load: nothing to name');
  // The table exports as CSV like every table: bare numbers, a row per quantity.
  const csvButton = app.byTestId('compare-csv');
  await scrollIntoView(csvButton);
  const blobsBefore = await app.page.evaluate(() => window.__blobs.length);
  await csvButton.click();
  await eventually(async () => assert.ok((await app.page.evaluate(() => window.__blobs.length)) > blobsBefore), { timeout: 10_000 });
  const csv = await app.page.evaluate(() => window.__blobs[window.__blobs.length - 1].text());
  const csvRow = (name) => csv.split('\n').find((line) => line.startsWith(`${name},`))?.split(',').slice(1);
  assert.deepEqual(csvRow('requests used').map(Number), [fitA.records.value, fitB.records.value], csv);
  assertClose(Number(csvRow('decode rate (tok/s)')[0]), fitA.decode.value, 'A decode rate in the CSV', 1e-9);
  assertClose(Number(csvRow('decode rate (tok/s)')[1]), fitB.decode.value, 'B decode rate in the CSV', 1e-9);
  // Each side names its run while its controls hold the run's numbers.
  const sides = await app.page.evaluate(() => ['a-run', 'b-run'].map((id) => document.querySelector(`[data-testid="${id}"]`).textContent));
  assert.match(sides[0], /quick-starter/);
  assert.match(sides[1], /fast-writer/);

  // Figure 5 draws both runs' requests as faint dots behind the lines, and the interval as a
  // band. The same link opened afresh has the same lines and no runs (a link holds numbers, not
  // files): the pixels that differ there are the dots and the band.
  await scrollIntoView(app.byTestId('completion-canvas'));
  await eventually(async () => {
    const summary = await app.byTestId('completion-canvas').getAttribute('aria-label');
    assert.match(summary, /Faint dots: each run's requests/);
    await keepSettledPixels(app);
  }, { timeout: 10_000 });
  const drawn = await app.byTestId('completion-canvas').evaluate((c) => c.toDataURL());
  const twin = await openMeasurements(env, t, await app.page.evaluate(() => location.search));
  await scrollIntoView(twin.byTestId('completion-canvas'));
  await keepSettledPixels(twin);
  await twin.page.evaluate(async (url) => {
    const image = new Image();
    image.src = url;
    await image.decode();
    const canvas = document.createElement('canvas');
    [canvas.width, canvas.height] = [image.width, image.height];
    const context = canvas.getContext('2d');
    context.drawImage(image, 0, 0);
    window.__keptPixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
  }, drawn);
  const faint = await faintDifferences(twin);
  assert.ok(faint.a > 30 && faint.b > 30, `A's and B's dots: ${JSON.stringify(faint)}`);
  assert.ok(faint.grey > 0, `the band: ${JSON.stringify(faint)}`);

  const query = await app.query();
  assertClose(Number(query.a_rate), fitA.decode.value, 'A decode rate in the link', 0.01);
  assertClose(Number(query.b_rate), fitB.decode.value, 'B decode rate in the link', 0.01);
  await assertNumbersOnly(t, query, ['quick-starter', 'fast-writer', 'csv']);
  assert.match(await app.byTestId('import-applied').evaluate((e) => e.textContent), /never put in a link/);
});

test('two real runs as A and B: an uncertain crossover, the mismatch named, and a side the reader moves leaves', TIMEOUT, async (t) => {
  const app = await openMeasurements(env, t);
  await load(app, [file('vllm'), file('sglang')]);
  await chooseRun(app, 0);
  const fitA = await fitReadouts(app);
  await useAs(app, 'a', 'p90');
  await chooseRun(app, 1);
  const fitB = await fitReadouts(app);
  await useAs(app, 'b');

  const c = await comparison(app);
  // The two decode rates' intervals overlap: the lines cross at the point estimate, but the
  // runs cannot say that they cross at all.
  assert.ok(Number.isFinite(c.value), 'a point crossover');
  assert.equal(c.certain, false);
  assert.equal(c.high, Infinity, 'no upper end');
  assert.match(c.note, /No crossover is certain/);
  assert.deepEqual(c.mismatch, ['prompts', 'load']);
  assert.deepEqual(c.rows['decode rate'], [fitA.decode.text, fitB.decode.text]);
  assert.match(c.rows['first token used'][0], /p90/);
  assert.match(c.rows['load'][0], /concurrency 256/);
  await assertNumbersOnly(t, await app.query(), ['vllm', 'sglang', 'qwen', 'aurotripathy', 'benchmaq']);

  // The reader moves A's decode rate: A is now their own, and the comparison goes.
  await app.typeInto('a_rate', '77');
  await app.input('a_rate').press('Enter');
  await eventually(async () => {
    const left = await app.page.evaluate(() => ({
      side: document.querySelector('[data-testid="a-run"]').textContent,
      compare: document.querySelector('[data-testid="compare-results"]').children.length,
    }));
    assert.deepEqual(left, { side: '', compare: 0 });
  }, { timeout: 10_000 });
});

test('two files chosen at once are offered as A and B, and compared at once', TIMEOUT, async (t) => {
  const app = await openMeasurements(env, t);
  await load(app, [file('anyscale'), file('bedrock')]);
  const offer = app.byTestId('import-compare-pair');
  await offer.waitFor({ state: 'attached', timeout: 30_000 });
  await scrollIntoView(offer);
  await offer.click();
  await eventually(async () => {
    const sides = await app.page.evaluate(() => ['a-run', 'b-run'].map((id) => document.querySelector(`[data-testid="${id}"]`).textContent));
    assert.match(sides[0], /anyscale/i);
    assert.match(sides[1], /bedrock/i);
  }, { timeout: 30_000 });
  const note = await app.byTestId('import-applied').evaluate((e) => e.textContent);
  assert.match(note, /^A is now .* B is now /);
  assert.equal(note.match(/never put in a link/g).length, 1, 'what the link carries, said once');
  // Bedrock failed 49 of its 150 requests: the share comes with the run, and the card counts a
  // retry for each failure.
  assert.match(note, /B is now .*49 of its 150 requests failed/);
  await eventually(async () => {
    const numbers = await app.byTestId('decision').getAttribute('data-decision');
    assert.match(numbers, /failed_a=0 failed_b=0\.32666/);
  }, { timeout: 10_000 });
  assert.match(await app.byTestId('decision-failures').evaluate((e) => e.textContent), /A failed none of its requests and B 32\.7% of its requests/);
  await eventually(async () => assert.match((await app.query()).b_fail ?? '', /^32\.66666/, 'the link carries the share'), { timeout: 10_000 });
  const c = await comparison(app);
  // The same benchmark against two providers: one is ahead at every length.
  assert.equal(c.value, null);
  assert.match(c.note, /do not cross: A finishes first at every answer length/);
  assert.equal(c.winner, 'A');
  assert.deepEqual(c.mismatch, []);
});

test('a run that did not stream, compared with one that did, is named', TIMEOUT, async (t) => {
  const app = await openMeasurements(env, t);
  await load(app, [file('vllm'), file('nonStreaming')]);
  const offer = app.byTestId('import-compare-pair');
  await offer.waitFor({ state: 'attached', timeout: 30_000 });
  await scrollIntoView(offer);
  await offer.click();
  const c = await comparison(app);
  assert.ok(c.mismatch.includes('not-streamed'), JSON.stringify(c.mismatch));
  const text = await app.page.evaluate(() => document.querySelector('[data-finding="not-streamed"]').textContent);
  assert.match(text, /^B did not stream/);
  assert.deepEqual(c.rows['TTFT p50'].slice(1), ['not measured']);
});
