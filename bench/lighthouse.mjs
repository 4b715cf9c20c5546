// What a reader on a phone feels: Lighthouse's mobile runs of both pages, served gzipped and as
// stored, of one embedded figure of ours, and of a documentation page holding four figures (ours
// by the host script, the peer's as four iframes), each figure the median of its runs.

import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
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

/** The four figures a documentation page embeds: the lesson's four figures of the two stories. */
const DOCS_FIGURES = ['timeline', 'crossing', 'completion', 'lengths'];

/** A documentation page of prose between its figures, as MkDocs or Docusaurus would write it. */
function docsPage(title, figures) {
  const sections = figures.map((figure, i) => `<h2>Part ${i + 1}</h2>
<p>${'A paragraph of documentation before the figure, as a docs column holds it. '.repeat(6)}</p>
${figure}`).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title><style>body{font:16px/1.5 system-ui,sans-serif;max-width:46rem;margin:0 auto;padding:1rem}</style></head>
<body><h1>${title}</h1>
${sections}
</body></html>
`;
}

/**
 * The two documentation pages, written into a directory of their own: ours loads the host
 * script beside the build (`embed-*.js`) and writes one element per figure; the peer's holds
 * its page four times in iframes, the way a docs page embeds a page without a host script.
 */
function writeDocsPages(dist, oursUrl, peerUrl) {
  const dir = mkdtempSync(path.join(tmpdir(), 'crossover-docs-'));
  const host = readdirSync(dist).find((f) => /^embed-[0-9a-f]+\.js$/.test(f));
  if (!host) throw new Error(`no host script (embed-*.js) in ${dist}`);
  // Each element as the Embed button writes it at the defaults (its height and layout from the
  // page's own code, through the fixture the native tests write).
  const table = JSON.parse(readFileSync(new URL('../tests/e2e/figure-controls.json', import.meta.url), 'utf8'));
  const ours = DOCS_FIGURES.map((f) => {
    const element = table.find((row) => row.figure === f)?.element;
    if (!element) throw new Error(`tests/e2e/figure-controls.json has no element for ${f}`);
    return element;
  });
  // The host script where the snippet puts it, before the first figure, as the Embed button
  // writes it (not deferred); the later snippets' copies of the tag load nothing more.
  ours[0] = `<script src="${oursUrl}${host}"></script>\n${ours[0]}`;
  writeFileSync(path.join(dir, 'ours.html'), docsPage('Four Crossover figures', ours));
  const peer = DOCS_FIGURES.map(() => `<iframe src="${peerUrl}" title="Chart.js figure" width="100%" height="520" loading="lazy" frameborder="0"></iframe>`);
  writeFileSync(path.join(dir, 'peer.html'), docsPage('Four Chart.js figures', peer));
  return dir;
}

/**
 * Both pages served gzipped and served as stored, one embedded figure of ours gzipped, and the
 * documentation page with four figures of each, gzipped. Runs alternate between the pages, so a
 * busy spell on a shared machine falls on both.
 */
export async function lighthouseAll({ dist, peerDir, runs }) {
  const servers = {
    oursGzip: await startServer({ root: dist, gzip: true }),
    peerGzip: await startServer({ root: peerDir, gzip: true }),
    oursPlain: await startServer({ root: dist }),
    peerPlain: await startServer({ root: peerDir }),
  };
  const docsDir = writeDocsPages(dist, servers.oursGzip.url, servers.peerGzip.url);
  servers.docs = await startServer({ root: docsDir, gzip: true });
  try {
    // The peer is left at its own width (no ?w=): Lighthouse's phone screen decides it.
    const plan = [
      ['crossover', 'gzip', servers.oursGzip.url],
      ['chartjs', 'gzip', servers.peerGzip.url],
      ['crossover', 'plain', servers.oursPlain.url],
      ['chartjs', 'plain', servers.peerPlain.url],
      ['embed', 'gzip', `${servers.oursGzip.url}embed.html?embed=timeline`],
      ['docsOurs', 'gzip', `${servers.docs.url}ours.html`],
      ['docsPeer', 'gzip', `${servers.docs.url}peer.html`],
    ];
    const out = {};
    for (const [page, serving, url] of plan) {
      console.log(`bench: Lighthouse (mobile), ${page} served ${serving === 'gzip' ? 'gzipped' : 'uncompressed'}, ${runs} runs…`);
      (out[page] ??= {})[serving] = await lighthouseMedian(url, runs);
    }
    return out;
  } finally {
    for (const s of Object.values(servers)) await s.close();
    rmSync(docsDir, { recursive: true, force: true });
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
    `embedded figure (embed.html?embed=timeline, gzipped): score ${e?.score ?? '—'}, LCP ${sec(e?.lcpMs)}, TBT ${ms(e?.tbtMs, 0)}, first load ${kb(e?.bytes)} transferred`,
    ...[['docsOurs', 'four Crossover figures by the host script'], ['docsPeer', 'four Chart.js pages in iframes']].map(([key, what]) => {
      const d = lh[key]?.gzip;
      return `docs page, ${what}: score ${d?.score ?? '—'}, LCP ${sec(d?.lcpMs)}, TBT ${ms(d?.tbtMs, 0)}, ${kb(d?.bytes)} transferred`;
    }),
  ].join('\n');
}
