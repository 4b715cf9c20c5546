// The workbench's live measurement as the live tests drive it: open it, fill its fields as a
// reviewer types them, start, and wait for how it ended. Shared by live.alone.test.mjs
// (measuring, on its own) and live-errors.test.mjs (cancel and what goes wrong, beside other files).

import { openWorkbench, scrollIntoView, shownText } from './helpers.mjs';

const VIEWPORT = { width: 1280, height: 900 };
/**
 * A plan that identifies both rates quickly on these machines (12 requests, about 20 s): answers
 * long enough that a burst of chunks delivered late on a busy machine moves the decode rate little.
 */
export const QUICK = { prompts: '32, 128, 512', answers: '16, 128', repeats: '1' };

export async function openLive(env, t) {
  const app = await openWorkbench(env, t, '', { viewport: VIEWPORT });
  await app.openDetails('workbench-live');
  await app.byTestId('live-start').waitFor({ state: 'attached' });
  return app;
}

/** The page's origin, which the servers are told to let in. */
export const pageOrigin = (env) => new URL(env.baseUrl).origin;

/** Types into a field and lets it know the typing is done, as leaving it does. */
export async function type(app, id, text) {
  const field = app.byTestId(id);
  await scrollIntoView(field);
  await field.fill(text);
  await field.evaluate((e) => e.dispatchEvent(new Event('change', { bubbles: true })));
}

export async function setServers(app, a, b, { key } = {}) {
  for (const [side, server] of [['a', a], ['b', b]]) {
    if (key !== undefined) await type(app, `live-${side}-key`, key);
    await type(app, `live-${side}-address`, server.base);
    if (server.model) await type(app, `live-${side}-model`, server.model);
  }
}

export async function setPlan(app, plan = QUICK) {
  await type(app, 'live-prompts', plan.prompts);
  await type(app, 'live-answers', plan.answers);
  await type(app, 'live-repeats', plan.repeats);
  if (plan.limit) await type(app, 'live-limit', plan.limit);
}

export async function start(app) {
  const button = app.byTestId('live-start');
  await scrollIntoView(button);
  await button.click();
}

/** Waits for the measurement to end as `how` ('finished', 'cancelled' or 'stopped'). */
export async function ended(app, how, timeout = 180_000) {
  const summary = app.page.locator(`[data-testid="live-summary"][data-ended="${how}"]`);
  await summary.waitFor({ state: 'attached', timeout });
  return shownText(summary);
}

export async function downloaded(app) {
  const [file] = await Promise.all([app.page.waitForEvent('download'), app.byTestId('live-download').click()]);
  return { name: file.suggestedFilename(), path: await file.path() };
}

export const median = (xs) => {
  const s = [...xs].sort((x, y) => x - y);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** What a readout holds, unrounded. */
export async function value(app, id) {
  return Number(await app.byTestId(id).getAttribute('data-value'));
}

