// Dragging on the figures: the reader's prompt on Figure 2 and the race's answer on Figure 5 are
// handles over the canvas, moved by a mouse (a pointer, so a finger or pen alike) or focused and
// moved with the slider's keys. The value a drag lands on is what the figure's own axis says
// lies under the pointer: the test reads the axis's ends and edges off the handle's container
// and works the value out itself.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { eventually, openApp, scrollIntoView, useBrowser } from './helpers.mjs';

const env = useBrowser();
const TIMEOUT = { timeout: 90_000 };

const HANDLES = [
  { figure: 'crossing', key: 'prompt', bounds: [10, 1_000_000], start: 16_000, query: '?prompt=16000', prediction: 'crossing' },
  { figure: 'completion', key: 'answer', bounds: [1, 100_000], start: 600, query: '?answer=600', prediction: 'crossover' },
];

/** The handle's axis (data-axis-*) and where its container and the handle sit on the page. */
async function geometry(app, figure, key) {
  return app.page.evaluate(([figure, key]) => {
    const handle = document.querySelector(`[data-testid="${figure}-${key}-handle"]`);
    const box = handle.parentElement;
    const d = box.dataset;
    const [b, h] = [box.getBoundingClientRect(), handle.getBoundingClientRect()];
    return {
      left: Number(d.axisLeft), right: Number(d.axisRight), min: Number(d.axisMin), max: Number(d.axisMax),
      box: { x: b.left, y: b.top }, handle: { x: h.left + h.width / 2, y: h.top + h.height / 2 },
      touchAction: getComputedStyle(handle).touchAction, cursor: getComputedStyle(handle).cursor,
    };
  }, [figure, key]);
}

/** The value the axis (log) draws at `x` pixels from the container's left edge. */
const valueAt = (g, x) => g.min * (g.max / g.min) ** ((x - g.left) / (g.right - g.left));
/** Where the axis draws `value`, in pixels from the container's left edge. */
const xOf = (g, value) => g.left + (Math.log(value / g.min) / Math.log(g.max / g.min)) * (g.right - g.left);

/** Brings the figure on screen, where it is drawn, and with it the handle that waits for its axis. */
async function showFigure(app, figure, handle) {
  await scrollIntoView(app.byTestId(`${figure}-canvas`));
  await scrollIntoView(handle);
}

async function urlValue(app, key) {
  return Number((await app.query())[key]);
}

for (const { figure, key, bounds, start, query, prediction } of HANDLES) {
  test(`dragging ${figure}'s ${key} with the mouse lands on the value the axis draws there`, TIMEOUT, async (t) => {
    const app = await openApp(env, t, query);
    const handle = app.byTestId(`${figure}-${key}-handle`);
    // Blurred until its prediction is answered, the figure has nothing to take hold of.
    assert.equal(await handle.count(), 0, 'no handle on the veiled figure');
    await app.reveal(prediction);
    await showFigure(app, figure, handle);
    let g = await geometry(app, figure, key);
    assert.equal(g.touchAction, 'pan-y', 'a vertical swipe on it still scrolls the page');
    assert.equal(g.cursor, 'ew-resize', 'the cursor says it moves sideways');
    assert.ok(Math.abs(g.handle.x - g.box.x - xOf(g, start)) <= 1, `the handle sits on the value drawn (${g.handle.x - g.box.x} vs ${xOf(g, start)})`);
    for (const fraction of [0.3, 0.62]) {
      const x = g.left + fraction * (g.right - g.left);
      await app.page.mouse.move(g.handle.x, g.handle.y);
      await app.page.mouse.down();
      await app.page.mouse.move(g.box.x + x, g.handle.y + 30, { steps: 6 });
      await app.page.mouse.up();
      const expected = valueAt(g, x);
      const got = await eventually(async () => {
        const v = await urlValue(app, key);
        // Within a pixel of the axis, and the whole tokens the value keeps.
        const pixel = Math.abs(xOf(g, v) - x);
        assert.ok(pixel <= 1 || Math.abs(v - expected) <= 0.5, `${key}=${v} lands ${pixel.toFixed(2)} px from ${x.toFixed(1)} (expected ${expected.toFixed(1)})`);
        return v;
      });
      assert.equal(Number(await handle.getAttribute('aria-valuenow')), got, 'the handle says the value');
      g = await geometry(app, figure, key);
      assert.ok(Math.abs(g.handle.x - g.box.x - xOf(g, got)) <= 1, 'the handle moved to it');
    }
    const slider = await app.slider(key).getAttribute('aria-valuetext');
    assert.equal(await handle.getAttribute('aria-valuetext'), slider, 'the slider holds the same value');
  });

  test(`the keys move ${figure}'s ${key} as they move its slider`, TIMEOUT, async (t) => {
    const app = await openApp(env, t, query);
    await app.reveal(prediction);
    const handle = app.byTestId(`${figure}-${key}-handle`);
    await showFigure(app, figure, handle);
    assert.equal(await handle.getAttribute('role'), 'slider');
    assert.match(await handle.getAttribute('aria-valuetext'), /tokens$/, 'its value is read with its unit');
    await handle.focus();
    await app.page.keyboard.press('ArrowRight');
    const small = await eventually(async () => {
      const v = await urlValue(app, key);
      assert.ok(v > start && v < start * 1.05, `ArrowRight, a small step up (${v})`);
      return v;
    });
    await app.page.keyboard.press('PageUp');
    const big = await eventually(async () => {
      const v = await urlValue(app, key);
      assert.ok(v > small * 1.5, `PageUp, a large step (${v})`);
      return v;
    });
    const g = await geometry(app, figure, key);
    assert.ok(Math.abs(g.handle.x - g.box.x - xOf(g, big)) <= 1, 'the handle stands where the axis draws the value');
    // The same key on the slider takes the value back down the same step.
    await app.pressOnSlider(key, 'PageDown');
    await eventually(async () => assert.equal(await urlValue(app, key), small));
    await handle.focus();
    await app.page.keyboard.press('Home');
    await eventually(async () => assert.equal(await urlValue(app, key), bounds[0]));
    await app.page.keyboard.press('End');
    await eventually(async () => assert.equal(await urlValue(app, key), bounds[1]));
    assert.equal(Number(await handle.getAttribute('aria-valuemax')), bounds[1]);
  });
}
