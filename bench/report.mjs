// The side-by-side table of the Chromium measurements: our page, the Chart.js peer, and the
// ratio of the two for each figure.

import { kb, mib, ms, pct, ratio } from './stats.mjs';

/** Steps, drag, cold loads, bytes and memory, one row per figure. */
export function comparisonTable(ours, peer) {
  const rows = [];
  const add = (label, a, b, fmt, { noRatio = false } = {}) => rows.push([label, fmt(a), fmt(b), noRatio ? '' : ratio(a, b) === null ? '—' : `${ratio(a, b).toFixed(2)}×`]);
  const section = (title) => rows.push([title, '', '', '']);
  section('step, prompt slider (input → queue drained)');
  add(`  p50  (n=${ours.step.prompt.n})`, ours.step.prompt.p50, peer.step.prompt.p50, ms);
  add('  p95', ours.step.prompt.p95, peer.step.prompt.p95, ms);
  add('  p99', ours.step.prompt.p99, peer.step.prompt.p99, ms);
  add('  max', ours.step.prompt.max, peer.step.prompt.max, ms);
  add('  of which in the input handler, p50', ours.step.prompt.syncP50, peer.step.prompt.syncP50, ms);
  add('  then browser rendering, p50', ours.step.prompt.render.p50, peer.step.prompt.render.p50, ms);
  add('  then browser rendering, p95', ours.step.prompt.render.p95, peer.step.prompt.render.p95, ms);
  section('step, all six sliders round-robin');
  add(`  p50  (n=${ours.step.allSliders.n})`, ours.step.allSliders.p50, peer.step.allSliders.p50, ms);
  add('  p95', ours.step.allSliders.p95, peer.step.allSliders.p95, ms);
  add('  p99', ours.step.allSliders.p99, peer.step.allSliders.p99, ms);
  for (const k of Object.keys(ours.step.perSlider)) add(`  p50 ${k} only`, ours.step.perSlider[k].p50, peer.step.perSlider[k]?.p50, ms);
  const others = ours.step.otherSliders;
  if (others) {
    section(`step, every other slider, p95 (n=${others.stepsPerSlider} each; Chart.js: its six sliders' p95)`);
    for (const [door, sliders] of [['lesson', others.lesson], ['workbench', others.workbench]]) {
      for (const [k, r] of Object.entries(sliders)) add(`  ${door} ${k} (p50 ${ms(r.p50)}, rendering ${ms(r.render.p50)})`, r.p95, peer.step.allSliders.p95, ms);
    }
  }
  section(`drag, one input per frame (${ours.drag.frames} frames)`);
  add('  interval p50', ours.drag.p50, peer.drag.p50, ms);
  add('  interval p95', ours.drag.p95, peer.drag.p95, ms);
  add('  interval max', ours.drag.max, peer.drag.max, ms);
  add('  dropped frames at 60 Hz', ours.drag.droppedShare, peer.drag.droppedShare, pct, { noRatio: true });
  add('  idle baseline p95 / dropped', `${ms(ours.drag.idle.p95)} / ${pct(ours.drag.idle.droppedShare)}`, `${ms(peer.drag.idle.p95)} / ${pct(peer.drag.idle.droppedShare)}`, (x) => x, { noRatio: true });
  if (ours.play) {
    section(`play, Figure 1's request in real time (${ours.play.frames} frames, ${ours.play.clockSecs.toFixed(2)} s of it)`);
    add('  interval p50 / p95 / max', `${ms(ours.play.p50)} / ${ms(ours.play.p95)} / ${ms(ours.play.max)}`, '', (x) => x, { noRatio: true });
    add('  dropped frames at 60 Hz', ours.play.droppedShare, null, pct, { noRatio: true });
  }
  section(`load, cold, median of ${ours.load.runs}`);
  add('  first figure drawn', ours.load.firstFigureMs.median, peer.load.firstFigureMs.median, (x) => ms(x, 1));
  add('  first canvas drawn', ours.load.firstCanvasMs, peer.load.firstCanvasMs, (x) => ms(x, 1));
  add('  first contentful paint', ours.load.firstContentfulPaintMs, peer.load.firstContentfulPaintMs, (x) => ms(x, 1));
  add('  DOMContentLoaded', ours.load.domContentLoadedMs, peer.load.domContentLoadedMs, (x) => ms(x, 1));
  add('  load event', ours.load.loadEventMs, peer.load.loadEventMs, (x) => ms(x, 1));
  section(`bytes (${ours.bytes.requests} vs ${peer.bytes.requests} requests)`);
  add('  raw', ours.bytes.raw, peer.bytes.raw, kb);
  add('  gzip -9', ours.bytes.gzip, peer.bytes.gzip, kb);
  add('  brotli 11', ours.bytes.brotli, peer.bytes.brotli, kb);
  section(`memory, after GC, before → after ${ours.memory.steps} steps`);
  add('  JS heap before', ours.memory.before.jsHeapUsed, peer.memory.before.jsHeapUsed, mib);
  add('  JS heap after', ours.memory.after.jsHeapUsed, peer.memory.after.jsHeapUsed, mib);
  add('  wasm memory before', ours.memory.before.wasmMemory, peer.memory.before.wasmMemory, mib, { noRatio: true });
  add('  wasm memory after', ours.memory.after.wasmMemory, peer.memory.after.wasmMemory, mib, { noRatio: true });
  add('  DOM nodes before → after', `${ours.memory.before.domNodes} → ${ours.memory.after.domNodes}`, `${peer.memory.before.domNodes} → ${peer.memory.after.domNodes}`, (x) => x, { noRatio: true });
  add('  wall time per step in the long run', ours.memory.meanStepMs, peer.memory.meanStepMs, ms);

  const widths = [0, 1, 2, 3].map((i) => Math.max(...rows.map((r) => String(r[i]).length), ['', 'Crossover', 'Chart.js', 'ours/Chart.js'][i].length));
  const line = (r) => `${String(r[0]).padEnd(widths[0])}  ${String(r[1]).padStart(widths[1])}  ${String(r[2]).padStart(widths[2])}  ${String(r[3]).padStart(widths[3])}`;
  return [line(['', 'Crossover', 'Chart.js', 'ours/Chart.js']), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

