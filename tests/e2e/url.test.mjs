// The URL as the page's input and output: query parameters set the opening state, bad ones
// fall back visibly and harmlessly, and the page keeps the address in step with the controls.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BOUNDS, DEFAULTS, KEYS, assertClose, eventually, openApp, useBrowser, timeForWhatMustNotHappen } from './helpers.mjs';

const env = useBrowser();
const TIMEOUT = { timeout: 60_000 };

// Text that must never reach the screen outside a notice quoting the URL back.
const NON_NUMBERS = /\bNaN\b|\bInfinity\b|\binf\b/i;

test('query parameters set the opening state', TIMEOUT, async (t) => {
  const app = await openApp(env, t, '?prompt=50000&output=200&prefill=12000&decode=110&wait=0.23&reading=300');
  assert.deepEqual(await app.quantities(), { prompt: 50000, output: 200, prefill: 12000, decode: 110, network: 0, wait: 0.23, reading: 300 });
  await app.expectConsistent('from the URL');
  assert.equal(await app.noticeText(), '', 'good values raise no notice');
});

test('the crossing itself reads as balanced', TIMEOUT, async (t) => {
  const app = await openApp(env, t, '?prompt=40000');
  await app.expectConsistent('at the crossing');
  assert.equal(await app.byTestId('bound').getAttribute('data-value'), 'balanced');
});

test('moving a control rewrites the URL, and the new URL reopens the same state', TIMEOUT, async (t) => {
  const app = await openApp(env, t);
  const historyAtLoad = await app.page.evaluate(() => history.length);
  await app.pressOnSlider('prompt', 'PageUp');
  await app.typeInto('decode', '75.5');
  const q = await eventually(async () => {
    const quantities = await app.quantities();
    assert.equal(quantities.decode, 75.5);
    const query = await app.query();
    for (const key of KEYS) {
      assert.ok(key in query, `the URL carries ${key}`);
      assertClose(Number(query[key]), quantities[key], `the URL's ${key}`);
    }
    assert.equal(query.v, '3', 'the URL carries its format version');
    return quantities;
  });
  assert.notEqual(q.prompt, DEFAULTS.prompt, 'PageUp moved the prompt');
  // replaceState, not pushState: moving a slider must not fill the back button's history.
  assert.equal(await app.page.evaluate(() => history.length), historyAtLoad, 'no history entries were added');

  const search = await app.page.evaluate(() => location.search);
  // Read before the second page opens: answering the crossing's prediction in a page behind
  // another does not finish in Firefox, which stops drawing pages out of sight.
  const values = async (a) => Object.fromEntries(Object.entries(await a.readouts()).map(([k, v]) => [k, v.value]));
  const first = await values(app);
  const reopened = await openApp(env, t, search);
  assert.deepEqual(await reopened.quantities(), q, 'the rewritten URL reopens the same inputs');
  assert.deepEqual(await values(reopened), first, 'and the same readouts');
});

// Each bad value, what the control must hold instead, and why.
const BAD_VALUES = [
  ['prompt', 'abc', DEFAULTS.prompt, 'not a number'],
  ['output', 'NaN', DEFAULTS.output, 'NaN'],
  ['prefill', 'inf', DEFAULTS.prefill, 'infinite'],
  ['prefill', 'Infinity', DEFAULTS.prefill, 'infinite'],
  ['prompt', '1e400', DEFAULTS.prompt, 'overflows to infinity'],
  ['wait', '-1', BOUNDS.wait[0], 'negative'],
  ['decode', '0', BOUNDS.decode[0], 'a zero rate'],
  ['prefill', '0', BOUNDS.prefill[0], 'a zero rate'],
  ['reading', '99999', BOUNDS.reading[1], 'above the range'],
  ['output', '0.01', BOUNDS.output[0], 'below the range'],
  ['decode', '', DEFAULTS.decode, 'empty'],
];

for (const [key, raw, expected, why] of BAD_VALUES) {
  test(`a bad ${key} in the URL (${why}: "${raw}") falls back to ${expected} with a notice`, TIMEOUT, async (t) => {
    const app = await openApp(env, t, `?${key}=${encodeURIComponent(raw)}`);
    await eventually(async () => {
      const notice = await app.noticeText();
      assert.ok(notice.length > 0, 'a notice is visible');
      assert.ok(notice.includes(key), `the notice names "${key}": ${notice}`);
    });
    assert.ok(await app.page.locator('[data-testid="notice"][role="status"]').first().isVisible(), 'the notice has role=status');
    assert.equal(await app.quantity(key), expected, `${key} falls back`);
    await app.expectConsistent(`after ?${key}=${raw}`);
    assert.doesNotMatch(await app.textOutsideNotices(), NON_NUMBERS, 'no NaN or infinity on screen');
  });
}

test('a URL full of bad values still gives a working page', TIMEOUT, async (t) => {
  const app = await openApp(env, t, '?prompt=abc&output=NaN&prefill=inf&decode=0&wait=-1&reading=1e400&prompt=&v=banana&utm_source=x');
  const notice = await app.noticeText();
  for (const key of ['prompt', 'output', 'prefill', 'decode', 'wait', 'reading']) assert.ok(notice.includes(key), `the notice names ${key}: ${notice}`);
  assert.doesNotMatch(await app.textOutsideNotices(), NON_NUMBERS, 'no NaN or infinity on screen');
  const q = await app.expectConsistent('after the bad URL');

  // The page is live: a slider still moves everything.
  const ttft = (await app.readout('ttft')).value;
  await app.pressOnSlider('prompt', 'PageUp');
  await eventually(async () => assert.ok((await app.quantity('prompt')) > q.prompt, 'the prompt slider still works'));
  await app.expectConsistent('after moving the slider');
  assert.ok((await app.readout('ttft')).value > ttft, 'a longer prompt, a later first token');
  assert.doesNotMatch(await app.textOutsideNotices(), NON_NUMBERS, 'still no NaN or infinity on screen');
});

test('a hostile query value is shown as text, never run as markup', TIMEOUT, async (t) => {
  const payloads = {
    prompt: '<img src=x onerror="window.__xss=1">',
    output: '<script>window.__xss=2</script>',
    wait: '"><svg onload="window.__xss=3">',
  };
  const query = '?' + Object.entries(payloads).map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');
  const app = await openApp(env, t, query);
  const notice = await app.noticeText();
  assert.ok(notice.includes('<img'), `the payload is quoted as text: ${notice}`);
  await timeForWhatMustNotHappen(app.page, 300, 'an injected onerror or onload to fire');
  const injected = await app.page.evaluate(() => ({
    flag: window.__xss ?? null,
    images: document.querySelectorAll('img[src="x"]').length,
    handlers: document.querySelectorAll('[onerror], [onload]').length,
    scripts: [...document.scripts].filter((s) => s.textContent.includes('__xss')).length,
  }));
  assert.deepEqual(injected, { flag: null, images: 0, handlers: 0, scripts: 0 }, 'nothing from the URL became markup');
  assert.deepEqual(app.dialogs, [], 'no dialog opened');
  await app.expectConsistent('after the hostile URL');

  // The same payload pasted into the fields and the guess is inert too.
  await app.typeInto('prompt', '<img src=x onerror="window.__xss=4">');
  await app.byTestId('guess-input').fill('<img src=x onerror="window.__xss=5">');
  await timeForWhatMustNotHappen(app.page, 300, 'a typed payload\'s handler to fire');
  assert.equal(await app.page.evaluate(() => window.__xss ?? null), null, 'typed markup stays text');
});

test('a link to a section further down lands on it once the page is built', TIMEOUT, async (t) => {
  const app = await openApp(env, t, '#deeper-title');
  // Firefox can lay the sections out once more after the jump, as those near the new view start
  // rendering: for a frame the heading may stand lower, so the test waits for the layout to settle.
  await eventually(async () => {
    const top = await app.page.evaluate(() => document.getElementById('deeper-title')?.getBoundingClientRect().top);
    assert.ok(typeof top === 'number', 'the deeper section is on the page');
    assert.ok(top >= -1 && top < 200, `the deeper section's heading is at the top of the view (top ${top})`);
  });
  assert.ok(await app.page.evaluate(() => window.scrollY > 1000), 'the page scrolled down to it');
});
