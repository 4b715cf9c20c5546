// Numbers: quantiles and summaries of timings, rounding for the JSON, the units they are
// printed in, frame intervals read as dropped frames, and the slider paths the steps follow.

/** One frame of a 60 Hz display, ms. */
export const FRAME_MS = 1000 / 60;

export function quantile(values, q) {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const pos = (s.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return s[lo] + (s[hi] - s[lo]) * (pos - lo);
}
export const median = (v) => quantile(v, 0.5);
export const mean = (v) => (v.length ? v.reduce((a, b) => a + b, 0) / v.length : null);
export function summary(values) {
  return { n: values.length, p50: quantile(values, 0.5), p95: quantile(values, 0.95), p99: quantile(values, 0.99), mean: mean(values), max: values.length ? Math.max(...values) : null };
}
export function round(x, digits = 3) {
  return x === null || x === undefined || !Number.isFinite(x) ? x : Number(x.toFixed(digits));
}
export function roundDeep(value) {
  if (typeof value === 'number') return round(value);
  if (Array.isArray(value)) return value.map(roundDeep);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, roundDeep(v)]));
  return value;
}
export const kb = (bytes) => (bytes === null || bytes === undefined ? '—' : `${(bytes / 1000).toFixed(1)} KB`);
export const mib = (bytes) => (bytes === null || bytes === undefined ? '—' : `${(bytes / 1048576).toFixed(2)} MiB`);
export const ms = (x, d = 2) => (x === null || x === undefined || !Number.isFinite(x) ? '—' : `${x.toFixed(d)} ms`);
export const pct = (x) => (x === null || x === undefined ? '—' : `${(x * 100).toFixed(1)}%`);
export const ratio = (a, b) => (typeof a === 'number' && typeof b === 'number' && b !== 0 ? a / b : null);

// A slider path that goes back and forth between lo and hi, one position per step, starting at
// `from`, so every step moves the value and the figures keep changing shape.
export function triangle(from, lo, hi, count) {
  const out = [];
  let p = Math.min(hi, Math.max(lo, from));
  let dir = p >= hi ? -1 : 1;
  for (let i = 0; i < count; i++) {
    if (p + dir > hi || p + dir < lo) dir = -dir;
    p += dir;
    out.push(p);
  }
  return out;
}

/** Frame timestamps read as intervals: p50, p95, max, frames per second and the share dropped. */
export function intervals(stamps) {
  const d = [];
  for (let i = 1; i < stamps.length; i++) d.push(stamps[i] - stamps[i - 1]);
  // Each interval stands for round(interval / 16.7 ms) frames of a 60 Hz display, all but one
  // of them missed.
  let frames = 0;
  let dropped = 0;
  for (const x of d) {
    const n = Math.max(1, Math.round(x / FRAME_MS));
    frames += n;
    dropped += n - 1;
  }
  return { frames: d.length, p50: quantile(d, 0.5), p95: quantile(d, 0.95), max: d.length ? Math.max(...d) : null, droppedShare: frames ? dropped / frames : null, fps: d.length ? 1000 / mean(d) : null };
}
