// The page on a small phone and by keyboard: no sideways scrolling at 320 px, every slider
// announces its value with units, and keyboard focus is visible.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { eventually, openApp, useBrowser } from './helpers.mjs';

const env = useBrowser();
const TIMEOUT = { timeout: 60_000 };

test('at 320 px wide nothing scrolls sideways, canvases included', TIMEOUT, async (t) => {
  const app = await openApp(env, t, '', { viewport: { width: 320, height: 640 } });
  const widths = await app.page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
    widest: Math.max(...[...document.querySelectorAll('canvas')].map((c) => c.getBoundingClientRect().right)),
  }));
  assert.ok(widths.scroll <= widths.client, `page ${widths.scroll}px wide in ${widths.client}px`);
  assert.ok(widths.widest <= widths.client, `a canvas reaches ${widths.widest}px`);
});

test('every slider says its value in words with units, and takes no page scroll on touch', TIMEOUT, async (t) => {
  const app = await openApp(env, t);
  // Some sliders live in disclosures, written only when opened (and once the crossover is
  // predicted, as they state it).
  await app.openEverything();
  const sliders = await eventually(async () => {
    const found = await app.page.evaluate(() =>
      [...document.querySelectorAll('input[type="range"]')].map((s) => ({
        id: s.dataset.testid,
        text: s.getAttribute('aria-valuetext') || '',
        named: Boolean(s.getAttribute('aria-label') || s.labels?.length),
        touch: getComputedStyle(s).touchAction,
      })),
    );
    assert.ok(found.length >= 20, `${found.length} sliders`);
    return found;
  });
  for (const s of sliders) {
    assert.match(s.text, /\d.* (tokens|tokens per second|seconds|words per minute|passages|times|chips|sequences|of peak|teraFLOP per second|gigabytes per second|gigabytes|billion parameters|layers|heads|values)$/, `${s.id} announces "${s.text}"`);
    assert.ok(s.named, `${s.id} has a name`);
    assert.equal(s.touch, 'none', `${s.id} keeps a drag from scrolling the page`);
  }
});

test('keyboard focus is visible on controls', TIMEOUT, async (t) => {
  const app = await openApp(env, t);
  await app.slider('prompt').focus();
  const outline = await app.page.evaluate(() => {
    const style = getComputedStyle(document.activeElement);
    return { width: parseFloat(style.outlineWidth), style: style.outlineStyle };
  });
  assert.ok(outline.width >= 2 && outline.style !== 'none', `focus outline ${JSON.stringify(outline)}`);
});

test('at 390×844 a table wider than the screen says so above itself, clear of the table and of the text before it', TIMEOUT, async (t) => {
  const app = await openApp(env, t, '', { viewport: { width: 390, height: 844 } });
  // The levers' table, once opened, is wider than its column on a phone.
  await app.openDetails('levers-details');
  const levers = app.byTestId('levers-table');
  await levers.scrollIntoViewIfNeeded();
  await eventually(async () => assert.equal(await app.byTestId('levers-table-scrolls').count(), 1, 'the line appears'));
  const boxes = await app.page.evaluate(() => [...document.querySelectorAll('.scroll-hint')].map((hint) => {
    const block = hint.closest('.table-block');
    const table = block.querySelector('table').getBoundingClientRect();
    const before = block.previousElementSibling?.getBoundingClientRect();
    const h = hint.getBoundingClientRect();
    return { id: hint.getAttribute('data-testid'), top: h.top, bottom: h.bottom, tableTop: table.top, beforeBottom: before ? before.bottom : -Infinity, lines: Math.round(h.height / parseFloat(getComputedStyle(hint).lineHeight)) };
  }));
  assert.ok(boxes.length >= 1);
  for (const b of boxes) {
    assert.ok(b.bottom <= b.tableTop + 0.5, `${b.id} ends above its table (caption included): ${b.bottom} vs ${b.tableTop}`);
    assert.ok(b.top >= b.beforeBottom - 0.5, `${b.id} starts below the text before the table: ${b.top} vs ${b.beforeBottom}`);
    assert.equal(b.lines, 1, `${b.id} is one line`);
  }
});
