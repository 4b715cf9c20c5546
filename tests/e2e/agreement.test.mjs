// One quantity, one source: every element that states a quantity carries `data-quantity` (the
// code's list, tests/e2e/quantities.json, written by the native test `one_source`) and
// `data-value` (the value it was written from), and all the elements of one quantity agree.
// Checked over seeded random states (the deeper model, each TTFT clock, either hour, each
// workload the decision can be for, numbers no slider lands on), after two chips are used as A
// and B, after two real result files are, and after a request has played and a control moved.
// The native twin, tests/native/one_source.rs, checks the sentences of the text layer.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { REPO_ROOT, chooseRun, eventually, loadRuns, openApp, openChips, openMeasurements, scrollIntoView, useBrowser, useRunAs } from './helpers.mjs';

const env = useBrowser();
const TIMEOUT = { timeout: 240_000 };
const QUANTITIES = JSON.parse(readFileSync(new URL('./quantities.json', import.meta.url), 'utf8'));
const DATA = path.join(REPO_ROOT, 'tests', 'data', 'bench-results');

/** Every element stating a quantity: its quantity, its value and where it is. */
async function stated(page) {
  return page.evaluate(() => [...document.querySelectorAll('[data-quantity][data-value]')].map((e) => ({
    quantity: e.getAttribute('data-quantity'),
    value: e.getAttribute('data-value'),
    where: e.closest('[data-testid]')?.getAttribute('data-testid') ?? e.tagName,
  })));
}

/**
 * Asserts that the elements of each quantity agree (numbers to a part in 10^12, words exactly)
 * and returns the quantities seen, with how many places state each.
 */
function assertAgree(found, where) {
  const groups = new Map();
  for (const f of found) {
    assert.ok(QUANTITIES.includes(f.quantity), `${where}: ${f.quantity} (at ${f.where}) is not one of the code's quantities`);
    groups.set(f.quantity, [...(groups.get(f.quantity) ?? []), f]);
  }
  for (const [quantity, all] of groups) {
    const [first, ...rest] = all;
    for (const other of rest) {
      const [a, b] = [Number(first.value), Number(other.value)];
      const same = Number.isFinite(a) && Number.isFinite(b)
        ? Math.abs(a - b) <= 1e-12 * Math.max(1, Math.abs(a))
        : first.value === other.value;
      assert.ok(same, `${where}: ${quantity} is ${first.value} at ${first.where} but ${other.value} at ${other.where}`);
    }
  }
  return new Map([...groups].map(([q, all]) => [q, all.length]));
}

/** Answers every prediction and opens every part a reader opens on purpose. */
async function openAll(app) {
  await app.reveal('all');
  await eventually(async () => {
    const opened = await app.page.evaluate(() => {
      const closed = [...document.querySelectorAll('details:not([open])')];
      closed.forEach((d) => { d.open = true; });
      return closed.length;
    });
    assert.equal(opened, 0, `${opened} disclosures were still closed`);
  }, { timeout: 15_000, interval: 250 });
}

/** Waits until the page has settled and checks it; returns what it saw. */
async function check(app, where, ready = undefined) {
  await app.waitUntilRendered(ready);
  await openAll(app);
  return eventually(async () => assertAgree(await stated(app.page), where), { timeout: 10_000 });
}

/** A small seeded generator, so a failing state can be reproduced from the seed printed. */
function random(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = Math.imul(s ^ (s >>> 15), 1 | s);
    x ^= x + Math.imul(x ^ (x >>> 7), 61 | x);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** A random state, with numbers as a run or a chip would give them (no slider step). */
function randomState(next, i) {
  const between = (lo, hi) => lo * (hi / lo) ** next();
  const pick = (options) => options[Math.floor(next() * options.length)];
  return {
    prompt: Math.round(between(100, 300_000)), output: Math.round(between(5, 3000)),
    prefill: between(800, 60_000), decode: between(8, 400), network: between(0.001, 0.4), wait: between(0.001, 1.5),
    // Mostly the lesson's shape (A starts first, B writes faster), so the lines cross.
    a_ttft: between(0.05, 0.8), a_rate: between(5, 60), b_ttft: between(0.3, 2), b_rate: between(40, 300),
    // At the busiest hour too, A first and B faster, so its lines always cross: the busiest
    // hour's crossover is stated only where they do, and a seed whose two busiest-hour states
    // both missed it (about one in four, when these were drawn freely) checked it nowhere.
    a_peak_ttft: between(0.05, 0.8), a_peak: between(5, 40), b_peak_ttft: between(0.8, 3), b_peak: between(40, 300),
    answer: Math.round(between(20, 3000)),
    model: i % 2 ? 'deep' : 'linear',
    ttft_def: ['client', 'server', 'scheduled'][i % 3],
    // Two states in three at a quiet hour, where the card states the quiet crossover too.
    load: i % 3 === 2 ? 'peak' : 'idle',
    decide: pick(['bot', 'traffic', 'runs']),
    consumer: pick(['reader', 'machine']),
  };
}

/**
 * Steps Figure 5's player (the page asks for less motion) to where both answers are whole, so
 * its lanes state each deployment's finish.
 */
async function playRaceToTheEnd(app) {
  const figure = app.page.locator('[data-figure="completion"]');
  const play = figure.locator('[data-testid="play"]');
  await scrollIntoView(play);
  const lanes = () => figure.evaluate((f) => [...f.querySelectorAll('.lane-name span')].map((s) => s.getAttribute('data-quantity')));
  for (let i = 0; i < 20 && (await lanes()).join() !== 'a-completion,b-completion'; i++) await play.click();
  assert.deepEqual(await lanes(), ['a-completion', 'b-completion'], 'both answers are whole');
}

test('every quantity agrees wherever it is stated, over random states', TIMEOUT, async (t) => {
  const seed = Number(process.env.AGREEMENT_SEED ?? Date.now() % 100000);
  const next = random(seed);
  const app = await openApp(env, t, '', { reducedMotion: 'reduce' });
  const url = new URL(env.baseUrl);
  const seen = new Map();
  for (let i = 0; i < 6; i++) {
    const q = randomState(next, i);
    const query = '?' + new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)])).toString();
    await app.page.goto(url.origin + url.pathname + query);
    const where = `seed ${seed}, state ${i}: ${query}`;
    const atRest = await check(app, where);
    // And once the race has played to its end.
    await playRaceToTheEnd(app);
    const played = assertAgree(await stated(app.page), `${where}, played`);
    for (const [quantity, places] of [...atRest, ...played]) {
      seen.set(quantity, Math.max(seen.get(quantity) ?? 0, places));
    }
  }
  // Every quantity of the code's list was on the page, and the ones stated in several places
  // were checked against each other.
  for (const quantity of QUANTITIES) assert.ok(seen.has(quantity), `seed ${seed}: ${quantity} never stated`);
  for (const quantity of ['total', 'crossover', 'a-completion', 'b-completion']) {
    assert.ok(seen.get(quantity) >= 2, `seed ${seed}: ${quantity} stated in ${seen.get(quantity)} place(s)`);
  }
  t.diagnostic(`seed ${seed}: ${[...seen].map(([q, n]) => `${q} ×${n}`).join(', ')}`);
});

test("a player's lanes follow a moved control, at rest and after playing", TIMEOUT, async (t) => {
  const app = await openApp(env, t, '', { reducedMotion: 'reduce' });
  await app.waitUntilRendered();
  const figure = app.page.locator('[data-figure="timeline"]');
  const play = figure.locator('[data-testid="play"]');
  const streamed = figure.locator('[data-testid="play-lane-0"] .lane-name span');
  await scrollIntoView(play);
  /** The streamed lane and the TTFT readout state one first token, in words and in value. */
  const agreeOnFirstToken = async (prompt) => {
    await app.typeInto('prompt', prompt);
    await eventually(async () => {
      const lane = await streamed.evaluate((e) => ({ text: e.textContent, quantity: e.getAttribute('data-quantity'), value: Number(e.getAttribute('data-value')) }));
      const ttft = await app.readout('ttft');
      assert.equal(lane.quantity, 'ttft-client');
      assert.equal(lane.value, ttft.value, `prompt ${prompt}: the lane and the readout state one first token`);
      assert.ok(lane.text.includes(ttft.text), `prompt ${prompt}: "${lane.text}" names ${ttft.text}`);
    }, { timeout: 10_000 });
    assertAgree(await stated(app.page), `prompt ${prompt}`);
  };
  // At rest: nothing has played, and the prompt moves.
  await agreeOnFirstToken('50000');
  // After playing: with reduced motion the button steps through the request's moments.
  await play.click();
  await play.click();
  assertAgree(await stated(app.page), 'while played');
  await agreeOnFirstToken('2000');
});

test('two chips as A and B: one first token for one prefill, and the numbers agree', TIMEOUT, async (t) => {
  const app = await openChips(env, t, '?prompt=16000');
  for (const [preset, side] of [['hw-h100', 'a'], ['hw-h200', 'b']]) {
    const button = app.byTestId(`preset-${preset}`);
    await scrollIntoView(button);
    await button.click();
    const use = app.byTestId(`hw-use-${side}`);
    await scrollIntoView(use);
    await use.click();
    await eventually(async () => assert.match(await app.byTestId('hw-applied').evaluate((e) => e.textContent), new RegExp(`Deployment ${side.toUpperCase()} now reads`)));
  }
  const note = await app.byTestId('hw-applied').evaluate((e) => e.textContent);
  assert.match(note, /one network and queue for both sides/, note);
  const seen = await check(app, 'two chips', 'html[data-complete] [data-testid="decision"][data-decision]');
  // The H100 and the H200 read the prompt at one rate, after one shared wait.
  const lanes = await stated(app.page);
  const first = (q) => lanes.find((f) => f.quantity === q)?.value;
  assert.equal(first('a-ttft'), first('b-ttft'), 'A and B show their first tokens together');
  const card = await app.byTestId('decision').evaluate((e) => e.textContent);
  assert.doesNotMatch(card, /\b63 tokens\b|45 tok\/s|busiest hour|quiet hour/, 'nothing of the story\'s busiest hour');
  assert.match(card, /each side's figures hold at the one load they were given at/, card);
  // Same prefill and wait, a faster decode: the H200 finishes first at every length.
  assert.equal(seen.get('crossover'), undefined, 'no crossover is stated where the lines never cross');
  assert.match(card, /B finishes first at every length/, card);
});

test('two real runs as A and B: the comparison, Figure 5 and the card state one crossover', TIMEOUT, async (t) => {
  const app = await openMeasurements(env, t);
  const files = ['vllm_benchmark_serving_detailed__aurotripathy_llama3.1-70b-fp8_conc256.json', 'sglang_0.5.9_bench_serving_output-details__llm-benchmaq_qwen3.5-27b.jsonl'];
  await loadRuns(app, files.map((f) => path.join(DATA, f)));
  // Each run chosen, and its results written out, before it is used as a side.
  await chooseRun(app, 0);
  await useRunAs(app, 'a');
  await chooseRun(app, 1);
  await useRunAs(app, 'b');
  const applied = await app.byTestId('import-applied').evaluate((e) => e.textContent);
  assert.doesNotMatch(applied, /outside the page's range/, applied);
  await eventually(async () => assert.ok(await app.byTestId('compare-nstar').count() > 0, 'the comparison is placed'), { timeout: 60_000 });
  const seen = await check(app, 'two runs', 'html[data-complete] [data-testid="decision"][data-decision]');
  assert.ok(seen.get('crossover') >= 3, `the crossover is stated by the comparison, Figure 5's readout and the card: ${seen.get('crossover')}`);
  const card = await app.byTestId('decision').evaluate((e) => e.textContent);
  assert.match(card, /the runs' own answers, median/, card);
  assert.doesNotMatch(card, /mixed chat traffic|your traffic/, card);
});
