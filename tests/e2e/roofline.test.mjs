// "Where the two rates come from" in a real browser. The workbench's chip calculator: every key
// driven through the page (radios, typed fields, sliders, the address), its readouts checked
// against the roofline formulas recomputed here from the data sheets' and configurations'
// figures; the worked settings' table; "Use as A" and "Use as B"; Figure 4 redrawn by chip and
// batch. The lesson's short section: its panel, Figure 4 and its controls, the H200 prediction
// and the way on to the calculator. Figure 4's embed and its presentation stepping through the
// lesson's worked settings.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import path from 'node:path';
import { REPO_ROOT, arrivedAt, assertClose, assertNumberText, eventually, openApp, openChips, openMeasurements, parseShown, scrollIntoView, shownText, useBrowser } from './helpers.mjs';

const env = useBrowser();
const TIMEOUT = { timeout: 180_000 };

// Dense figures from the vendors' data sheets (fp8 where the chip has it) and the models'
// published shapes, in SI units: the same tables as the lesson, typed again here.
const CHIPS = {
  a100: { bf16: 312e12, fp8: null, bw: 2039e9, mem: 80e9 },
  h100: { bf16: 989e12, fp8: 1979e12, bw: 3350e9, mem: 80e9 },
  h200: { bf16: 989e12, fp8: 1979e12, bw: 4800e9, mem: 141e9 },
  l4: { bf16: 121e12, fp8: 242e12, bw: 300e9, mem: 24e9 },
  mi300x: { bf16: 1307e12, fp8: 2615e12, bw: 5300e9, mem: 192e9 },
};
const MODELS = {
  llama8b: { params: 8.03e9, layers: 32, kvHeads: 8, headDim: 128 },
  llama70b: { params: 70.6e9, layers: 80, kvHeads: 8, headDim: 128 },
  llama405b: { params: 405.9e9, layers: 126, kvHeads: 8, headDim: 128 },
};
const WEIGHT_BYTES = { bf16: 2, fp8: 1, int4: 0.5 };
const KV_BYTES = { bf16: 2, fp8: 1 };
// Its prompts spread from 16 to 8,152 tokens, so the run gives a prefill rate as well as a decode rate.
const REAL_RUN = 'sglang_0.5.9_bench_serving_output-details__llm-benchmaq_qwen3.5-27b.jsonl';
/** The chips REAL_RUN's server reports: tensor parallel 8, data parallel 1. */
const STATED_CHIPS = 8;
const NUMBER_KEYS = ['chip_tflops', 'chip_bw', 'chip_mem', 'chips', 'hw_params', 'hw_layers', 'hw_kv_heads', 'hw_head_dim', 'batch', 'context', 'mfu', 'mbu'];

/** The roofline at the address's settings `q` (numbers and choices), at efficiencies `mfu`, `mbu`. */
function roofline(q, mfu = q.mfu, mbu = q.mbu) {
  const chip = q.chip === 'custom' ? { bf16: q.chip_tflops * 1e12, fp8: null, bw: q.chip_bw * 1e9, mem: q.chip_mem * 1e9 } : CHIPS[q.chip];
  const model = q.hw_model === 'custom'
    ? { params: q.hw_params * 1e9, layers: q.hw_layers, kvHeads: q.hw_kv_heads, headDim: q.hw_head_dim }
    : MODELS[q.hw_model];
  const flops = q.weights === 'fp8' && chip.fp8 ? chip.fp8 : chip.bf16;
  const n = q.chips;
  const kv = 2 * model.layers * model.kvHeads * model.headDim * KV_BYTES[q.kv];
  const weights = model.params * WEIGHT_BYTES[q.weights];
  const cache = q.batch * q.context * kv;
  const prefill = (n * flops * mfu) / (2 * model.params);
  const memorySecs = (weights + cache) / (n * chip.bw * mbu);
  const computeSecs = (q.batch * 2 * model.params) / (n * flops * mfu);
  const step = Math.max(memorySecs, computeSecs);
  const ratio = prefill * step;
  return {
    'hw-prefill-rate': prefill,
    'hw-decode-rate': 1 / step,
    'hw-throughput': q.batch / step,
    'hw-ratio': ratio,
    'hw-crossing': ratio * q.output,
    'hw-ridge': flops / chip.bw,
    'hw-kv-per-token': kv,
    'hw-weights-bytes': weights,
    'hw-chip-flops': n * flops,
    'hw-chip-bw': n * chip.bw,
    'hw-chip-mem': n * chip.mem,
    bound: computeSecs > memorySecs ? 'compute' : 'memory',
    fits: weights + cache <= n * chip.mem ? 'yes' : 'no',
  };
}

/**
 * The section at one look: its settings as its controls hold them, numbers as numbers (the
 * controls are read, not the address: a page opened at its defaults leaves the address bare; the
 * custom chip's and model's fields are in the page only while custom is chosen, and count only
 * then), and each readout's unrounded `data-value`, its bounds and the text a reader sees. Read in
 * one call once the panel is on screen, so that every check of a step sees the same frame.
 */
async function panel(app) {
  await scrollIntoView(app.byTestId('hw-prefill-rate'));
  return app.page.evaluate((numberKeys) => {
    const byId = (id) => document.querySelector(`[data-testid="${id}"]`);
    const chosen = (name) => document.querySelector(`input[type="radio"][name="${name}"]:checked`)?.dataset.testid.slice(name.length + 1);
    const q = { chip: chosen('chip'), hw_model: chosen('hw_model'), weights: chosen('weights'), kv: chosen('kv') };
    const fields = {};
    for (const key of numberKeys) {
      const input = byId(`${key}-input`);
      q[key] = input ? Number(input.dataset.value) : undefined;
      if (input) fields[key] = { raw: input.dataset.value ?? null, text: input.value };
    }
    // A readout in a part the browser skips off screen has no rendered text (in Firefox's
    // innerText): such parts are rendered for the read, as `shownText` does.
    const skipped = [...document.querySelectorAll('*')].filter((e) => getComputedStyle(e).contentVisibility === 'auto');
    for (const e of skipped) e.style.contentVisibility = 'visible';
    const readouts = {};
    for (const e of document.querySelectorAll('[data-testid^="hw-"][data-value]')) {
      readouts[e.dataset.testid] = { raw: e.dataset.value ?? null, value: Number(e.dataset.value), text: e.innerText.trim(), low: Number(e.dataset.low), high: Number(e.dataset.high) };
    }
    for (const e of skipped) e.style.contentVisibility = '';
    // The workbench has no control for the lesson's answer length: the crossing's note names
    // the one it is drawn for.
    if (q.output === undefined) {
      const note = byId('hw-crossing')?.parentElement.querySelector('.readout-note')?.textContent ?? '';
      q.output = Number(note.match(/answer of ([\d,]+) tokens/)?.[1].replace(/,/g, ''));
    }
    return { q, fields, readouts };
  }, [...NUMBER_KEYS, 'output']);
}

/** Every number field carries its value as a number, and shows one. */
function assertNumberFields(fields, message) {
  for (const [key, { raw, text }] of Object.entries(fields)) {
    assert.ok(raw !== null && Number.isFinite(Number(raw)), `${message}: ${key}-input carries data-value "${raw}", not a number`);
    assert.ok(Number.isFinite(parseShown(text)), `${message}: ${key}-input shows "${text}", not a number`);
  }
}

/** The section's settings as its controls hold them (see `panel`). */
async function settings(app) {
  const { q, fields } = await panel(app);
  assertNumberFields(fields, 'settings');
  return q;
}

/** Each body row's text as a reader sees it: a row off screen has no rendered text. */
async function rowTexts(table) {
  const rows = table.locator('tbody tr');
  const texts = [];
  for (let i = 0; i < (await rows.count()); i++) texts.push(await shownText(rows.nth(i)));
  return texts;
}

/**
 * Waits until the section's settings hold `holds` (a value just typed, say) and every readout
 * shows what the formulas give at those settings, each as a number in its text, and returns the
 * settings.
 */
async function expectRoofline(app, message, holds = {}) {
  return eventually(async () => {
    const { q, fields, readouts } = await panel(app);
    for (const [key, value] of Object.entries(holds)) assert.equal(q[key], value, `${message}: ${key} holds ${value}`);
    assertNumberFields(fields, message);
    const want = roofline(q);
    const [low, high] = [roofline(q, 0.45, 0.55), roofline(q, 0.72, 0.9)];
    for (const [id, value] of Object.entries(want)) {
      if (id === 'bound' || id === 'fits') continue;
      const shown = readouts[id];
      assert.ok(shown, `${message}: ${id} is in the page`);
      assertClose(shown.value, value, `${message}: ${id} at ${JSON.stringify(q)}`);
      assertNumberText(shown.text, Number(shown.text.match(/^[\d,.]+/)?.[0].replace(/,/g, '')), `${message}: ${id} text`);
    }
    for (const id of ['hw-prefill-rate', 'hw-decode-rate']) {
      assertClose(readouts[id].low, low[id], `${message}: ${id} data-low`);
      assertClose(readouts[id].high, high[id], `${message}: ${id} data-high`);
    }
    assert.equal(readouts['hw-bound']?.raw, want.bound, `${message}: hw-bound`);
    assert.equal(readouts['hw-fits']?.raw, want.fits, `${message}: hw-fits`);
    return q;
  }, { timeout: 8000 });
}

/** Clicks one of the section's radios: `chip-h100`, `hw_model-custom`, `weights-int4`. */
async function choose(app, testid) {
  await app.byTestId(testid).check();
  await eventually(async () => assert.ok(await app.byTestId(testid).isChecked(), `${testid} is chosen`));
}

test('the calculator opens on the lesson\'s first worked setting, printed as the lesson prints it, with every worked setting in its table', TIMEOUT, async (t) => {
  const app = await openChips(env, t);
  const q = await expectRoofline(app, 'defaults');
  assert.deepEqual([q.chip, q.hw_model, q.weights, q.kv, q.chips, q.batch, q.context, q.mfu, q.mbu], ['a100', 'llama8b', 'bf16', 'bf16', 1, 1, 0, 0.5, 0.7]);
  const text = async (id) => (await app.readout(id)).text;
  assert.equal(await text('hw-prefill-rate'), '9,714 tok/s');
  assert.equal(await text('hw-decode-rate'), '88.9 tok/s');
  assert.equal(await text('hw-ratio'), '109');
  assert.equal(await text('hw-crossing'), '32,800 tokens');
  assert.equal(await text('hw-ridge'), '153 FLOP/byte');
  assert.equal(await text('hw-kv-per-token'), '131,072 B');
  assert.equal(await text('hw-bound'), 'memory-bound');
  assert.match(await text('hw-fits'), /^yes, /);
  assert.doesNotMatch(await shownText(app.page.locator('#chip-calculator')), /\bNaN\b|\binf\b|Infinity|—/);
  // The workbench asks no prediction: the worked table, the H200 in it, is there at once.
  const rows = await eventually(async () => {
    const found = await rowTexts(app.byTestId('hw-cases-table'));
    assert.equal(found.length, 6);
    return found;
  });
  assert.match(rows[2], /H200.*30,791 tok\/s.*209\.2 tok\/s.*147.*44,200 tokens/s);
  assert.match(rows[5], /70\.5 tok\/s.*2,258 tok\/s.*436.*130,900 tokens/s, 'the batch case as the formula gives it');
});

test('the lesson\'s chip section: its rates, Figure 4 beside its controls, and the way on to the calculator at the same settings', TIMEOUT, async (t) => {
  const app = await openApp(env, t);
  const text = async (id) => (await app.readout(id)).text;
  assert.equal(await text('hw-prefill-rate'), '9,714 tok/s');
  assert.equal(await text('hw-decode-rate'), '88.9 tok/s');
  assert.equal(await text('hw-ratio'), '109');
  assert.equal(await text('hw-crossing'), '32,800 tokens');
  assert.equal(await app.byTestId('hw-throughput').count(), 0, 'the calculator\'s readouts are the workbench\'s');
  assert.equal(await app.byTestId('hw-cases-table').count(), 0, 'and so is the worked table');
  assert.equal(await app.byTestId('chip-custom').count(), 0, 'the lesson offers published chips only');
  assert.match(await shownText(app.byTestId('hw-lesson-rates')), /8,000 tok\/s and 60 tok\/s are ordinary hardware/);
  // The panel's rates come after the choices that make them, as the prose builds them first.
  const order = await app.page.evaluate(() => {
    const panel = document.querySelector('#hardware .lab-panel');
    const rate = panel.querySelector('[data-testid="hw-prefill-rate"]');
    const chip = panel.querySelector('fieldset');
    return Boolean(chip.compareDocumentPosition(rate) & Node.DOCUMENT_POSITION_FOLLOWING);
  });
  assert.ok(order, 'the rates follow the chip and its serving in the lesson\'s panel');
  // Figure 4 follows the chip and the efficiencies the lesson's panel holds.
  await app.byTestId('roofline-canvas').scrollIntoViewIfNeeded();
  const first = await app.canvasFingerprint('roofline-canvas');
  await choose(app, 'chip-mi300x');
  const chip = await eventually(async () => {
    const now = await app.canvasFingerprint('roofline-canvas');
    assert.notEqual(now.hash, first.hash, 'another chip, another roof');
    return now;
  });
  await app.pressOnSlider('mbu', 'Home');
  await eventually(async () => assert.notEqual((await app.canvasFingerprint('roofline-canvas')).hash, chip.hash, 'MBU moves decode'));
  const link = app.byTestId('hw-to-workbench');
  const href = await link.getAttribute('href');
  assert.match(href, /chip=mi300x/);
  assert.match(href, /^workbench\.html\?.*#chip-calculator$/);
  await scrollIntoView(link);
  await link.click();
  await arrivedAt(app, true);
  await app.waitUntilRendered('html[data-complete] [data-testid="decision"][data-decision]');
  assert.ok(await app.byTestId('workbench-chips').evaluate((d) => d.open), 'the link opens the calculator');
  await eventually(async () => assert.ok(await app.byTestId('chip-mi300x').isChecked(), 'the calculator holds the lesson\'s chip'));
  await eventually(async () => {
    const top = await app.page.evaluate(() => document.getElementById('chip-calculator').getBoundingClientRect().top);
    assert.ok(top > -5 && top < 150, `the workbench is scrolled to the calculator: its top at ${top} px`);
  });
});

test('every key of the calculator moves the readouts as the formulas say', TIMEOUT, async (t) => {
  const app = await openChips(env, t);
  // Each control once, and back: the formulas themselves are checked natively over every chip,
  // model and precision (tests/native/roofline.rs); here, that the page follows each control.
  for (const chip of ['mi300x', 'h200', 'h100']) {
    await choose(app, `chip-${chip}`);
    await expectRoofline(app, `chip=${chip}`);
  }
  for (const model of ['llama8b', 'llama70b']) {
    await choose(app, `hw_model-${model}`);
    await expectRoofline(app, `hw_model=${model}`);
  }
  for (const [key, value] of [['weights', 'int4'], ['kv', 'fp8'], ['weights', 'bf16'], ['kv', 'bf16']]) {
    await choose(app, `${key}-${value}`);
    await expectRoofline(app, `${key}=${value}`);
  }
  // A batch of 1,024 with 4,096 tokens of context each reads a cache several times the weights;
  // with no context left, the same batch's arithmetic outlasts the weights' reading. Which
  // limit sets each step is the formulas' to say: the page is checked in both regimes.
  const regimes = new Set();
  for (const [key, typed] of [['chips', '4'], ['batch', '32'], ['context', '4096'], ['mfu', '0.6'], ['mbu', '0.85'], ['batch', '1024'], ['context', '0']]) {
    await app.typeInto(key, typed);
    const q = await expectRoofline(app, `${key}=${typed}`, { [key]: Number(typed) });
    regimes.add(roofline(q).bound);
  }
  assert.deepEqual([...regimes].sort(), ['compute', 'memory'], 'the typed settings reach both limits');
  // The custom chip and model show their own fields, and every one of them counts.
  assert.equal(await app.input('chip_tflops').count(), 0, 'no custom fields for a published chip');
  await choose(app, 'chip-custom');
  await choose(app, 'hw_model-custom');
  for (const [key, typed] of [['chip_tflops', '500'], ['chip_bw', '4000'], ['chip_mem', '100'], ['hw_params', '70.6'], ['hw_layers', '80'], ['hw_kv_heads', '4'], ['hw_head_dim', '64']]) {
    await app.typeInto(key, typed);
    await expectRoofline(app, `${key}=${typed}`, { [key]: Number(typed) });
  }
  // A slider too, and its keyboard.
  await app.pressOnSlider('chips', 'End');
  await expectRoofline(app, 'chips at its end', { chips: 64 });
});

test('every key round-trips through the address, and bad values are named', TIMEOUT, async (t) => {
  const given = {
    chip: 'custom', hw_model: 'custom', weights: 'fp8', kv: 'fp8', chip_tflops: '750.5', chip_bw: '2500', chip_mem: '96',
    chips: '2', hw_params: '13.5', hw_layers: '40', hw_kv_heads: '10', hw_head_dim: '96', batch: '8', context: '2000', mfu: '0.42', mbu: '0.66',
  };
  const app = await openChips(env, t, `?${new URLSearchParams(given)}`);
  await expectRoofline(app, 'a link with every key');
  const query = await app.query();
  for (const [key, value] of Object.entries(given)) assert.equal(query[key], value, `${key} kept`);
  assert.equal(await app.noticeText(), '', 'nothing to say about good values');

  const bad = await openChips(env, t, '?chip=tpu&weights=fp4&mfu=2&batch=0&chip_bw=abc');
  const notice = await bad.noticeText();
  for (const named of ['“tpu”', '“fp4”', '(mfu)', '(batch)', '(chip_bw)']) assert.ok(notice.includes(named), `${named} is named: ${notice}`);
  const q = await expectRoofline(bad, 'fallen back');
  assert.deepEqual([q.chip, q.weights, q.mfu, q.batch], ['a100', 'bf16', 1, 1]);
  // The custom chip's bandwidth has no field while the A100 is chosen: the rewritten address
  // holds what it fell back to.
  assert.equal((await bad.query()).chip_bw, '2039');
});

test('"Use as A" and "Use as B" hand the rates on with every digit, naming what the bounds moved', TIMEOUT, async (t) => {
  const app = await openChips(env, t, '?chip=h100');
  const want = roofline(await expectRoofline(app, 'H100'));
  // The rates go on with every digit the calculator computed (its readouts' data-value).
  const chipRates = async () => [(await app.readout('hw-prefill-rate')).value, (await app.readout('hw-decode-rate')).value];
  const [prefill] = await chipRates();
  assertClose(prefill, want['hw-prefill-rate'], 'the chip\'s prefill rate', 1e-9);
  assert.equal(await app.byTestId('hw-use-lesson').count(), 0, 'no lesson to send them to');

  await choose(app, 'chip-h200');
  const [h200Prefill, h200Decode] = await eventually(chipRates);
  await app.byTestId('hw-use-a').click();
  await eventually(async () => assert.equal((await app.query()).a_ttft_from, 'prompt'));
  const h200 = roofline(await settings(app));
  assertClose(h200Prefill, h200['hw-prefill-rate'], 'the H200\'s prefill rate', 1e-9);
  assert.equal(Number((await app.query()).a_prefill), h200Prefill, 'the link carries every digit');
  assert.equal(Number((await app.query()).a_rate), h200Decode);
  assert.match(await app.byTestId('hw-applied').innerText(), /Deployment A now reads the shared prompt at 30,791 tok\/s and writes 209\.2 tok\/s/);

  // Four-bit weights on 64 H100s outrun both of the page's ranges: both are named.
  await choose(app, 'chip-h100');
  await choose(app, 'weights-int4');
  await app.typeInto('chips', '64');
  await expectRoofline(app, '64 chips');
  await app.byTestId('hw-use-b').click();
  await eventually(async () => assert.equal((await app.query()).b_ttft_from, 'prompt'));
  const query = await app.query();
  assert.deepEqual([query.b_prefill, query.b_rate], ['200000', '2000']);
  const note = await app.byTestId('hw-applied').innerText();
  assert.match(note, /prefill rate of [\d,.]+ tok\/s is outside the page's range, so the control holds 200,000 tok\/s/);
  assert.match(note, /decode rate of [\d,.]+ tok\/s is outside the page's range, so the control holds 2,000 tok\/s/);
  const crossover = await app.readout('crossover');
  assert.ok(Number.isFinite(crossover.value) || crossover.raw === null, `the race still reads: ${JSON.stringify(crossover)}`);
});

test('a real run read on the chosen chip: the efficiencies it implies, followed as the chip changes, and set from it', TIMEOUT, async (t) => {
  // A run of a 27-billion-parameter model from ../shared/bench-results/, read as if on one H100.
  // Runs and chips are both the review workbench's sources.
  const app = await openMeasurements(env, t, '?chip=h100&hw_model=custom&hw_params=27');
  await app.openDetails('workbench-chips');
  await app.byTestId('import-file').setInputFiles(path.join(REPO_ROOT, 'tests', 'data', 'bench-results', REAL_RUN));
  await eventually(async () => assert.ok(await app.byTestId('fit-mbu').count() > 0, 'the run is read'), { timeout: 60_000 });
  const fitted = async () => ({
    prefill: Number(await app.byTestId('fit-prefill').getAttribute('data-value')),
    decode: Number(await app.byTestId('fit-decode').getAttribute('data-value')),
  });
  const { prefill, decode } = await fitted();
  assert.ok(prefill > 0 && decode > 0, `the run gives both rates: ${prefill}, ${decode}`);

  /** What the run implies at the section's settings, from the formulas at MFU = MBU = 1, on
   * the chips its file states (tp 8 × dp 1 in `server_info`), which the reading takes in place
   * of the section's count. */
  const implied = async () => {
    const q = { ...(await settings(app)), chips: STATED_CHIPS };
    const peak = roofline(q, 1, 1);
    const memoryOnly = (peak['hw-weights-bytes'] + q.batch * q.context * peak['hw-kv-per-token']) / peak['hw-chip-bw'];
    return { mfu: prefill / peak['hw-prefill-rate'], mbu: decode * memoryOnly };
  };
  const shown = async () => ({
    mfu: Number(await app.byTestId('fit-mfu').getAttribute('data-value')),
    mbu: Number(await app.byTestId('fit-mbu').getAttribute('data-value')),
  });
  const h100 = await implied();
  await eventually(async () => {
    const now = await shown();
    assertClose(now.mfu, h100.mfu, 'MFU on the H100');
    assertClose(now.mbu, h100.mbu, 'MBU on the H100');
  });
  const words = await shownText(app.byTestId('fit-calibration'));
  assert.match(words, /with bf16 weights on 8 H100s at a batch of 1/);
  assert.match(await shownText(app.byTestId('fit-calibration-read')), /its parallelism spans 8 H100s, as it states/);
  assert.match(words, new RegExp(`decode reached ${Math.round(h100.mbu * 100)}% of the 8 H100s' bandwidth`));

  // The same run read on an H200: the same decode is a smaller share of more bandwidth.
  await choose(app, 'chip-h200');
  await eventually(async () => assertClose((await shown()).mbu, h100.mbu * 3350 / 4800, 'MBU on the H200'));
  assert.match(await shownText(app.byTestId('fit-calibration')), /of the 8 H200s' bandwidth/);

  // Setting MFU and MBU from the run: the section's controls hold them (inside their ranges),
  // and with MBU from the run the section's decode rate is the run's, the step being memory-bound.
  const want = await implied();
  await app.byTestId('fit-calibrate').click();
  const clamp = (x) => Math.min(1, Math.max(0.05, x));
  await eventually(async () => {
    assertClose(await app.quantity('mfu'), clamp(want.mfu), 'the section holds the MFU', 0.006);
    assertClose(await app.quantity('mbu'), clamp(want.mbu), 'the section holds the MBU', 0.006);
  });
  const note = await shownText(app.byTestId('import-applied'));
  assert.match(note, /chip calculator now reckons with this run's efficiencies \(MFU \d+%, MBU \d+%\)/);
  for (const [name, x] of [['MFU', want.mfu], ['MBU', want.mbu]]) {
    assert.equal(note.includes(`run's ${name} of`), x !== clamp(x), `${name} ${x}: named only when the range held it`);
  }
  if (want.mbu === clamp(want.mbu) && (await app.readout('hw-bound')).raw === 'memory') {
    await eventually(async () => assertClose((await app.readout('hw-decode-rate')).value, decode, 'the decode rate is the run\'s', 0.02));
  }
});

test('the H200 is predicted before it is told, and its crossing waits for the guess', TIMEOUT, async (t) => {
  const app = await openApp(env, t);
  const before = await app.page.evaluate(() => {
    const challenge = document.querySelector('[data-testid="hw-challenge"]');
    const range = document.createRange();
    range.setStart(document.querySelector('#hardware'), 0);
    range.setEndAfter(challenge);
    return range.toString();
  });
  // The H200's crossing (44,200 at 300 answer tokens) and its decode rate are not given away.
  const h200 = roofline({ chip: 'h200', hw_model: 'llama8b', weights: 'bf16', kv: 'bf16', chips: 1, batch: 1, context: 0, mfu: 0.5, mbu: 0.7, output: 300 });
  assert.doesNotMatch(before, /44,200|209\.2/);
  assert.match(before, /63,300/, 'the H100\'s crossing is the question\'s starting point');

  await app.byTestId('hw-guess-input').fill('60000');
  await app.byTestId('hw-guess-lock').click();
  const feedback = await eventually(async () => {
    const text = await app.byTestId('hw-challenge-feedback').innerText();
    assert.match(text, /Prefill stays at 30,791 tok\/s/);
    return text;
  });
  assert.match(feedback, /from 146\.0 tok\/s to 209\.2 tok\/s/);
  assert.match(feedback, /to 44,200 tokens/);
  assert.match(feedback, /Your guess of 60,000 tokens was \d+% too long/);
  assertClose(Math.round(h200['hw-crossing'] / 100) * 100, 44200, 'the formula\'s crossing');

  await app.byTestId('hw-show-h200').click();
  await eventually(async () => assert.equal((await app.query()).chip, 'h200'));
  assert.equal((await app.readout('hw-decode-rate')).text, '209.2 tok/s');
  assert.equal((await app.readout('hw-crossing')).text, '44,200 tokens');
  assert.match(await shownText(app.byTestId('hw-crossing-sentence')), /a prompt of 44,200 tokens costs as long as an answer of 300/);
});

test('Figure 4 redraws with the chip and the batch, and says what it shows', TIMEOUT, async (t) => {
  const app = await openChips(env, t);
  const canvas = app.byTestId('roofline-canvas');
  await canvas.scrollIntoViewIfNeeded();
  const first = await app.canvasFingerprint('roofline-canvas');
  assert.ok(first.width > 0 && first.colours > 4, 'drawn');
  assert.match(await canvas.getAttribute('aria-label'), /Llama 3\.1 8B, bf16 weights, 1 × A100.*memory-bound.*compute-bound/s);
  await choose(app, 'chip-mi300x');
  const chip = await eventually(async () => {
    const now = await app.canvasFingerprint('roofline-canvas');
    assert.notEqual(now.hash, first.hash, 'another chip, another roof');
    return now;
  });
  await app.pressOnSlider('batch', 'End');
  await eventually(async () => assert.notEqual((await app.canvasFingerprint('roofline-canvas')).hash, chip.hash, 'a batch moves decode'));
  assert.match(await canvas.getAttribute('aria-label'), /Decode, 1,024 sequences/);
  await app.page.locator('figure[data-figure="roofline"] details.data > summary').click();
  const rows = await eventually(async () => {
    const found = await rowTexts(app.byTestId('roofline-table'));
    assert.equal(found.length, 4);
    return found;
  });
  assert.match(rows[0], /decode, 1,024 sequences/);
});

test('Figure 4 embeds with its own controls and presents the worked settings as slides', TIMEOUT, async (t) => {
  const embed = await openApp(env, t, '?embed=roofline&chip=h100', { ready: 'html[data-complete] [data-testid="roofline-canvas"]' });
  const sliders = await embed.page.evaluate(() => [...document.querySelectorAll('input[type="range"]')].map((s) => s.dataset.testid));
  assert.deepEqual(sliders, ['chips-slider', 'batch-slider', 'context-slider', 'mfu-slider', 'mbu-slider']);
  const before = await embed.canvasFingerprint('roofline-canvas');
  await embed.pressOnSlider('mbu', 'ArrowRight');
  await eventually(async () => assert.notEqual((await embed.canvasFingerprint('roofline-canvas')).hash, before.hash, 'a control moves the embedded figure'));

  const present = await openApp(env, t, '?present=roofline', { viewport: { width: 1280, height: 720 }, ready: 'html[data-complete] [data-testid="roofline-canvas"]' });
  const slide = present.byTestId('slide-name');
  assert.match(await slide.innerText(), /6 scenarios/);
  const names = [];
  for (let i = 0; i < 6; i++) {
    const shown = await present.canvasFingerprint('roofline-canvas');
    await present.page.keyboard.press('PageDown');
    names.push(await eventually(async () => {
      const text = await slide.innerText();
      assert.match(text, new RegExp(`^Scenario ${i + 1} of 6: `));
      return text;
    }));
    if (i > 0) await eventually(async () => assert.notEqual((await present.canvasFingerprint('roofline-canvas')).hash, shown.hash, `slide ${i + 1} redraws`));
  }
  assert.match(names[0], /A100/);
  assert.match(names[3], /70B on four H100/);
  const query = await present.query();
  assert.deepEqual([query.chip, query.batch, query.context], ['h100', '32', '4096'], 'the last slide is the batch of 32');
});
