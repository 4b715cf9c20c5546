// The harness's code that runs inside the measured pages. Each function here is handed to
// Playwright (`addInitScript` or `page.evaluate`), which sends its source text to the page, so
// none may use anything from this module's scope: they talk to each other only through
// `window.__bench`, which `instrument` sets up before any page script runs.

// ---- installed before the page's own scripts -------------------------------------------------

// Installed before any page script. Keeps the original requestAnimationFrame for the harness
// and wraps the page's, so the harness knows whether the page has queued frame work and when
// that work started; grabs the wasm memory from Trunk's start-up event.
export function instrument() {
  const b = (window.__bench = { pending: new Set(), frameWorkStart: null, wasmMemory: null });
  const raf = window.requestAnimationFrame.bind(window);
  const caf = window.cancelAnimationFrame.bind(window);
  b.raf = raf;
  // The next task: a message to itself through one channel, kept for the page's life (a new
  // MessageChannel per step would leave thousands of ports and listeners behind).
  const channel = new MessageChannel();
  const waiting = [];
  channel.port1.onmessage = () => waiting.shift()?.();
  b.nextTask = () => new Promise((resolve) => {
    waiting.push(resolve);
    channel.port2.postMessage(0);
  });
  window.requestAnimationFrame = function requestAnimationFrame(callback) {
    const id = raf((ts) => {
      b.pending.delete(id);
      if (b.frameWorkStart === null) b.frameWorkStart = performance.now();
      callback(ts);
    });
    b.pending.add(id);
    return id;
  };
  window.cancelAnimationFrame = function cancelAnimationFrame(id) {
    b.pending.delete(id);
    caf(id);
  };
  // The wasm memory: from Trunk's start-up event (dispatchEvent(new CustomEvent(
  // "TrunkApplicationStarted", {detail: {wasm}}))), or else from the instance itself, whatever
  // loader the page uses.
  addEventListener('TrunkApplicationStarted', (e) => {
    b.wasmMemory = e.detail?.wasm?.memory ?? b.wasmMemory;
  });
  const keep = (result) => {
    const exports = (result?.instance ?? result)?.exports;
    if (!b.wasmMemory && exports?.memory instanceof WebAssembly.Memory) b.wasmMemory = exports.memory;
    return result;
  };
  for (const name of ['instantiate', 'instantiateStreaming']) {
    const original = WebAssembly[name];
    if (typeof original === 'function') WebAssembly[name] = (...args) => original.apply(WebAssembly, args).then(keep);
  }
}

// Load runs only: notes the end of the first task after which every figure canvas holds
// non-blank pixels (at least two colours), as `firstCanvas`. A drawing call on any 2D context
// schedules one check at the end of the current task (MessageChannel), so the check costs
// nothing while nothing draws and never polls. Crossover's first figure also comes drawn in the
// page's markup, as SVG (src/render/sketch.rs): the end of the first frame that shows that
// drawing (the first task after its frame callbacks, once its style, layout and paint are done)
// is `firstMarkup`. The figure is drawn at the earlier of the two; the peer's page has no
// drawing in its markup.
export function firstFigureProbe(ids) {
  const b = window.__bench;
  let scheduled = false;
  const channel = new MessageChannel();
  const nonBlank = (canvas) => {
    if (!canvas || !canvas.width || !canvas.height) return false;
    const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    const [r, g, bl, a] = [data[0], data[1], data[2], data[3]];
    for (let i = 4; i < data.length; i += 4 * 5) {
      if (data[i] !== r || data[i + 1] !== g || data[i + 2] !== bl || data[i + 3] !== a) return true;
    }
    return false;
  };
  channel.port1.onmessage = () => {
    scheduled = false;
    if (b.firstCanvas) return;
    if (ids.every((id) => nonBlank(document.querySelector(`canvas[data-testid="${id}"]`)))) b.firstCanvas = performance.now();
  };
  const markup = ids.map((id) => `[data-testid="${id.replace(/-canvas$/, '-waiting')}"] .sketch`);
  const shownInMarkup = () => markup.every((selector) => [...document.querySelectorAll(selector)].some((s) => getComputedStyle(s).display !== 'none'));
  // The frame that shows it is rendered after its frame callbacks: the first task after them
  // runs once that frame's style, layout and paint are done.
  const afterFrame = new MessageChannel();
  afterFrame.port1.onmessage = () => {
    b.firstMarkup ??= performance.now();
  };
  const watchMarkup = () => {
    if (b.firstCanvas) return;
    if (shownInMarkup()) afterFrame.port2.postMessage(0);
    else requestAnimationFrame(watchMarkup);
  };
  requestAnimationFrame(watchMarkup);
  const proto = CanvasRenderingContext2D.prototype;
  for (const name of ['fill', 'stroke', 'fillRect', 'strokeRect', 'fillText', 'strokeText', 'drawImage', 'putImageData']) {
    const original = proto[name];
    proto[name] = function (...args) {
      if (!scheduled && !b.firstCanvas) {
        scheduled = true;
        channel.port2.postMessage(0);
      }
      return original.apply(this, args);
    };
  }
}

// Attribution runs only: per step, for each figure canvas, the time from its first to its last
// 2D-context call and the number of calls; the number of layout reads (offsetWidth/Height,
// which is how plotters measures text: a <span> per label) and the time spent in them; and
// measureText calls. These wrappers cost time themselves, so the totals of this run are not
// the step latency; only the split is.
export function attributionHooks() {
  const a = (window.__attr = { canvases: {}, layoutReads: 0, layoutMs: 0, measureText: 0, spans: 0, canvasResets: 0, canvasResetMs: 0, historyCalls: 0, historyMs: 0, mutations: 0 });
  const proto = CanvasRenderingContext2D.prototype;
  for (const name of Object.getOwnPropertyNames(proto)) {
    const desc = Object.getOwnPropertyDescriptor(proto, name);
    if (typeof desc.value !== 'function' || name === 'constructor') continue;
    const original = desc.value;
    proto[name] = function (...args) {
      const id = this.canvas?.dataset?.testid || 'other';
      const now = performance.now();
      const c = (a.canvases[id] ||= { first: now, last: now, calls: 0 });
      c.last = now;
      c.calls++;
      if (name === 'measureText') a.measureText++;
      return original.apply(this, args);
    };
  }
  for (const name of ['offsetWidth', 'offsetHeight']) {
    const desc = Object.getOwnPropertyDescriptor(HTMLElement.prototype, name);
    Object.defineProperty(HTMLElement.prototype, name, {
      configurable: true,
      get() {
        const t0 = performance.now();
        const v = desc.get.call(this);
        a.layoutMs += performance.now() - t0;
        a.layoutReads++;
        return v;
      },
    });
  }
  const createElement = Document.prototype.createElement;
  Document.prototype.createElement = function (tag, ...rest) {
    if (String(tag).toLowerCase() === 'span') a.spans++;
    return createElement.call(this, tag, ...rest);
  };
  // Assigning a canvas's width or height, even to the same value, clears it and reallocates
  // its backing store.
  for (const name of ['width', 'height']) {
    const desc = Object.getOwnPropertyDescriptor(HTMLCanvasElement.prototype, name);
    Object.defineProperty(HTMLCanvasElement.prototype, name, {
      configurable: true,
      get: desc.get,
      set(v) {
        const t0 = performance.now();
        desc.set.call(this, v);
        a.canvasResetMs += performance.now() - t0;
        a.canvasResets++;
      },
    });
  }
  for (const name of ['replaceState', 'pushState']) {
    const original = History.prototype[name];
    History.prototype[name] = function (...args) {
      const t0 = performance.now();
      try {
        return original.apply(this, args);
      } finally {
        a.historyMs += performance.now() - t0;
        a.historyCalls++;
      }
    };
  }
  a.observer = new MutationObserver((records) => {
    a.mutations += records.length;
  });
  const observe = () => a.observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  if (document.readyState === 'loading') addEventListener('DOMContentLoaded', observe);
  else observe();
}

// ---- measurements (run through page.evaluate) ------------------------------------------------

// Step latency. Per step: wait for a frame and the task after it (so no frame is due), set the
// slider, take t0, dispatch `input`, then post a MessageChannel message and take t2 when it
// arrives: by then the handler, every microtask it queued (Leptos runs effects as microtasks)
// and every task queued before the message have run. If the page queued animation-frame work
// (requestAnimationFrame, wrapped by instrument()), the harness waits for that frame too and
// adds the time from the page's first frame callback to the harness's own callback, which was
// queued after the page's and so runs after them and their microtasks. Style, layout and paint
// the browser does on its own after the page's code are not included in the step; they are
// measured separately as `render`: from the harness's callback in the next frame to the first
// task after that frame (the drag shows both together).
//
// Each step's row: [step, in the handler, to the task after it, frame work, rendering, t0], ms.
// `steps` is a list of [slider key, position]; or `{ steps, whileSelector }`, which stops early,
// before a step, once nothing in the page matches `whileSelector` (the live measurement's steps
// stop when its progress no longer says it is running).
export async function stepSeries(plan) {
  const { steps, whileSelector = null } = Array.isArray(plan) ? { steps: plan } : plan;
  const b = window.__bench;
  const nextTask = b.nextTask;
  const nextFrame = () => new Promise((resolve) => b.raf(resolve));
  const out = [];
  for (const [key, position] of steps) {
    if (whileSelector !== null && !document.querySelector(whileSelector)) break;
    const slider = document.querySelector(`[data-testid="${key}-slider"]`);
    await nextFrame();
    await nextTask();
    slider.value = String(position);
    b.frameWorkStart = null;
    const t0 = performance.now();
    slider.dispatchEvent(new Event('input', { bubbles: true }));
    const t1 = performance.now();
    await nextTask();
    const t2 = performance.now();
    let frameWork = 0;
    if (b.pending.size > 0) {
      await nextFrame();
      if (b.frameWorkStart !== null) frameWork = performance.now() - b.frameWorkStart;
    } else {
      await nextFrame();
    }
    // Then the browser's own rendering of the step on the main thread (style, layout, paint
    // recording, commit): from the harness's frame callback to the first task after it.
    const r0 = performance.now();
    await nextTask();
    const render = performance.now() - r0;
    out.push([t2 - t0 + frameWork, t1 - t0, t2 - t0, frameWork, render, t0]);
  }
  return out;
}

// A drag: one `input` per animation frame, dispatched at the start of the frame as Chromium
// does with real pointer input. Returns the frame timestamps (rAF's argument). With no steps
// it is the idle baseline: the harness's own frame cadence.
export async function dragFrames({ key, positions, frames }) {
  const b = window.__bench;
  const slider = key ? document.querySelector(`[data-testid="${key}-slider"]`) : null;
  // Settle first: a few idle frames.
  for (let i = 0; i < 5; i++) await new Promise((r) => b.raf(r));
  const stamps = [];
  let i = 0;
  await new Promise((resolve) => {
    const frame = (ts) => {
      stamps.push(ts);
      if (stamps.length > frames) return resolve();
      if (slider) {
        slider.value = String(positions[i++ % positions.length]);
        slider.dispatchEvent(new Event('input', { bubbles: true }));
      }
      b.raf(frame);
    };
    b.raf(frame);
  });
  return stamps;
}

// Playing Figure 1's request: presses its play button, then records the frame timestamps while
// the page animates it (every frame the clock, the answers' text and the figure's cursor), and
// pauses it again. Returns the timestamps and how far the request's clock ran.
export async function playFrames({ frames }) {
  const b = window.__bench;
  const button = document.querySelector('[data-testid="play"]');
  if (!button) return null;
  button.scrollIntoView({ block: 'center' });
  for (let i = 0; i < 5; i++) await new Promise((r) => b.raf(r));
  button.click();
  const stamps = [];
  await new Promise((resolve) => {
    const frame = (ts) => {
      stamps.push(ts);
      if (stamps.length > frames || button.dataset.state !== 'playing') return resolve();
      b.raf(frame);
    };
    b.raf(frame);
  });
  const clockSecs = Number(document.querySelector('[data-testid="play-clock"]').dataset.value);
  if (button.dataset.state === 'playing') button.click();
  window.scrollTo(0, 0);
  return { stamps, clockSecs };
}

// Many steps as fast as the page allows: each waits for the task queue to drain and, if the
// page queued frame work, for that frame.
export async function manySteps({ key, positions }) {
  const b = window.__bench;
  const slider = document.querySelector(`[data-testid="${key}-slider"]`);
  const nextTask = b.nextTask;
  const t0 = performance.now();
  for (const p of positions) {
    slider.value = String(p);
    slider.dispatchEvent(new Event('input', { bubbles: true }));
    await nextTask();
    if (b.pending.size > 0) await new Promise((r) => b.raf(r));
  }
  return performance.now() - t0;
}

// Attribution runs only, with `attributionHooks` installed: per step (waited for as in
// `manySteps`), what the hooks counted, and for each figure canvas when its drawing started
// after the input, from its first to its last 2D-context call.
export async function attributedSteps({ key, path }) {
  const a = window.__attr;
  const b = window.__bench;
  const slider = document.querySelector(`[data-testid="${key}-slider"]`);
  const nextTask = b.nextTask;
  const rows = [];
  for (const p of path) {
    await new Promise((r) => b.raf(r));
    await nextTask();
    a.observer.takeRecords();
    Object.assign(a, { canvases: {}, layoutReads: 0, layoutMs: 0, measureText: 0, spans: 0, canvasResets: 0, canvasResetMs: 0, historyCalls: 0, historyMs: 0, mutations: 0 });
    slider.value = String(p);
    const t0 = performance.now();
    slider.dispatchEvent(new Event('input', { bubbles: true }));
    await nextTask();
    if (b.pending.size > 0) await new Promise((r) => b.raf(r));
    const total = performance.now() - t0;
    const canvases = Object.fromEntries(Object.entries(a.canvases).map(([id, c]) => [id, { spanMs: c.last - c.first, calls: c.calls, startMs: c.first - t0 }]));
    const mutations = a.mutations + a.observer.takeRecords().length;
    rows.push({ total, canvases, layoutReads: a.layoutReads, layoutMs: a.layoutMs, measureText: a.measureText, spans: a.spans, canvasResets: a.canvasResets, canvasResetMs: a.canvasResetMs, historyCalls: a.historyCalls, historyMs: a.historyMs, mutations });
  }
  return rows;
}
