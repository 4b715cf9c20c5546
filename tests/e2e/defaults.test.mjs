// The page as it opens, with no query: the lesson's summariser case and its numbers.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEFAULTS, KEYS, UNIT_WORDS, assertClose, eventually, openApp, shownText, useBrowser } from './helpers.mjs';

const env = useBrowser();
const TIMEOUT = { timeout: 60_000 };

test('opens on the summariser case with the lesson numbers', TIMEOUT, async (t) => {
  const app = await openApp(env, t);

  assert.deepEqual(await app.quantities(), DEFAULTS, 'the number inputs start at the defaults');
  const r = await app.readouts();
  assertClose(r.ttft.value, 2 + 1 / 60, 'ttft data-value');
  assert.equal(r.ttft.text, '2.02 s');
  assertClose(r.total.value, 7, 'total data-value');
  assert.equal(r.total.text, '7 s');
  assertClose(r['prefill-time'].value, 2, 'prefill-time data-value');
  assert.equal(r['prefill-time'].text, '2 s');
  assertClose(r['decode-time'].value, 5, 'decode-time data-value');
  assert.equal(r['decode-time'].text, '5 s');
  assertClose(r['crossing-ratio'].value, 8000 / 60, 'crossing-ratio data-value');
  assert.match(r['crossing-ratio'].text, /^133\.3\b/);
  assertClose(r['crossing-prompt'].value, 40000, 'crossing-prompt data-value');
  assert.equal(r['crossing-prompt'].text, '40,000 tokens');
  assert.equal(await app.byTestId('bound').getAttribute('data-value'), 'decode');
  await app.expectConsistent('defaults');

  assert.equal(await app.noticeText(), '', 'a clean URL shows no notice');
});

test('sliders announce their values with units', TIMEOUT, async (t) => {
  const app = await openApp(env, t);
  for (const key of KEYS) {
    const slider = app.slider(key);
    assert.equal(await slider.getAttribute('type'), 'range', `${key}-slider is a range input`);
    assert.equal(await slider.getAttribute('min'), '0', `${key}-slider min`);
    assert.equal(await slider.getAttribute('max'), '1000', `${key}-slider max`);
    const { valueText } = await app.sliderState(key);
    assert.ok(valueText?.endsWith(` ${UNIT_WORDS[key]}`), `${key}-slider aria-valuetext "${valueText}" names its unit`);
    assert.equal(await app.input(key).getAttribute('inputmode'), 'decimal', `${key}-input inputmode`);
  }
  assert.equal((await app.sliderState('prompt')).valueText, '16,000 tokens');
  assert.equal((await app.sliderState('decode')).valueText, '60 tokens per second');
  assert.equal((await app.sliderState('wait')).valueText, '0 seconds');
  assert.equal((await app.sliderState('reading')).valueText, '240 words per minute');
});

test('the lesson table is computed for the current answer and rates', TIMEOUT, async (t) => {
  const app = await openApp(env, t);
  // The table states the crossing, so it is in the page only once the reader has guessed.
  await app.reveal('crossing');
  await app.openDetails('lesson-table-details');
  const rows = app.byTestId('lesson-table').locator('tbody tr');
  assert.equal(await rows.count(), 10, 'one row per prompt length of the lesson');
  const text = await shownText(app.byTestId('lesson-table'));
  // First, middle and last rows of the lesson's reference table.
  for (const cell of ['13 ms', '5.01 s', '5.13 s', '11.25 s']) assert.ok(text.includes(cell), `lesson-table shows ${cell}`);

  // Slower decode doubles every decode time, and the table follows.
  await app.typeInto('decode', '30');
  await app.expectConsistent('decode 30');
  const slower = await shownText(app.byTestId('lesson-table'));
  assert.ok(slower.includes('10 s'), 'lesson-table follows the decode rate');
});

test('both figures are drawn, labelled, and backed by a data table', TIMEOUT, async (t) => {
  const app = await openApp(env, t);
  // The crossing's table states the crossing, so the page writes it only once that is predicted.
  assert.equal(await app.byTestId('crossing-table').count(), 0, 'no crossing table before the prediction');
  await app.reveal('crossing');
  for (const figure of ['timeline', 'crossing']) {
    const canvas = app.byTestId(`${figure}-canvas`);
    assert.equal(await canvas.getAttribute('role'), 'img', `${figure}-canvas role`);
    assert.ok((await canvas.getAttribute('aria-label'))?.trim(), `${figure}-canvas has an aria-label`);
    const print = await app.canvasFingerprint(`${figure}-canvas`);
    assert.ok(print.width > 0 && print.height > 0, `${figure}-canvas has a backing store`);
    assert.ok(print.colours > 2, `${figure}-canvas is drawn (${print.colours} colours sampled)`);
    // The numbers are written when the reader opens them, and follow the controls while open.
    const table = app.byTestId(`${figure}-table`);
    assert.equal(await table.locator('tr').count(), 0, `${figure}-table is left empty while closed`);
    await app.page.locator(`figure[data-figure="${figure}"] details.data > summary`).click();
    await eventually(async () => assert.ok((await table.locator('tr').count()) > 1, `${figure}-table has rows once opened`));
  }
  const before = await app.byTestId('crossing-table').innerText();
  await app.typeInto('prompt', '200');
  await eventually(async () => assert.notEqual(await app.byTestId('crossing-table').innerText(), before, 'an open table follows the prompt'));
});

test('printing writes out every figure\'s table before the page is laid out for print', TIMEOUT, async (t) => {
  const app = await openApp(env, t);
  const printTables = () => app.page.evaluate(async () => {
    window.dispatchEvent(new Event('beforeprint'));
    // The print layout follows the beforeprint handlers and the microtasks they queue; a task
    // queued now runs no earlier than that.
    await new Promise((done) => setTimeout(done, 0));
    const tables = [...document.querySelectorAll('figure details.data')].map((d) => ({ figure: d.closest('figure').dataset.figure, open: d.open, rows: d.querySelectorAll('tbody tr').length }));
    window.dispatchEvent(new Event('afterprint'));
    return tables;
  });
  // A printout before the predictions keeps the answers out, as the screen does.
  const veiled = await printTables();
  const all = await app.page.evaluate(() => [...document.querySelectorAll('figure[data-figure]')].map((f) => f.dataset.figure));
  assert.ok(veiled.length < all.length, `the figures under a prediction print no table yet (${veiled.length} of ${all.length})`);
  await app.reveal('both');
  const counts = await printTables();
  assert.ok(counts.length >= 4, `every figure has its table once predicted (${counts.length})`);
  for (const [i, c] of counts.entries()) assert.ok(c.open && c.rows > 0, `table ${i} is open and written: ${JSON.stringify(c)}`);
});

test('figures keep a sharp backing store at device pixel ratio 2', TIMEOUT, async (t) => {
  const context = await env.browser.newContext({ viewport: { width: 900, height: 900 }, deviceScaleFactor: 2 });
  t.after(() => context.close());
  const page = await context.newPage();
  const url = new URL(env.baseUrl);
  await page.goto(url.origin + url.pathname);
  await page.locator('[data-testid="ttft"]').waitFor();
  const canvas = page.locator('[data-testid="timeline-canvas"]');
  await page.waitForFunction(() => {
    const c = document.querySelector('[data-testid="timeline-canvas"]');
    return c && c.width >= 2 * c.getBoundingClientRect().width - 2;
  }, null, { timeout: 5_000 }).catch(() => {});
  const { width, cssWidth } = await canvas.evaluate((c) => ({ width: c.width, cssWidth: c.getBoundingClientRect().width }));
  assert.ok(cssWidth > 0, 'the canvas is laid out');
  assertClose(width, 2 * cssWidth, 'backing-store width is twice the CSS width at DPR 2', 0.02);
});
