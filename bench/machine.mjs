// The machine alone: a task of fixed work timed like a step on a blank page, so a reader can
// tell how much of a step's p95 the machine adds whatever runs, and the same work in every
// animation frame, beside the drag. Neither is a goal.

import { instrument } from './in-page.mjs';
import { median, pct } from './stats.mjs';

// The two loops below run in the blank page (through page.evaluate, which sends their source
// text), so they use nothing from this module, only `window.__bench` from `instrument`.

// The machine's own spread, for reading the step results: a task of fixed work (the same
// arithmetic every time, about as long as one of our steps), run with the steps' cadence (a
// frame and a task before each) on a blank page in the same browser, in blocks between the
// pages' step blocks. On a shared or virtual machine the CPU can vanish for milliseconds at a
// time; such stalls stretch a fixed task exactly as they stretch a step, so the ratio of this
// task's p95 to its p50 is what the machine alone adds to a p95. Returns [ms, …].
async function fixedTaskSeries({ count, iterations }) {
  const b = window.__bench;
  const work = (n) => {
    let x = 0;
    for (let i = 0; i < n; i++) x += Math.sqrt(i * 1.0001) % 3;
    return x;
  };
  const out = [];
  let sink = 0;
  for (let i = 0; i < count; i++) {
    await new Promise((resolve) => b.raf(resolve));
    await b.nextTask();
    const t0 = performance.now();
    sink += work(iterations);
    out.push(performance.now() - t0);
  }
  b.sink = sink;
  return out;
}

// The drag's counterpart: the same fixed work in every animation frame, as the drag does one
// step (and the browser renders it) per frame. Returns the frame timestamps, as dragFrames.
async function fixedWorkFrames({ frames, iterations }) {
  const b = window.__bench;
  const work = (n) => {
    let x = 0;
    for (let i = 0; i < n; i++) x += Math.sqrt(i * 1.0001) % 3;
    return x;
  };
  for (let i = 0; i < 5; i++) await new Promise((r) => b.raf(r));
  const stamps = [];
  let sink = 0;
  await new Promise((resolve) => {
    const frame = (ts) => {
      stamps.push(ts);
      if (stamps.length > frames) return resolve();
      sink += work(iterations);
      b.raf(frame);
    };
    b.raf(frame);
  });
  b.sink = sink;
  return stamps;
}

/** A blank page for `fixedTaskSeries`, its work sized to about `targetMs` on this machine. */
export async function openFixedTask(browser, targetMs) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.setContent('<!doctype html><title>fixed task</title><p>fixed task</p>');
  await page.evaluate(instrument);
  let iterations = 20_000;
  for (let round = 0; round < 4; round++) {
    const times = await page.evaluate(fixedTaskSeries, { count: 30, iterations });
    iterations = Math.max(1000, Math.round((iterations * targetMs) / Math.max(0.05, median(times))));
  }
  return {
    context,
    page,
    iterations,
    targetMs,
    rows: [],
    run: (count) => page.evaluate(fixedTaskSeries, { count, iterations }),
    // `ms` of the same work in every frame.
    frames: (frames, ms) => page.evaluate(fixedWorkFrames, { frames, iterations: Math.round((iterations * ms) / targetMs) }),
  };
}

/** What the machine alone adds to a p95, from the fixed task, set beside our steps. */
export function machineText(machine, ours) {
  const ms = (x) => `${x.toFixed(2)} ms`;
  const spread = machine.p95OverP50;
  const expected = ours.step.prompt.p50 * spread;
  return [
    `the machine alone: a task of fixed work (${machine.iterations.toLocaleString('en')} iterations), timed like a step between the step blocks, ${machine.n} times:`,
    `  p50 ${ms(machine.p50)}, p95 ${ms(machine.p95)} (${spread.toFixed(2)}× its p50), p99 ${ms(machine.p99)}, max ${ms(machine.max)}`,
    `  with that spread and nothing else, our prompt steps' p50 of ${ms(ours.step.prompt.p50)} would come with a p95 of ${ms(expected)}; measured: ${ms(ours.step.prompt.p95)}`,
    `  the same work for ${ms(machine.drag.workMs)} in each of ${machine.drag.frames} frames (our step and its rendering, at p50): ${pct(machine.drag.droppedShare)} of frames dropped (p95 interval ${machine.drag.p95.toFixed(1)} ms); our drag: ${pct(ours.drag.droppedShare)}`,
  ].join('\n');
}

