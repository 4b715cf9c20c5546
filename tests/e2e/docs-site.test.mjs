// A real documentation site embedding figures the way a docs author would: the snippet the
// Embed button copies is pasted into an MkDocs (Material theme) page, the site is built with
// the pinned MkDocs and served from a second origin under a strict Content-Security-Policy (no
// 'unsafe-inline' for scripts or styles, frames only from the explainer's origin). Both frames
// must size themselves to their content, shrink again when content closes, raise no CSP
// violation and no console error on either side, and follow the dark palette.

import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { REPO_ROOT, eventually, openApp, useBrowser } from './helpers.mjs';
import { startServer } from './server.mjs';

const env = useBrowser();
const MKDOCS = process.env.E2E_MKDOCS || path.join(REPO_ROOT, 'target', 'docs-venv', 'bin', 'mkdocs');
const SKIP = !existsSync(MKDOCS) && `no MkDocs at ${MKDOCS} (cargo xtask test installs it)`;
const FIGURES = ['timeline', 'crossing'];

/** What the Embed button of each figure copies, at the settings in `query`. */
async function copiedSnippets(t, query) {
  const app = await openApp(env, t, query, { setup: (_page, context) => context.grantPermissions(['clipboard-read', 'clipboard-write']) });
  // Figure 2's tools, the embed among them, wait for the crossing's prediction.
  await app.reveal('crossing');
  const snippets = {};
  for (const figure of FIGURES) {
    await app.byTestId(`${figure}-embed`).click();
    snippets[figure] = await eventually(async () => {
      const copied = await app.page.evaluate(() => navigator.clipboard.readText());
      assert.match(copied, new RegExp(`<crossover-figure figure="${figure}"`));
      return copied;
    });
    assert.equal(await app.byTestId(`${figure}-embed-code`).inputValue(), snippets[figure], 'the box shows what was copied');
  }
  return snippets;
}

/** Builds examples/docs-site with each marker replaced by its figure's snippet. */
async function buildSite(snippets) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'crossover-docs-'));
  await fs.cp(path.join(REPO_ROOT, 'examples', 'docs-site'), dir, { recursive: true });
  const page = path.join(dir, 'docs', 'index.md');
  let markdown = await fs.readFile(page, 'utf8');
  for (const [figure, snippet] of Object.entries(snippets)) {
    const marker = `<!-- crossover: ${figure} -->`;
    assert.ok(markdown.includes(marker), `docs/index.md has a place for the ${figure} figure`);
    markdown = markdown.replace(marker, snippet);
  }
  await fs.writeFile(page, markdown);
  await promisify(execFile)(MKDOCS, ['build', '--strict', '--quiet', '--config-file', path.join(dir, 'mkdocs.yml'), '--site-dir', path.join(dir, 'site')], {
    env: { ...process.env, NO_MKDOCS_2_WARNING: '1' },
  });
  return { dir, site: path.join(dir, 'site') };
}

/**
 * The policy a careful docs host sends: its own files, its theme's inline scripts by hash (as
 * SECURITY.md advises), the explainer's origin for the host script and for frames, and nothing
 * inline otherwise.
 */
function hostPolicy(html, appOrigin) {
  const hashes = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attrs, body]) => !/\bsrc=/.test(attrs) && !/type="application\/json"/.test(attrs) && body.trim())
    .map(([, , body]) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  return [
    "default-src 'self'",
    `script-src 'self' ${hashes.join(' ')} ${appOrigin}`,
    "style-src 'self'",
    "img-src 'self' data:",
    `frame-src ${appOrigin}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

/** The frame showing `figure` (found by its address, which works in both engines' drivers). */
async function frameOf(page, figure) {
  return eventually(() => {
    const frame = page.frames().find((f) => {
      const url = f.url();
      return url.startsWith('http') && new URL(url).searchParams.get('embed') === figure;
    });
    assert.ok(frame, `a frame shows ${figure}`);
    return frame;
  }, { timeout: 20_000 });
}

/** The frame's height on the host and the height of what it shows, both in CSS pixels. */
async function fit(page, figure) {
  const outer = await page.evaluate((f) => document.querySelector(`crossover-figure[figure="${f}"] iframe`).getBoundingClientRect().height, figure);
  const frame = await frameOf(page, figure);
  const inner = await frame.evaluate(() => {
    const content = document.querySelector('[data-testid="single-figure"]');
    return content ? content.getBoundingClientRect().bottom + scrollY : NaN;
  });
  return { outer, inner, frame };
}

async function fitsWithin(page, figure, pixels = 2) {
  return eventually(async () => {
    const measured = await fit(page, figure);
    assert.ok(Math.abs(measured.outer - measured.inner) <= pixels, `${figure}: the frame is ${measured.outer}px for ${measured.inner}px of content`);
    return measured;
  }, { timeout: 20_000 });
}

test('an MkDocs page under a strict policy shows two pasted figures sized to their content', { timeout: 180_000, skip: SKIP }, async (t) => {
  const snippets = await copiedSnippets(t, '?prompt=20000&decode=40');
  for (const snippet of Object.values(snippets)) {
    assert.doesNotMatch(snippet, /style=|<script>|on[a-z]+=/, 'the snippet holds no inline script, style or handler');
    assert.match(snippet, /^<script src="http:\/\/[^"]+\/embed-[0-9a-f]+\.js" integrity="sha384-[A-Za-z0-9+/]{64}" crossorigin="anonymous"><\/script>\n/);
  }
  assert.match(snippets.timeline, /query="prompt=20000&amp;decode=40"/, 'the settings as they are, & escaped');

  const { dir, site } = await buildSite(snippets);
  t.after(() => fs.rm(dir, { recursive: true, force: true }));
  const appOrigin = new URL(env.baseUrl).origin;
  const html = await fs.readFile(path.join(site, 'index.html'), 'utf8');
  const policy = hostPolicy(html, appOrigin);
  assert.doesNotMatch(policy, /unsafe-inline/);
  const host = await startServer({ root: site, headers: { 'content-security-policy': policy } });
  t.after(() => host.close());
  assert.notEqual(host.origin, appOrigin, 'the docs site is on another origin');

  const context = await env.browser.newContext({ viewport: { width: 1000, height: 800 }, colorScheme: 'dark' });
  t.after(() => context.close());
  // In every frame, host and figures alike, from before their first script.
  await context.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => window.__cspViolations.push(`${location.origin}: ${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'}`));
  });
  const page = await context.newPage();
  const problems = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console.error: ${msg.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  await page.goto(host.url);

  for (const figure of FIGURES) {
    await page.locator(`crossover-figure[figure="${figure}"]`).scrollIntoViewIfNeeded();
    const attributes = await page.evaluate((f) => Object.fromEntries([...document.querySelector(`crossover-figure[figure="${f}"] iframe`).attributes].map((a) => [a.name, a.value])), figure);
    assert.equal(attributes.sandbox, 'allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox allow-downloads');
    assert.equal(attributes.referrerpolicy, 'no-referrer');
    assert.equal(attributes.allow, 'clipboard-write');
    // The host script loads the frame itself once it is near (src/embed.js): no lazy loading
    // of the browser's, which left a frame moved in the page blank.
    assert.equal(attributes.loading, undefined);
    assert.match(attributes.title, /^Crossover: \S/);
    assert.equal(new URL(attributes.src).origin, appOrigin);
    assert.equal(new URL(attributes.src).searchParams.get('embed'), figure);
    await fitsWithin(page, figure);
  }
  const first = await fitsWithin(page, 'timeline');
  const { frame } = first;
  assert.equal(await frame.evaluate(() => new URLSearchParams(location.search).get('prompt')), '20000');

  // Opening the figure's numbers grows the frame; closing them shrinks it back. The reader does
  // this with the figure in view (browsers pause resize observers in cross-origin frames that
  // are out of view, and the tests scrolled past this one).
  await page.locator('crossover-figure[figure="timeline"]').scrollIntoViewIfNeeded();
  // The table sits in the figure's menu: open the menu, then the table; close both again.
  const toggle = () => frame.evaluate(() => {
    const menu = document.querySelector('details.figure-menu');
    const opening = !menu.open;
    if (opening) menu.querySelector('summary').click();
    document.querySelector('details.data > summary').click();
    if (!opening) menu.querySelector('summary').click();
  });
  await toggle();
  const open = await eventually(async () => {
    const now = await fitsWithin(page, 'timeline');
    assert.ok(now.outer > first.outer + 50, `the frame grew with its table (${first.outer} -> ${now.outer})`);
    return now;
  }, { timeout: 20_000 });
  await toggle();
  await eventually(async () => {
    const now = await fitsWithin(page, 'timeline');
    // Fitting the content again (fitsWithin), which is not always the first height to the pixel:
    // Firefox can report one a few pixels short while the figure's text is still laid out.
    assert.ok(now.outer < open.outer - 50 && now.outer < first.outer + 20, `the frame shrank back (${open.outer} -> ${now.outer}, first ${first.outer})`);
  }, { timeout: 20_000 });

  // The theme's dark palette (it follows the system here) and the figures' dark theme agree.
  assert.equal(await page.evaluate(() => document.body.getAttribute('data-md-color-scheme')), 'slate', 'Material is dark');
  for (const figure of FIGURES) {
    const { frame: inside } = await fit(page, figure);
    assert.equal(await inside.evaluate(() => document.documentElement.dataset.theme), 'dark', `${figure} is dark too`);
  }
  // A host that picks the theme itself says so on the element, and the figure follows.
  await page.evaluate(() => document.querySelector('crossover-figure[figure="crossing"]').setAttribute('theme', 'light'));
  await eventually(async () => {
    const { frame: inside } = await fit(page, 'crossing');
    assert.equal(await inside.evaluate(() => document.documentElement.dataset.theme), 'light');
  }, { timeout: 20_000 });
  await fitsWithin(page, 'crossing');

  const frames = page.frames().filter((f) => f !== page.mainFrame());
  assert.equal(frames.length, FIGURES.length, 'one frame per figure, nothing else');
  const violations = [await page.evaluate(() => window.__cspViolations), ...(await Promise.all(frames.map((f) => f.evaluate(() => window.__cspViolations))))];
  assert.ok(violations.every(Array.isArray), 'the violation listener ran on the host and in every frame');
  violations.splice(0, violations.length, ...violations.flat());
  assert.deepEqual(violations, [], 'no Content-Security-Policy violation on the host or in a frame');
  assert.deepEqual(problems, [], 'no console error on either side');
});

test('the host script resizes a frame only for its own frame, its origin and a plausible height', { timeout: 120_000, skip: SKIP }, async (t) => {
  const snippets = await copiedSnippets(t, '?output=120');
  const { dir, site } = await buildSite(snippets);
  t.after(() => fs.rm(dir, { recursive: true, force: true }));
  const host = await startServer({ root: site });
  t.after(() => host.close());
  const context = await env.browser.newContext({ viewport: { width: 1000, height: 800 } });
  t.after(() => context.close());
  const page = await context.newPage();
  await page.goto(host.url);
  for (const figure of FIGURES) {
    await page.locator(`crossover-figure[figure="${figure}"]`).scrollIntoViewIfNeeded();
    await fitsWithin(page, figure);
  }
  const heights = () => page.evaluate(() => [...document.querySelectorAll('crossover-figure iframe')].map((f) => f.style.height));
  const timeline = (await fit(page, 'timeline')).frame;
  const send = (target, height) => target.evaluate((h) => parent.postMessage({ type: 'crossover:height', height: h }, '*'), height);
  // Every height the host gives each frame from now on is recorded: the page inside may report
  // its true height again at any moment (on a busy machine, once its window has grown), so what
  // the host did with each message is looked for among them rather than in the frame's height
  // at one moment.
  await page.evaluate(() => {
    window.crossoverHeightsSet = [[], []];
    document.querySelectorAll('crossover-figure iframe').forEach((frame, i) => {
      new MutationObserver(() => window.crossoverHeightsSet[i]?.push(frame.style.height))
        .observe(frame, { attributes: true, attributeFilter: ['style'] });
    });
  });
  // The host's own window (another origin), and impossible heights from the figure itself.
  await page.evaluate(() => window.postMessage({ type: 'crossover:height', height: 333 }, '*'));
  for (const height of [50, 1e6, 'tall', -500]) await send(timeline, height);
  // Then a plausible height from the timeline's frame, which resizes that frame and no other.
  // Taller than its content: a shorter frame would scroll, narrowing the page inside (in
  // Firefox), which then reports its true height again. The host hears one window's messages in
  // the order they were sent, so once it has taken this one it has judged every false one.
  const plausible = parseFloat((await heights())[0]) + 60.2;
  const expected = `${Math.ceil(plausible)}px`;
  await send(timeline, plausible);
  await eventually(async () => {
    const [first, second] = await page.evaluate(() => window.crossoverHeightsSet);
    assert.ok(first.includes(expected), `the timeline's frame took ${expected}: ${first}`);
    assert.ok(!second.includes(expected), `the other frame did not: ${second}`);
  });
  for (const height of (await page.evaluate(() => window.crossoverHeightsSet)).flat()) {
    assert.ok(!['333px', '50px', '1000000px', '100px', '10000px'].includes(height), `no frame obeyed a false message (${height})`);
  }
});
