// Step latency in Firefox: the same two step series on both pages, as a second engine's view
// of Chromium's figures, and the table that sets the engines side by side.

import { buildWholePage } from '../tests/e2e/helpers.mjs';
import { FirefoxBrowser } from '../tests/e2e/firefox-driver.mjs';
import { instrument, stepSeries } from './in-page.mjs';
import { ms, summary, triangle } from './stats.mjs';

/**
 * The two step series again in Firefox (through the tests' puppeteer driver), for both pages,
 * on the same slider positions as in Chromium and in the same alternating blocks. Only step
 * latency: the drag, memory, loads and profiles use Chromium's DevTools protocol or Playwright
 * events. Returns { version, pages: { crossover, chartjs } } with summaries like result.step.
 */
export async function firefoxSteps(benches, urls, plans, o) {
  // Firefox rounds performance.now() to whole milliseconds for privacy; steps take a few, so
  // the benchmark asks for its full precision, as Chromium gives without asking.
  const browser = await FirefoxBrowser.launch({ prefs: { 'privacy.reduceTimerPrecision': false } });
  try {
    const sessions = [];
    for (const [i, b] of benches.entries()) {
      const context = await browser.newContext({ viewport: { width: o.width, height: o.height }, deviceScaleFactor: o.dpr });
      const page = await context.newPage();
      const errors = [];
      page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
      page.on('console', (m) => m.type() === 'error' && errors.push(`console.error: ${m.text().slice(0, 300)}`));
      await page.addInitScript(instrument);
      await page.goto(urls[i]);
      await buildWholePage(page, 30_000);
      await b.waitForFigures(page, errors);
      // The same warm-up as in Chromium.
      const warm = triangle(b.start.prompt, 300, 900, 60).map((p) => ['prompt', p]);
      await page.evaluate(stepSeries, warm);
      await page.evaluate(stepSeries, [...warm].reverse());
      sessions.push({ context, page, errors });
    }
    const BLOCK = 100;
    const rows = benches.map(() => ({ prompt: [], mixed: [] }));
    for (const series of ['prompt', 'mixed']) {
      for (let at = 0, turn = 0; at < o.steps; at += BLOCK, turn++) {
        for (const i of turn % 2 ? [1, 0] : [0, 1]) {
          // Firefox runs animation frames only in the tab in front, and each page is a tab.
          await sessions[i].page.bringToFront();
          rows[i][series].push(...(await sessions[i].page.evaluate(stepSeries, plans[i][series].slice(at, at + BLOCK))));
        }
      }
    }
    const pages = {};
    for (const [i, b] of benches.entries()) {
      const step = (r) => r.map((x) => x[0]);
      pages[b.name] = {
        step: {
          prompt: { ...summary(step(rows[i].prompt)), render: summary(rows[i].prompt.map((x) => x[4])) },
          allSliders: { ...summary(step(rows[i].mixed)), render: summary(rows[i].mixed.map((x) => x[4])) },
        },
        ...(sessions[i].errors.length ? { messages: sessions[i].errors.slice(0, 20) } : {}),
      };
      await sessions[i].context.close();
    }
    return { version: await browser.version(), pages };
  } finally {
    await browser.close();
  }
}

/** Step latency per engine, side by side. */
export function engineTable(chromium, firefox) {
  const rows = [];
  const pageNames = [['crossover', 'Crossover'], ['chartjs', 'Chart.js']];
  for (const [series, title] of [['prompt', 'prompt slider'], ['allSliders', 'all six sliders round-robin']]) {
    rows.push([`step, ${title}`, '', '', '', '']);
    for (const q of ['p50', 'p95', 'p99']) {
      rows.push([`  ${q}`, ...pageNames.flatMap(([key]) => [ms(chromium[key].step[series][q]), ms(firefox.pages[key].step[series][q])])]);
    }
    rows.push(['  then browser rendering, p50', ...pageNames.flatMap(([key]) => [ms(chromium[key].step[series].render.p50), ms(firefox.pages[key].step[series].render.p50)])]);
  }
  const head = ['', 'Crossover Chromium', 'Crossover Firefox', 'Chart.js Chromium', 'Chart.js Firefox'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (r) => r.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join('  ');
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}
