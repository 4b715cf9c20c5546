// The page's defences as a browser sees them: the Content-Security-Policy holds with no
// violation, every request stays on the page's own origin, every asset carries an integrity hash
// and a tampered wasm file is refused.

import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { DIST_DIR, eventually, loadRuns, onlyIn, openApp, openMeasurements, scrollIntoView, shownText, useBrowser, timeForWhatMustNotHappen, pageSettled } from './helpers.mjs';

const env = useBrowser();
const TIMEOUT = { timeout: 90_000 };
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * Every `<name …>` start tag in `html` (`name` is a regular expression), in document order: its
 * position, its attributes (names lowercased; quoted or not and in any order, since the release
 * build minifies index.html) and, for a script, its body.
 */
function tags(html, name) {
  const found = [];
  for (const m of html.matchAll(new RegExp(`<${name}\\b((?:[^>"']|"[^"]*"|'[^']*')*)>`, 'gi'))) {
    const attrs = {};
    for (const [, key, , dq, sq, bare] of m[1].matchAll(/([^\s=>"'\/]+)(\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+)))?/g)) {
      attrs[key.toLowerCase()] = dq ?? sq ?? bare ?? '';
    }
    const end = m.index + m[0].length;
    const body = name === 'script' ? html.slice(end, html.indexOf('</script>', end)) : '';
    found.push({ index: m.index, whole: m[0], attrs, body });
  }
  return found;
}

/** The policy in a page's CSP <meta> tag, or null. */
function metaPolicy(html) {
  const tag = tags(html, 'meta').find((t) => (t.attrs['http-equiv'] ?? '').toLowerCase() === 'content-security-policy');
  return tag ? tag.attrs.content ?? null : null;
}

/** Directive name -> list of sources. */
function directives(policy) {
  return Object.fromEntries(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name.toLowerCase(), sources]),
  );
}

/**
 * Listens from before the first byte: CSP violations (the DOM event, gathered in the page), and
 * every request, websocket and worker the page starts.
 */
async function watch(page, context, seen) {
  await context.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__cspViolations.push(`${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  context.on('request', (request) => seen.requests.push(request.url()));
  page.on('websocket', (ws) => seen.requests.push(ws.url()));
  page.on('worker', (worker) => seen.requests.push(worker.url()));
  page.on('console', (msg) => {
    if (/Content Security Policy|Content-Security-Policy|integrity/i.test(msg.text())) seen.console.push(msg.text());
  });
}

test('the built page declares a strict policy and loads nothing inline', TIMEOUT, async () => {
  const html = await readFile(path.join(REPO_ROOT, 'dist', 'index.html'), 'utf8');
  const policy = metaPolicy(html);
  assert.ok(policy, 'dist/index.html has a Content-Security-Policy <meta> tag');
  const d = directives(policy);
  assert.deepEqual(d['default-src'], ["'self'"], 'default-src is no wider than self');
  assert.deepEqual(d['script-src'], ["'self'", "'wasm-unsafe-eval'"], 'script-src allows own files and wasm only');
  assert.deepEqual(d['style-src'], ["'self'"], 'style-src allows the own stylesheet only');
  assert.ok(!policy.includes("'unsafe-inline'") && !policy.includes("'unsafe-eval'"), `no unsafe sources: ${policy}`);
  const scripts = tags(html, 'script');
  const links = tags(html, 'link');
  const policyAt = tags(html, 'meta').find((t) => (t.attrs['http-equiv'] ?? '').toLowerCase() === 'content-security-policy').index;
  const stylesheets = links.filter((t) => t.attrs.rel === 'stylesheet');
  assert.ok([...scripts, ...stylesheets].every((t) => policyAt < t.index), 'the policy comes before any script or style');

  // No inline script or style, no inline event handler: the policy needs no hash.
  assert.ok(scripts.length > 0, 'the page has a script');
  for (const { whole, attrs, body } of scripts) {
    assert.match(attrs.src ?? '', /^\.?\/?[^"/:]+\.js$/, `script loads a local file: ${whole.slice(0, 120)}`);
    assert.equal(body.trim(), '', `script has no inline body: ${whole.slice(0, 120)}`);
  }
  assert.doesNotMatch(html, /<style\b/i, 'no inline style element');
  for (const { whole, attrs } of tags(html, '[a-z][a-z0-9-]*')) {
    assert.ok(!('style' in attrs) && !Object.keys(attrs).some((k) => /^on[a-z]+$/.test(k)), `no inline style or handler: ${whole.slice(0, 120)}`);
  }

  // Every script, stylesheet and preload carries an integrity hash (trunk's sha384 default); the
  // wasm's address and hash sit in a <meta> that boot.js fetches from once the lesson is painted.
  const wasmMeta = tags(html, 'meta').filter((t) => t.attrs.name === 'crossover-wasm');
  assert.equal(wasmMeta.length, 1, 'one <meta name="crossover-wasm"> announces the wasm');
  assert.ok(!links.some((t) => (t.attrs.href ?? '').endsWith('.wasm')), 'no link makes the browser fetch the wasm beside the page');
  const assets = [
    ...[...scripts, ...links].filter((t) => t.attrs.src || t.attrs.href).map((t) => ({ tag: t.whole, attrs: t.attrs, url: t.attrs.src || t.attrs.href })),
    ...wasmMeta.map((t) => ({ tag: t.whole, attrs: { integrity: t.attrs['data-integrity'] }, url: t.attrs.content })),
  ];
  const loaded = assets.filter(({ attrs }) => !['icon', 'canonical'].includes(attrs.rel));
  assert.ok(loaded.some((a) => a.url.endsWith('.wasm')) && loaded.some((a) => a.url.endsWith('.css')), 'the wasm and the stylesheet are announced');
  for (const { tag, attrs, url } of loaded) {
    assert.match(attrs.integrity ?? '', /^sha384-[A-Za-z0-9+/=]{64}$/, `${url} carries a sha384 integrity hash: ${tag.slice(0, 120)}`);
    assert.doesNotMatch(url, /^(?:https?:)?\/\//, `${url} is on the page's own origin`);
  }
});

test('SECURITY.md gives hosts the same policy as the page', TIMEOUT, async () => {
  const policy = metaPolicy(await readFile(path.join(REPO_ROOT, 'index.html'), 'utf8'));
  assert.ok(policy, 'index.html has a Content-Security-Policy <meta> tag');
  const doc = await readFile(path.join(REPO_ROOT, 'SECURITY.md'), 'utf8');
  const stated = [...doc.matchAll(/default-src[^\n"]*/g)].map((m) => m[0].trim());
  assert.ok(stated.length >= 3, 'SECURITY.md states the policy for the page and for hosts');
  for (const s of stated) assert.ok(s.startsWith(policy), `SECURITY.md's "${s}" starts with the page's policy "${policy}"`);
  assert.match(doc, /frame-ancestors/, 'SECURITY.md explains frame-ancestors');
});

test("SECURITY.md's cache advice names every file the build does not name by its content", TIMEOUT, async () => {
  const { readdir } = await import('node:fs/promises');
  const doc = await readFile(path.join(REPO_ROOT, 'SECURITY.md'), 'utf8');
  const advice = doc.split('\n- ').find((item) => item.includes('max-age=31536000'));
  assert.ok(advice, 'SECURITY.md advises how long files may be cached');
  // A file named by its content, or a folder (the embeds' drawings) named by all of its files'.
  const unhashed = (await readdir(DIST_DIR)).filter((name) => !/-[0-9a-f]{16}(?:(?:_bg)?\.[a-z]+)?$/.test(name));
  assert.ok(unhashed.includes('index.html'), `the build's files without a hash: ${unhashed}`);
  for (const name of unhashed) assert.ok(advice.includes(`\`${name}\``), `the advice names ${name} among the files to revalidate: ${advice}`);
});

test("SECURITY.md's nginx example keeps the server's headers in its location block", TIMEOUT, async () => {
  const doc = await readFile(path.join(REPO_ROOT, 'SECURITY.md'), 'utf8');
  const block = doc.slice(doc.indexOf('- nginx:')).split('```')[1];
  assert.ok(block, 'SECURITY.md has an nginx example');
  const headers = (text) => [...text.matchAll(/^\s*add_header (\S+) (.*);$/gm)].map((m) => `${m[1]} ${m[2]}`);
  const start = block.indexOf('location');
  const server = headers(block.slice(0, start));
  const location = headers(block.slice(start));
  assert.ok(server.length >= 4 && location.length > server.length, `${server} / ${location}`);
  // nginx drops the server's add_header lines in a location that has its own.
  for (const header of server) assert.ok(location.includes(header), `the location block repeats ${header}`);
});

test('only the workbench may connect to other origins, for its live measurement', TIMEOUT, async () => {
  const policyOf = async (file) => metaPolicy(await readFile(path.join(DIST_DIR, file), 'utf8'));
  const lesson = await policyOf('index.html');
  assert.equal(await policyOf('embed.html'), lesson);
  assert.doesNotMatch(lesson, /connect-src/);
  assert.equal(await policyOf('workbench.html'), lesson.replace("default-src 'self'; ", "default-src 'self'; connect-src 'self' http: https:; "));
});

// The page in its main states; embed and other views are listed here as they appear.
const PAGES = [
  { name: 'the default page', query: '' },
  { name: 'a page with bad values', query: '?prompt=abc&decode=0&wait=-1&output=1e400&model=quantum' },
  { name: 'an embedded figure', query: '?embed=crossing', ready: '[data-testid="crossing-canvas"]' },
  { name: 'the dark theme', query: '', colorScheme: 'dark' },
];

for (const { name, query, ready, colorScheme } of PAGES) {
  test(`${name} runs with no CSP violation and no request off its origin`, TIMEOUT, async (t) => {
    const seen = { requests: [], console: [] };
    const app = await openApp(env, t, query, { ready, colorScheme, setup: (page, context) => watch(page, context, seen) });
    const origin = new URL(env.baseUrl).origin;

    // Use the page a little, so lazily started work (figures, tables, exports) happens too.
    const slider = app.page.locator('input[type="range"]').first();
    await slider.focus();
    await app.page.keyboard.press('PageUp');
    await pageSettled(app.page);

    const violations = await app.page.evaluate(() => window.__cspViolations);
    assert.deepEqual(violations, [], 'no Content-Security-Policy violation');
    assert.deepEqual(seen.console, [], 'no CSP or integrity message in the console');
    assert.ok(seen.requests.some((u) => u.endsWith('.wasm')), 'the wasm was requested (the watch works)');
    const away = seen.requests.filter((u) => !u.startsWith('data:') && !u.startsWith('blob:' + origin) && new URL(u).origin !== origin);
    assert.deepEqual(away, [], `every request stays on ${origin}`);
  });
}

test('a wasm file that does not match its integrity hash is refused', TIMEOUT, async (t) => {
  const context = await env.browser.newContext();
  t.after(() => context.close());
  const page = await context.newPage();
  const errors = [];
  page.on('console', (msg) => errors.push(msg.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  // Serve the real wasm with one byte changed at its end (a custom section would still load).
  await page.route(/\.wasm$/, async (route) => {
    const response = await route.fetch();
    const body = Buffer.from(await response.body());
    body[body.length - 1] ^= 0xff;
    await route.fulfill({ response, body });
  });
  const url = new URL(env.baseUrl);
  await page.goto(url.origin + url.pathname);
  await eventually(async () => assert.ok(errors.some((e) => /integrity|digest/i.test(e)), `the browser names the integrity failure: ${errors.join(' | ')}`), { timeout: 20_000 });
  // The lesson written in at build time stays; the app never takes its place.
  assert.equal(await page.locator('html[data-complete]').count(), 0, 'the tampered app never started');
  assert.equal(await page.locator('#prerendered').count(), 1, 'the prerendered lesson is still there');
  assert.equal(await page.locator('canvas').count(), 0, 'no figure was drawn');
});

// The one script no browser can check is the Web Worker's own copy of the measurements script
// (`new Worker(url)` takes no integrity). Here that copy is changed so that the worker puts a
// link and a `<meta>` refresh before every text it sends with a space in it and before any
// markup it might send, as a hostile host could. The worker sends data and the page builds the
// section from it, escaping every text: the markup must arrive as text, no element of the
// worker's may appear, and the tab must stay where it is.
const HOSTILE = '<a data-testid="worker-link" href="https://example.org/">away</a><meta http-equiv="refresh" content="0;url=https://example.org/">';
const HOSTILE_WORKER = `;(() => {
  if (typeof DedicatedWorkerGlobalScope === 'undefined') return;
  const hostile = ${JSON.stringify(HOSTILE)};
  const taint = (v) => typeof v === 'string'
    ? v.replace(/(?:^|(?<=[\x1c-\x1f]))(?=<|[A-Za-z][^\x1c-\x1f]* )/g, hostile)
    : Array.isArray(v) ? v.map(taint) : v;
  // A global scope's operations are its own properties, not its prototype's.
  const post = self.postMessage;
  self.postMessage = function (message, transfer) {
    return post.call(self, taint(message), transfer);
  };
})();
`;

// Firefox, once requests are intercepted over BiDi, checks a script let through unchanged
// against an empty body and refuses the page's own load of it (see import.test.mjs): the worker
// is changed in Chromium; the markup built from its data is checked natively for both.
const WORKER_ROUTED = { ...TIMEOUT, skip: onlyIn('chromium', "Firefox checks an intercepted script's integrity against an empty body") };

test('a worker whose script was changed to send markup puts no element into the page', WORKER_ROUTED, async (t) => {
  let served = 0;
  const app = await openMeasurements(env, t, '', {
    setup: async (page, context) => {
      // Every load of the script is the worker's (the first, and any after a restart), and
      // each gets the changed copy.
      await context.route(/crossover-worker-[^/]*\.js$/, async (route) => {
        const response = await route.fetch();
        served += 1;
        const body = Buffer.concat([Buffer.from(HOSTILE_WORKER), Buffer.from(await response.body())]);
        return route.fulfill({ response, body });
      });
    },
  });
  const where = () => { const u = new URL(app.page.url()); return u.origin + u.pathname; };
  const start = where();
  const data = path.join(REPO_ROOT, 'tests', 'data', 'bench-results');
  await loadRuns(app, [
    path.join(data, 'llmperf_individual__leaderboard_anyscale_70b.json'),
    path.join(data, 'llmperf_individual__leaderboard_bedrock_70b.json'),
  ]);
  assert.ok(served >= 1, `the worker fetched the changed script (${served} loads)`);
  const offer = app.byTestId('import-compare-pair');
  await offer.waitFor({ state: 'attached', timeout: 30_000 });
  await scrollIntoView(offer);
  await offer.click();
  await app.byTestId('compare-runs').waitFor({ state: 'attached', timeout: 30_000 });
  // The changed worker's markup reached the page, as text, in the results and the comparison.
  for (const place of ['import-results', 'compare-results']) {
    const text = await app.page.locator(`[data-testid="${place}"], .${place}`).first().evaluate((e) => e.textContent);
    assert.ok(text.includes('<a data-testid="worker-link"'), `${place} shows the worker's markup as text: ${text.slice(0, 300)}`);
  }
  await timeForWhatMustNotHappen(app.page, 1_500, 'the worker\'s markup to become elements or move the tab');
  const elements = await app.page.evaluate(() => ({
    links: document.querySelectorAll('[data-testid="worker-link"], a[href^="https://example.org"]').length,
    refreshes: document.querySelectorAll('meta[http-equiv="refresh" i]').length,
  }));
  assert.deepEqual(elements, { links: 0, refreshes: 0 }, 'no element of the worker\'s in the page');
  assert.equal(where(), start, 'the tab stayed on the page');
});

// Every script the page runs as it opens, changed on the host one at a time (the list is the
// built page's own script tags, not written here): the changed copy would mark the page
// (`__tampered`) were it run. None may run, and the page says it could not start. The start
// script holds the page's module and the parts' loader (src/site/one_module.rs), so the page
// imports nothing a browser would fetch without its hash; the note for a start script that never
// ran is the stylesheet's. The measurements worker's script, started later, has its own test above.
const STARTING_SCRIPTS = (() => {
  const page = readFileSync(path.join(DIST_DIR, 'index.html'), 'utf8');
  return [...page.matchAll(/<script[^>]*\ssrc=["']?\.\/([^"'\s>]+\.js)/g)]
    .filter((m) => !/data-host-script|type=["']?text\/plain/.test(m[0]))
    .map((m) => m[1]);
})();

test('the page opens with one script, checked by its hash, and imports no other', TIMEOUT, async () => {
  assert.equal(STARTING_SCRIPTS.length, 1, `scripts the page opens with: ${STARTING_SCRIPTS.join(', ')}`);
  const page = readFileSync(path.join(DIST_DIR, 'index.html'), 'utf8');
  assert.doesNotMatch(page, /modulepreload/, 'no module is preloaded, to be imported unchecked');
  const script = readFileSync(path.join(DIST_DIR, STARTING_SCRIPTS[0]), 'utf8');
  assert.doesNotMatch(script, /^\s*import[\s{*]|\bimport\(/m, 'it imports nothing');
});

for (const name of STARTING_SCRIPTS) {
  test(`${name}, changed on the host, never runs, and the page says it could not start`, TIMEOUT, async (t) => {
    const context = await env.browser.newContext();
    t.after(() => context.close());
    const page = await context.newPage();
    let served = 0;
    await page.route((url) => url.pathname.endsWith(`/${name}`), async (route) => {
      const response = await route.fetch();
      const body = Buffer.concat([Buffer.from(await response.body()), Buffer.from(`\nglobalThis.__tampered = ${JSON.stringify(name)};\n`)]);
      served += 1;
      await route.fulfill({ response, body });
    });
    const url = new URL(env.baseUrl);
    await page.goto(url.origin + url.pathname);
    const said = page.locator('[data-testid="not-started"]');
    await eventually(async () => assert.ok(await said.isVisible(), `${name}: the page says the figures could not start`), { timeout: 15_000 });
    assert.ok(served >= 1, `${name} was asked for`);
    assert.equal(await page.evaluate(() => globalThis.__tampered ?? null), null, `${name}: the changed copy did not run`);
    assert.equal(await page.locator('html[data-complete]').count(), 0, 'the app never started');
    assert.equal(await page.locator('#prerendered').count(), 1, 'the lesson written at build time is still there');
  });
}

test('a stylesheet the host serves changed is refused, and the page that works says nothing of failing to start', TIMEOUT, async (t) => {
  const context = await env.browser.newContext();
  t.after(() => context.close());
  const page = await context.newPage();
  let served = 0;
  await page.route((url) => url.pathname.endsWith('.css'), async (route) => {
    const response = await route.fetch();
    served += 1;
    await route.fulfill({ response, body: Buffer.concat([Buffer.from(await response.body()), Buffer.from('\nbody { color: red; }\n')]) });
  });
  const url = new URL(env.baseUrl);
  await page.goto(url.origin + url.pathname);
  // The app starts without its stylesheet: the start script ran.
  await page.locator('html[data-complete], html[data-builds-on-approach]').waitFor({ state: 'attached', timeout: 30_000 });
  assert.ok(served >= 1, 'the changed stylesheet was served');
  // A refused sheet is none (Chromium) or one without rules (Firefox).
  const styled = await page.evaluate(() => [...document.querySelectorAll('link[rel="stylesheet"]')].map((l) => (l.sheet?.cssRules.length ?? 0) > 0));
  assert.deepEqual(styled, [false], 'the browser refused the stylesheet against its hash');
  const note = page.locator('[data-testid="not-started"]');
  assert.ok((await note.count()) === 0 || !(await note.isVisible()), 'no note says the page did not start');
});

test('a page whose scripts are all as built never shows the note that its start script failed', TIMEOUT, async (t) => {
  const context = await env.browser.newContext();
  t.after(() => context.close());
  const page = await context.newPage();
  const url = new URL(env.baseUrl);
  await page.goto(url.origin + url.pathname);
  await page.locator('html[data-complete], html[data-builds-on-approach]').waitFor({ state: 'attached', timeout: 20_000 });
  // The stylesheet reveals the note 6 s after the page is parsed unless the start script ran.
  await timeForWhatMustNotHappen(page, 6_500, 'the stylesheet to reveal the note that the start script failed');
  assert.equal(await page.locator('[data-testid="not-started"]').isVisible(), false);
});

test('SECURITY.md lists every file the page loads, and the page loads nothing it does not list', TIMEOUT, async (t) => {
  const md = readFileSync(path.join(REPO_ROOT, 'SECURITY.md'), 'utf8');
  const table = md.split('<!-- loaded-files:start -->')[1]?.split('<!-- loaded-files:end -->')[0] ?? '';
  const listed = [...table.matchAll(/^\| `([^`]+)` \|/gm)].map((m) => m[1]);
  assert.ok(listed.length >= 8, `SECURITY.md's list: ${listed.join(', ')}`);
  const pattern = (file) => new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replaceAll('<hash>', '[0-9a-f]+').replaceAll('<n>', '\\d+').replaceAll('<figure>', '[a-z]+').replaceAll('<theme>', '(light|dark)')}$`);
  const requested = new Set();
  const site = new URL(env.baseUrl);
  const app = await openApp(env, t, '?prompt=16000', {
    setup: (page) => page.on('request', (request) => {
      const url = new URL(request.url());
      // Each file by its path in the build (a folder's name included).
      if (url.origin === site.origin && url.pathname.startsWith(site.pathname)) requested.add(url.pathname.slice(site.pathname.length) || 'index.html');
    }),
  });
  // An address with a value builds every section: every part of the lesson is fetched.
  await app.page.locator('html[data-complete]').waitFor({ state: 'attached', timeout: 30_000 });
  // An embedded figure opens its own page, the lesson's without the lesson's text.
  const url = new URL(env.baseUrl);
  await app.page.goto(`${url.origin}${url.pathname}embed.html?embed=timeline`);
  await app.page.locator('[data-testid="timeline-canvas"]').waitFor({ state: 'attached', timeout: 30_000 });
  // The review workbench, the page's other door, on its own page: a link made for the lesson's
  // page is sent on to it, and its body is a part of its own.
  await app.page.goto(`${url.origin}${url.pathname}?workbench=1`);
  await eventually(async () => assert.match(await app.page.evaluate(() => location.pathname), /workbench\.html$/), { timeout: 30_000 });
  await app.page.locator('html[data-workbench][data-complete]').waitFor({ state: 'attached', timeout: 30_000 });
  // The sample run in its measurements: the worker's script and wasm, and the sample itself.
  await app.openDetails('workbench-runs');
  const sample = app.byTestId('import-sample');
  await sample.scrollIntoViewIfNeeded();
  await sample.click();
  await eventually(async () => assert.equal(await app.byTestId('import-format').getAttribute('data-value'), 'llmperf'), { timeout: 30_000 });
  const names = [...requested];
  const unlisted = names.filter((name) => !listed.some((file) => pattern(file).test(name)));
  assert.deepEqual(unlisted, [], `requested but not in SECURITY.md: ${unlisted.join(', ')}`);
  const unrequested = listed.filter((file) => !names.some((name) => pattern(file).test(name)));
  assert.deepEqual(unrequested, [], `in SECURITY.md but never requested: ${unrequested.join(', ')} (requested: ${names.join(', ')})`);
});
