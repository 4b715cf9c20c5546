// Which door an address opens (the lesson, one figure alone, or the review workbench) is read
// twice: by the start script, which must drop the lesson written at build time before the
// browser paints it for a figure alone, and by the app. Both read the address one way
// (src/state/query.rs, `pairs`; src/boot.js): here the two are held to one table of addresses
// that a crafted or mangled link can hold, and must agree on every one.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { useBrowser } from './helpers.mjs';

const env = useBrowser();
const TIMEOUT = { timeout: 120_000 };

/** Each address, and the door the app opens for it. */
const ADDRESSES = [
  ['?embed=timeline', 'embed'],
  ['?%65mbed=timeline', 'embed'],
  ['?%20embed=roofline', 'embed'],
  ['?+embed+=%20timeline%09', 'embed'],
  ['?%70resent=timeline', 'present'],
  ['?present=completion&workbench=1', 'present'],
  ['?embed=nonsense', 'lesson'],
  ['?embed=timeline&embed=nope', 'lesson'],
  ['?embed=nope&embed=crossing', 'embed'],
  ['?embed=timeline%E2%80%83', 'lesson'],
  ['?workbench', 'workbench'],
  ['?work%62ench=%201', 'workbench'],
  ['?workbench=0', 'lesson'],
  ['?workbench=yes', 'lesson'],
  [`?pad=${'x'.repeat(8_000)}&embed=timeline`, 'lesson'],
];

/**
 * Opens `query` on `page` (index.html or embed.html) and returns what the start script chose,
 * read as its first part ends (the document is parsed: module scripts have run up to their first
 * await), and the door the app then opened, from the root's marks.
 */
async function doors(context, page, query) {
  const tab = await context.newPage();
  await tab.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const root = document.documentElement;
      window.__bootChose = document.getElementById('prerendered')?.childElementCount
        ? (root.hasAttribute('data-workbench-page') ? 'workbench' : 'lesson')
        : 'alone';
    });
  });
  const errors = [];
  tab.on('pageerror', (e) => errors.push(e.message));
  const url = new URL(env.baseUrl);
  await tab.goto(`${url.origin}${url.pathname.replace(/[^/]*$/, '')}${page}${query}`);
  await tab.locator('html[data-complete], html[data-builds-on-approach]').waitFor({ state: 'attached', timeout: 30_000 });
  const found = await tab.evaluate(() => {
    const root = document.documentElement;
    // The workbench's own main element: the root's mark may be the start script's alone.
    const app = root.hasAttribute('data-embed') ? 'embed' : root.hasAttribute('data-present') ? 'present' : document.querySelector('main.workbench') ? 'workbench' : 'lesson';
    return { boot: window.__bootChose, app, canvases: document.querySelectorAll('canvas').length };
  });
  await tab.close();
  return { ...found, errors };
}

test('the start script and the app open the same door for every address', TIMEOUT, async (t) => {
  const context = await env.browser.newContext();
  t.after(() => context.close());
  const wrong = [];
  for (const [query, door] of ADDRESSES) {
    const { boot, app, errors } = await doors(context, 'index.html', query);
    const bootWants = door === 'embed' || door === 'present' ? 'alone' : door;
    const shown = query.length > 80 ? `${query.slice(0, 40)}…(${query.length} characters)` : query;
    if (app !== door) wrong.push(`${shown}: the app opened the ${app}, not the ${door}`);
    if (boot !== bootWants) wrong.push(`${shown}: the start script chose ${boot}, the app the ${app}`);
    if (errors.length) wrong.push(`${shown}: ${errors.join('; ')}`);
  }
  assert.deepEqual(wrong, []);
});

test('the embed page opens a figure however its key is written', TIMEOUT, async (t) => {
  const context = await env.browser.newContext();
  t.after(() => context.close());
  for (const query of ['?embed=timeline', '?%65mbed=timeline', '?%20embed=crossing']) {
    const { app, canvases, errors } = await doors(context, 'embed.html', query);
    assert.equal(app, 'embed', `embed.html${query}`);
    assert.ok(canvases > 0, `embed.html${query} shows its figure`);
    assert.deepEqual(errors, [], `embed.html${query}`);
  }
});
