// The benchmark's peer: Crossover's two figures drawn with Chart.js from the same numbers, the
// way a plain JavaScript page would do it. Not shipped; bench/run.mjs serves it next to dist/.
//
// Same inputs as the real page: six range sliders with the same data-testids and the same
// 0..1000 positions (log-spaced for the rates and lengths, roundest value per position), so
// the benchmark drives both pages with identical slider values. Every `input` event recomputes
// the linear model and updates both charts synchronously (animations off, update('none')).
/* global Chart */
'use strict';

// ---- inputs (mirrors src/state/params.rs) -------------------------------------------------

const STEPS = 1000;
const SPECS = [
  { key: 'prompt', label: 'Prompt length', unit: 'tokens', min: 10, max: 1_000_000, def: 16_000, log: true, decimals: 0 },
  { key: 'output', label: 'Answer length', unit: 'tokens', min: 1, max: 100_000, def: 300, log: true, decimals: 0 },
  { key: 'prefill', label: 'Prefill rate', unit: 'tok/s', min: 100, max: 200_000, def: 8_000, log: true, decimals: 0 },
  { key: 'decode', label: 'Decode rate', unit: 'tok/s', min: 1, max: 2_000, def: 60, log: true, decimals: 1 },
  { key: 'wait', label: 'Queue and overhead', unit: 's', min: 0, max: 60, def: 0, log: false, decimals: 2 },
  { key: 'reading', label: 'Reading speed', unit: 'words/min', min: 60, max: 1_000, def: 240, log: false, decimals: 0 },
];

function roundHalfAway(x, decimals) {
  const f = 10 ** decimals;
  return (Math.sign(x) * Math.round(Math.abs(x) * f)) / f;
}
function clampValue(spec, v) {
  if (Number.isNaN(v)) return spec.def;
  const c = Math.min(spec.max, Math.max(spec.min, v));
  return Math.min(spec.max, Math.max(spec.min, roundHalfAway(c, spec.decimals)));
}
function valueAt(spec, fraction) {
  const f = Math.min(1, Math.max(0, fraction));
  return spec.log ? Math.exp(Math.log(spec.min) + f * (Math.log(spec.max) - Math.log(spec.min))) : spec.min + f * (spec.max - spec.min);
}
function significant(x, figures) {
  if (x <= 0 || !Number.isFinite(x)) return x;
  return roundHalfAway(x, figures - 1 - Math.floor(Math.log10(x)));
}
function fromPosition(spec, position) {
  const p = Math.min(STEPS, Math.max(0, position));
  if (p <= 0) return spec.min;
  if (p >= STEPS) return spec.max;
  const lo = valueAt(spec, (p - 0.5) / STEPS);
  const hi = valueAt(spec, (p + 0.5) / STEPS);
  const centre = valueAt(spec, p / STEPS);
  let roundest = centre;
  for (let figures = 1; figures <= 6; figures++) {
    const v = significant(centre, figures);
    if (v >= lo && v < hi) {
      roundest = v;
      break;
    }
  }
  return clampValue(spec, roundest);
}
function toPosition(spec, value) {
  const v = clampValue(spec, value);
  const f = spec.log ? (Math.log(v) - Math.log(spec.min)) / (Math.log(spec.max) - Math.log(spec.min)) : (v - spec.min) / (spec.max - spec.min);
  return Math.min(STEPS, Math.max(0, Math.round(f * STEPS)));
}

// ---- the lesson's linear model --------------------------------------------------------------

const WORDS_PER_TOKEN = 0.75;
const RESPONSE_BANDS = [
  { secs: 0.1, label: 'feels instant' },
  { secs: 1, label: 'flow unbroken' },
  { secs: 10, label: 'attention holds' },
];

function model(q) {
  const prefill = q.prompt / q.prefill;
  const decode = q.output / q.decode;
  return { prefill, decode, ttft: q.wait + prefill + 1 / q.decode, total: q.wait + prefill + decode, crossing: (q.output * q.prefill) / q.decode };
}

// ---- formatting (mirrors src/format.rs) ----------------------------------------------------

// One formatter per number of decimals: toLocaleString builds a new one on every call and
// would make the peer slower than a careful page.
const formats = [];
function trimmed(x, decimals) {
  const f = (formats[decimals] ||= new Intl.NumberFormat('en-US', { maximumFractionDigits: decimals }));
  return f.format(roundHalfAway(x, decimals));
}
const grouped = { format: (x) => trimmed(x, 0) };
function duration(secs) {
  const ms = secs * 1000;
  if (roundHalfAway(ms, 1) < 10) return `${trimmed(ms, 1)} ms`;
  if (roundHalfAway(ms, 0) < 1000) return `${trimmed(ms, 0)} ms`;
  return `${trimmed(secs, 2)} s`;
}
function tokens(n) {
  const c = grouped.format(roundHalfAway(n, 0));
  return c === '1' ? '1 token' : `${c} tokens`;
}
function shortCount(x) {
  if (x >= 1e6) return `${trimmed(x / 1e6, 1)}M`;
  if (x >= 1e3) return `${trimmed(x / 1e3, 1)}k`;
  return trimmed(x, 0);
}
function isPowerOfTen(v) {
  const r = v / 10 ** Math.floor(Math.log10(v) + 1e-9);
  return Math.abs(r - 1) < 1e-6;
}

// ---- colours (src/charts/palette.rs, light) --------------------------------------------------

const C = {
  text: 'rgb(28,30,36)',
  grid: 'rgb(229,231,235)',
  axis: 'rgb(107,114,128)',
  wait: 'rgb(99,105,117)',
  prefill: 'rgb(29,100,176)',
  decode: 'rgb(194,65,12)',
  total: 'rgb(28,30,36)',
  reading: 'rgb(21,128,61)',
  readingGap: 'rgba(21,128,61,0.25)',
  marker: 'rgb(126,34,206)',
  waitBand: 'rgb(238,239,242)',
  prefillBand: 'rgb(224,236,250)',
  decodeBand: 'rgb(253,234,222)',
};

// ---- drawing helpers for the marks Chart.js has no element for -----------------------------

function label(ctx, text, x, y, color, align = 'left', baseline = 'middle', size = 12) {
  ctx.save();
  ctx.font = `${size}px sans-serif`;
  ctx.fillStyle = color;
  ctx.textAlign = align;
  ctx.textBaseline = baseline;
  ctx.fillText(text, x, y);
  ctx.restore();
}
function line(ctx, x0, y0, x1, y1, color, width, dash = []) {
  ctx.save();
  ctx.strokeStyle = color;
  ctx.lineWidth = width;
  ctx.setLineDash(dash);
  ctx.beginPath();
  ctx.moveTo(x0, y0);
  ctx.lineTo(x1, y1);
  ctx.stroke();
  ctx.restore();
}

// ---- Figure 1: timeline --------------------------------------------------------------------

function timelineNumbers(q) {
  const m = model(q);
  const output = q.output;
  const avg = m.total > m.ttft ? Math.max(0, output - 1) / (m.total - m.ttft) : q.decode;
  return {
    wait: q.wait,
    prefillEnd: q.wait + m.prefill,
    ttft: m.ttft,
    total: m.total,
    output,
    decodeRate: avg > 0 ? avg : q.decode,
    readingRate: q.reading / 60 / WORDS_PER_TOKEN,
    xMax: Math.max(m.total * 1.35, 1e-3),
    yMax: Math.max(output * 1.12, 1),
  };
}

function timelineData(t) {
  const readEnd = Math.min(t.ttft + t.output / t.readingRate, t.xMax);
  const readAt = (s) => Math.min(t.output, Math.max(0, t.readingRate * (s - t.ttft)));
  return [
    [{ x: 0, y: 0 }, { x: t.ttft, y: 0 }, { x: t.ttft, y: Math.min(t.output, 1) }, { x: t.total, y: t.output }, { x: t.xMax, y: t.output }],
    [{ x: 0, y: 0 }, { x: t.total, y: 0 }, { x: t.total, y: t.output }, { x: t.xMax, y: t.output }],
    [{ x: t.ttft, y: 0 }, { x: readEnd, y: readAt(readEnd) }],
  ];
}

const timelinePlugin = {
  id: 'crossoverTimeline',
  // Phase bands go under the grid and the lines.
  beforeDraw(chart) {
    const t = chart.canvas.$numbers;
    const { ctx, chartArea: a, scales } = chart;
    const x = (s) => scales.x.getPixelForValue(s);
    ctx.save();
    for (const [from, to, fill] of [
      [0, t.wait, C.waitBand],
      [t.wait, t.prefillEnd, C.prefillBand],
      [t.prefillEnd, t.total, C.decodeBand],
    ]) {
      if (to > from) {
        ctx.fillStyle = fill;
        ctx.fillRect(x(from), a.top, x(to) - x(from), a.bottom - a.top);
      }
    }
    ctx.restore();
  },
  afterDatasetsDraw(chart) {
    const t = chart.canvas.$numbers;
    const { ctx, scales } = chart;
    const x = (s) => scales.x.getPixelForValue(s);
    const y = (v) => scales.y.getPixelForValue(v);
    for (const band of RESPONSE_BANDS) {
      if (band.secs < t.xMax * 0.97 && band.secs > t.xMax * 0.03) {
        line(ctx, x(band.secs), y(0), x(band.secs), y(t.yMax * 0.5), C.axis, 1, [4, 4]);
        label(ctx, `${trimmed(band.secs, 1)} s: ${band.label}`, x(band.secs + t.xMax * 0.006), y(t.yMax * 0.46), C.axis, 'left', 'middle', 11);
      }
    }
    const minWidth = t.xMax * 0.09;
    for (const [from, to, color, name] of [
      [0, t.wait, C.wait, 'wait'],
      [t.wait, t.prefillEnd, C.prefill, 'prefill'],
      [t.prefillEnd, t.total, C.decode, 'decode'],
    ]) {
      if (to - from >= minWidth) label(ctx, name, x((from + to) / 2), y(t.yMax * 0.97), color, 'center', 'top');
    }
    // Where the reader is ahead of the stream, shade the gap: the reader waits for text.
    if (t.decodeRate < t.readingRate) {
      const readEnd = Math.min(t.ttft + t.output / t.readingRate, t.xMax);
      const readAt = (s) => Math.min(t.output, Math.max(0, t.readingRate * (s - t.ttft)));
      const n = 40;
      ctx.save();
      ctx.fillStyle = C.readingGap;
      ctx.beginPath();
      for (let i = 0; i <= n; i++) {
        const s = t.ttft + ((readEnd - t.ttft) * i) / n;
        ctx.lineTo(x(s), y(readAt(s)));
      }
      for (let i = n; i >= 0; i--) {
        const s = t.ttft + ((readEnd - t.ttft) * i) / n;
        const arrived = Math.min(1 + (s - t.ttft) * t.decodeRate, t.output);
        ctx.lineTo(x(s), y(Math.min(arrived, readAt(s))));
      }
      ctx.closePath();
      ctx.fill();
      ctx.restore();
      const mid = (t.ttft + readEnd) / 2;
      label(ctx, 'reader waits for text', x(mid), y(readAt(mid)), C.reading, 'right');
    }
    for (const [secs, text, color, first] of [
      [t.ttft, `first token ${duration(t.ttft)}`, C.marker, true],
      [t.total, `done ${duration(t.total)}`, C.total, false],
    ]) {
      line(ctx, x(secs), y(0), x(secs), y(t.yMax * 0.86), color, 1.5);
      if (first) label(ctx, text, x(secs + t.xMax * 0.01), y(t.yMax * 0.8), color, 'left');
      else label(ctx, text, x(secs - t.xMax * 0.01), y(t.yMax * 0.66), color, 'right');
    }
  },
};

function makeTimeline(canvas, q) {
  const t = timelineNumbers(q);
  const data = timelineData(t);
  // The plugins read the figure's numbers from the canvas: Chart's constructor draws at once.
  canvas.$numbers = t;
  const chart = new Chart(canvas, {
    type: 'line',
    data: {
      datasets: [
        { label: 'streamed', data: data[0], borderColor: C.decode, backgroundColor: C.decode, borderWidth: 3 },
        { label: 'not streamed', data: data[1], borderColor: C.total, backgroundColor: C.total, borderWidth: 2 },
        { label: 'a reader at reading speed', data: data[2], borderColor: C.reading, backgroundColor: C.reading, borderWidth: 2, borderDash: [6, 4] },
      ],
    },
    options: {
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      events: [],
      elements: { point: { radius: 0 }, line: { tension: 0 } },
      plugins: { legend: { position: 'top', align: 'start', labels: { boxHeight: 2, color: C.text } }, tooltip: { enabled: false } },
      scales: {
        x: {
          type: 'linear',
          min: 0,
          max: t.xMax,
          grid: { display: false },
          border: { color: C.axis },
          ticks: { maxTicksLimit: 6, includeBounds: false, color: C.text, callback: (v) => trimmed(v, 2) },
          title: { display: true, text: 'time since the request was sent (s)', color: C.text },
        },
        y: {
          type: 'linear',
          min: 0,
          max: t.yMax,
          grid: { color: C.grid },
          border: { color: C.axis },
          ticks: { maxTicksLimit: 5, includeBounds: false, color: C.text, callback: (v) => grouped.format(v) },
          title: { display: true, text: 'tokens on screen', color: C.text },
        },
      },
    },
    plugins: [timelinePlugin],
  });
  return chart;
}

function updateTimeline(chart, q) {
  const t = timelineNumbers(q);
  const data = timelineData(t);
  chart.canvas.$numbers = t;
  data.forEach((points, i) => (chart.data.datasets[i].data = points));
  chart.options.scales.x.max = t.xMax;
  chart.options.scales.y.max = t.yMax;
  chart.update('none');
}

// ---- Figure 2: crossing --------------------------------------------------------------------

const PROMPT = SPECS[0];

function crossingNumbers(q) {
  const samples = [];
  for (let i = 0; i <= 60; i++) {
    const prompt = PROMPT.min * (PROMPT.max / PROMPT.min) ** (i / 60);
    const m = model({ ...q, prompt });
    samples.push({ prompt, prefill: m.prefill, decode: m.decode, total: m.total });
  }
  const yLo = Math.max(1e-5, Math.min(...samples.map((r) => Math.min(r.prefill, r.decode)))) * 0.7;
  const yHi = Math.max(yLo * 10, Math.max(...samples.map((r) => r.total))) * 1.5;
  return { q, m: model(q), samples, yLo, yHi };
}

function crossingData(n) {
  const { q, m, samples, yLo, yHi } = n;
  const inRange = n.m.crossing >= PROMPT.min && n.m.crossing <= PROMPT.max;
  return [
    samples.map((r) => ({ x: r.prompt, y: r.prefill })),
    samples.map((r) => ({ x: r.prompt, y: r.decode })),
    samples.map((r) => ({ x: r.prompt, y: r.total })),
    [{ x: q.prompt, y: yLo }, { x: q.prompt, y: yHi }],
    [{ x: q.prompt, y: m.prefill }, { x: q.prompt, y: m.decode }, { x: q.prompt, y: m.total }],
    inRange ? [{ x: m.crossing, y: m.decode }] : [],
  ];
}

const crossingPlugin = {
  id: 'crossoverCrossing',
  // Response-time rules under the curves, their labels over them.
  beforeDatasetsDraw(chart) {
    const n = chart.canvas.$numbers;
    const { ctx, chartArea: a, scales } = chart;
    for (const band of RESPONSE_BANDS) {
      if (band.secs > n.yLo * 1.5 && band.secs < n.yHi / 1.5) {
        const y = scales.y.getPixelForValue(band.secs);
        line(ctx, a.left, y, a.right, y, C.grid, 1, [6, 5]);
      }
    }
  },
  afterDatasetsDraw(chart) {
    const n = chart.canvas.$numbers;
    const { ctx, scales } = chart;
    const x = (v) => scales.x.getPixelForValue(v);
    const y = (v) => scales.y.getPixelForValue(v);
    for (const band of RESPONSE_BANDS) {
      if (band.secs > n.yLo * 1.5 && band.secs < n.yHi / 1.5) {
        label(ctx, `${duration(band.secs)}: ${band.label}`, x(PROMPT.max / 1.05), y(band.secs * 1.25), C.axis, 'right', 'middle', 11);
      }
    }
    const prompt = n.q.prompt;
    const right = prompt > PROMPT.min * (PROMPT.max / PROMPT.min) ** 0.75;
    label(ctx, `your prompt: ${tokens(prompt)}`, x(prompt * (right ? 0.96 : 1.04)), y(n.yHi / 2.2), C.text, right ? 'right' : 'left');
    const crossing = n.m.crossing;
    if (crossing >= PROMPT.min && crossing <= PROMPT.max) {
      const onLeft = crossing < PROMPT.min * (PROMPT.max / PROMPT.min) ** 0.72;
      const [px, py] = onLeft ? [crossing * 1.25, n.m.decode * 0.5] : [crossing / 1.25, n.m.decode * 3.5];
      label(ctx, `crossing: ${tokens(crossing)}`, x(px), y(py), C.marker, onLeft ? 'left' : 'right');
    } else {
      const edge = crossing > PROMPT.max ? 'beyond the right edge' : 'beyond the left edge';
      label(ctx, `crossing at ${tokens(crossing)} (${edge})`, x(PROMPT.min * 1.2), y(n.yLo * 1.6), C.marker, 'left');
    }
  },
};

// Ticks, labels and grid lines at whole decades only, as on the real page.
const decadesOnly = (scale) => {
  scale.ticks = scale.ticks.filter((t) => isPowerOfTen(t.value));
};

function makeCrossing(canvas, q) {
  const n = crossingNumbers(q);
  const data = crossingData(n);
  canvas.$numbers = n;
  const series = (label, points, color, width, extra = {}) => ({ label, data: points, borderColor: color, backgroundColor: color, borderWidth: width, ...extra });
  const chart = new Chart(canvas, {
    type: 'line',
    data: {
      datasets: [
        series('prefill (reading the prompt)', data[0], C.prefill, 2.5),
        series('decode (writing the answer)', data[1], C.decode, 2.5),
        series('total', data[2], C.total, 1.5),
        series('your prompt', data[3], C.axis, 1.5, { borderDash: [5, 4] }),
        series('now', data[4], C.axis, 0, { showLine: false, pointRadius: 3.5 }),
        series('crossing', data[5], C.marker, 0, { showLine: false, pointRadius: 6, pointBorderWidth: 2.5, backgroundColor: 'rgba(0,0,0,0)' }),
      ],
    },
    options: {
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      events: [],
      elements: { point: { radius: 0 }, line: { tension: 0 } },
      plugins: {
        legend: { position: 'top', align: 'start', labels: { boxHeight: 2, color: C.text, filter: (item) => item.datasetIndex <= 3 } },
        tooltip: { enabled: false },
      },
      scales: {
        x: {
          type: 'logarithmic',
          min: PROMPT.min,
          max: PROMPT.max,
          afterBuildTicks: decadesOnly,
          grid: { color: C.grid },
          border: { color: C.axis },
          ticks: { color: C.text, autoSkip: false, maxRotation: 0, callback: (v) => shortCount(v) },
          title: { display: true, text: 'prompt length (tokens, log scale)', color: C.text },
        },
        y: {
          type: 'logarithmic',
          min: n.yLo,
          max: n.yHi,
          afterBuildTicks: decadesOnly,
          grid: { color: C.grid },
          border: { color: C.axis },
          ticks: { color: C.text, autoSkip: false, callback: (v) => duration(v) },
          title: { display: true, text: 'time (s, log scale)', color: C.text },
        },
      },
    },
    plugins: [crossingPlugin],
  });
  return chart;
}

function updateCrossing(chart, q) {
  const n = crossingNumbers(q);
  const data = crossingData(n);
  chart.canvas.$numbers = n;
  data.forEach((points, i) => (chart.data.datasets[i].data = points));
  chart.options.scales.y.min = n.yLo;
  chart.options.scales.y.max = n.yHi;
  chart.update('none');
}

// ---- page ----------------------------------------------------------------------------------

function heightFor(width) {
  return Math.min(420, Math.max(240, width * 0.5));
}

function start() {
  Chart.defaults.font.family = 'sans-serif';
  Chart.defaults.font.size = 12;
  Chart.defaults.animation = false;

  // ?w=<css px> sets the figures' width, so the benchmark can match the real page's canvases.
  const width = Number(new URLSearchParams(location.search).get('w'));
  const main = document.querySelector('main');
  if (width > 0) main.style.maxWidth = `${width}px`;

  const q = Object.fromEntries(SPECS.map((s) => [s.key, s.def]));
  const fieldset = document.getElementById('controls');
  for (const spec of SPECS) {
    const wrap = document.createElement('div');
    wrap.className = 'control';
    const id = `${spec.key}-slider`;
    wrap.innerHTML = `<label for="${id}">${spec.label}</label><input id="${id}" type="range" min="0" max="${STEPS}" step="1"><output></output>`;
    const slider = wrap.querySelector('input');
    const out = wrap.querySelector('output');
    slider.dataset.testid = `${spec.key}-slider`;
    slider.value = String(toPosition(spec, spec.def));
    out.textContent = `${trimmed(spec.def, spec.decimals)} ${spec.unit}`;
    slider.addEventListener('input', () => {
      q[spec.key] = fromPosition(spec, Number(slider.value));
      out.textContent = `${trimmed(q[spec.key], spec.decimals)} ${spec.unit}`;
      updateTimeline(timeline, q);
      updateCrossing(crossing, q);
    });
    fieldset.append(wrap);
  }

  const boxes = document.querySelectorAll('.canvas-box');
  for (const box of boxes) box.style.height = `${heightFor(box.clientWidth)}px`;
  const timeline = makeTimeline(document.querySelector('[data-testid="timeline-canvas"]'), q);
  const crossing = makeCrossing(document.querySelector('[data-testid="crossing-canvas"]'), q);
  new ResizeObserver(() => {
    for (const box of boxes) box.style.height = `${heightFor(box.clientWidth)}px`;
  }).observe(main);
}

start();
