// An embedded figure at the defaults is seen before its wasm arrives: the build drew every figure
// at a few widths in both palettes (src/site/embed_sketches.rs), the start script shows the one
// nearest the frame's canvas where the canvas will be, and the live canvas takes its place
// without anything moving. An address with values of its own shows no drawing: its numbers are
// not the defaults'.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { figureDrawn, openApp, pixelsApart, useBrowser } from './helpers.mjs';

const env = useBrowser();
const TIMEOUT = { timeout: 120_000 };

/** The drawing standing in for the canvas, once it has loaded: its file, its box, its own size. */
async function standIn(page) {
  await page.waitForFunction(() => {
    const img = document.getElementById('embed-sketch');
    return img && img.complete && img.naturalWidth > 0;
  }, null, { timeout: 20_000 });
  return page.evaluate(() => {
    const img = document.getElementById('embed-sketch');
    const r = img.getBoundingClientRect();
    return {
      file: new URL(img.src).pathname.split('/').slice(-1)[0],
      folder: new URL(img.src).pathname.split('/').slice(-2)[0],
      box: [r.x, r.y, r.width, r.height],
      drawnWidth: img.naturalWidth,
      frameWidth: document.documentElement.clientWidth,
    };
  });
}

test('before its wasm, an embed at the defaults shows its figure drawn for the frame\'s width and theme, and an address with values shows none', TIMEOUT, async (t) => {
  const cases = [
    // A docs column: the canvas is 700 px, a width drawn.
    { viewport: { width: 716, height: 700 }, colorScheme: 'light', query: '?embed=crossing', file: 'crossing-700-light.svg', top: 36 },
    // A phone in the dark, two controls chosen: the caption takes two lines.
    { viewport: { width: 390, height: 844 }, colorScheme: 'dark', query: '?embed=timeline&controls=prompt,decode', file: 'timeline-344-dark.svg', top: 52 },
    // Wide, no caption.
    { viewport: { width: 1116, height: 900 }, colorScheme: 'light', query: '?embed=roofline&caption=0', file: 'roofline-1100-light.svg', top: 8 },
    // The link's theme over the system's.
    { viewport: { width: 900, height: 700 }, colorScheme: 'light', query: '?embed=lengths&theme=dark', file: 'lengths-880-dark.svg', top: 36 },
    { viewport: { width: 716, height: 700 }, colorScheme: 'light', query: '?embed=lengths&prompt=900', file: null },
  ];
  for (const { viewport, colorScheme, query, file, top } of cases) {
    const what = `${viewport.width} px ${colorScheme} embed.html${query}`;
    const context = await env.browser.newContext({ viewport, colorScheme });
    t.after(() => context.close());
    const page = await context.newPage();
    await page.route(/\.wasm$/, (route) => route.abort());
    const url = new URL(env.baseUrl);
    await page.goto(`${url.origin}${url.pathname}embed.html${query}`);
    // The start script says the figure could not start once the wasm's fetch has failed.
    await page.locator('.stopped').waitFor({ timeout: 20_000 });
    if (!file) {
      assert.equal(await page.locator('#embed-sketch').count(), 0, `${what}: no drawing of the defaults`);
      continue;
    }
    const seen = await standIn(page);
    assert.equal(seen.file, file, what);
    assert.match(seen.folder, /^sketches-[0-9a-f]{16}$/, `${what}: from the folder named by its content`);
    assert.equal(seen.drawnWidth, Number(file.split('-')[1]), `${what}: the drawing's own width`);
    // Where the canvas goes: under the frame's top padding and the caption, the frame's width
    // less its sides, 0.42 of that high within 240 to 400 px (src/state/embed_layout.rs).
    const width = seen.frameWidth - 16;
    const expected = [8, top, width, Math.min(Math.max(width * 0.42, 240), 400)];
    seen.box.forEach((v, i) => assert.ok(Math.abs(v - expected[i]) <= 1, `${what}: box ${seen.box} against ${expected}`));
  }
  // The lesson's page, which also opens embeds from older links, has no drawings to show.
  const context = await env.browser.newContext({ viewport: { width: 716, height: 700 } });
  t.after(() => context.close());
  const page = await context.newPage();
  await page.route(/\.wasm$/, (route) => route.abort());
  const url = new URL(env.baseUrl);
  await page.goto(`${url.origin}${url.pathname}?embed=crossing`);
  await page.locator('.stopped').waitFor({ timeout: 20_000 });
  assert.equal(await page.locator('#embed-sketch').count(), 0, 'index.html?embed= shows no drawing');
});

test('the live canvas takes the drawing\'s place in the frame, in the same box and looking the same', TIMEOUT, async (t) => {
  for (const { viewport, query, figure, compare } of [
    { viewport: { width: 716, height: 700 }, query: '?embed=crossing', figure: 'crossing', compare: true },
    // Drawn at 344 px for a 374 px canvas: the same box, the picture scaled to it.
    { viewport: { width: 390, height: 844 }, query: '?embed=completion&caption=0', figure: 'completion', compare: false },
  ]) {
    const what = `${viewport.width} px embed.html${query}`;
    let release;
    const held = new Promise((done) => (release = done));
    const app = await openApp(env, t, `embed.html${query}`, {
      viewport,
      colorScheme: 'light',
      ready: '#embed-sketch',
      setup: (page) => page.route(/\.wasm$/, async (route) => {
        await held;
        await route.continue();
      }),
    });
    const page = app.page;
    const before = await standIn(page);
    const [x, y, width, height] = before.box;
    const drawing = await page.screenshot({ clip: { x, y, width, height } });
    release();
    await figureDrawn(page, `${figure}-canvas`);
    assert.equal(await page.locator('#embed-sketch').count(), 0, `${what}: the drawing is gone once the canvas is drawn`);
    const canvas = await page.locator(`[data-testid="${figure}-canvas"]`).evaluate((c) => {
      const r = c.getBoundingClientRect();
      return [r.x, r.y, r.width, r.height];
    });
    canvas.forEach((v, i) => assert.ok(Math.abs(v - before.box[i]) <= 1, `${what}: the canvas at ${canvas}, the drawing was at ${before.box}`));
    if (compare) {
      const drawn = await page.screenshot({ clip: { x, y, width, height } });
      const { apart, inked } = await pixelsApart(page, drawing, drawn);
      assert.ok(inked > 0.02, `${what}: the drawing has ink on it (${(inked * 100).toFixed(1)}% of its pixels)`);
      assert.ok(apart < 0.02, `${what}: the canvas looks as the drawing did: ${(apart * 100).toFixed(2)}% of the pixels differ`);
    }
  }
});
