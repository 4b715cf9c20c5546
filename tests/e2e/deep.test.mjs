// The deeper model on the page: switching models moves the headline numbers and the figures,
// the straight line stays visible for comparison, and the three TTFT clocks differ by the waits
// before each starts.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertClose, DEFAULTS, eventually, model, openApp, scrollIntoView, shownText, useBrowser } from './helpers.mjs';

const env = useBrowser();
const TIMEOUT = { timeout: 60_000 };

test('the deeper model is slower than the straight line, which stays on screen beside it', TIMEOUT, async (t) => {
  const app = await openApp(env, t, '?model=deep&prompt=80000');
  const [ttft, total, ttftLinear, totalLinear] = await Promise.all(['ttft', 'total', 'ttft-linear', 'total-linear'].map((id) => app.readout(id)));
  const linear = model(await app.quantities());
  assertClose(ttftLinear.value, linear.ttft, 'ttft-linear is the straight line');
  assertClose(totalLinear.value, linear.total, 'total-linear is the straight line');
  assert.ok(ttft.value > ttftLinear.value, `deep TTFT ${ttft.value} above the line ${ttftLinear.value}`);
  assert.ok(total.value > totalLinear.value, 'deep total above the line');
  // By hand: prefill = 80,000/8,000 + 80,000²/(8,000 × 60,000) = 10 + 13.333 s; the first decode
  // step = (1/60)(1 + 80,000/120,000).
  assertClose(ttft.value, 10 + 80000 ** 2 / (8000 * 60000) + (1 / 60) * (1 + 80000 / 120000), 'deep TTFT by hand', 1e-9);
  const optimism = await app.readout('optimism-total');
  assertClose(optimism.value, total.value - totalLinear.value, 'the gap is labelled', 1e-9);
  await app.reveal('crossing');
  const deepCrossing = await app.readout('crossing-prompt-deep');
  assert.ok(deepCrossing.value > 0 && deepCrossing.value < 40000, `the deeper crossing (${deepCrossing.value}) comes before the straight line's 40,000`);
});

/** The deeper model's crossing from its formulas, by bisection: prefill p/r + p²/(rK) against
 * decode n/d + (np + n(n−1)/2)/(Cd). */
function deepCrossing({ output: n, prefill: r, decode: d, knee: K = 60000, kv_knee: C = 120000 }) {
  const gap = (p) => p / r + (p * p) / (r * K) - (n / d + (n * p + (n * (n - 1)) / 2) / (C * d));
  let [lo, hi] = [0, 1e7];
  for (let i = 0; i < 200; i++) {
    const mid = (lo + hi) / 2;
    if (gap(mid) < 0) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

for (const { query, q } of [
  { query: '?model=deep', q: { output: 300, prefill: 8000, decode: 60 } },
  { query: '?model=deep&output=800&prefill=12000&decode=45&knee=90000', q: { output: 800, prefill: 12000, decode: 45, knee: 90000 } },
]) {
  test(`with the deeper model every statement of the crossing is the deeper model's: ${query}`, TIMEOUT, async (t) => {
    const app = await openApp(env, t, query);
    // Unveiled without a guess first, so the answer length stays the link's.
    await app.reveal('crossing');
    const expected = deepCrossing(q);
    const words = Math.round(expected).toLocaleString('en-US');
    if (query === '?model=deep') assert.equal(words, '32,943', 'the deeper crossing at the defaults');
    const straight = Math.round((q.output * q.prefill) / q.decode).toLocaleString('en-US');
    const prompt = await app.readout('crossing-prompt');
    assertClose(prompt.value, expected, 'crossing-prompt follows the deeper model', 1e-6);
    assert.equal(prompt.text, `${words} tokens`);
    const ratio = await app.readout('crossing-ratio');
    assertClose(ratio.value, expected / q.output, 'the ratio is the crossing over the answer', 1e-6);
    // Figure 2's caption (its text alternative, shown under it) and the deeper section agree.
    const caption = await shownText(app.page.locator('[data-figure="crossing"] .figure-summary'));
    assert.match(caption, new RegExp(`cross at ${words} tokens`), caption);
    assert.ok(!new RegExp(`cross at ${straight} tokens`).test(caption), `the caption does not state the straight lines' crossing as the crossing: ${caption}`);
    assert.equal(await app.byTestId('crossing-canvas').getAttribute('aria-label'), caption.trim());
    assertClose((await app.readout('crossing-prompt-deep')).value, prompt.value, 'the deeper section says the same', 1e-12);
    // The challenge asks about a 300-token answer and holds the answer there once a guess is
    // locked: its reply, and the readouts with it, give the deeper crossing for that answer.
    const asked = deepCrossing({ ...q, output: 300 });
    const askedWords = Math.round(asked).toLocaleString('en-US');
    await app.byTestId('guess-input').fill('30000');
    await app.byTestId('guess-lock').click();
    const feedback = app.byTestId('challenge-feedback');
    await eventually(async () => assert.match(await feedback.innerText(), new RegExp(`cost the same at ${askedWords} tokens on the deeper model`)));
    await eventually(async () => assertClose((await app.readout('crossing-prompt')).value, asked, 'crossing-prompt follows the held answer', 1e-6));
    // Past the deeper crossing, though short of the straight lines', the challenge is passed.
    await app.typeInto('challenge-prompt', String(Math.ceil(asked * 1.02)));
    await eventually(async () => assert.equal(await feedback.getAttribute('data-state'), 'passed'));
  });
}

test('switching the model moves the readouts and redraws the crossing figure', TIMEOUT, async (t) => {
  const app = await openApp(env, t, '?prompt=60000');
  const linearTotal = (await app.readout('total')).value;
  // A figure is first drawn once it has a size, which a browser may give it only near the
  // screen (Firefox lays out no section far below): the comparison starts from a drawn figure.
  await scrollIntoView(app.byTestId('crossing-canvas'));
  const before = await eventually(async () => {
    const drawn = await app.canvasFingerprint('crossing-canvas');
    assert.ok(drawn.colours > 1, 'the crossing figure is drawn');
    return drawn;
  });
  assert.equal(await app.byTestId('ttft-linear').count(), 0, 'no comparison readouts on the straight line');
  await app.byTestId('model-deep').check();
  await eventually(async () => {
    assert.ok((await app.readout('total')).value > linearTotal, 'total follows the deeper model');
    assert.equal((await app.readout('total-linear')).value, linearTotal);
    assert.notEqual((await app.canvasFingerprint('crossing-canvas')).hash, before.hash, 'dashed deeper curves drawn');
    assert.equal((await app.query()).model, 'deep');
  });
  await app.byTestId('model-linear').check();
  await eventually(async () => assert.equal((await app.readout('total')).value, linearTotal));
});

test('each TTFT clock leaves out what happens before it starts', TIMEOUT, async (t) => {
  // A quarter second on the network, 0.4 s in the server's queue; the clocks' own request
  // (Figure 8) waits 0.3 s on its network and 1.2 s in its queue.
  const app = await openApp(env, t, '?network=0.25&wait=0.4&clock_network=0.3&clock_queue=1.2');
  const client = (await app.readout('ttft')).value;
  assertClose(client, model({ ...DEFAULTS, wait: 0.65 }).ttft, 'the client clock sees both waits', 1e-9);
  await app.openDetails('clocks-details');
  await app.byTestId('ttft-def-server').check();
  await eventually(async () => assertClose((await app.readout('ttft')).value, client - 0.25, 'from arrival: the network left out', 1e-9));
  assert.equal((await app.query()).ttft_def, 'server');
  await app.byTestId('ttft-def-scheduled').check();
  await eventually(async () => assertClose((await app.readout('ttft')).value, client - 0.65, 'from scheduling: the queue left out too', 1e-9));
  assertClose((await app.readout('ttft-client')).value, model({ ...DEFAULTS, wait: 1.5 }).ttft, 'the clocks\' request is sent behind its own waits', 1e-9);
  assertClose((await app.readout('ttft-client')).value - (await app.readout('ttft-server')).value, 0.3, 'client and server differ by the network', 1e-9);
  assertClose((await app.readout('ttft-server')).value - (await app.readout('ttft-scheduled')).value, 1.2, 'server and scheduler differ by the queue', 1e-9);
  await scrollIntoView(app.byTestId('clocks-canvas'));
  const clocksBefore = await app.canvasFingerprint('clocks-canvas');
  await app.typeInto('clock_queue', '3');
  await eventually(async () => assertClose((await app.readout('ttft-server')).value - (await app.readout('ttft-scheduled')).value, 3, 'its own queue slider moves it', 1e-9));
  assert.notEqual((await app.canvasFingerprint('clocks-canvas')).hash, clocksBefore.hash, 'Figure 8 follows its queue');
  assert.equal((await app.query()).ttft_def, 'scheduled');
  assert.equal(await app.noticeText(), '', 'a link the page writes carries its version and raises no notice');
});

test('an old link with the server clock opens on the corrected clock and says so', TIMEOUT, async (t) => {
  const app = await openApp(env, t, '?wait=0.4&ttft_def=server');
  // A link that counts from another clock opens the part that explains the clocks.
  assert.ok(await app.byTestId('clocks-details').evaluate((d) => d.open), 'the clocks are open');
  assert.ok(await app.byTestId('ttft-def-server').isChecked());
  assert.match(await app.noticeText(), /scheduled/);
});

test('a cached prefix longer than the prompt is clamped and named; caching never slows', TIMEOUT, async (t) => {
  const app = await openApp(env, t, '?model=deep&prompt=5000&cached=20000');
  assert.match(await app.noticeText(), /cached/i);
  assert.equal(Number(await app.input('cached').inputValue()), 5000);
  const cachedAll = (await app.readout('ttft')).value;
  await app.typeInto('cached', '0');
  await eventually(async () => assert.ok((await app.readout('ttft')).value > cachedAll, 'less cached, slower first token'));
});

test('the levers table lists every lever with its effect', TIMEOUT, async (t) => {
  const app = await openApp(env, t, '?prompt=200000&model=deep');
  await app.openDetails('levers-details');
  await scrollIntoView(app.byTestId('levers-table'));
  const rows = await app.byTestId('levers-table').locator('tbody tr').allInnerTexts();
  assert.equal(rows.length, 4);
  assert.match(rows.join('\n'), /Cache[\s\S]*Retrieve[\s\S]*Split[\s\S]*off the request path/i);
  assert.doesNotMatch(rows.join('\n'), /NaN|Infinity/);
});

test("Figure 8's own sliders are in the deeper panel only while its part is open", TIMEOUT, async (t) => {
  const app = await openApp(env, t);
  const sliders = app.page.locator('#deeper-lab .lab-panel [data-testid="clock_network-slider"], #deeper-lab .lab-panel [data-testid="clock_queue-slider"]');
  await scrollIntoView(app.byTestId('clocks-details'));
  assert.equal(await sliders.count(), 0, 'folded, the figure they move is not on the page, nor are they');
  await app.openDetails('clocks-details');
  await eventually(async () => assert.equal(await sliders.count(), 2, 'opened, both are in the panel'));
  await app.byTestId('clocks-details').locator(':scope > summary').click();
  await eventually(async () => assert.equal(await sliders.count(), 0, 'folded again, they leave'));
});
