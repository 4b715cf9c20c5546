// The chip section and the deployments lab are parts of the page's code fetched apart from its
// wasm (src/ui/parts.rs, cut by the release build, xtask/src/release.rs, and placed by
// src/site/split_parts.rs). A reader who stays in the first half never downloads them; one who
// comes near a part gets it, and the part then works like the rest of the page. A part that
// cannot be fetched, or does not match its integrity hash, is named in its place while the rest
// of the page carries on.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { eventually, openApp, scrollIntoView, shownText, useBrowser, timeForWhatMustNotHappen } from './helpers.mjs';

const env = useBrowser();
const TIMEOUT = { timeout: 90_000 };
const LIVE = '#app [data-testid="ttft"][data-value]';

/** The page's part files requested from now on, by name. */
function partsRequested(page) {
  const names = [];
  page.on('request', (request) => {
    const name = new URL(request.url()).pathname.split('/').pop();
    if (/^part-.*\.wasm$/.test(name)) names.push(name);
  });
  return names;
}

/** Whether the section under `selector` is still the prerendered one, standing in. */
function standingIn(page, selector) {
  return page.evaluate((s) => !!document.querySelector(s)?.closest('[data-prerendered]'), selector);
}

test('the first screen fetches no part; nearing the chip section fetches its part alone, and the section then answers its controls', TIMEOUT, async (t) => {
  let requested = [];
  const app = await openApp(env, t, '', {
    setup: async (page) => {
      requested = partsRequested(page);
    },
    ready: LIVE,
  });
  const { page } = app;
  // Long enough for the stages that do not wait for the reader to have been built.
  await timeForWhatMustNotHappen(page, 1500, 'a part to be fetched while the reader is on the first screen');
  assert.deepEqual(requested, [], 'no part is fetched while the reader is on the first screen');
  assert.ok(await standingIn(page, '#hardware'), 'the chip section is the prerendered one meanwhile');

  // The chip section's top just inside the screen's bottom edge: near, while the deployments
  // lab after it is still more than a screen away.
  await page.evaluate(() => {
    const top = document.querySelector('#hardware').getBoundingClientRect().top + window.scrollY;
    window.scrollTo(0, top - window.innerHeight + 40);
  });
  await eventually(async () => assert.equal(await standingIn(page, '#hardware'), false, 'the live chip section took its place'), { timeout: 15_000 });
  assert.ok(requested.some((n) => n.startsWith('part-chip-')), `the chip section's part was fetched: ${requested.join(', ')}`);
  assert.ok(!requested.some((n) => n.startsWith('part-deployments-')), `the deployments lab's part was not: ${requested.join(', ')}`);

  const before = await app.readout('hw-decode-rate');
  await app.byTestId('chip-h200').click();
  await eventually(async () => assert.notEqual((await app.readout('hw-decode-rate')).value, before.value, 'the H200 moves the decode rate'));
  assert.equal(await page.locator('[data-testid="part-missing"]').count(), 0);
});

test('a part that cannot be fetched, or does not match its hash, is named in its place, and the rest of the page works', TIMEOUT, async (t) => {
  const app = await openApp(env, t, '?prompt=2000', {
    setup: async (page) => {
      // The chip section's part with one byte changed; the deployments lab's never arrives.
      await page.route(/\/part-chip-[^/]*\.wasm$/, async (route) => {
        // A fetch still under way when the test closes the page has nothing left to answer.
        try {
          const response = await route.fetch();
          const body = Buffer.from(await response.body());
          body[body.length - 1] ^= 0xff;
          await route.fulfill({ response, body });
        } catch {}
      });
      await page.route(/\/part-deployments-[^/]*\.wasm$/, (route) => route.abort());
    },
  });
  // A part that failed is asked for once more when its section is built, so its line can come
  // just after the page completes.
  const missing = app.byTestId('part-missing');
  await eventually(async () => assert.equal(await missing.count(), 2, 'both parts say they are missing'), { timeout: 15_000 });
  for (const i of [0, 1]) {
    assert.match(await shownText(missing.nth(i)), /could not be downloaded.*Reloading the page tries again/s);
  }
  assert.equal(await app.page.locator('[data-testid="hw-decode-rate"], [data-testid="completion-canvas"]').count(), 0, 'nothing of either part is on the page');
  // The page completed, and the first half still answers its controls.
  const before = await app.readout('ttft');
  await app.typeInto('prompt', '4000');
  await eventually(async () => assert.notEqual((await app.readout('ttft')).value, before.value, 'the prompt moves the first token'));
  // Firefox reports the refused part as an error of the page: expected here, and nothing else may be.
  app.pageErrors = app.pageErrors.filter((e) => !/integrity attribute/.test(e));
});

test('parts served as another type than application/wasm still load, as the page\'s own wasm does', TIMEOUT, async (t) => {
  const app = await openApp(env, t, '?prompt=16000', {
    setup: async (page) => {
      // A host that labels every file it does not know as bytes.
      await page.route(/\.wasm$/, async (route) => {
        const response = await route.fetch();
        await route.fulfill({ response, headers: { 'content-type': 'application/octet-stream' } });
      });
    },
  });
  const { page } = app;
  // An address with a value builds every section, parts included.
  await page.locator('html[data-complete]').waitFor({ state: 'attached', timeout: 30_000 });
  assert.equal(await page.locator('[data-testid="part-missing"]').count(), 0, 'no part is named missing');
  await scrollIntoView(app.byTestId('chip-h100'));
  const before = await app.readout('hw-decode-rate');
  await app.byTestId('chip-h100').click();
  await eventually(async () => assert.notEqual((await app.readout('hw-decode-rate')).value, before.value, 'the chip section answers its controls'));
  // Streaming is refused for such a file, so the browser may say so on the console: expected.
  app.consoleErrors = app.consoleErrors.filter((e) => !/MIME|mime|application\/wasm|Incorrect response/i.test(e));
  app.pageErrors = app.pageErrors.filter((e) => !/MIME|mime|application\/wasm|Incorrect response/i.test(e));
});
