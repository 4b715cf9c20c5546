// Tests that time the page's own thread. They run alone, after the other files (cargo xtask
// test runs every `*.alone.test.mjs` one at a time once the rest, run side by side, are done):
// another file's browser busy on the same cores would hold this page's thread too, and the
// timing would measure the machine, not the page.

import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { REPO_ROOT, eventually, openMeasurements, scratchFolder, useBrowser } from './helpers.mjs';

const env = useBrowser();
const TIMEOUT = { timeout: 90_000 };
const VLLM = 'vllm_benchmark_serving_detailed__aurotripathy_llama3.1-70b-fp8_conc256.json';

test('a 5 MB model name is cut where it is read, and the page stays responsive while it loads', TIMEOUT, async (t) => {
  const run = JSON.parse(await readFile(path.join(REPO_ROOT, 'tests', 'data', 'bench-results', VLLM), 'utf8'));
  const name = 'M'.repeat(5_000_000);
  run.model_id = name;
  run.tokenizer_id = name;
  const dir = await scratchFolder(t, 'long-name');
  const big = path.join(dir, 'long-model-name.json');
  await fs.writeFile(big, JSON.stringify(run));

  const app = await openMeasurements(env, t);
  // The longest the page's own thread went without running a 10 ms timer: a frozen page shows
  // as a long gap, in either engine (Firefox has no long-task entries).
  await app.page.evaluate(() => {
    window.__longestGapMs = 0;
    let last = performance.now();
    window.__gapTimer = setInterval(() => {
      const now = performance.now();
      window.__longestGapMs = Math.max(window.__longestGapMs, now - last);
      last = now;
    }, 10);
  });
  await app.byTestId('import-file').setInputFiles(big);
  await eventually(async () => assert.equal(await app.byTestId('import-format').getAttribute('data-value'), 'vllm'), { timeout: 30_000 });
  assert.equal((await app.readout('fit-records')).value, 100, 'the run itself is read as usual');
  const longestGapMs = await app.page.evaluate(() => {
    clearInterval(window.__gapTimer);
    return window.__longestGapMs;
  });
  assert.ok(longestGapMs < 200, `the page's thread was never held for 200 ms or more (longest gap ${longestGapMs.toFixed(0)} ms)`);

  const option = await app.byTestId('import-run').evaluate((select) => select.options[0].textContent);
  assert.ok(option.includes('MMM') && option.includes('…'), `the run is named by its model, cut with an ellipsis: ${option.slice(0, 200)}`);
  assert.ok(option.length < 300, `the run's name is short (${option.length} characters)`);
  const markup = await app.page.locator('#measurements').evaluate((section) => section.innerHTML.length);
  assert.ok(markup < 200_000, `the section's markup stays small (${markup} characters)`);
});
