// Stepping a slider while the review workbench measures two live servers (issue 64 §6): two real
// llama.cpp servers (tests/e2e/live-servers.mjs, the live tests' own, each on a loopback port of
// its own) and the workbench page on the bench's server, a third origin, so every request is
// cross-origin and preflighted as a reviewer's would be. In one page of the same Chromium:
//
// 1. idle: steps of B's decode-rate slider (it redraws Figure 5 and the decision), timed as every
//    other step of the bench (in-page.mjs `stepSeries`: handler, microtasks and frame work);
// 2. during: the page's DEFAULT plan started ("Start measuring", nothing in the plan changed),
//    and the same slider stepped for as long as the progress says it is running;
// 3. servers busy, page idle (a control): node sends each server the same requests again (the
//    lengths its own `usage` reported), one at a time in the same order, while the same slider is
//    stepped: the servers' share of the two cores without the page's own measuring work;
// 4. idle again, after the measurement, with the measured runs as A and B.
//
// The slider is scrolled to the middle of the screen before each series, so its figures are on
// screen and drawn at every step, as in the bench's other slider steps. The measurement's cost
// to each server is read from the page's plan sentence and from the downloaded measurement (the
// servers' own token counts, and each request's time from sending to the end of its stream).

import { readFile } from 'node:fs/promises';
import { App } from '../tests/e2e/helpers.mjs';
import { setServers } from '../tests/e2e/live-page.mjs';
import { LIVE_PYTHON, LIVE_SKIP, startLiveServers } from '../tests/e2e/live-servers.mjs';
import { stepSeries } from './in-page.mjs';
import { PageBench } from './page-bench.mjs';
import { round, summary, triangle } from './stats.mjs';

/** The slider stepped: B's decode rate, as the import's steps (import.mjs). */
export const LIVE_SLIDER = 'b_rate';
/** Steps sent to the page at a time while the measurement (or the control) runs. */
const BLOCK = 25;
/** The most a measurement of the default plan may take before the bench gives up on it. */
const MEASURE_TIMEOUT_MS = 15 * 60_000;
/** The warm-up prompt's words (src/measurements/live/prompt.rs, `WARM_UP_WORDS`). */
const WARM_UP_WORDS = 200;
const RUNNING = '[data-testid="live-progress"][data-running="true"]';
const WORKBENCH_READY = 'html[data-complete] [data-testid="decision"][data-decision]';

/** Why the live section cannot run here, or false. */
export const liveSkipReason = () => LIVE_SKIP && `${LIVE_SKIP}; the live-measurement section was skipped`;

/** The slider's own steps around where it starts, walked back and forth (as `otherSliders`). */
async function sliderPath(page) {
  const s = await page.evaluate((key) => {
    const e = document.querySelector(`[data-testid="${key}-slider"]`);
    return e && { min: Number(e.min || 0), max: Number(e.max || 100), step: Number(e.step) || 1, value: Number(e.value) };
  }, LIVE_SLIDER);
  if (!s) throw new Error(`the workbench has no [data-testid="${LIVE_SLIDER}-slider"]`);
  const last = Math.round((s.max - s.min) / s.step);
  const at = Math.round((s.value - s.min) / s.step);
  const reach = Math.max(2, Math.min(150, Math.round(last / 6)));
  const lo = Math.max(0, at - reach);
  const hi = Math.min(last, at + reach);
  // One full period, so a series of any length cycles through it.
  const period = triangle(lo, lo, hi, 2 * (hi - lo));
  let i = period.indexOf(at);
  if (i < 0) i = 0;
  return {
    slider: s,
    next(n) {
      const out = [];
      for (let k = 0; k < n; k++, i = (i + 1) % period.length) out.push([LIVE_SLIDER, Number((s.min + period[i] * s.step).toFixed(6))]);
      return out;
    },
  };
}

const centre = (page) => page.evaluate((key) => document.querySelector(`[data-testid="${key}-slider"]`).scrollIntoView({ block: 'center' }), LIVE_SLIDER);

/** Steps until `running()` says stop (checked between blocks, and in the page by `whileSelector`). */
async function stepWhile(page, path, running, whileSelector = null, timeoutMs = MEASURE_TIMEOUT_MS) {
  const rows = [];
  const start = Date.now();
  while (await running()) {
    if (Date.now() - start > timeoutMs) throw new Error(`still running after ${timeoutMs / 60_000} min`);
    rows.push(...(await page.evaluate(stepSeries, { steps: path.next(BLOCK), whileSelector })));
  }
  return rows;
}

// Each series' summary, and every step in order as [step ms, rendering ms], for second looks.
const stepsOf = (rows) => ({ ...summary(rows.map((r) => r[0])), syncP50: summary(rows.map((r) => r[1])).p50, render: summary(rows.map((r) => r[4])), samples: rows.map((r) => [round(r[0], 2), round(r[4], 2)]) });

/** Random letter tokens (ids 259 to 285 in the test models' vocabulary): a prompt of `n` tokens
 * with a start of its own, so no prefix cache answers it. */
function tokens(n) {
  return Array.from({ length: Math.max(1, Math.round(n)) }, () => 259 + Math.floor(Math.random() * 27));
}

/** The control's load: the measurement's answered requests again, one at a time, in its order. */
async function replay(live, requests) {
  const started = Date.now();
  let sent = 0;
  for (const r of requests) {
    if (r.failure || !r.prompt_tokens || !r.answer_tokens) continue;
    const server = live[r.side];
    const response = await fetch(`${server.base}/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: server.model, prompt: tokens(r.prompt_tokens - 1), max_tokens: r.answer_tokens, min_tokens: r.answer_tokens, ignore_eos: true, stream: false }),
      signal: AbortSignal.timeout(300_000),
    });
    if (!response.ok) throw new Error(`the control's request to ${r.side.toUpperCase()} answered HTTP ${response.status}: ${(await response.text()).slice(0, 200)}`);
    await response.json();
    sent++;
  }
  return { requests: sent, secs: (Date.now() - started) / 1000 };
}

/** What the measurement cost each server, from the downloaded file (the servers' own counts). */
function costOf(file) {
  const out = {};
  for (const side of ['a', 'b']) {
    const mine = file.requests.filter((r) => r.side === side);
    const sum = (k) => mine.reduce((t, r) => t + (r[k] ?? 0), 0);
    const server = file.servers.find((s) => s.side === side);
    out[side] = {
      host: server?.host ?? null,
      requests: mine.length,
      failed: mine.filter((r) => r.failure).length,
      plannedPromptTokens: sum('planned_prompt_tokens'),
      plannedAnswerTokens: sum('planned_answer_tokens'),
      promptTokens: sum('prompt_tokens'),
      answerTokens: sum('answer_tokens'),
      // From sending each request to the end of its stream, summed: the time the server was busy
      // with this page's requests (the warm-up and the model list not included).
      busySecs: sum('end_secs'),
      // The warm-up (not counted, not in the file): a prompt of WARM_UP_WORDS words
      // (src/measurements/live/prompt.rs), which the server counted as this many tokens, and an
      // answer of 4 tokens.
      warmUpPromptTokens: server?.words_per_token > 0 ? WARM_UP_WORDS / server.words_per_token : null,
    };
  }
  return out;
}

/** How long after a result reaches the page a step counts as near it. */
export const NEAR_RESULT_MS = 250;

/**
 * The steps during the measurement split by when they began: within NEAR_RESULT_MS after a
 * request's result reached the page (its row added, the card reread and redrawn), or not (the
 * page only reading streams). Says which of the two the measurement's cost to a step is.
 */
function nearResults(rows, doneAt, handedAt) {
  const within = (marks) => (t) => marks.some((d) => t >= d && t - d <= NEAR_RESULT_MS);
  const [nearDone, nearHanded] = [within(doneAt), within(handedAt)];
  const strip = (r) => ({ n: r.n, p50: r.p50, p95: r.p95, max: r.max });
  const of = (keep) => strip(summary(rows.filter((r) => keep(r[5])).map((r) => r[0])));
  return {
    results: doneAt.length,
    handed: handedAt.length,
    withinMs: NEAR_RESULT_MS,
    near: of(nearDone),
    nearHanded: of(nearHanded),
    away: of((t) => !nearDone(t) && !nearHanded(t)),
  };
}

/**
 * The section: servers started, the workbench opened on `ourUrl`'s origin, the four series and
 * the cost. Returns `{ skipped }` when the servers' Python is not installed.
 */
export async function liveBench(browser, ourUrl, o) {
  const skipped = liveSkipReason();
  if (skipped) return { skipped };
  const t0 = Date.now();
  const origin = new URL(ourUrl).origin;
  console.log(`bench: live measurement, two llama.cpp servers (${LIVE_PYTHON}) letting in ${origin}…`);
  const live = await startLiveServers({ corsOrigins: origin });
  const serversReadyMs = Date.now() - t0;
  const bench = new PageBench('crossover', 'Crossover', browser, o);
  const workbenchUrl = new URL('workbench.html', ourUrl).href;
  const { context, page, errors } = await bench.open(workbenchUrl);
  try {
    await page.goto(workbenchUrl, { waitUntil: 'load' });
    await page.waitForSelector(WORKBENCH_READY, { state: 'attached', timeout: 30_000 });
    const app = new App(page);
    await app.openDetails('workbench-live');
    await app.byTestId('live-start').waitFor({ state: 'attached' });
    // The addresses as a reviewer types them; each model is listed once its address answers.
    await setServers(app, { base: live.a.base }, { base: live.b.base });
    await page.waitForFunction((models) => models.every(([side, m]) => document.querySelector(`[data-testid="live-${side}-model"]`)?.value === m), [['a', live.a.model], ['b', live.b.model]], { timeout: 30_000, polling: 100 });
    // The plan as the page offers it: nothing in it typed.
    const planLocator = app.byTestId('live-plan');
    const plan = { requests: Number(await planLocator.getAttribute('data-requests')), text: (await planLocator.evaluate((e) => e.textContent)).trim() };
    const fields = await page.evaluate(() => Object.fromEntries(['prompts', 'answers', 'repeats', 'limit'].map((k) => [k, document.querySelector(`[data-testid="live-${k}"]`)?.value ?? null])));

    const path = await sliderPath(page);
    const idleSteps = Math.max(40, o.steps);
    await centre(page);
    // Warm-up, not counted: JIT tiers and lazily built state.
    await page.evaluate(stepSeries, path.next(40));
    console.log(`bench: live: ${idleSteps} idle steps of ${LIVE_SLIDER}, then the default plan (${plan.requests} requests) measured while stepping…`);
    const idle = await page.evaluate(stepSeries, path.next(idleSteps));

    // When each request's result reaches the page (the progress's count of requests done
    // changes: a row is added and, once both sides can be fitted, the card reread), on the
    // page's clock, to place the steps against.
    // Likewise each time the measurement is handed on to the fit, the figures and the card
    // (`data-handed`: the page holds them back while a control moves).
    await page.evaluate(() => {
      const watch = (testid, attribute, marks) => {
        const e = document.querySelector(`[data-testid="${testid}"]`);
        new MutationObserver(() => {
          const n = e.getAttribute(attribute);
          if (n !== null && n !== '0' && marks[marks.length - 1]?.[1] !== n) marks.push([performance.now(), n]);
        }).observe(e, { attributes: true, attributeFilter: [attribute] });
      };
      watch('live-progress', 'data-done', (window.__liveDone = []));
      watch('live-measure', 'data-handed', (window.__liveHanded = []));
    });
    // Start, as the button does (without scrolling to it: the slider stays where it is).
    const started = Date.now();
    await page.evaluate(() => document.querySelector('[data-testid="live-start"]').click());
    await page.waitForSelector(RUNNING, { state: 'attached', timeout: 10_000 });
    const during = await stepWhile(page, path, () => page.evaluate((sel) => document.querySelector(sel) !== null, RUNNING), RUNNING);
    const summaryLocator = page.locator('[data-testid="live-summary"][data-ended]');
    await summaryLocator.waitFor({ state: 'attached', timeout: 60_000 });
    const endedMs = Date.now() - started;
    const ending = await summaryLocator.getAttribute('data-ended');
    const summaryText = (await summaryLocator.evaluate((e) => e.textContent)).trim();
    const status = (await app.byTestId('live-status').evaluate((e) => e.textContent)).trim();
    const doneAt = (await page.evaluate(() => window.__liveDone)).map(([t]) => t);
    const handedAt = (await page.evaluate(() => window.__liveHanded)).map(([t]) => t);

    // The measurement as the page downloads it.
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), page.evaluate(() => document.querySelector('[data-testid="live-download"]').click())]);
    const file = JSON.parse(await readFile(await download.path(), 'utf8'));
    const cost = costOf(file);
    // The last reread and redraw of the card settle before the control.
    await page.waitForTimeout(2000);

    console.log(`bench: live: the same requests sent again from node (the servers busy, the page not measuring) while stepping…`);
    await centre(page);
    let control = null;
    let controlDone = false;
    const replaying = replay(live, file.requests).then((r) => { control = r; }).finally(() => { controlDone = true; });
    const busy = await stepWhile(page, path, async () => !controlDone);
    await replaying;
    console.log(`bench: live: ${Math.ceil(idleSteps / 2)} idle steps again…`);
    await centre(page);
    const idleAfter = await page.evaluate(stepSeries, path.next(Math.ceil(idleSteps / 2)));

    return {
      slider: LIVE_SLIDER,
      servers: { a: { host: new URL(live.a.base).host, model: live.a.model }, b: { host: new URL(live.b.base).host, model: live.b.model }, readyMs: serversReadyMs },
      plan: { ...plan, fields },
      measurement: { ending, wallSecs: endedMs / 1000, summary: summaryText, status, started: file.started_utc, unsent: file.plan.unsent },
      cost,
      steps: { idle: stepsOf(idle), during: stepsOf(during), serversBusy: stepsOf(busy), idleAfter: stepsOf(idleAfter) },
      nearResults: nearResults(during, doneAt, handedAt),
      control,
      sectionSecs: (Date.now() - t0) / 1000,
      messages: errors.length ? errors.slice(0, 20) : null,
    };
  } finally {
    await context.close();
    await live.stop();
  }
}
