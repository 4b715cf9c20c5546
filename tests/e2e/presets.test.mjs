// Every scenario button changes the address and what is drawn beside it, and shows as pressed
// while it holds. The cases are the buttons the page renders, read from the page itself.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { eventually, openApp, scrollIntoView, useBrowser, WORKBENCH } from './helpers.mjs';

const env = useBrowser();
const TIMEOUT = { timeout: 300_000 };

/**
 * A starting point none of the scenarios describes: every input a scenario sets is elsewhere,
 * so each button has something to change.
 */
const AWAY = '?prompt=900&output=50&prefill=20000&decode=200&a_ttft=0.3&a_rate=40&b_ttft=1.2&b_rate=90&answer=300'
  + '&median=100&p90=3000&consumer=machine&load=peak&b_peak=60&b_peak_ttft=1.5&b_ttft_from=prompt&passages=6'
  + '&chip=mi300x&hw_model=llama70b&weights=fp8&kv=fp8&chips=2&batch=8&context=1000&mfu=0.6&mbu=0.8';

/** The figure a group of scenario buttons sits beside: the first one after it in the page. */
async function figureNear(app, nav) {
  return nav.evaluate((n) => {
    const canvases = [...document.querySelectorAll('canvas[data-testid$="-canvas"]')];
    const after = canvases.find((c) => n.compareDocumentPosition(c) & Node.DOCUMENT_POSITION_FOLLOWING);
    return after?.getAttribute('data-testid');
  });
}

// The doors whose scenarios are tried: the lesson, and the review workbench with its chip
// calculator open (the lesson's worked settings are there).
const DOORS = [
  { name: 'the lesson', query: AWAY, ready: undefined, groups: 2 },
  { name: 'the workbench', query: `${AWAY}#chip-calculator`, ...WORKBENCH, groups: 1 },
];

for (const door of DOORS) {
  test(`each scenario in ${door.name} changes the address and the figure beside it, and shows as pressed`, TIMEOUT, async (t) => {
    const app = await openApp(env, t, door.query, { ready: door.ready, page: door.page });
    await app.reveal();
    // Each group by its index (the Firefox driver has no `all()`): a locator, looked up when used.
    const groups = Array.from({ length: await app.page.locator('nav.presets').count() }, (_, i) => app.page.locator('nav.presets').nth(i));
    assert.ok(groups.length >= door.groups, `${door.name}: ${groups.length} groups of scenarios`);
    let cases = 0;
    for (const nav of groups) {
      const canvas = await figureNear(app, nav);
      assert.ok(canvas, 'a figure follows the scenarios');
      const keys = await nav.evaluate((n) => [...n.querySelectorAll('button.preset')].map((b) => b.getAttribute('data-testid')));
      assert.ok(keys.length >= 3, `${canvas}: its scenarios`);
      for (const key of keys) {
        // From a state no scenario describes, so the button has work to do.
        const url = new URL(env.baseUrl);
        await app.page.goto(url.origin + url.pathname + (door.page ?? '') + door.query);
        await app.waitUntilRendered(door.ready);
        await app.reveal();
        const button = app.byTestId(key);
        assert.equal(await button.getAttribute('aria-pressed'), 'false', `${key} does not hold away from it`);
        await scrollIntoView(app.byTestId(canvas));
        const before = { query: await app.query(), pixels: (await app.canvasFingerprint(canvas)).hash };
        await scrollIntoView(button);
        await button.click();
        await eventually(async () => assert.equal(await button.getAttribute('aria-pressed'), 'true', `${key} shows as pressed`));
        const status = nav.locator('.preset-active');
        assert.ok((await status.getAttribute('data-value')).split(' ').includes(key.replace(/^preset-/, '')), `${key} is named as showing`);
        const after = await app.query();
        assert.notDeepEqual(after, before.query, `${key} changes the address`);
        await scrollIntoView(app.byTestId(canvas));
        await eventually(async () => assert.notEqual((await app.canvasFingerprint(canvas)).hash, before.pixels, `${key} changes ${canvas}`));
        cases++;
      }
    }
    t.diagnostic(`${door.name}: ${cases} scenarios`);
  });
}

test('B at peak load puts B at its peak rate in Figure 5, with the crossover at 63 tokens', TIMEOUT, async (t) => {
  const app = await openApp(env, t);
  await app.reveal();
  await app.byTestId('preset-peak').click();
  await eventually(async () => assert.equal((await app.query()).load, 'peak'));
  assert.ok(await app.byTestId('peak-details').evaluate((d) => d.open), 'the busiest hour is open');
  await eventually(async () => assert.match(await app.byTestId('completion-canvas').getAttribute('aria-label'), /At the busiest hour \(dashed\).*The dashed lines cross at 63 tokens/));
  assert.match((await app.readout('crossover-peak')).text, /^63(\.0)? tokens$/);
});

test('a locked guess is graded once, against the pair it answered; a scenario afterwards says the question changed', TIMEOUT, async (t) => {
  const app = await openApp(env, t);
  await scrollIntoView(app.byTestId('crossover-guess-input'));
  await app.page.locator('input[data-testid="crossover-guess-input"]').fill('100');
  await app.byTestId('crossover-guess-lock').click();
  const feedback = app.byTestId('crossover-feedback');
  await eventually(async () => assert.match(await feedback.innerText(), /They finish together at 28\.9 tokens[\s\S]*Your guess of 100 tokens was 246% too long/));
  // Four passages instead of twelve shorten B's first token, and with it the crossover.
  await app.byTestId('preset-four-passages').click();
  await eventually(async () => assert.match(await feedback.innerText(), /The pair has changed since: they now finish together at/));
  const text = await feedback.innerText();
  assert.match(text, /^Your guess of 100 tokens was 246% too long\. That was for the pair you predicted, whose crossover was 28\.9 tokens\./);
  assert.equal(text.match(/too (long|short)|short of it/g)?.length, 1, `graded once: ${text}`);
  // Back to the pair asked about, the usual answer again.
  await app.byTestId('preset-bake-off').click();
  await eventually(async () => assert.match(await feedback.innerText(), /^They finish together at 28\.9 tokens/));
});
