// What a reader on a phone feels: Lighthouse's mobile runs of both pages, served gzipped and as
// stored, and of one embedded figure of ours, each figure the median of its runs.

import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/chromium.mjs';
import { startServer } from '../tests/e2e/server.mjs';
import { kb, median, ms } from './stats.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LIGHTHOUSE_CLI = path.join(ROOT, 'node_modules', 'lighthouse', 'cli', 'index.js');

/**
 * One Lighthouse performance run of `url` with its default mobile profile: a mid-range phone's
 * screen, its CPU slowed 4×, a slow 4G connection simulated from the requests the page made.
 */
async function lighthouseOnce(url) {
  const flags = [...CHROMIUM_ARGS.filter((f) => f !== '--headless'), '--headless=new', '--disable-dev-shm-usage'];
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [LIGHTHOUSE_CLI, url, '--only-categories=performance', '--output=json', '--output-path=stdout', '--quiet', `--chrome-flags=${flags.join(' ')}`],
    { env: { ...process.env, CHROME_PATH: CHROMIUM_PATH }, maxBuffer: 128 * 1024 * 1024, timeout: 240_000 },
  );
  const report = JSON.parse(stdout);
  if (report.runtimeError) throw new Error(`Lighthouse on ${url}: ${JSON.stringify(report.runtimeError)}`);
  const audit = (id) => report.audits[id]?.numericValue ?? null;
  return {
    version: report.lighthouseVersion,
    score: Math.round(report.categories.performance.score * 100),
    fcpMs: audit('first-contentful-paint'),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    ttiMs: audit('interactive'),
    speedIndexMs: audit('speed-index'),
    // What the first load transferred, as served (compressed or not).
    bytes: audit('total-byte-weight'),
  };
}

/** `runs` Lighthouse runs of `url`; each figure is the median of its runs. */
async function lighthouseMedian(url, runs) {
  const all = [];
  for (let i = 0; i < runs; i++) all.push(await lighthouseOnce(url));
  const keys = ['score', 'fcpMs', 'lcpMs', 'tbtMs', 'cls', 'ttiMs', 'speedIndexMs', 'bytes'];
  const med = Object.fromEntries(keys.map((k) => [k, median(all.map((r) => r[k]).filter((v) => v !== null))]));
  return { url, runs, version: all[0]?.version, ...med, all };
}

/**
 * Both pages served gzipped and served as stored, and one embedded figure of ours gzipped.
 * Runs alternate between the pages, so a busy spell on a shared machine falls on both.
 */
export async function lighthouseAll({ dist, peerDir, runs }) {
  const servers = {
    oursGzip: await startServer({ root: dist, gzip: true }),
    peerGzip: await startServer({ root: peerDir, gzip: true }),
    oursPlain: await startServer({ root: dist }),
    peerPlain: await startServer({ root: peerDir }),
  };
  try {
    // The peer is left at its own width (no ?w=): Lighthouse's phone screen decides it.
    const plan = [
      ['crossover', 'gzip', servers.oursGzip.url],
      ['chartjs', 'gzip', servers.peerGzip.url],
      ['crossover', 'plain', servers.oursPlain.url],
      ['chartjs', 'plain', servers.peerPlain.url],
      ['embed', 'gzip', `${servers.oursGzip.url}?embed=timeline`],
    ];
    const out = {};
    for (const [page, serving, url] of plan) {
      console.log(`bench: Lighthouse (mobile), ${page} served ${serving === 'gzip' ? 'gzipped' : 'uncompressed'}, ${runs} runs…`);
      (out[page] ??= {})[serving] = await lighthouseMedian(url, runs);
    }
    return out;
  } finally {
    for (const s of Object.values(servers)) await s.close();
  }
}

export function lighthouseTable(lh) {
  const rows = [];
  const sec = (x) => (x === null || x === undefined ? '—' : `${(x / 1000).toFixed(2)} s`);
  const add = (label, key, format, pages = ['crossover', 'chartjs']) => rows.push([label, ...pages.map((p) => format(lh[p]?.gzip?.[key]))]);
  add('performance score', 'score', (x) => String(x ?? '—'));
  add('first contentful paint', 'fcpMs', sec);
  add('largest contentful paint', 'lcpMs', sec);
  add('total blocking time', 'tbtMs', (x) => ms(x, 0));
  add('cumulative layout shift', 'cls', (x) => (x === null || x === undefined ? '—' : x.toFixed(3)));
  add('time to interactive', 'ttiMs', sec);
  add('speed index', 'speedIndexMs', sec);
  add('bytes transferred', 'bytes', kb);
  rows.push(['served uncompressed: score', String(lh.crossover?.plain?.score ?? '—'), String(lh.chartjs?.plain?.score ?? '—')]);
  rows.push(['served uncompressed: LCP', sec(lh.crossover?.plain?.lcpMs), sec(lh.chartjs?.plain?.lcpMs)]);
  const widths = [0, 1, 2].map((i) => Math.max(...[['', 'Crossover', 'Chart.js'], ...rows].map((r) => String(r[i]).length)));
  const line = (r) => r.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join('  ');
  const e = lh.embed?.gzip;
  return [
    line(['', 'Crossover', 'Chart.js']),
    line(widths.map((w) => '-'.repeat(w))),
    ...rows.map(line),
    '',
    `embedded figure (?embed=timeline, gzipped): score ${e?.score ?? '—'}, LCP ${sec(e?.lcpMs)}, TBT ${ms(e?.tbtMs, 0)}, first load ${kb(e?.bytes)} transferred`,
  ].join('\n');
}
