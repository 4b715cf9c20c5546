// Shared pieces of the browser tests: launching the browser (Debian's Chromium through
// playwright-core, or with E2E_ENGINE=firefox Debian's Firefox through puppeteer-core and
// firefox-driver.mjs, which gives it Playwright's shape), opening the page with a query string, reading the page's test contract (data-testid and
// data-value attributes) and the lesson's linear model, recomputed here independently of the
// Rust code so a test can check the page against it.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';
import { FirefoxBrowser } from './firefox-driver.mjs';
import { startServer } from './server.mjs';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The built page under test: E2E_DIST_DIR when the xtask says, else the repository's dist/. */
export const DIST_DIR = process.env.E2E_DIST_DIR || path.join(REPO_ROOT, 'dist');

// The browser and its flags, shared with the benchmark.
export { CHROMIUM_ARGS, CHROMIUM_PATH };

/** The engine every test file runs in: 'chromium' (the default) or 'firefox'. */
export const ENGINE = process.env.E2E_ENGINE || 'chromium';
if (!['chromium', 'firefox'].includes(ENGINE)) throw new Error(`E2E_ENGINE must be chromium or firefox, not ${ENGINE}`);

/**
 * node:test's `skip` option for a test that can only run in `engine`: false there, elsewhere the
 * reason, which the test report prints beside the skipped test.
 */
export function onlyIn(engine, why) {
  return ENGINE === engine ? false : `${engine} only: ${why}`;
}

/**
 * Every parameter's bounds, default and spoken unit, and the first panel's controls in order,
 * from the code's own table (the native test `params_fixture` writes the file from `Param::ALL`
 * and `Param::REQUEST`): nothing here is copied by hand.
 */
const PARAMS_FILE = JSON.parse(readFileSync(new URL('./params.json', import.meta.url), 'utf8'));
export const PARAMS = PARAMS_FILE.params;

/** The URL keys of the first panel's controls, in the page's order. */
export const KEYS = PARAMS_FILE.request;

/** The page's opening state: the lesson's summariser case. */
export const DEFAULTS = Object.fromEntries(KEYS.map((k) => [k, PARAMS[k].default]));

/** Bounds of each control; Home and End must land on them. */
export const BOUNDS = Object.fromEntries(KEYS.map((k) => [k, [PARAMS[k].min, PARAMS[k].max]]));

/** What a screen reader should hear after each control's number. */
export const UNIT_WORDS = Object.fromEntries(KEYS.map((k) => [k, PARAMS[k].unitWords]));

// Text that means the wasm side crashed: a Rust panic (console_error_panic_hook logs
// "panicked at"), a trap, or an uncaught wasm exception.
const FATAL = /panick|RuntimeError|unreachable/i;

/** The lesson's linear model, for checking readouts against. */
export function model(q) {
  // Everything before prefill: the network, then the server's queue.
  const before = (q.network ?? 0) + q.wait;
  const prefillSecs = q.prompt / q.prefill;
  const decodeSecs = q.output / q.decode;
  return {
    'prefill-time': prefillSecs,
    'decode-time': decodeSecs,
    ttft: before + prefillSecs + 1 / q.decode,
    total: before + prefillSecs + decodeSecs,
    'crossing-ratio': q.prefill / q.decode,
    'crossing-prompt': (q.output * q.prefill) / q.decode,
    bound: prefillSecs > decodeSecs ? 'prefill' : decodeSecs > prefillSecs ? 'decode' : 'balanced',
  };
}

/** A number as the page writes it ("16,000", "2.02"), or NaN. */
export function parseShown(text) {
  return Number(String(text).trim().replace(/[,_\s]/g, ''));
}

/** Relative closeness, for values that went through floating point on both sides. */
export function assertClose(actual, expected, message, relative = 1e-9) {
  const ok = Math.abs(actual - expected) <= relative * Math.max(1, Math.abs(expected));
  assert.ok(ok, `${message}: expected ${expected}, got ${actual}`);
}

/**
 * Checks that a displayed duration ("13 ms", "2.02 s", "1,250 s") is `secs` rounded to the
 * digits it shows: within half a unit of its last digit.
 */
export function assertDurationText(text, secs, message) {
  const match = /^(-?[\d,]+(?:\.(\d+))?)\s*(ms|s)$/.exec(text.trim());
  assert.ok(match, `${message}: "${text}" is not a duration in s or ms`);
  const shown = parseShown(match[1]) / (match[3] === 'ms' ? 1000 : 1);
  const halfDigit = 0.5 * 10 ** -(match[2]?.length ?? 0) / (match[3] === 'ms' ? 1000 : 1);
  assert.ok(Math.abs(shown - secs) <= halfDigit * (1 + 1e-9) + 1e-12, `${message}: "${text}" does not show ${secs} s`);
}

/** Like assertDurationText for a plain number at the front of the text ("133.3", "40,000 tokens"). */
export function assertNumberText(text, value, message) {
  const match = /^(-?[\d,]+(?:\.(\d+))?)/.exec(text.trim());
  assert.ok(match, `${message}: "${text}" does not start with a number`);
  const halfDigit = 0.5 * 10 ** -(match[2]?.length ?? 0);
  assert.ok(Math.abs(parseShown(match[1]) - value) <= halfDigit * (1 + 1e-9), `${message}: "${text}" does not show ${value}`);
}

/**
 * Retries `check` (which throws on failure) until it passes or `timeout` ms pass, then rethrows
 * its last error. The page updates after the event that caused it, so a test waits for the
 * state it expects instead of sleeping.
 */
export async function eventually(check, { timeout = 5000, interval = 25 } = {}) {
  const deadline = Date.now() + timeout;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, interval));
    }
  }
}

export async function launchBrowser() {
  if (ENGINE === 'firefox') return FirefoxBrowser.launch();
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

/**
 * Registers before/after hooks for a test file: one browser for the file, and the page's
 * address. Under `cargo xtask test` the address comes from E2E_BASE_URL; run directly
 * (`node --test tests/e2e/`), the file serves dist/ itself. `skip`, when every test in the file
 * is skipped with that reason, starts no browser.
 */
export function useBrowser({ skip = false } = {}) {
  const env = { browser: null, baseUrl: null };
  let ownServer = null;
  before(async () => {
    if (skip) return;
    env.baseUrl = process.env.E2E_BASE_URL;
    if (!env.baseUrl) {
      ownServer = await startServer({ root: DIST_DIR });
      env.baseUrl = ownServer.url;
    }
    env.browser = await launchBrowser();
  });
  after(async () => {
    await env.browser?.close();
    await ownServer?.close();
  });
  return env;
}

/** A new folder in the temporary directory, named `crossover-<name>-…`, removed when test `t` ends. */
export async function scratchFolder(t, name) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), `crossover-${name}-`));
  t.after(() => fs.rm(dir, { recursive: true, force: true }));
  return dir;
}

/**
 * Opens the page in a fresh context with `query` (e.g. "?prompt=500"), waits until the app
 * has rendered, and returns an App. The test context `t` closes it when the test ends and
 * fails the test if the page panicked or threw at any point. Options: `viewport`, `colorScheme`
 * ('light' or 'dark'), `reducedMotion` ('reduce'), `setup(page, context)`, awaited before the page is loaded, `ready`,
 * a selector to wait for instead of the TTFT readout, and `page`, the page of the build to open
 * (`workbench.html`; by default the lesson's, the folder itself).
 */
export async function openApp(env, t, query = '', { viewport = { width: 1200, height: 900 }, colorScheme, reducedMotion, setup, ready, page: file = '' } = {}) {
  const context = await env.browser.newContext({ viewport, ...(colorScheme ? { colorScheme } : {}), ...(reducedMotion ? { reducedMotion } : {}) });
  const page = await context.newPage();
  const app = new App(page);
  // A test may listen or route before the page loads (requests, CSP reports, the wasm memory).
  if (setup) await setup(page, context);
  page.on('console', (msg) => {
    if (msg.type() === 'error' || FATAL.test(msg.text())) app.consoleErrors.push(`console.${msg.type()}: ${msg.text()}`);
  });
  page.on('pageerror', (error) => app.pageErrors.push(`page error: ${error.stack || error.message}`));
  page.on('dialog', (dialog) => {
    app.dialogs.push(dialog.message());
    dialog.dismiss().catch(() => {});
  });
  t.after(async () => {
    await context.close();
    app.assertHealthy();
  });
  const url = new URL(env.baseUrl);
  await page.goto(url.origin + url.pathname + file + query);
  await app.waitUntilRendered(ready);
  return app;
}

/**
 * Waits until the tab has followed a link to the workbench's page (`workbench` true) or to the
 * lesson: between the two pages the document may have no root element to look at.
 */
export async function arrivedAt(app, workbench) {
  await eventually(async () => {
    const path = await app.page.evaluate(() => (document.documentElement ? location.pathname : null));
    assert.ok(path !== null, 'a page is loaded');
    assert.equal(path.endsWith(WORKBENCH_PAGE), workbench, `arrived: ${path}`);
  }, { timeout: 20_000 });
}

/** The review workbench's own page, beside the lesson's. */
export const WORKBENCH_PAGE = 'workbench.html';

/** The review workbench's way in: its page, once its decision is drawn. */
export const WORKBENCH = { page: WORKBENCH_PAGE, ready: 'html[data-complete] [data-testid="decision"][data-decision]' };

/** Opens the review workbench at `query`'s keys, once its decision is drawn. */
export async function openWorkbench(env, t, query = '', options = {}) {
  const keys = new URLSearchParams(query.replace(/^\?/, ''));
  const search = `${keys}` ? `?${keys}` : '';
  return openApp(env, t, search, { ...WORKBENCH, ...options });
}

/**
 * Opens "Your own measurements", which is the review workbench's: `query`'s keys on the
 * workbench's page, and the workbench's result-files disclosure open, its file picker ready.
 */
export async function openMeasurements(env, t, query = '', options = {}) {
  const app = await openWorkbench(env, t, query, options);
  await app.openDetails('workbench-runs');
  await app.byTestId('import-file').waitFor({ state: 'attached' });
  return app;
}

/** Opens the chip calculator, which is the review workbench's, at `query`'s keys. */
export async function openChips(env, t, query = '', options = {}) {
  const app = await openWorkbench(env, t, query, options);
  await app.openDetails('workbench-chips');
  await app.byTestId('hw-throughput').waitFor({ state: 'attached' });
  return app;
}

/**
 * The text a reader sees in an element, reading all of it as they would by scrolling through.
 * Parts far from the viewport are not rendered (content-visibility: auto) and innerText reads
 * only rendered text, so the element is scrolled into view and, for the read, the parts inside
 * it (or around it) that are still skipped are rendered as if the reader had come near them.
 */
export async function shownText(locator) {
  await scrollIntoView(locator);
  return locator.evaluate(renderedText);
}

/** The whole page's text as a reader scrolling through it sees it (see `shownText`). */
export async function wholePageText(page) {
  return page.locator('body').evaluate(renderedText);
}

/** In the page: `element`'s innerText with every part in or around it rendered for the read. */
function renderedText(element) {
  const around = [];
  for (let e = element.parentElement; e; e = e.parentElement) around.push(e);
  const skipped = [...around, element, ...element.querySelectorAll('*')].filter((e) => getComputedStyle(e).contentVisibility === 'auto');
  for (const e of skipped) e.style.contentVisibility = 'visible';
  const text = element.innerText;
  for (const e of skipped) e.style.contentVisibility = '';
  return text;
}

/**
 * Makes the page build every section and waits until it is complete. At its defaults the page
 * builds a section only when the reader comes near it (src/ui/arrival/stages.rs; the root is marked
 * `data-builds-on-approach`), so this scrolls down a screen at a time, as a reader would, then
 * back to the top. An address with values in it builds everything by itself: no scrolling then.
 */
export async function buildWholePage(page, timeout = 20_000) {
  const complete = () => page.evaluate(() => document.documentElement.hasAttribute('data-complete'));
  const until = Date.now() + timeout;
  let scrolled = false;
  while (!(await complete()) && Date.now() < until) {
    // One look at the page per step, so it cannot start between two looks.
    const step = await page.evaluate(async () => {
      if (!document.documentElement.hasAttribute('data-builds-on-approach')) {
        // Not yet started (the lesson is still the prerendered one), or a page that builds
        // everything it shows by itself.
        return document.getElementById('app') || !document.getElementById('prerendered') ? 'builds-itself' : 'starting';
      }
      const atEnd = window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
      window.scrollTo(0, atEnd ? 0 : window.scrollY + window.innerHeight);
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 20))));
      return 'scrolled';
    });
    if (step === 'builds-itself') break;
    if (step === 'starting') await new Promise((done) => setTimeout(done, 50));
    scrolled ||= step === 'scrolled';
  }
  if (scrolled) await page.evaluate(() => window.scrollTo(0, 0));
}

/**
 * Waits until the figure on the canvas with test id `id` has been drawn and its drawing is
 * current. The page marks a canvas `data-drawn` once it is first drawn and `data-stale` while
 * what it shows has changed since (a figure is drawn at the next animation frame, or once the
 * controls are still when it is off screen). The page hears an input in a task and its effects
 * run in microtasks after it, so a frame and a task go by first: by then a change the test has
 * just made has marked the canvas stale.
 */
export async function figureDrawn(page, id, timeout = 20_000) {
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0))));
  await page.locator(`canvas[data-testid="${id}"][data-drawn]:not([data-stale])`).waitFor({ state: 'attached', timeout });
}

/**
 * Waits until every figure the page has drawn is current (none marked stale, see
 * `figureDrawn`) and the address bar has been written: the page is at rest after the last input.
 * A figure never drawn (folded away, or in a part the browser has not laid out) has no size to
 * be drawn at, and stays stale until it has: it is not waited for.
 */
export async function pageSettled(page, timeout = 20_000) {
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0))));
  await page.waitForFunction(() => !document.querySelector('canvas[data-drawn][data-stale]') && !document.documentElement.hasAttribute('data-url-pending'), null, { timeout });
}

/**
 * The one fixed wait in the tests, for a test that checks that something does *not* happen: the
 * time given for it to happen (an injected handler to fire, an idle page to fetch a part), with
 * `what` saying what was given that time. Every other wait waits for what it then reads.
 */
export async function timeForWhatMustNotHappen(page, ms, what) {
  assert.ok(typeof what === 'string' && what.length > 0, 'a fixed wait says what it gives time to');
  await page.waitForTimeout(ms);
}

/** The share of pixels that differ clearly between two PNG screenshots of the same size. */
export async function pixelsApart(page, a, b) {
  return page.evaluate(async ([a, b]) => {
    const pixels = async (base64) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const image = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
      const canvas = new OffscreenCanvas(image.width, image.height);
      const context = canvas.getContext('2d');
      context.drawImage(image, 0, 0);
      return context.getImageData(0, 0, image.width, image.height);
    };
    const [one, two] = [await pixels(a), await pixels(b)];
    if (one.width !== two.width || one.height !== two.height) return { apart: 1, inked: 0 };
    let apart = 0;
    let inked = 0;
    for (let i = 0; i < one.data.length; i += 4) {
      const differ = [0, 1, 2].some((c) => Math.abs(one.data[i + c] - two.data[i + c]) > 64);
      if (differ) apart++;
      if (one.data[i] < 200 || one.data[i + 1] < 200 || one.data[i + 2] < 200) inked++;
    }
    const count = one.data.length / 4;
    return { apart: apart / count, inked: inked / count };
  }, [Buffer.from(a).toString('base64'), Buffer.from(b).toString('base64')]);
}

/** Scrolls an element into view and waits until the browser has rendered it there. */
export async function scrollIntoView(locator) {
  await locator.scrollIntoViewIfNeeded();
  // Whether a section is near the viewport is decided when a frame renders; two frames on,
  // its content is laid out.
  await locator.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/** The page under test, read through its test contract. */
export class App {
  constructor(page) {
    this.page = page;
    this.consoleErrors = [];
    this.pageErrors = [];
    this.dialogs = [];
  }

  byTestId(id) {
    return this.page.locator(`[data-testid="${id}"]`);
  }
  slider(key) {
    return this.byTestId(`${key}-slider`);
  }
  input(key) {
    return this.byTestId(`${key}-input`);
  }

  /**
   * Waits for the app to render: the whole page built (the root's data-complete; sections below
   * the first screen are built after the first paint) with the TTFT readout holding its value,
   * or in views without it (an embedded figure) the element `ready` selects.
   */
  async waitUntilRendered(ready = 'html[data-complete] [data-testid="ttft"][data-value]') {
    try {
      if (ready.includes('data-complete')) await buildWholePage(this.page);
      await this.page.locator(ready).first().waitFor({ state: 'attached', timeout: 20_000 });
    } catch (error) {
      // A page that never renders usually crashed first: say why.
      const why = [...this.pageErrors, ...this.consoleErrors].join('\n') || '(no console or page errors)';
      throw new Error(`the app did not render ${ready}: ${error.message}\n${why}`);
    }
  }

  /** A panic or an uncaught error anywhere in the test fails it. */
  assertHealthy() {
    const fatal = [...this.pageErrors, ...this.consoleErrors.filter((e) => FATAL.test(e))];
    assert.deepEqual(fatal, [], 'the page panicked or threw');
  }

  /** A readout: its unrounded `data-value` (as a number, and as written) and its visible text. */
  async readout(id) {
    const element = this.byTestId(id);
    const raw = await element.getAttribute('data-value');
    const text = (await shownText(element)).trim();
    return { raw, value: Number(raw), text };
  }

  /**
   * Answers the page's predictions without guessing ("Show them anyway"): `which` is
   * 'crossing' (the first half), 'crossover' (the second), 'h200' (the chip section's), 'both'
   * (the two halves') or 'all'. Until then the page holds no readout, caption or table that
   * states the answer.
   */
  async reveal(which = 'both') {
    const buttons = {
      crossing: ['crossing-reveal'],
      crossover: ['race-reveal'],
      h200: ['hw-reveal'],
      both: ['crossing-reveal', 'race-reveal'],
      all: ['crossing-reveal', 'race-reveal', 'hw-reveal'],
    }[which];
    for (const id of buttons) {
      const button = this.byTestId(id);
      if ((await button.count()) > 0 && (await button.isVisible())) {
        await scrollIntoView(button);
        await button.click();
        await button.waitFor({ state: 'hidden' });
      }
    }
  }

  /** Opens one of the deployments lab's disclosures (by its test id) and waits for its body. */
  async openDetails(id) {
    const details = this.byTestId(id);
    if (!(await details.evaluate((d) => d.open))) {
      // Its own summary, not one of a disclosure inside it.
      await scrollIntoView(details.locator(':scope > summary'));
      await details.locator(':scope > summary').click();
    }
    await eventually(async () => assert.ok(await details.evaluate((d) => d.open && d.children.length > 1), `${id} opens`));
  }

  /**
   * The whole page as a reviewer who has answered both predictions and opened every disclosure
   * sees it: every readout, table, figure tool and slider written, each figure's table filled.
   */
  async openEverything() {
    await this.reveal('both');
    // A disclosure's body is written when it opens, and may hold disclosures of its own: open
    // until none is left closed.
    await eventually(async () => {
      const opened = await this.page.evaluate(() => {
        const closed = [...document.querySelectorAll('details:not([open])')];
        closed.forEach((d) => { d.open = true; });
        return closed.length;
      });
      assert.equal(opened, 0, `${opened} disclosures were still closed`);
    }, { timeout: 15_000, interval: 250 });
    // Each figure's table is written when its disclosure opens.
    await this.page.waitForFunction(() => [...document.querySelectorAll('details.data table')].every((t) => t.querySelector('tbody tr')));
  }

  /** Every readout the model predicts, by test id (the crossing's once its prediction is answered). */
  async readouts() {
    await this.reveal('crossing');
    const ids = ['ttft', 'total', 'prefill-time', 'decode-time', 'crossing-ratio', 'crossing-prompt'];
    const entries = await Promise.all(ids.map(async (id) => [id, await this.readout(id)]));
    return Object.fromEntries(entries);
  }

  /**
   * The current quantity of a control: the unrounded value its number input carries in
   * `data-value` (a value handed from a run or a chip has more digits than the field shows),
   * checked against the text the field shows.
   */
  async quantity(key) {
    const input = this.input(key);
    const [text, raw] = [await input.inputValue(), await input.getAttribute('data-value')];
    const value = Number(raw);
    assert.ok(raw !== null && Number.isFinite(value), `${key}-input carries data-value "${raw}", not a number`);
    assert.ok(Number.isFinite(parseShown(text)), `${key}-input shows "${text}", not a number`);
    return value;
  }

  async quantities() {
    const values = await Promise.all(KEYS.map((k) => this.quantity(k)));
    return Object.fromEntries(KEYS.map((k, i) => [k, values[i]]));
  }

  /**
   * Waits until every readout, and the prefill/decode verdict, agrees with the model evaluated
   * on the number inputs, and returns those inputs.
   */
  async expectConsistent(message = 'readouts') {
    return eventually(async () => {
      const q = await this.quantities();
      const expected = model(q);
      const shown = await this.readouts();
      for (const [id, { value, text }] of Object.entries(shown)) {
        assertClose(value, expected[id], `${message}: ${id} data-value at ${JSON.stringify(q)}`);
        if (id === 'crossing-ratio' || id === 'crossing-prompt') assertNumberText(text, value, `${message}: ${id} text`);
        else assertDurationText(text, value, `${message}: ${id} text`);
      }
      const bound = await this.byTestId('bound').getAttribute('data-value');
      assert.equal(bound, expected.bound, `${message}: bound at ${JSON.stringify(q)}`);
      return q;
    });
  }

  /** The slider's position and what it announces. */
  async sliderState(key) {
    const slider = this.slider(key);
    return { position: Number(await slider.inputValue()), valueText: await slider.getAttribute('aria-valuetext') };
  }

  /**
   * Waits until the figure on canvas `id` is drawn and shows what its inputs say now (see
   * `figureDrawn`), then returns a fingerprint of its pixels, with its backing-store size and
   * colour count. With `look`, the figure is scrolled into view first, as a reader looks at it:
   * Firefox lays out no section far from the screen, so a figure there whose inputs changed is
   * redrawn only once it is near.
   */
  async canvasFingerprint(id, { look = false } = {}) {
    if (look) await scrollIntoView(this.byTestId(id));
    await figureDrawn(this.page, id);
    return this.page.evaluate((testId) => {
      const canvas = document.querySelector(`[data-testid="${testId}"]`);
      if (!(canvas instanceof HTMLCanvasElement)) throw new Error(`no canvas [data-testid="${testId}"]`);
      const url = canvas.toDataURL('image/png');
      // FNV-1a over the PNG's text: equal pictures give equal hashes, any changed pixel
      // almost surely a different one.
      let hash = 0x811c9dc5;
      for (let i = 0; i < url.length; i++) {
        hash ^= url.charCodeAt(i);
        hash = Math.imul(hash, 0x01000193);
      }
      const colours = new Set();
      const context = canvas.getContext('2d');
      if (context && canvas.width > 0 && canvas.height > 0) {
        const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
        for (let i = 0; i < data.length && colours.size < 64; i += 4 * 97) colours.add(`${data[i]},${data[i + 1]},${data[i + 2]},${data[i + 3]}`);
      }
      return { hash: (hash >>> 0).toString(16), width: canvas.width, height: canvas.height, colours: colours.size };
    }, id);
  }

  /** Visible notices (there may be one element or several), joined. */
  async noticeText() {
    const notices = this.byTestId('notice');
    const texts = [];
    for (let i = 0; i < (await notices.count()); i++) {
      if (await notices.nth(i).isVisible()) texts.push((await notices.nth(i).innerText()).trim());
    }
    return texts.join('\n');
  }

  /** The page's visible text without the notices, which quote back what the URL said. */
  async textOutsideNotices() {
    return this.page.evaluate(() => {
      // Sections out of view skip rendering (content-visibility: auto), and innerText leaves
      // unrendered text out; render them all for this one read so every word is checked.
      const skipped = [...document.querySelectorAll('main > section')];
      for (const section of skipped) section.style.contentVisibility = 'visible';
      let text = document.body.innerText;
      for (const section of skipped) section.style.contentVisibility = '';
      for (const notice of document.querySelectorAll('[data-testid="notice"]')) {
        const quoted = notice.innerText;
        if (quoted) text = text.split(quoted).join('');
      }
      return text;
    });
  }

  /** The page's current query string, as key -> value. */
  async query() {
    // The page writes the address a moment after the controls stop; wait for that write.
    await this.page.locator('html:not([data-url-pending])').waitFor({ state: 'attached', timeout: 10_000 });
    return Object.fromEntries(new URLSearchParams(await this.page.evaluate(() => location.search)));
  }

  /** Focuses a slider and presses `key` on it. */
  async pressOnSlider(control, key) {
    await this.slider(control).focus();
    await this.page.keyboard.press(key);
  }

  /** Types into a number input as a person would: select what is there, then type. */
  async typeInto(control, text) {
    const input = this.input(control);
    await input.click();
    await input.press('ControlOrMeta+a');
    if (text === '') await input.press('Backspace');
    else await input.pressSequentially(text);
  }
}

/** A JSON-lines result file of `runs` vLLM runs of two requests each, every run the same. */
export function manyRunsFile(runs) {
  const line = JSON.stringify({ backend: 'vllm', input_lens: [100, 900], output_lens: [20, 30], ttfts: [0.1, 0.2], itls: [[0.01], [0.02]], errors: ['', ''], completed: 2 });
  return `${line}\n`.repeat(runs);
}

/**
 * The measurements worker's wasm memory in bytes, read inside the worker (Chromium: Playwright
 * reaches a page's workers there). Wasm memory only grows, so this is the most the worker has
 * held since it started. `null` while no worker runs.
 */
export async function workerWasmBytes(page) {
  const worker = page.workers().find((w) => w.url().includes('crossover-worker'));
  if (!worker) return null;
  // The worker's script leaves the promise of its wasm's functions, this probe among them.
  return worker.evaluate(async () => (await self.crossoverMeasurements).wasm_memory_bytes());
}

/**
 * Chooses run `index` in the measurements section's list the way the reader does, and waits
 * until the results below show that run (the results say which, in `data-shown`): readouts read
 * before then are the last run's.
 */
export async function chooseRun(app, index) {
  await app.byTestId('import-run').selectOption(String(index));
  await app.page.locator(`[data-testid="import-results"][data-shown="${index}"]`).waitFor({ state: 'attached', timeout: 10_000 });
}

/** Chooses `paths` in the measurements section's file picker and waits for their runs in the list. */
export async function loadRuns(app, paths) {
  await app.byTestId('import-file').waitFor({ state: 'attached' });
  await app.byTestId('import-file').setInputFiles(paths);
  await eventually(async () => assert.equal(await app.byTestId('import-run').locator('option').count(), paths.length), { timeout: 60_000 });
}

/** Uses the chosen run as side `which` ('a' or 'b') with its first token at `percentile`. */
export async function useRunAs(app, which, percentile = 'p50') {
  await app.byTestId('import-percentile').selectOption(percentile);
  // The worker draws the chosen run's figures above the buttons, and each canvas takes its
  // height as it is drawn: until all are, the buttons still move, and a click aimed at one can
  // land beside it.
  await eventually(async () => {
    const undrawn = await app.page.evaluate(() => [...document.querySelectorAll('[data-testid="import-results"] canvas')].filter((c) => !c.hasAttribute('data-drawn')).length);
    assert.equal(undrawn, 0, "the run's figures are drawn");
  }, { timeout: 30_000 });
  const button = app.byTestId(`import-use-${which}`);
  await scrollIntoView(button);
  await button.click();
  const said = await eventually(async () => {
    const text = await app.byTestId('import-applied').evaluate((e) => e.textContent);
    assert.match(text, new RegExp(`^(${which.toUpperCase()} is now |That side could not be set)`));
    return text;
  }, { timeout: 30_000 });
  assert.match(said, new RegExp(`^${which.toUpperCase()} is now `), `Use as ${which.toUpperCase()} was answered`);
}

/**
 * Every figure of the page in page order, from the code's own lists (`Figure::ALL`, written out
 * by the native test `figure_controls`): its slug, its own controls (an embed's and a
 * presentation's) and every input that moves it, with the arrow key that does.
 */
export const FIGURE_TABLE = JSON.parse(readFileSync(new URL('./figure-controls.json', import.meta.url), 'utf8'));
