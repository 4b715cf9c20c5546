// Share, embed, export and modes: the link reproduces the page, presets set what they name,
// embedded figures size their host's frames, downloads hold what they say, and the dark and
// presentation views fit the screen.

import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { DIST_DIR, REPO_ROOT, assertClose, eventually, openApp, useBrowser, timeForWhatMustNotHappen } from './helpers.mjs';
import { startServer } from './server.mjs';

const env = useBrowser();
const TIMEOUT = { timeout: 90_000 };

async function noHorizontalOverflow(page, what) {
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  assert.ok(scroll <= client + 1, `${what}: page is ${scroll}px wide in a ${client}px window`);
}

test('fifty slider steps add no history entries and the link reopens the same page', TIMEOUT, async (t) => {
  const app = await openApp(env, t, '?model=deep&consumer=machine&b_rate=45');
  await app.reveal();
  const before = await app.page.evaluate(() => history.length);
  await app.slider('prompt').focus();
  for (let i = 0; i < 50; i++) await app.page.keyboard.press('ArrowRight');
  assert.equal(await app.page.evaluate(() => history.length), before, 'replaceState, not pushState');
  // The address bar follows a moment after the last step.
  const prompt = String(await app.quantity('prompt'));
  const search = await eventually(async () => {
    const search = await app.page.evaluate(() => location.search);
    assert.equal(new URLSearchParams(search).get('prompt'), prompt, 'the address carries the last step');
    return search;
  });
  const query = new URLSearchParams(search);
  assert.equal(query.get('model'), 'deep');
  assert.equal(query.get('consumer'), 'machine');
  assert.equal(query.get('b_rate'), '45');
  const reopened = await openApp(env, t, search);
  await reopened.reveal();
  for (const id of ['ttft', 'total', 'ttft-linear', 'crossover', 'b-completion']) {
    assert.equal(await reopened.byTestId(id).getAttribute('data-value'), await app.byTestId(id).getAttribute('data-value'), `${id} after reload`);
  }
});

test('the copy-link button copies the current address', TIMEOUT, async (t) => {
  const app = await openApp(env, t, '?prompt=2500', { setup: (_page, context) => context.grantPermissions(['clipboard-read', 'clipboard-write']) });
  await app.byTestId('copy-link').click();
  await eventually(async () => assert.match(await app.byTestId('share-status').innerText(), /copied/i));
  const copied = await app.page.evaluate(() => navigator.clipboard.readText());
  assert.equal(copied, await app.page.evaluate(() => location.href));
  assert.match(copied, /prompt=2500/);
});

test('each preset sets what it names and is named until a control moves', TIMEOUT, async (t) => {
  const app = await openApp(env, t, '?prompt=900&output=50');
  const expectations = {
    summariser: { prompt: '16000', output: '300', prefill: '8000', decode: '60' },
    'bake-off': { a_ttft: '0.2', a_rate: '30', b_ttft: '0.9', b_rate: '110', answer: '600' },
    peak: { b_rate: '110', b_peak: '45', load: 'peak' },
    'aa-100-300': { prompt: '100', output: '300' },
    'aa-1000-1000': { prompt: '1000', output: '1000' },
    'aa-10000-1500': { prompt: '10000', output: '1500' },
    'aa-100000-2000': { prompt: '100000', output: '2000' },
    parser: { consumer: 'machine' },
    'mixed-traffic': { spread: 'traffic', median: '40', p90: '900' },
    'four-passages': { b_ttft_from: 'prompt', passages: '4' },
  };
  for (const [key, wanted] of Object.entries(expectations)) {
    await app.byTestId(`preset-${key}`).click();
    await eventually(async () => {
      const query = await app.query();
      for (const [param, value] of Object.entries(wanted)) assert.equal(query[param], value, `preset ${key} sets ${param}`);
      // Each part of the lesson names its own scenario beside its own buttons.
      const status = ['summariser', 'aa-100-300', 'aa-1000-1000', 'aa-10000-1500', 'aa-100000-2000'].includes(key) ? 'preset-active' : 'preset-active-deployments';
      assert.ok((await app.byTestId(status).getAttribute('data-value')).split(' ').includes(key), `${key} is named among the scenarios showing`);
      assert.equal(await app.byTestId(`preset-${key}`).getAttribute('aria-pressed'), 'true');
    });
  }
  await app.byTestId('preset-summariser').click();
  await eventually(async () => assert.equal(await app.readout('total').then((r) => r.value), 7));
  await app.pressOnSlider('prompt', 'ArrowRight');
  await eventually(async () => assert.equal(await app.byTestId('preset-active').getAttribute('data-value'), null, 'moving a control ends the preset'));
});

test('downloads: PNG, SVG and CSV of a figure hold what they say', TIMEOUT, async (t) => {
  const app = await openApp(env, t, '?prompt=20000&output=400');
  // Figure 2's exports state the crossing: they wait for its prediction.
  assert.equal(await app.byTestId('crossing-svg').count(), 0, 'no export of Figure 2 before the guess');
  await app.reveal('crossing');
  const fetchDownload = async (id) => {
    const [download] = await Promise.all([app.page.waitForEvent('download'), app.byTestId(id).click()]);
    const file = await download.path();
    return { name: download.suggestedFilename(), bytes: await fs.readFile(file) };
  };
  const png = await fetchDownload('timeline-png');
  assert.match(png.name, /^crossover-timeline-prompt20000-output400-.*\.png$/);
  assert.deepEqual([...png.bytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'a PNG signature');
  // Whole: the image header gives the canvas's size, and the file ends with the closing chunk.
  const canvas = await app.byTestId('timeline-canvas').evaluate((c) => ({ width: c.width, height: c.height }));
  assert.equal(png.bytes.toString('latin1', 12, 16), 'IHDR', 'the PNG starts with its header chunk');
  assert.deepEqual({ width: png.bytes.readUInt32BE(16), height: png.bytes.readUInt32BE(20) }, canvas, 'the PNG is the canvas, at its size');
  assert.equal(png.bytes.toString('latin1', png.bytes.length - 8, png.bytes.length - 4), 'IEND', 'the PNG ends with IEND: nothing cut off');

  const svg = await fetchDownload('crossing-svg');
  assert.match(svg.name, /^crossover-crossing-.*\.svg$/);
  const parsed = await app.page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    return { root: doc.documentElement.nodeName, errors: doc.getElementsByTagName('parsererror').length, text: doc.documentElement.textContent };
  }, svg.bytes.toString('utf8'));
  assert.equal(parsed.errors, 0, 'the SVG is well-formed XML');
  assert.equal(parsed.root, 'svg');
  assert.match(parsed.text, /crossing: 53,333 tokens/, 'the SVG is the same drawing, labels included');

  const csv = await fetchDownload('crossing-csv');
  const [header, ...rows] = csv.bytes.toString('utf8').trim().split(/\r\n/).map((line) => line.split(','));
  assert.deepEqual(header, ['prompt tokens', 'prefill (s)', 'decode (s)', 'total (s)']);
  const mine = rows.find((r) => Number(r[0]) === 20000);
  assert.ok(mine, 'the CSV has a row for the current prompt');
  assertClose(Number(mine[1]), (await app.readout('prefill-time')).value, 'CSV prefill matches the readout');
  assertClose(Number(mine[2]), (await app.readout('decode-time')).value, 'CSV decode matches the readout');
  assertClose(Number(mine[3]), (await app.readout('total')).value, 'CSV total matches the readout');
});

test('an embedded figure shows only itself and its controls', TIMEOUT, async (t) => {
  const app = await openApp(env, t, '?embed=crossing&prompt=50000', { ready: '[data-testid="crossing-canvas"]' });
  assert.equal(await app.page.locator('canvas').count(), 1, 'one figure');
  assert.equal(await app.byTestId('ttft').count(), 0, 'no readouts from the rest of the page');
  assert.equal(await app.page.locator('h1').count(), 0, 'no page heading');
  assert.equal(await app.page.evaluate(() => getComputedStyle(document.body).paddingLeft), '8px', 'narrow page margins, for a frame');
  const before = await app.canvasFingerprint('crossing-canvas');
  await app.pressOnSlider('prompt', 'PageDown');
  await eventually(async () => assert.notEqual((await app.canvasFingerprint('crossing-canvas')).hash, before.hash));
  assert.match(await app.page.evaluate(() => location.search), /embed=crossing/, 'the view survives URL rewriting');
});

test('an unknown embed target is named and the whole page shows', TIMEOUT, async (t) => {
  const app = await openApp(env, t, '?embed=pie');
  assert.match(await app.noticeText(), /no figure called “pie”/);
  assert.equal(await app.page.locator('canvas').count() >= 2, true);
});

test('a host page receives height messages from two embedded figures and sizes them', TIMEOUT, async (t) => {
  const host = await startServer({ root: path.join(REPO_ROOT, 'examples') });
  t.after(() => host.close());
  const appUrl = new URL(env.baseUrl);
  const context = await env.browser.newContext({ viewport: { width: 900, height: 800 } });
  t.after(() => context.close());
  const page = await context.newPage();
  await page.goto(`${host.origin}/embed-host.html?app=${encodeURIComponent(appUrl.origin + appUrl.pathname)}`);
  const sized = await eventually(async () => {
    const state = await page.evaluate(() => ({
      messages: window.crossoverMessages,
      heights: [...document.querySelectorAll('iframe')].map((f) => parseFloat(f.style.height || '0')),
    }));
    assert.equal(state.heights.length, 2, 'the host page embeds two figures');
    assert.ok(state.heights.every((h) => h > 300), `both frames sized from messages: ${JSON.stringify(state)}`);
    return state;
  }, { timeout: 20_000 });
  assert.ok(sized.messages.length >= 2, 'at least one message from each frame');
  assert.ok(sized.messages.every((m) => m.keys === 'height,type'), 'messages carry only a type and a height');
  // The frame fits its content: nothing inside scrolls. The first heights can come before the
  // figure settles (the host's sizing can take a scrollbar away and widen the figure); the
  // frame catches up with the next message.
  for (const frame of page.frames().filter((f) => f !== page.mainFrame())) {
    await eventually(async () => {
      const { scroll, client } = await frame.evaluate(() => ({ scroll: document.documentElement.scrollHeight, client: document.documentElement.clientHeight }));
      assert.ok(scroll <= client + 2, `frame content ${scroll}px fits its ${client}px frame`);
    }, { timeout: 5_000 });
  }

  // And follows it both ways: the crossing figure's data table, opened, makes its frame taller;
  // closed again, the frame goes back to the height it had.
  const crossing = page.frames().find((f) => /embed=crossing/.test(f.url()));
  assert.ok(crossing, 'the crossing figure has its frame');
  await page.evaluate(() => document.getElementById('crossing').scrollIntoView());
  const frameHeight = () => page.evaluate(() => parseFloat(document.getElementById('crossing').style.height));
  const closed = await frameHeight();
  // The table sits in the figure's menu.
  await crossing.evaluate(() => {
    document.querySelector('details.figure-menu').open = true;
    document.querySelector('details.data').open = true;
  });
  const opened = await eventually(async () => {
    const height = await frameHeight();
    assert.ok(height > closed + 100, `the frame grows with the open table (${closed} -> ${height} px)`);
    return height;
  });
  await crossing.evaluate(() => {
    document.querySelector('details.data').open = false;
    document.querySelector('details.figure-menu').open = false;
  });
  // Back to the content's height, which is not always the very first one reported: Firefox can
  // send a height a few pixels short while the figure's text is still being laid out.
  const content = () => crossing.evaluate(() => document.documentElement.getBoundingClientRect().height);
  await eventually(async () => {
    const [height, inside] = [await frameHeight(), await content()];
    assert.ok(height < opened - 100 && Math.abs(height - inside) <= 2, `the frame shrinks back to its content once the table closes (${opened} -> ${height} px for ${inside} px, was ${closed} px)`);
  });
});

test('the built page works under a sub-path, since its asset URLs are relative', TIMEOUT, async () => {
  const html = await fs.readFile(path.join(DIST_DIR, 'index.html'), 'utf8').catch(() => '');
  if (!html) return;
  assert.doesNotMatch(html, /(src|href)="\/(?!\/)/, 'no root-relative asset URLs');
});

test('dark mode follows the system and the toggle, palette included, without overflow', TIMEOUT, async (t) => {
  const app = await openApp(env, t, '', { colorScheme: 'dark', viewport: { width: 390, height: 844 } });
  assert.equal(await app.page.evaluate(() => document.documentElement.dataset.theme), 'dark');
  const dark = await app.canvasFingerprint('timeline-canvas');
  await noHorizontalOverflow(app.page, 'dark, phone width');
  await app.byTestId('theme-light').check();
  await eventually(async () => assert.equal(await app.page.evaluate(() => document.documentElement.dataset.theme), 'light'));
  await eventually(async () => assert.notEqual((await app.canvasFingerprint('timeline-canvas')).hash, dark.hash, 'the chart palette follows the theme'));
  await eventually(async () => assert.equal((await app.query()).theme, 'light', 'an explicit choice is kept in the URL'));
});

test('presentation mode shows one figure in large type without overflow', TIMEOUT, async (t) => {
  const app = await openApp(env, t, '?present=timeline', { viewport: { width: 1280, height: 720 }, ready: '[data-testid="timeline-canvas"]' });
  assert.equal(await app.page.locator('canvas').count(), 1);
  const size = await app.page.evaluate(() => parseFloat(getComputedStyle(document.querySelector('.single')).fontSize));
  assert.ok(size >= 20, `large type (${size}px)`);
  await noHorizontalOverflow(app.page, 'presentation');
});

test('links out of an embed or a presentation follow the settings as they are now', TIMEOUT, async (t) => {
  for (const [view, name] of [['embed=timeline', 'Open the full explainer'], ['present=timeline', 'Leave presentation mode']]) {
    const app = await openApp(env, t, `?${view}&prompt=5000&prompt=6000&theme=dark`, { ready: '[data-testid="timeline-canvas"]' });
    const link = app.page.locator('.single-link a');
    assert.equal(await link.innerText(), name);
    const target = async () => new URL(await link.getAttribute('href'));
    const first = await target();
    assert.equal(first.searchParams.getAll('prompt').join(), '6000', `${view}: the value used, once`);
    assert.equal(first.searchParams.get('embed') ?? first.searchParams.get('present'), null, `${view}: the whole page`);
    assert.equal(first.searchParams.get('theme'), 'dark', `${view}: the look is kept`);
    await app.pressOnSlider('prompt', 'PageUp');
    await eventually(async () => {
      const prompt = (await app.query()).prompt;
      assert.notEqual(prompt, '6000');
      assert.equal((await target()).searchParams.get('prompt'), prompt, `${view}: the link follows the slider`);
    });
  }
});

test('downloads go through blob URLs that stay valid after the click', TIMEOUT, async (t) => {
  const setup = (page) => page.addInitScript(() => {
    window.__clicked = [];
    window.__revoked = [];
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function () {
      window.__clicked.push(this.href);
      return click.call(this);
    };
    const revoke = URL.revokeObjectURL;
    URL.revokeObjectURL = (url) => {
      window.__revoked.push(url);
      return revoke.call(URL, url);
    };
  });
  const app = await openApp(env, t, '', { setup });
  for (const [id, signature] of [['timeline-png', [0x89, 0x50, 0x4e, 0x47]], ['timeline-csv', [...Buffer.from('mome')]]]) {
    const [download] = await Promise.all([app.page.waitForEvent('download'), app.byTestId(id).click()]);
    assert.deepEqual([...(await fs.readFile(await download.path())).subarray(0, 4)], signature, `${id} downloaded`);
  }
  const clicked = await app.page.evaluate(() => window.__clicked);
  assert.equal(clicked.length, 2);
  assert.ok(clicked.every((href) => href.startsWith('blob:')), `blob URLs, never data: URLs: ${clicked.map((h) => h.slice(0, 30))}`);
  await timeForWhatMustNotHappen(app.page, 1000, 'the downloads\' blob URLs to be revoked too soon');
  assert.deepEqual(await app.page.evaluate(() => window.__revoked), [], 'not revoked as soon as the download starts');
});
