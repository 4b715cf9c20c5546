// Lighthouse's accessibility score must be 100 for the built page. Runs the Lighthouse CLI
// (npm `lighthouse`, pinned in package.json) against the served dist/ with Debian's Chromium,
// headless, with no network beyond this machine.
//
// Alone: node --test tests/e2e/lighthouse.test.mjs (serves dist/ itself).

import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { CHROMIUM_PATH, onlyIn } from './helpers.mjs';
import { startServer } from './server.mjs';

const run = promisify(execFile);
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const CLI = path.join(REPO_ROOT, 'node_modules', 'lighthouse', 'cli', 'index.js');

// The same isolation as the other browser tests: no GPU, no sandbox (root in a container), no
// traffic of Chromium's own.
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'];

// Lighthouse audits through Chromium only; the Chromium pass runs it.
const SKIP = onlyIn('chromium', 'Lighthouse audits through Chromium only');

/** Pages scored; extend as views land. */
const PAGES = [
  { name: 'default', query: '' },
  { name: 'bad input', query: '?prompt=abc&decode=0&wait=-1&output=1e400&model=quantum' },
  { name: 'embed', query: 'embed.html?embed=crossing' },
  { name: 'embed, by the lesson\'s address', query: '?embed=crossing' },
];

let baseUrl = process.env.E2E_BASE_URL;
let ownServer = null;
before(async () => {
  if (!baseUrl) {
    ownServer = await startServer({ root: path.join(REPO_ROOT, 'dist') });
    baseUrl = ownServer.url;
  }
});
after(async () => ownServer?.close());

for (const { name, query } of PAGES) {
  test(`Lighthouse accessibility is 100: ${name}`, { timeout: 240_000, skip: SKIP }, async (t) => {
    const url = new URL(baseUrl);
    const target = url.origin + url.pathname + query;
    const { stdout } = await run(
      process.execPath,
      [CLI, target, '--only-categories=accessibility', '--output=json', '--output-path=stdout', '--quiet', `--chrome-flags=${CHROME_FLAGS.join(' ')}`],
      { env: { ...process.env, CHROME_PATH: CHROMIUM_PATH }, maxBuffer: 64 * 1024 * 1024, timeout: 200_000 },
    );
    const report = JSON.parse(stdout);
    assert.equal(report.runtimeError, undefined, `Lighthouse ran: ${JSON.stringify(report.runtimeError)}`);
    const score = report.categories.accessibility.score;
    const failing = Object.values(report.audits)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'manual')
      // Which elements, so a failure says where to look.
      .map((a) => `${a.id}: ${a.title}${(a.details?.items ?? []).slice(0, 5).map((i) => `\n  ${i.node?.selector ?? ''} ${i.node?.snippet ?? ''}`).join('')}`);
    t.diagnostic(`${name}: Lighthouse ${report.lighthouseVersion} accessibility ${Math.round(score * 100)}`);
    assert.equal(score, 1, `accessibility score ${Math.round(score * 100)}; failing audits:\n${failing.join('\n')}`);
  });
}
