// Where the time goes, as diagnostics beside the goals: a CPU profile's self time grouped by
// origin, and the attribution hooks' counts per step (canvas calls per figure, layout reads,
// canvas resets, history calls, DOM mutations), summarised and printed.

import { median, pct } from './stats.mjs';

// Functions of the harness itself (injected scripts have no URL, like the browser's built-ins).
const HARNESS_FUNCTIONS = new Set(['stepSeries', 'dragFrames', 'manySteps', 'nextTask', 'nextFrame', 'frame', 'resolve', '(anonymous)', 'requestAnimationFrame', 'cancelAnimationFrame', 'onmessage']);

// Self time per function and per origin (wasm, wasm-bindgen glue, Chart.js, page script,
// garbage collector, the rest), from a CDP CPU profile.
export function summariseProfile(profile, steps) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  const dt = profile.timeDeltas;
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i];
    self.set(id, (self.get(id) || 0) + (dt[i + 1] ?? 0) / 1000);
  }
  const functions = new Map();
  const buckets = {};
  for (const [id, t] of self) {
    const { callFrame: f } = byId.get(id);
    const name = f.functionName || '(anonymous)';
    const url = f.url || '';
    const file = url ? url.split('/').pop() : '';
    let bucket;
    if (name === '(idle)') bucket = 'idle';
    else if (name === '(garbage collector)') bucket = 'garbage collector';
    else if (name === '(program)') bucket = '(program): browser outside JS (style, layout, paint, IPC)';
    else if (url.startsWith('wasm://') || /\.wasm$/.test(url)) bucket = 'wasm';
    else if (/chart\.umd/.test(file)) bucket = 'Chart.js';
    else if (file === 'peer.js') bucket = 'peer.js';
    else if (/^crossover-.*\.js$/.test(file)) bucket = 'wasm-bindgen glue (DOM and canvas calls)';
    else if (url === '' && HARNESS_FUNCTIONS.has(name)) bucket = 'harness (bench/in-page.mjs)';
    else if (url === '') bucket = 'browser built-ins called from JS (DOM, canvas, history)';
    else bucket = `other (${file})`;
    buckets[bucket] = (buckets[bucket] || 0) + t;
    if (bucket === 'idle') continue;
    const key = `${name} ${file}`.trim();
    functions.set(key, (functions.get(key) || 0) + t);
  }
  const busy = Object.entries(buckets).filter(([k]) => k !== 'idle').reduce((s, [, v]) => s + v, 0);
  return {
    steps,
    busyMsPerStep: busy / steps,
    bucketsMsPerStep: Object.fromEntries(Object.entries(buckets).sort((a, b) => b[1] - a[1]).map(([k, v]) => [k, v / steps])),
    topFunctionsMsPerStep: [...functions.entries()].sort((a, b) => b[1] - a[1]).slice(0, 15).map(([k, v]) => [k, v / steps]),
  };
}

/** The hooked steps' medians per step, and for each figure canvas how often and how long it
 * was drawn (rows from `attributedSteps`). */
export function summariseHooked(rows) {
  const ids = [...new Set(rows.flatMap((r) => Object.keys(r.canvases)))];
  return {
    steps: rows.length,
    totalMsP50: median(rows.map((r) => r.total)),
    layoutReadsPerStep: median(rows.map((r) => r.layoutReads)),
    layoutMsP50: median(rows.map((r) => r.layoutMs)),
    spansPerStep: median(rows.map((r) => r.spans)),
    measureTextPerStep: median(rows.map((r) => r.measureText)),
    canvasResetsPerStep: median(rows.map((r) => r.canvasResets)),
    canvasResetMsP50: median(rows.map((r) => r.canvasResetMs)),
    historyCallsPerStep: median(rows.map((r) => r.historyCalls)),
    historyMsP50: median(rows.map((r) => r.historyMs)),
    domMutationsPerStep: median(rows.map((r) => r.mutations)),
    figures: Object.fromEntries(
      ids.map((id) => {
        const drawn = rows.filter((r) => r.canvases[id]);
        return [id, { drawnShare: drawn.length / rows.length, spanMsP50: median(drawn.map((r) => r.canvases[id].spanMs)), callsP50: median(drawn.map((r) => r.canvases[id].calls)), startMsP50: median(drawn.map((r) => r.canvases[id].startMs)) }];
      }),
    ),
  };
}

export function attributionText(r) {
  const out = [];
  if (r.profile) {
    out.push(`  CPU profile, ${r.profile.steps} prompt steps: ${r.profile.busyMsPerStep.toFixed(2)} ms busy per step`);
    for (const [k, v] of Object.entries(r.profile.bucketsMsPerStep)) if (k !== 'idle') out.push(`    ${v.toFixed(3).padStart(7)} ms  ${k}`);
    out.push('    top functions (self ms per step):');
    for (const [k, v] of r.profile.topFunctionsMsPerStep.slice(0, 10)) out.push(`    ${v.toFixed(3).padStart(7)} ms  ${k}`);
  }
  if (r.attribution) {
    for (const [key, a] of Object.entries(r.attribution)) {
      out.push(`  ${key} slider, hooked (${a.steps} steps, p50 ${a.totalMsP50.toFixed(2)} ms with hooks), per step:`);
      out.push(`    ${a.layoutReadsPerStep} layout reads (offsetWidth/Height, ${a.layoutMsP50.toFixed(2)} ms), ${a.spansPerStep} new <span>s, ${a.measureTextPerStep} measureText`);
      out.push(`    ${a.canvasResetsPerStep} canvas width/height assignments (${a.canvasResetMsP50.toFixed(2)} ms), ${a.historyCallsPerStep} history.replaceState/pushState (${a.historyMsP50.toFixed(2)} ms), ${a.domMutationsPerStep} DOM mutation records`);
      for (const [id, f] of Object.entries(a.figures)) out.push(`    ${id.padEnd(18)} drawn in ${pct(f.drawnShare)} of steps, ${f.spanMsP50.toFixed(2)} ms first→last canvas call, ${f.callsP50} calls, starts ${f.startMsP50.toFixed(2)} ms after input`);
    }
  }
  return out.join('\n');
}
