// No leak per update: after 10,000 slider moves, the wasm memory and the JS heap are within
// 1 MB of where they were before (a leaked effect, closure or DOM node per update would add up
// to far more than that).
//
// The wasm memory is read from the module's exports, which boot.js hands out with its
// "TrunkApplicationStarted" event; the JS heap comes from Chromium's DevTools protocol after a
// forced garbage collection. Set MEMORY_UPDATES to run more or fewer moves.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { onlyIn, openApp, useBrowser } from './helpers.mjs';

const SKIP = onlyIn('chromium', 'the JS heap is read after a forced garbage collection through the DevTools protocol, which Firefox does not speak');
const env = useBrowser({ skip: SKIP });
const UPDATES = Number(process.env.MEMORY_UPDATES || 10_000);
const WARM_UP = 500;
const ALLOWED_GROWTH_BYTES = 1024 * 1024;

/** Keeps the wasm exports the page announces as it starts. */
async function keepWasmExports(page) {
  await page.addInitScript(() => {
    addEventListener('TrunkApplicationStarted', (event) => {
      window.__crossoverWasm = event.detail.wasm;
    });
  });
}

/** Moves the prompt slider `n` times through `input` events, letting the page settle each time. */
async function moveSlider(page, n, offset) {
  await page.evaluate(
    async ({ n, offset }) => {
      const slider = document.querySelector('[data-testid="prompt-slider"]');
      // A task boundary between moves, without timers' 4 ms clamp: the app's effects (queued as
      // microtasks) run and redraw before the next move.
      const nextTask = () =>
        new Promise((resolve) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => resolve();
          channel.port2.postMessage(null);
        });
      for (let i = 0; i < n; i++) {
        slider.value = String(200 + ((offset + i) * 37) % 600);
        slider.dispatchEvent(new Event('input', { bubbles: true }));
        await nextTask();
      }
    },
    { n, offset },
  );
}

/** Memory after a full garbage collection. */
async function measure(page, cdp) {
  for (let i = 0; i < 3; i++) await cdp.send('HeapProfiler.collectGarbage');
  const heap = await cdp.send('Runtime.getHeapUsage');
  const page_ = await page.evaluate(() => ({
    wasm: window.__crossoverWasm?.memory?.buffer?.byteLength ?? null,
    nodes: document.getElementsByTagName('*').length,
    ttft: Number(document.querySelector('[data-testid="ttft"]')?.dataset.value),
  }));
  return { jsHeap: heap.usedSize, ...page_ };
}

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

test(`wasm memory and JS heap hold steady over ${UPDATES.toLocaleString('en')} slider updates`, { timeout: 900_000, skip: SKIP }, async (t) => {
  const app = await openApp(env, t, '', { setup: keepWasmExports });
  const cdp = await app.page.context().newCDPSession(app.page);
  await cdp.send('HeapProfiler.enable');

  // Warm up first: caches, JIT and the canvases' backing stores reach their steady size.
  await moveSlider(app.page, WARM_UP, 0);
  const before = await measure(app.page, cdp);
  assert.ok(Number.isInteger(before.wasm) && before.wasm > 0, `the wasm memory is visible (${before.wasm})`);

  const started = Date.now();
  await moveSlider(app.page, UPDATES, WARM_UP);
  const secs = (Date.now() - started) / 1000;
  const after = await measure(app.page, cdp);

  const report = [
    `${UPDATES} updates in ${secs.toFixed(1)} s (${((secs * 1000) / UPDATES).toFixed(2)} ms each)`,
    `wasm memory ${mb(before.wasm)} -> ${mb(after.wasm)} (${after.wasm - before.wasm} bytes)`,
    `JS heap ${mb(before.jsHeap)} -> ${mb(after.jsHeap)} (${after.jsHeap - before.jsHeap} bytes)`,
    `DOM elements ${before.nodes} -> ${after.nodes}`,
  ].join('; ');
  t.diagnostic(report);
  console.log(`memory: ${report}`);

  assert.ok(Number.isFinite(after.ttft) && after.ttft !== before.ttft || UPDATES === 0, 'the updates reached the readouts');
  assert.ok(after.wasm - before.wasm <= ALLOWED_GROWTH_BYTES, `wasm memory grew by ${after.wasm - before.wasm} bytes`);
  assert.ok(after.jsHeap - before.jsHeap <= ALLOWED_GROWTH_BYTES, `JS heap grew by ${after.jsHeap - before.jsHeap} bytes`);
  assert.ok(after.nodes - before.nodes <= 50, `DOM grew by ${after.nodes - before.nodes} elements`);
});
