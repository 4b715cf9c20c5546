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


/**
 * The live section (bench/live.mjs): slider steps idle, during a measurement of the default plan,
 * with the servers busy but the page not measuring, and idle again; each series' ratio to the
 * first; then what the measurement cost each server.
 */
export function liveTable(live) {
  if (live.skipped) return `  skipped: ${live.skipped}`;
  if (live.error) return `  no results: ${live.error}`;
  const s = live.steps;
  const base = s.idle.p95;
  const rows = [
    ['idle, before the measurement', s.idle],
    ['during the measurement (default plan)', s.during],
    ['servers busy, page not measuring (control)', s.serversBusy],
    ['idle, after it (measured runs as A and B)', s.idleAfter],
  ].map(([label, r]) => [label, String(r.n), ms(r.p50), ms(r.p95), ms(r.max), ms(r.render.p50), ratio(r.p95, base) === null ? '—' : `${ratio(r.p95, base).toFixed(2)}×`]);
  const head = [`step of ${live.slider}-slider`, 'n', 'p50', 'p95', 'max', 'render p50', 'p95 / idle'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (r) => '  ' + r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  const out = [line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)];
  const near = live.nearResults;
  if (near) {
    out.push(`  during, split: ${near.near.n} steps within ${near.withinMs} ms after one of the ${near.results} results reached the table p95 ${ms(near.near.p95)}, max ${ms(near.near.max)}; the other ${near.away.n} (streams being read) p95 ${ms(near.away.p95)}, max ${ms(near.away.max)}`);
    if (near.nearHanded) out.push(`  during, handed on to the fit and the card ${near.handed} times: ${near.nearHanded.n} steps within ${near.withinMs} ms after one, p95 ${ms(near.nearHanded.p95)}, max ${ms(near.nearHanded.max)}`);
  }
  if (live.control) out.push(`  the control sent ${live.control.requests} requests again in ${live.control.secs.toFixed(1)} s`);
  out.push(`  the page's plan: ${live.plan.text}`);
  out.push(`  the page's summary: ${live.measurement.summary}`);
  out.push(...liveCostLines(live));
  out.push(`  this section took ${live.sectionSecs.toFixed(0)} s (servers ready in ${(live.servers.readyMs / 1000).toFixed(1)} s)`);
  if (live.messages) out.push(`  the page said: ${live.messages.join('; ')}`);
  return out.join('\n');
}

/** Thousands separated. */
const n = (x) => Math.round(x).toLocaleString('en');

/** The cost lines: each server's requests, tokens and time. */
export function liveCostLines(r) {
  const lines = [];
  const m = r.measurement;
  lines.push(`  the page's default plan (${r.plan.fields.prompts} | ${r.plan.fields.answers} | ×${r.plan.fields.repeats}): ${r.plan.requests} requests; it ${m.ending} after ${(m.wallSecs / 60).toFixed(2)} min (${m.wallSecs.toFixed(1)} s from Start to its summary, warm-ups included)`);
  for (const side of ['a', 'b']) {
    const c = r.cost[side];
    lines.push(`  ${side.toUpperCase()} (${c.host}): ${c.requests} requests (${c.failed} failed), prompt tokens ${n(c.promptTokens)} (planned ${n(c.plannedPromptTokens)}), answer tokens ${n(c.answerTokens)} (planned ${n(c.plannedAnswerTokens)}), busy ${c.busySecs.toFixed(1)} s (${(c.busySecs / 60).toFixed(2)} min) from sending to each stream's end; plus one warm-up of ${c.warmUpPromptTokens === null ? '?' : n(c.warmUpPromptTokens)} prompt and 4 answer tokens`);
  }
  return lines;
}
