// axe-core against the page in each of its states, with every WCAG 2.0, 2.1 and 2.2 rule at
// levels A and AA: no violation is allowed. Add a state to STATES as a new view or mode lands.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { REPO_ROOT, WORKBENCH, onlyIn, openApp, pageSettled, useBrowser } from './helpers.mjs';

// @axe-core/playwright runs axe through a Playwright page, and Playwright drives only Chromium
// here (Firefox goes through puppeteer-core).
const SKIP = onlyIn('chromium', 'axe runs through @axe-core/playwright, and Playwright drives only Chromium here');
const env = useBrowser({ skip: SKIP });
const TIMEOUT = { timeout: 120_000, skip: SKIP };

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/**
 * The states checked. `query` opens the page, `colorScheme` sets the system theme, `ready` is
 * the selector that says the view has rendered (default: the TTFT readout) and `prepare(app)`
 * brings the page into the state after it opens.
 */
export const STATES = [
  { name: 'default', query: '' },
  {
    name: 'bad input',
    query: '?prompt=abc&decode=0&wait=-1&output=1e400&model=quantum',
    prepare: async (app) => {
      // A field holding text it cannot use shows its error and is marked invalid.
      await app.typeInto('reading', 'fast');
      await app.byTestId('reading-error').waitFor({ state: 'visible' });
    },
  },
  {
    name: 'both predictions answered, every table and detail open',
    query: '?model=deep',
    prepare: (app) => app.openEverything(),
  },
  { name: 'dark', query: '', colorScheme: 'dark' },
  { name: 'embed', query: '?embed=crossing', ready: '[data-testid="crossing-canvas"]' },
  {
    name: 'the review workbench with a result file loaded, its figures drawn and tables open',
    query: '',
    ...WORKBENCH,
    prepare: async (app) => {
      await app.openDetails('workbench-runs');
      const file = path.join(REPO_ROOT, 'tests', 'data', 'bench-results', 'sglang_0.5.9_bench_serving_output-details__llm-benchmaq_qwen3.5-27b.jsonl');
      await app.byTestId('import-file').setInputFiles(file);
      await app.page.waitForFunction(() => ['fit-ttft', 'fit-decode-time', 'fit-residuals'].every((s) => document.querySelector(`[data-testid="${s}-canvas"]`)?.style.height), null, { timeout: 30_000 });
      await app.page.evaluate(() => document.querySelectorAll('#measurements details').forEach((d) => (d.open = true)));
    },
  },
  {
    name: 'embed, menu and table open, caption hidden',
    query: '?embed=timeline&caption=0&controls=decode,prompt',
    ready: '[data-testid="timeline-canvas"]',
    prepare: async (app) => {
      await app.page.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));
      await app.page.waitForFunction(() => document.querySelector('details.data table tbody tr'));
    },
  },
  { name: 'presentation', query: '?present=completion', ready: '[data-testid="completion-canvas"]' },
  {
    name: 'the review workbench, its sources open and the decision copied',
    query: '',
    ...WORKBENCH,
    prepare: async (app) => {
      await app.page.evaluate(() => document.querySelectorAll('details.workbench-source').forEach((d) => (d.open = true)));
      await app.byTestId('workbench-copy-doc').click();
      await app.byTestId('workbench-doc').waitFor({ state: 'visible' });
    },
  },
];

/** One line per violation: rule, impact, how many elements, the first few of them. */
function describe(violations) {
  return violations
    .map((v) => {
      const targets = v.nodes.slice(0, 4).map((n) => `${n.target.join(' ')}${n.failureSummary ? ` (${n.failureSummary.replace(/\s+/g, ' ').slice(0, 160)})` : ''}`);
      return `${v.id} [${v.impact}] x${v.nodes.length}: ${v.help}\n    ${targets.join('\n    ')}`;
    })
    .join('\n');
}

for (const state of STATES) {
  test(`axe finds no WCAG 2.2 A/AA violation: ${state.name}`, TIMEOUT, async (t) => {
    const app = await openApp(env, t, state.query, { colorScheme: state.colorScheme, ready: state.ready, page: state.page });
    if (state.prepare) {
      await state.prepare(app);
      // A part the browser skips while it is off screen keeps the size it had when it was last
      // laid out, so disclosures opened inside it overflow into the part below until a reader
      // comes near. The scan sees the page as a reader who scrolled through it after opening
      // them: every part laid out once at its full size.
      await app.page.evaluate(async () => {
        for (let y = 0; y < document.documentElement.scrollHeight; y += innerHeight / 2) {
          scrollTo(0, y);
          await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
        }
        scrollTo(0, 0);
      });
    }
    // The scan reads the page at rest: every figure drawn as its inputs say, the address written.
    await pageSettled(app.page);
    const results = await new AxeBuilder({ page: app.page }).withTags(WCAG_TAGS).analyze();
    t.diagnostic(`${state.name}: ${results.violations.length} violations, ${results.passes.length} rules passed, ${results.incomplete.length} to review by hand`);
    assert.equal(results.violations.length, 0, `axe violations in the ${state.name} state:\n${describe(results.violations)}`);
  });
}
