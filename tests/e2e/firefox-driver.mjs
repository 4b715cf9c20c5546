// The browser tests are written against Playwright's API, which drives Chromium here. Playwright
// cannot drive Debian's Firefox, so for the Firefox pass (E2E_ENGINE=firefox) this file gives
// puppeteer-core's Firefox the same shape: the browser, context, page and locator methods the
// tests call, and nothing more. A test runs unchanged in both engines; a method missing here
// fails loudly ("... is not a function") instead of behaving differently.
//
// Semantics follow Playwright's where the tests rely on them: locators are lazy CSS selector
// chains, resolved anew on every call; an action waits for its element to exist and refuses a
// selector that matches several (Playwright's strict mode); `fill` replaces the text in one
// input event; keys are pressed through the browser's real input (WebDriver BiDi actions), so
// the page sees trusted events.

import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchFirefox } from './firefox.mjs';

/** How long an action waits for its element, as Playwright's default. */
const ACTION_TIMEOUT = 30_000;
/** Playwright's viewport when a context names none. */
const DEFAULT_VIEWPORT = { width: 1280, height: 720 };

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

/**
 * One Firefox process per colour scheme (Firefox sets prefers-color-scheme for the whole
 * browser), started when a context first asks for it, each with its own download folder.
 */
export class FirefoxBrowser {
  #instances = new Map();
  #prefs;

  /** `prefs`: more Firefox preferences, for every instance (the benchmark's timer precision). */
  static async launch({ prefs = {} } = {}) {
    const browser = new FirefoxBrowser();
    browser.#prefs = prefs;
    await browser.#instance('light');
    return browser;
  }

  #instance(colorScheme, reducedMotion = 'no-preference') {
    const key = `${colorScheme}-${reducedMotion}`;
    if (!this.#instances.has(key)) {
      const downloadDir = mkdtempSync(path.join(os.tmpdir(), `crossover-firefox-${key}-`));
      // Like the colour scheme, reduced motion is a whole-browser preference in Firefox.
      const prefs = reducedMotion === 'reduce' ? { ...this.#prefs, 'ui.prefersReducedMotion': 1 } : this.#prefs;
      const launched = launchFirefox({ colorScheme, downloadDir, prefs }).then((browser) => ({ browser, downloads: new Downloads(downloadDir) }));
      this.#instances.set(key, launched);
    }
    return this.#instances.get(key);
  }

  /** The light instance's version ("firefox/153.8.0"), for reports. */
  async version() {
    return (await this.#instance('light')).browser.version();
  }

  async newContext({ viewport = DEFAULT_VIEWPORT, deviceScaleFactor = 1, colorScheme = 'light', reducedMotion } = {}) {
    const { browser, downloads } = await this.#instance(colorScheme, reducedMotion);
    return new FirefoxContext(await browser.createBrowserContext(), { ...viewport, deviceScaleFactor }, downloads);
  }

  async close() {
    for (const launched of this.#instances.values()) {
      const { browser, downloads } = await launched;
      await browser.close();
      downloads.remove();
    }
    this.#instances.clear();
  }
}

/** Files Firefox saves into its download folder, seen as Playwright's download events. */
class Downloads {
  constructor(dir) {
    this.dir = dir;
  }

  /**
   * The next file to appear after this call, once complete: Firefox writes a download into
   * "<name>.part" and moves it onto "<name>" when the last byte is in.
   */
  next(timeout = ACTION_TIMEOUT) {
    const before = new Set(readdirSync(this.dir));
    const deadline = Date.now() + timeout;
    const poll = async () => {
      let last = { name: '', size: -1 };
      for (;;) {
        const names = readdirSync(this.dir);
        const done = names.find((n) => !before.has(n) && !n.endsWith('.part') && !names.includes(`${n}.part`));
        if (done) {
          const file = path.join(this.dir, done);
          // Firefox may also write under a temporary name and rename it when done: a file gone
          // between the listing and here is looked for again under its new name.
          let size = -1;
          try {
            size = statSync(file).size;
          } catch (error) {
            if (error.code !== 'ENOENT') throw error;
          }
          if (size > 0 && done === last.name && size === last.size) return { path: async () => file, suggestedFilename: () => done };
          last = { name: done, size };
        }
        if (Date.now() > deadline) throw new Error(`no download finished in ${timeout} ms (folder holds: ${names.join(', ')})`);
        await sleep(50);
      }
    };
    return poll();
  }

  remove() {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/**
 * Sets a page's viewport. puppeteer's `setViewport` also sends a screen-orientation override,
 * a WebDriver BiDi command Firefox ESR 140.10 does not know, and then fails as a whole; the
 * size and the pixel ratio are then set with the one command Firefox does know.
 */
async function sizeViewport(raw, { width, height, deviceScaleFactor }) {
  try {
    await raw.setViewport({ width, height, deviceScaleFactor });
  } catch (error) {
    if (!/setScreenOrientationOverride/.test(String(error?.message))) throw error;
    await raw.mainFrame().browsingContext.setViewport({ viewport: { width, height }, devicePixelRatio: deviceScaleFactor });
  }
}

/**
 * An error puppeteer reports as the page's own but which no script of the page threw: Firefox
 * ESR 140.10 raises it around a context's init scripts (puppeteer's preload scripts) in a page
 * whose frames are navigated from about:blank to another origin, as a docs page's figures are.
 * Error listeners in the host and in every frame saw nothing when it came, and without an init
 * script it did not come; it carries no stack of any script.
 */
function harnessError(error) {
  const message = String(error?.message ?? '').replace(/^Error: /, '');
  const stack = String(error?.stack ?? '');
  return message === 'Permission denied to access property "length"' && !/https?:\/\//.test(stack);
}

class FirefoxContext {
  #context;
  #viewport;
  #initScripts = [];
  #requestListeners = [];
  #pages = [];

  constructor(context, viewport, downloads) {
    this.#context = context;
    this.#viewport = viewport;
    this.downloads = downloads;
  }

  async newPage() {
    const raw = await this.#context.newPage();
    await sizeViewport(raw, this.#viewport);
    const page = new FirefoxPage(raw, this);
    for (const script of this.#initScripts) await raw.evaluateOnNewDocument(script);
    for (const listener of this.#requestListeners) page.on('request', listener);
    this.#pages.push(page);
    return page;
  }

  async addInitScript(script) {
    this.#initScripts.push(script);
    for (const page of this.#pages) await page.addInitScript(script);
  }

  on(event, listener) {
    if (event !== 'request') throw new Error(`firefox-driver: context.on('${event}') is not supported`);
    this.#requestListeners.push(listener);
    for (const page of this.#pages) page.on('request', listener);
  }

  /**
   * Nothing to grant: the only permissions the tests ask for are the clipboard's, which the
   * profile's dom.events.testing.asyncClipboard preference opens (firefox.mjs).
   */
  async grantPermissions() {}

  async close() {
    await this.#context.close();
  }
}

/** Playwright's key names ("ControlOrMeta+a") as puppeteer's key presses. */
async function pressKeys(keyboard, combination) {
  const parts = combination === '+' ? ['+'] : combination.split('+');
  const key = parts.pop();
  const modifiers = parts.map((m) => (m === 'ControlOrMeta' ? (process.platform === 'darwin' ? 'Meta' : 'Control') : m));
  for (const m of modifiers) await keyboard.down(m);
  await keyboard.press(key);
  for (const m of modifiers.reverse()) await keyboard.up(m);
}

class FirefoxPage {
  #context;
  #frames = new WeakMap();
  #routes = [];

  constructor(raw, context) {
    this.raw = raw;
    this.#context = context;
    this.keyboard = { press: (key) => pressKeys(raw.keyboard, key) };
    // Real pointer input, as Playwright's page.mouse gives it.
    this.mouse = {
      move: (x, y, options) => raw.mouse.move(x, y, options),
      down: () => raw.mouse.down(),
      up: () => raw.mouse.up(),
    };
  }

  context() {
    return this.#context;
  }

  async close() {
    await this.raw.close();
  }

  locator(selector) {
    return new FirefoxLocator(this.raw.mainFrame(), [{ css: selector }]);
  }

  async goto(url) {
    return this.raw.goto(url, { waitUntil: 'load' });
  }

  async reload() {
    return this.raw.reload({ waitUntil: 'load' });
  }

  async evaluate(fn, arg) {
    return this.raw.evaluate(fn, arg);
  }

  // Polled with `evaluate`: puppeteer's own waitForFunction builds its poller with Function(),
  // which the page's Content-Security-Policy refuses in Firefox ESR 140.10.
  async waitForFunction(fn, arg, { timeout = ACTION_TIMEOUT } = {}) {
    const deadline = Date.now() + timeout;
    for (;;) {
      const value = await this.raw.evaluate(fn, arg);
      if (value) return value;
      if (Date.now() > deadline) throw new Error(`waitForFunction: still false after ${timeout} ms`);
      await sleep(50);
    }
  }

  async waitForTimeout(ms) {
    await sleep(ms);
  }

  async addInitScript(script) {
    await this.raw.evaluateOnNewDocument(script);
  }

  /** Puts the page's tab in front: Firefox runs animation frames only there. */
  async bringToFront() {
    await this.raw.bringToFront();
  }

  async screenshot(options) {
    return this.raw.screenshot(options);
  }

  /** Only downloads: the one event the tests wait for. */
  waitForEvent(event) {
    if (event !== 'download') throw new Error(`firefox-driver: waitForEvent('${event}') is not supported`);
    return this.#context.downloads.next();
  }

  mainFrame() {
    return this.#frame(this.raw.mainFrame());
  }

  frames() {
    return this.raw.frames().map((f) => this.#frame(f));
  }

  /** One wrapper per frame, so frames compare equal the way Playwright's do. */
  #frame(raw) {
    if (!this.#frames.has(raw)) this.#frames.set(raw, { url: () => raw.url(), evaluate: (fn, arg) => raw.evaluate(fn, arg) });
    return this.#frames.get(raw);
  }

  on(event, listener) {
    switch (event) {
      case 'console':
        // Puppeteer calls a warning 'warn', Playwright 'warning'; the tests look for 'error'.
        this.raw.on('console', (msg) => listener({ type: () => (msg.type() === 'warn' ? 'warning' : msg.type()), text: () => msg.text() }));
        break;
      case 'pageerror':
        this.raw.on(event, (error) => {
          if (!harnessError(error)) listener(error);
        });
        break;
      case 'dialog':
        this.raw.on(event, listener);
        break;
      case 'request':
        this.raw.on('request', (request) => listener({ url: () => request.url() }));
        break;
      case 'worker':
        this.raw.on('workercreated', (worker) => listener({ url: () => worker.url() }));
        break;
      case 'websocket':
        // WebDriver BiDi reports a websocket's opening request as a request: 'request' sees it.
        break;
      default:
        throw new Error(`firefox-driver: page.on('${event}') is not supported`);
    }
  }

  /**
   * Playwright's request routing over puppeteer's interception: `matcher` is a RegExp or a
   * function of the URL, and the handler gets a route that can fetch the request (from Node)
   * and fulfil it with any body.
   */
  async route(matcher, handler) {
    const matches = matcher instanceof RegExp ? (url) => matcher.test(url) : (url) => matcher(new URL(url));
    this.#routes.push({ matches, handler });
    if (this.#routes.length > 1) return;
    await this.raw.setRequestInterception(true);
    this.raw.on('request', (request) => {
      const route = this.#routes.find((r) => r.matches(request.url()));
      const handled = route ? route.handler(new FirefoxRoute(request)) : request.continue();
      handled.catch((error) => console.error(`firefox-driver: routing ${request.url().slice(0, 200)} failed: ${error.message}`));
    });
  }
}

class FirefoxRoute {
  #request;

  constructor(request) {
    this.#request = request;
  }

  request() {
    return { url: () => this.#request.url() };
  }

  /** The request made from Node instead of the browser (to `url` if given), as Playwright's route.fetch. */
  async fetch({ url } = {}) {
    const response = await fetch(url ?? this.#request.url());
    const body = Buffer.from(await response.arrayBuffer());
    // Node has already undone any compression, and the body may be changed before fulfil.
    const headers = Object.fromEntries([...response.headers].filter(([name]) => !['content-encoding', 'content-length', 'transfer-encoding'].includes(name)));
    return { status: response.status, headers, body: async () => body };
  }

  /** As Playwright's: `headers`, when given, replace the response's. */
  async fulfill({ response, body, headers }) {
    await this.#request.respond({ status: response.status, headers: headers ?? response.headers, body: body ?? (await response.body()) });
  }

  /** Lets the request go on to the server unchanged. */
  async continue() {
    await this.#request.continue();
  }

  /** Fails the request, as a network that refused it would. */
  async abort() {
    await this.#request.abort();
  }
}

/**
 * Finds the elements a chain of steps selects, in the page: each step is a CSS selector applied
 * within every element found so far, or an index into them. Runs in the browser.
 */
function resolveSteps(steps) {
  let found = [document];
  for (const step of steps) {
    if ('css' in step) found = [...new Set(found.flatMap((root) => [...root.querySelectorAll(step.css)]))];
    else found = step.nth < found.length ? [found[step.nth]] : [];
  }
  return found;
}

/**
 * `fn` as a function to run in the page with resolveSteps as its first argument. Built from
 * source text here in Node, since the page's Content-Security-Policy rightly forbids eval there.
 */
function inPage(fn) {
  return new Function('...args', `const resolveSteps = ${resolveSteps}; return (${fn})(resolveSteps, ...args);`);
}

/**
 * Reads or changes the one element a chain selects. Returns { count } unless exactly one
 * element matched, else { value }.
 */
const onElement = inPage((resolveSteps, steps, op, arg) => {
  const found = resolveSteps(steps);
  if (found.length !== 1) return { count: found.length };
  const el = found[0];
  const visible = () => {
    const rect = el.getBoundingClientRect();
    return rect.width > 0 && rect.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  };
  switch (op) {
    case 'getAttribute':
      return { value: el.getAttribute(arg) };
    case 'innerText':
      return { value: el.innerText };
    case 'inputValue':
      return { value: el.value };
    case 'isChecked':
      return { value: el.checked };
    case 'isVisible':
      return { value: visible() };
    case 'focus':
      el.focus();
      return { value: null };
    case 'blur':
      el.blur();
      return { value: null };
    case 'scrollIntoViewIfNeeded': {
      const rect = el.getBoundingClientRect();
      const inView = rect.top >= 0 && rect.left >= 0 && rect.bottom <= innerHeight && rect.right <= innerWidth;
      if (!inView) el.scrollIntoView({ block: 'center', inline: 'center' });
      return { value: null };
    }
    case 'clickPoint': {
      // As Playwright before a click: in view, laid out the same over two frames (sections
      // below the fold render as they come into view and move what follows them), and not
      // covered by another element at its centre. The point, or null to try again.
      const rect = el.getBoundingClientRect();
      if (rect.top < 0 || rect.left < 0 || rect.bottom > innerHeight || rect.right > innerWidth) el.scrollIntoView({ block: 'center', inline: 'center' });
      const frame = () => new Promise((done) => requestAnimationFrame(done));
      return frame()
        .then(frame)
        .then(() => {
          const before = el.getBoundingClientRect();
          return frame().then(() => [before, el.getBoundingClientRect()]);
        })
        .then(([before, after]) => {
          const same = ['x', 'y', 'width', 'height'].every((k) => Math.abs(before[k] - after[k]) < 0.5);
          if (!same || after.width === 0 || after.height === 0) return { value: null };
          const x = after.x + after.width / 2;
          const y = after.y + after.height / 2;
          const hit = document.elementFromPoint(x, y);
          const reaches = hit && (hit === el || el.contains(hit) || hit.closest('label')?.control === el);
          return { value: reaches ? { x, y } : null };
        });
    }
    case 'fill': {
      // As Playwright's fill: select what is there and replace it in one input event, through
      // the editor (so the event is the browser's own), or set the value if it refuses.
      el.focus();
      el.select();
      const edited = arg === '' ? document.execCommand('delete') : document.execCommand('insertText', false, arg);
      if (!edited || el.value !== arg) {
        el.value = arg;
        el.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertFromPaste', data: arg }));
      }
      return { value: null };
    }
    case 'selectOption': {
      // As Playwright's selectOption: the option with this value chosen, then the input and
      // change events a reader's choice fires; false where the list has no such option.
      if (![...el.options].some((o) => o.value === arg)) return { value: false };
      el.value = arg;
      el.dispatchEvent(new Event('input', { bubbles: true }));
      el.dispatchEvent(new Event('change', { bubbles: true }));
      return { value: true };
    }
    default:
      throw new Error(`unknown element operation ${op}`);
  }
});
const countOf = inPage((resolveSteps, steps) => resolveSteps(steps).length);
const innerTextsOf = inPage((resolveSteps, steps) => resolveSteps(steps).map((e) => e.innerText));
const firstOf = inPage((resolveSteps, steps) => resolveSteps(steps)[0]);
const allOf = inPage((resolveSteps, steps) => resolveSteps(steps));

class FirefoxLocator {
  constructor(frame, steps) {
    this.frame = frame;
    this.steps = steps;
  }

  toString() {
    return this.steps.map((s) => ('css' in s ? s.css : `nth=${s.nth}`)).join(' >> ');
  }

  locator(selector) {
    return new FirefoxLocator(this.frame, [...this.steps, { css: selector }]);
  }

  first() {
    return this.nth(0);
  }

  nth(index) {
    return new FirefoxLocator(this.frame, [...this.steps, { nth: index }]);
  }

  async count() {
    return this.frame.evaluate(countOf, this.steps);
  }

  /** Runs `op` on the one matching element, waiting up to `timeout` ms for it to exist. */
  async #on(op, arg, { timeout = ACTION_TIMEOUT, wait = true } = {}) {
    const deadline = Date.now() + timeout;
    for (;;) {
      const result = await this.frame.evaluate(onElement, this.steps, op, arg ?? null);
      if ('value' in result) return result.value;
      if (result.count > 1) throw new Error(`strict mode violation: ${this} matches ${result.count} elements`);
      if (!wait) return undefined;
      if (Date.now() > deadline) throw new Error(`${op}: no element matches ${this} after ${timeout} ms`);
      await sleep(50);
    }
  }

  /** The one matching element as a puppeteer handle, for real pointer and key input. */
  async #handle() {
    await this.#on('getAttribute', 'id'); // waits for exactly one match
    const handle = await this.frame.evaluateHandle(firstOf, this.steps);
    const element = handle.asElement();
    if (!element) throw new Error(`${this} went away`);
    return element;
  }

  async waitFor({ state = 'visible', timeout = ACTION_TIMEOUT } = {}) {
    const deadline = Date.now() + timeout;
    for (;;) {
      const count = await this.count();
      if (count > 1) throw new Error(`strict mode violation: ${this} matches ${count} elements`);
      if (state === 'attached' && count === 1) return;
      if (state === 'detached' && count === 0) return;
      if (state === 'visible' && count === 1 && (await this.isVisible())) return;
      if (state === 'hidden' && (count === 0 || !(await this.isVisible()))) return;
      if (Date.now() > deadline) throw new Error(`waiting for ${this} to be ${state}: timed out after ${timeout} ms`);
      await sleep(50);
    }
  }

  getAttribute(name) {
    return this.#on('getAttribute', name);
  }
  innerText() {
    return this.#on('innerText');
  }
  inputValue() {
    return this.#on('inputValue');
  }
  isChecked() {
    return this.#on('isChecked');
  }
  async isVisible() {
    return (await this.#on('isVisible', null, { wait: false })) ?? false;
  }
  focus() {
    return this.#on('focus');
  }
  blur() {
    return this.#on('blur');
  }
  scrollIntoViewIfNeeded() {
    return this.#on('scrollIntoViewIfNeeded');
  }
  fill(text) {
    return this.#on('fill', String(text));
  }

  /** Sets the files of an <input type=file> from paths, as Playwright's setInputFiles does. */
  async setInputFiles(files) {
    const element = await this.#handle();
    try {
      await element.uploadFile(...[files].flat());
    } finally {
      await element.dispose();
    }
  }

  async allInnerTexts() {
    return this.frame.evaluate(innerTextsOf, this.steps);
  }

  /** `fn` run in the page on every element the chain selects, as an array. */
  async evaluateAll(fn, arg) {
    const all = await this.frame.evaluateHandle(allOf, this.steps);
    try {
      return await all.evaluate(fn, arg);
    } finally {
      await all.dispose();
    }
  }

  async selectOption(value) {
    if (!(await this.#on('selectOption', String(value)))) throw new Error(`selectOption: ${this} has no option ${value}`);
  }

  async evaluate(fn, arg) {
    const element = await this.#handle();
    try {
      return await element.evaluate(fn, arg);
    } finally {
      await element.dispose();
    }
  }

  /** A real click at the element's centre, once it is in view, still and uncovered. */
  async click({ timeout = ACTION_TIMEOUT } = {}) {
    const deadline = Date.now() + timeout;
    for (;;) {
      const point = await this.#on('clickPoint', null, { timeout });
      if (point) return this.frame.page().mouse.click(point.x, point.y);
      if (Date.now() > deadline) throw new Error(`click: ${this} did not come to rest uncovered in ${timeout} ms`);
      await sleep(50);
    }
  }

  /** Clicks a checkbox or radio button unless it is already checked, then insists it is. */
  async check() {
    if (!(await this.isChecked())) await this.click();
    if (!(await this.isChecked())) throw new Error(`check: clicking ${this} did not check it`);
  }

  async press(key) {
    await this.focus();
    await pressKeys(this.frame.page().keyboard, key);
  }

  async pressSequentially(text) {
    await this.focus();
    await this.frame.page().keyboard.type(text);
  }
}
