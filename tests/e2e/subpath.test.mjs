// The build hosted below a site's root (https://example.org/some/path/): every asset must load
// from under that path, and the page must work there as it does at "/".

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { DIST_DIR, eventually, launchBrowser, openApp } from './helpers.mjs';
import { startServer } from './server.mjs';

const PREFIX = '/tools/crossover/';
const env = { browser: null, baseUrl: null };
let server = null;

before(async () => {
  server = await startServer({ root: DIST_DIR, prefix: PREFIX });
  env.baseUrl = server.url;
  env.browser = await launchBrowser();
});
after(async () => {
  await env.browser?.close();
  await server?.close();
});

test('the page works under a sub-path and loads nothing from outside it', { timeout: 60_000 }, async (t) => {
  assert.ok(env.baseUrl.endsWith(PREFIX));
  // openApp makes its own page; load it again while listening, to see every request.
  const requested = [];
  const app = await openApp(env, t, '?prompt=50000');
  app.page.on('request', (request) => requested.push(new URL(request.url())));
  await app.page.reload();
  await app.waitUntilRendered();
  await app.expectConsistent('under a sub-path');
  assert.equal(await app.quantity('prompt'), 50000, 'the query string is read under a sub-path');

  const sameOrigin = requested.filter((url) => url.origin === server.origin);
  assert.ok(sameOrigin.some((url) => url.pathname.endsWith('.wasm')), 'the wasm was requested');
  const outside = sameOrigin.filter((url) => !url.pathname.startsWith(PREFIX)).map((url) => url.pathname);
  assert.deepEqual(outside, [], 'every asset is requested from under the sub-path');

  // Moving a control keeps the address under the sub-path.
  await app.pressOnSlider('prompt', 'ArrowRight');
  await eventually(async () => assert.ok((await app.page.evaluate(() => location.pathname)).startsWith(PREFIX), 'the rewritten URL stays under the sub-path'));
});
