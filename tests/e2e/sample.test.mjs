// The measurements section's sample run: a real result file bundled with the page, named by its
// content (sample-run-<hash>.json) and fetched, checked against the integrity hash in its
// <meta name="crossover-sample">, only when a reader asks for it, never as the page loads.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { eventually, openMeasurements, scrollIntoView, useBrowser } from './helpers.mjs';

const env = useBrowser();
const TIMEOUT = { timeout: 120_000 };

test('the sample run is fetched only when asked for, and loads as a file would', TIMEOUT, async (t) => {
  const requested = [];
  const app = await openMeasurements(env, t, '', {
    setup: (page) => page.on('request', (request) => requested.push(new URL(request.url()).pathname)),
  });
  const meta = await app.page.evaluate(() => {
    const m = document.querySelector('meta[name=crossover-sample]');
    return m && { content: m.getAttribute('content'), integrity: m.getAttribute('data-integrity') };
  });
  assert.ok(meta, 'the page names its sample run');
  assert.match(meta.content, /^\.\/sample-run-[0-9a-f]{16}\.json$/, 'named by its content');
  assert.match(meta.integrity, /^sha384-/, 'with its integrity hash');
  assert.equal(requested.filter((p) => p.includes('sample-run')).length, 0, 'not fetched as the page loads');
  assert.equal(requested.filter((p) => p.includes('crossover-worker')).length, 0, 'nor the worker');

  const button = app.byTestId('import-sample');
  await scrollIntoView(button);
  await button.click();
  await eventually(async () => assert.equal(await app.byTestId('import-format').getAttribute('data-value'), 'llmperf'), { timeout: 30_000 });
  assert.equal(requested.filter((p) => p.includes('sample-run')).length, 1, 'fetched once, when asked');
  // Its notes sit in a closed disclosure: read the section's text whether shown or not.
  const results = await app.page.locator('#measurements').evaluate((s) => s.textContent);
  assert.match(results, /150/, 'its 150 requests');
  assert.match(results, /not fitted|none claimed/i, 'one prompt length: no prefill rate');
  assert.match(results, /--stddev-input-tokens/, 'and how to run LLMPerf again to get one');
  assert.match(results, /client's clock/, 'which clock its TTFT is read from');
  assert.equal(await app.byTestId('import-error').isVisible(), false, 'no error');
});
