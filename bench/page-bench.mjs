// One page's measurements in Chromium, through Playwright and the DevTools protocol: its
// layout and warm-up, the step series, the drag, memory over many steps, cold loads with the
// bytes they fetched, and the CPU profile and attribution runs. The same class measures our
// page and the Chart.js peer, so both are measured by the same code.

import zlib from 'node:zlib';
import { buildWholePage } from '../tests/e2e/helpers.mjs';
import { summariseHooked, summariseProfile } from './attribution.mjs';
import { attributedSteps, attributionHooks, dragFrames, firstFigureProbe, instrument, manySteps, playFrames, stepSeries } from './in-page.mjs';
import { intervals, median, round, summary, triangle } from './stats.mjs';

/** The two figures both pages draw, by `data-testid`. */
export const FIGURE_IDS = ['timeline-canvas', 'crossing-canvas'];

export class PageBench {
  constructor(name, label, browser, options) {
    this.name = name;
    this.label = label;
    this.browser = browser;
    this.options = options;
    this.result = { name, label };
  }

  async open(url, { probe = false, attribution = false } = {}) {
    const { width, height, dpr } = this.options;
    const context = await this.browser.newContext({ viewport: { width, height }, deviceScaleFactor: dpr });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
    page.on('console', (m) => {
      const text = m.text();
      // A missing file is reported once, from the response, below.
      if (/^Failed to load resource/.test(text)) return;
      if (m.type() === 'error' || m.type() === 'warning') {
        const line = `console.${m.type()}: ${text.slice(0, 300)}`;
        if (!errors.includes(line)) errors.push(line);
      }
    });
    page.on('response', (r) => {
      if (r.status() >= 400) {
        const line = `HTTP ${r.status()}: ${new URL(r.url()).pathname}`;
        if (!errors.includes(line)) errors.push(line);
      }
    });
    await page.addInitScript(instrument);
    // The first figure is the one on the first screen: at a bare address the lesson builds its
    // later sections (Figure 2's among them) only as the reader nears them, so waiting for both
    // figures timed out. The peer page draws both at once, and is timed to the same figure.
    if (probe) await page.addInitScript(firstFigureProbe, FIGURE_IDS.slice(0, 1));
    if (attribution) await page.addInitScript(attributionHooks);
    return { context, page, errors };
  }

  async waitForFigures(page, errors) {
    try {
      await page.waitForFunction(
        (ids) => ids.every((id) => {
          const c = document.querySelector(`canvas[data-testid="${id}"]`);
          return c && c.width > 0 && c.height > 0;
        }),
        FIGURE_IDS,
        { timeout: 30_000, polling: 50 },
      );
    } catch (error) {
      throw new Error(`${this.label}: the figure canvases never appeared: ${error.message}\n${errors.join('\n')}`);
    }
  }

  /** One cold load in a fresh context: first figure, navigation timings, and (first time) bytes. */
  async loadOnce(url) {
    this.loadRuns ||= [];
    const { context, page, errors } = await this.open(url, { probe: true });
    const responses = [];
    page.on('response', (r) => responses.push(r));
    await page.goto(url, { waitUntil: 'load' });
    try {
      await page.waitForFunction(() => window.__bench.firstCanvas, null, { timeout: 30_000, polling: 50 });
    } catch (error) {
      throw new Error(`${this.label}: no figure was drawn: ${error.message}\n${errors.join('\n')}`);
    }
    this.loadRuns.push(
      await page.evaluate(() => {
        const nav = performance.getEntriesByType('navigation')[0];
        const fcp = performance.getEntriesByName('first-contentful-paint')[0];
        const { firstMarkup, firstCanvas } = window.__bench;
        return { firstFigure: Math.min(firstMarkup ?? Infinity, firstCanvas), firstCanvas, domContentLoaded: nav?.domContentLoadedEventEnd, load: nav?.loadEventEnd, fcp: fcp?.startTime ?? null };
      }),
    );
    if (!this.files) {
      await page.waitForLoadState('networkidle').catch(() => {});
      const files = [];
      for (const r of responses) {
        if (r.status() < 200 || r.status() >= 300) continue;
        const body = await r.body().catch(() => null);
        if (!body) continue;
        files.push({
          url: new URL(r.url()).pathname,
          type: (r.headers()['content-type'] || '').split(';')[0],
          raw: body.length,
          gzip: zlib.gzipSync(body, { level: 9 }).length,
          brotli: zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }).length,
        });
      }
      this.files = files;
    }
    await context.close();
  }

  recordLoads() {
    const runs = this.loadRuns;
    const pick = (k) => runs.map((r) => r[k]).filter((v) => typeof v === 'number');
    this.result.load = {
      runs: runs.length,
      firstFigureMs: { median: median(pick('firstFigure')), min: Math.min(...pick('firstFigure')), max: Math.max(...pick('firstFigure')) },
      firstCanvasMs: median(pick('firstCanvas')),
      domContentLoadedMs: median(pick('domContentLoaded')),
      loadEventMs: median(pick('load')),
      firstContentfulPaintMs: median(pick('fcp')),
    };
    const files = this.files;
    const total = (k) => files.reduce((sum, f) => sum + f[k], 0);
    this.result.bytes = { files, requests: files.length, raw: total('raw'), gzip: total('gzip'), brotli: total('brotli') };
  }

  /** Opens the page for the interactive measurements, reads its layout and warms it up. */
  async openWarm(url) {
    const session = await this.open(url);
    const { page, errors } = session;
    await page.goto(url, { waitUntil: 'load' });
    // The whole lesson, every section built, as a reader who has scrolled through it has it.
    await buildWholePage(page, 30_000);
    await this.waitForFigures(page, errors);
    const layout = await page.evaluate((ids) => ({
      canvases: document.querySelectorAll('canvas').length,
      figures: ids.map((id) => {
        const c = document.querySelector(`canvas[data-testid="${id}"]`);
        const r = c.getBoundingClientRect();
        return { id, cssWidth: r.width, cssHeight: r.height, width: c.width, height: c.height };
      }),
      positions: Object.fromEntries(['prompt', 'output', 'prefill', 'decode', 'wait', 'reading'].map((k) => [k, Number(document.querySelector(`[data-testid="${k}-slider"]`)?.value)])),
      domNodes: document.getElementsByTagName('*').length,
    }), FIGURE_IDS);
    this.result.layout = layout;
    this.start = layout.positions;
    for (const [k, v] of Object.entries(this.start)) if (!Number.isFinite(v)) throw new Error(`${this.label}: no [data-testid="${k}-slider"]`);
    // Warm-up, so JIT tiers and lazily built state do not land in the first samples.
    await page.evaluate(stepSeries, triangle(this.start.prompt, 300, 900, 60).map((p) => ['prompt', p]));
    const warm = await page.evaluate(stepSeries, triangle(this.start.prompt, 300, 900, 60).map((p) => ['prompt', p]).reverse());
    this.warmStepP50Ms = median(warm.map((r) => r[0]));
    this.session = session;
  }

  /** The two step series: the prompt slider (every figure depends on it), and round-robin
   * over all six sliders (some change only one figure). */
  stepPlans() {
    const o = this.options;
    const start = this.start;
    const prompt = triangle(start.prompt, 300, 900, o.steps).map((p) => ['prompt', p]);
    const keys = Object.keys(start);
    const paths = Object.fromEntries(keys.map((k) => [k, triangle(start[k], Math.max(0, start[k] - 150), Math.min(1000, start[k] + 150), Math.ceil(o.steps / keys.length))]));
    const mixed = [];
    for (let i = 0; mixed.length < o.steps; i++) for (const k of keys) if (mixed.length < o.steps) mixed.push([k, paths[k][i]]);
    return { prompt, mixed };
  }

  async runSteps(steps) {
    return this.session.page.evaluate(stepSeries, steps);
  }

  recordSteps(plans, rows) {
    const col = (r, i) => r.map((x) => x[i]);
    const keys = Object.keys(this.start);
    this.result.step = {
      prompt: { ...summary(col(rows.prompt, 0)), syncP50: median(col(rows.prompt, 1)), frameWorkP50: median(col(rows.prompt, 3)), render: summary(col(rows.prompt, 4)) },
      allSliders: { ...summary(col(rows.mixed, 0)), syncP50: median(col(rows.mixed, 1)), frameWorkP50: median(col(rows.mixed, 3)), render: summary(col(rows.mixed, 4)) },
      perSlider: Object.fromEntries(keys.map((k) => [k, summary(rows.mixed.filter((_, i) => plans.mixed[i][0] === k).map((r) => r[0]))])),
      // Every step in order, [slider, position, step ms, render ms], for plots and second looks.
      samples: {
        prompt: rows.prompt.map((r, i) => [plans.prompt[i][0], plans.prompt[i][1], round(r[0], 2), round(r[4], 2)]),
        allSliders: rows.mixed.map((r, i) => [plans.mixed[i][0], plans.mixed[i][1], round(r[0], 2), round(r[4], 2)]),
      },
    };
  }

  /**
   * a′. Every other slider of the page (ours only: the deployments lab's, the chip section's) and
   * of the review workbench's page, each measured as the six are: `stepsPerSlider` steps along a
   * triangle around where it starts, in its own units and steps. Each slider is first scrolled to
   * the middle of the screen, so its figures are on screen and drawn at every step, as the six
   * sliders' are beside Figures 1 and 2.
   */
  async otherSliders(workbenchUrl) {
    const o = this.options;
    const stepsPerSlider = Math.max(20, Math.ceil(o.steps / 15));
    const measure = async (page, skip) => {
      const sliders = await page.evaluate((skip) => {
        const seen = new Set();
        return [...document.querySelectorAll('input[type="range"][data-testid$="-slider"]')]
          .map((s) => ({ key: s.dataset.testid.replace(/-slider$/, ''), min: Number(s.min || 0), max: Number(s.max || 100), step: Number(s.step) || 1, value: Number(s.value), disabled: s.disabled }))
          .filter((s) => !s.disabled && !skip.includes(s.key) && !seen.has(s.key) && seen.add(s.key));
      }, skip);
      const out = {};
      for (const s of sliders) {
        await page.evaluate((key) => document.querySelector(`[data-testid="${key}-slider"]`).scrollIntoView({ block: 'center' }), s.key);
        // Indices of the slider's steps, walked within 150 steps (or a sixth of its range) of
        // where it starts; the values sent are those steps' own.
        const last = Math.round((s.max - s.min) / s.step);
        const at = Math.round((s.value - s.min) / s.step);
        const reach = Math.max(2, Math.min(150, Math.round(last / 6)));
        const path = triangle(at, Math.max(0, at - reach), Math.min(last, at + reach), stepsPerSlider).map((i) => [s.key, Number((s.min + i * s.step).toFixed(6))]);
        const rows = await page.evaluate(stepSeries, path);
        out[s.key] = { ...summary(rows.map((r) => r[0])), render: summary(rows.map((r) => r[4])) };
      }
      return out;
    };
    const lesson = await measure(this.session.page, Object.keys(this.start));
    await this.session.page.evaluate(() => window.scrollTo(0, 0));
    const { context, page, errors } = await this.open(workbenchUrl);
    await page.goto(workbenchUrl, { waitUntil: 'load' });
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-complete'), null, { timeout: 30_000 });
    const workbench = await measure(page, []);
    if (errors.length) (this.result.messages ||= []).push(...errors.slice(0, 10));
    await context.close();
    this.result.step.otherSliders = { stepsPerSlider, lesson, workbench };
  }

  /** b. One input per frame; or, with `idle`, the same frames without input (the baseline). */
  async drag(idle) {
    const o = this.options;
    const stamps = await this.session.page.evaluate(dragFrames, idle ? { key: null, positions: [], frames: o.dragFrames } : { key: 'prompt', positions: triangle(this.start.prompt, 300, 900, o.dragFrames), frames: o.dragFrames });
    if (idle) this.idle = intervals(stamps);
    else this.result.drag = { ...intervals(stamps), idle: this.idle, intervals: stamps.slice(1).map((t, i) => round(t - stamps[i], 2)) };
  }

  /** b′. Figure 1's request played in real time, its frames counted as the drag's are (ours only). */
  async play() {
    const played = await this.session.page.evaluate(playFrames, { frames: this.options.dragFrames });
    if (played) this.result.play = { ...intervals(played.stamps), clockSecs: played.clockSecs, intervals: played.stamps.slice(1).map((t, i) => round(t - played.stamps[i], 2)) };
  }

  /** e. JS heap, wasm memory and DOM counters after a forced GC, before and after many steps. */
  async memory() {
    const { context, page } = this.session;
    const cdp = await context.newCDPSession(page);
    const before = await memorySnapshot(page, cdp);
    const path = triangle(this.start.prompt, 200, 950, this.options.memorySteps);
    let elapsed = 0;
    for (let i = 0; i < path.length; i += 1000) elapsed += await page.evaluate(manySteps, { key: 'prompt', positions: path.slice(i, i + 1000) });
    const after = await memorySnapshot(page, cdp);
    this.result.memory = { steps: path.length, stepsMs: elapsed, meanStepMs: elapsed / path.length, before, after };
    await cdp.detach();
  }

  async closeWarm() {
    const { context, errors } = this.session;
    if (errors.length) this.result.messages = errors.slice(0, 20);
    await context.close();
    this.session = null;
  }

  /** CPU profile and attribution hooks over a run of prompt steps, then reading-speed steps. */
  async attribution(url) {
    const o = this.options;
    // CPU profile, no hooks: where the self time goes.
    {
      const { context, page, errors } = await this.open(url);
      await page.goto(url, { waitUntil: 'load' });
      await buildWholePage(page, 30_000);
      await this.waitForFigures(page, errors);
      const start = await page.evaluate(() => Number(document.querySelector('[data-testid="prompt-slider"]').value));
      await page.evaluate(stepSeries, triangle(start, 300, 900, 40).map((p) => ['prompt', p]));
      const cdp = await context.newCDPSession(page);
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await cdp.send('Profiler.start');
      await page.evaluate(stepSeries, triangle(start, 300, 900, o.profileSteps).map((p) => ['prompt', p]));
      const { profile } = await cdp.send('Profiler.stop');
      this.result.profile = summariseProfile(profile, o.profileSteps);
      await cdp.detach();
      await context.close();
    }
    // Attribution hooks: per-figure spans, canvas calls, layout reads.
    {
      const { context, page, errors } = await this.open(url, { attribution: true });
      await page.goto(url, { waitUntil: 'load' });
      await buildWholePage(page, 30_000);
      await this.waitForFigures(page, errors);
      const split = {};
      for (const key of ['prompt', 'reading']) {
        const start = await page.evaluate((k) => Number(document.querySelector(`[data-testid="${k}-slider"]`).value), key);
        const n = Math.max(20, Math.round(o.profileSteps / 2));
        const path = triangle(start, Math.max(0, start - 200), Math.min(1000, start + 200), n);
        const rows = await page.evaluate(attributedSteps, { key, path });
        split[key] = summariseHooked(rows);
      }
      this.result.attribution = split;
      await context.close();
    }
  }
}

async function memorySnapshot(page, cdp) {
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = await cdp.send('Runtime.getHeapUsage');
  const dom = await cdp.send('Memory.getDOMCounters').catch(() => ({}));
  const wasm = await page.evaluate(() => window.__bench.wasmMemory?.buffer?.byteLength ?? null);
  return { jsHeapUsed: heap.usedSize, jsHeapTotal: heap.totalSize, wasmMemory: wasm, domNodes: dom.nodes ?? null, jsEventListeners: dom.jsEventListeners ?? null, documents: dom.documents ?? null };
}
