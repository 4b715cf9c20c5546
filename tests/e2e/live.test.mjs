// The workbench's live measurement against real servers: llama.cpp's own server twice, on two
// loopback ports (tests/e2e/live-servers.mjs), with the page on a third, so every request is
// cross-origin and preflighted as a reviewer's would be. A reads prompts faster and B writes
// faster, so the two cross. The page's fit is checked against the rates each server reports for
// itself (llama.cpp's `timings`, in the downloaded file), the crossover against the one those
// rates give, and the download against the page's own file reader. Errors are produced for real:
// a port with nothing on it, a server that lets in another origin only, a wrong key, and a
// hostile server (markup for names, a stream cut midway, a stream that never ends).

import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import fs from 'node:fs/promises';
import { test } from 'node:test';
import { eventually, loadRuns, openWorkbench, scrollIntoView, shownText, useBrowser } from './helpers.mjs';
import { LIVE_SKIP, startLiveServers } from './live-servers.mjs';

const env = useBrowser({ skip: LIVE_SKIP });
const TIMEOUT = { timeout: 240_000, skip: LIVE_SKIP };
const VIEWPORT = { width: 1280, height: 900 };
/**
 * A plan that identifies both rates quickly on these machines (12 requests, about 20 s): answers
 * long enough that a burst of chunks delivered late on a busy machine moves the decode rate little.
 */
const QUICK = { prompts: '32, 128, 512', answers: '16, 128', repeats: '1' };

async function openLive(t) {
  const app = await openWorkbench(env, t, '', { viewport: VIEWPORT });
  await app.openDetails('workbench-live');
  await app.byTestId('live-start').waitFor({ state: 'attached' });
  return app;
}

/** The page's origin, which the servers are told to let in. */
const pageOrigin = () => new URL(env.baseUrl).origin;

/** Types into a field and lets it know the typing is done, as leaving it does. */
async function type(app, id, text) {
  const field = app.byTestId(id);
  await scrollIntoView(field);
  await field.fill(text);
  await field.evaluate((e) => e.dispatchEvent(new Event('change', { bubbles: true })));
}

async function setServers(app, a, b, { key } = {}) {
  for (const [side, server] of [['a', a], ['b', b]]) {
    if (key !== undefined) await type(app, `live-${side}-key`, key);
    await type(app, `live-${side}-address`, server.base);
    if (server.model) await type(app, `live-${side}-model`, server.model);
  }
}

async function setPlan(app, plan = QUICK) {
  await type(app, 'live-prompts', plan.prompts);
  await type(app, 'live-answers', plan.answers);
  await type(app, 'live-repeats', plan.repeats);
  if (plan.limit) await type(app, 'live-limit', plan.limit);
}

async function start(app) {
  const button = app.byTestId('live-start');
  await scrollIntoView(button);
  await button.click();
}

/** Waits for the measurement to end as `how` ('finished', 'cancelled' or 'stopped'). */
async function ended(app, how, timeout = 180_000) {
  const summary = app.page.locator(`[data-testid="live-summary"][data-ended="${how}"]`);
  await summary.waitFor({ state: 'attached', timeout });
  return shownText(summary);
}

async function downloaded(app) {
  const [file] = await Promise.all([app.page.waitForEvent('download'), app.byTestId('live-download').click()]);
  return { name: file.suggestedFilename(), path: await file.path() };
}

const median = (xs) => {
  const s = [...xs].sort((x, y) => x - y);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** What a readout holds, unrounded. */
async function value(app, id) {
  return Number(await app.byTestId(id).getAttribute('data-value'));
}

test('two live servers measured from the page: rates beside their own, a crossover, a verdict, a download that reads back', TIMEOUT, async (t) => {
  const live = await startLiveServers({ corsOrigins: pageOrigin() });
  t.after(() => live.stop());
  const app = await openLive(t);
  // The models are listed once each address answers, and the first taken.
  await setServers(app, { base: live.a.base }, { base: live.b.base });
  for (const [side, server] of [['a', live.a], ['b', live.b]]) {
    await eventually(async () => assert.equal(await app.byTestId(`live-${side}-model`).inputValue(), server.model), { timeout: 30_000 });
  }
  await setPlan(app);
  assert.equal(await app.byTestId('live-plan').getAttribute('data-requests'), '12');
  assert.match(await shownText(app.byTestId('live-plan')), /prompts of 32, 128 and 512 tokens with answers of 16 and 128 tokens, every pair once: 6 requests a server, 12 in all/);
  await start(app);
  const summary = await ended(app, 'finished');
  assert.match(summary, /^A: 6 sent, 0 failed; B: 6 sent, 0 failed\./, summary);
  assert.equal(await app.byTestId('live-requests').locator('tbody tr').count(), 12);

  // The file, whose requests hold each server's own account of its rates.
  const file = await downloaded(app);
  assert.match(file.name, /^crossover-live-\d{4}-\d\d-\d\d-\d\d-\d\d\.json$/);
  const measured = JSON.parse(await fs.readFile(file.path, 'utf8'));
  assert.equal(measured.format, 'crossover-live-measurement');
  assert.equal(measured.requests.length, 12);
  const own = (side, key) => median(measured.requests.filter((r) => r.side === side).map((r) => r[key]));

  // The runs are A and B now: each one's fit beside the server's own rates. The fit's prefill is
  // the slope across prompt lengths, the server's the rate within each prompt; its decode the
  // median time per token, the server's its own clock over the same tokens.
  await eventually(async () => assert.match(await app.byTestId('import-applied').evaluate((e) => e.textContent), /B is now /), { timeout: 60_000 });
  await app.openDetails('workbench-runs');
  const fitted = {};
  for (const [index, side] of [[0, 'a'], [1, 'b']]) {
    await app.byTestId('import-run').selectOption(String(index));
    await app.page.locator(`[data-testid="import-results"][data-shown="${index}"]`).waitFor({ state: 'attached' });
    fitted[side] = { prefill: await value(app, 'fit-prefill'), decode: await value(app, 'fit-decode') };
    // The server's own prefill rates over the same requests: the page's slope must fall within
    // their range (a fifth either side), since a machine busy with other work slows each of
    // the server's prompts differently; its decode rate within 40% of the server's median.
    const mine = measured.requests.filter((r) => r.side === side);
    const rates = mine.map((r) => r.server_prefill_tokens_per_sec);
    const [slowest, fastest] = [Math.min(...rates), Math.max(...rates)];
    const prefill = median(rates);
    const decode = own(side, 'server_decode_tokens_per_sec');
    t.diagnostic(`${side}: prefill ${fitted[side].prefill.toFixed(0)} (server ${prefill.toFixed(0)}, ${slowest.toFixed(0)} to ${fastest.toFixed(0)}), decode ${fitted[side].decode.toFixed(1)} (server ${decode.toFixed(1)})`);
    assert.ok(fitted[side].prefill >= 0.8 * slowest && fitted[side].prefill <= 1.25 * fastest, `${side}'s prefill ${fitted[side].prefill} against the server's ${slowest} to ${fastest}`);
    // A busy machine delivers chunks in bursts, which the page's clock sees and the server's does
    // not: the tolerance is for that.
    assert.ok(Math.abs(fitted[side].decode / decode - 1) < 0.4, `${side}'s decode ${fitted[side].decode} against the server's ${decode}`);
  }
  // B writes faster, by the servers' own account and by the page's.
  assert.ok(own('b', 'server_decode_tokens_per_sec') > own('a', 'server_decode_tokens_per_sec'));
  assert.ok(fitted.b.decode > fitted.a.decode, JSON.stringify(fitted));

  // The crossover with its interval, holding the one the servers' own clocks give where the
  // page reads its first tokens, at the runs' median prompt: each server's prompt time there
  // (its median over the requests of that length) and its decode rate.
  const nstar = app.byTestId('compare-nstar');
  await nstar.waitFor({ state: 'attached', timeout: 60_000 });
  const prompt = median(measured.requests.map((r) => r.prompt_tokens));
  const ttft = (side) => median(measured.requests
    .filter((r) => r.side === side && Math.abs(r.prompt_tokens / prompt - 1) < 0.1)
    .map((r) => r.prompt_tokens / r.server_prefill_tokens_per_sec));
  const theirs = (ttft('b') - ttft('a')) / (1 / own('a', 'server_decode_tokens_per_sec') - 1 / own('b', 'server_decode_tokens_per_sec'));
  const [low, high] = [Number(await nstar.getAttribute('data-low')), Number(await nstar.getAttribute('data-high'))];
  t.diagnostic(`crossover ${await nstar.getAttribute('data-value')} (${low} to ${high}); from the servers' timings ${theirs.toFixed(1)}`);
  assert.ok(theirs > 0 && low <= theirs && theirs <= high, `the interval ${low}–${high} holds ${theirs}`);

  // The card decides on these runs, and the record names the source and its plan.
  const card = await shownText(app.byTestId('decision'));
  assert.doesNotMatch(card, /NaN|undefined/);
  await app.byTestId('workbench-copy-doc').click();
  const doc = await app.byTestId('workbench-doc').inputValue();
  assert.match(doc, /Crossover live measurement/);
  // The plan's answers were chosen to read the rates: the decision is for the typed workload.
  assert.match(doc, /^Workload: typed answer lengths/m);
  assert.match(doc, new RegExp(`127\\.0\\.0\\.1:${new URL(live.a.base).port}`));
  assert.ok(!doc.includes('/v1'), 'servers are named by host and port only');

  // The download, read by the page's own file reader, gives the same fit to the digit.
  await app.openDetails('workbench-runs');
  const before = await app.byTestId('import-run').locator('option').count();
  await app.byTestId('import-file').setInputFiles([file.path]);
  await eventually(async () => assert.equal(await app.byTestId('import-run').locator('option').count(), before + 2), { timeout: 60_000 });
  for (const [index, side] of [[before, 'a'], [before + 1, 'b']]) {
    await app.byTestId('import-run').selectOption(String(index));
    await app.page.locator(`[data-testid="import-results"][data-shown="${index}"]`).waitFor({ state: 'attached' });
    assert.equal(await value(app, 'fit-prefill'), fitted[side].prefill, `${side}'s prefill read back`);
    assert.equal(await value(app, 'fit-decode'), fitted[side].decode, `${side}'s decode read back`);
  }
});

test('cancel stops the request in flight and keeps every one before it', TIMEOUT, async (t) => {
  const live = await startLiveServers({ corsOrigins: pageOrigin() });
  t.after(() => live.stop());
  const app = await openLive(t);
  await setServers(app, live.a, live.b);
  await setPlan(app, { ...QUICK, repeats: '4' });
  await start(app);
  await app.page.locator('[data-testid="live-progress"][data-done="3"]').waitFor({ state: 'attached', timeout: 120_000 });
  await app.byTestId('live-cancel').click();
  const summary = await ended(app, 'cancelled');
  const rows = await app.byTestId('live-requests').locator('tbody tr').count();
  assert.ok(rows >= 3, `${rows} requests kept`);
  assert.match(summary, /planned requests were not sent\./);
  const measured = JSON.parse(await fs.readFile((await downloaded(app)).path, 'utf8'));
  assert.equal(measured.requests.length, rows, 'the download holds what the table shows');
  assert.equal(measured.plan.unsent, 48 - rows);
});

test('a server that is not there, one that lets in another origin only, and a wrong key each get their own words', TIMEOUT, async (t) => {
  const elsewhere = await startLiveServers({ corsOrigins: 'http://127.0.0.1:9', only: 'a' });
  t.after(() => elsewhere.stop());
  const keyed = await startLiveServers({ corsOrigins: pageOrigin(), apiKey: 'the-right-key', only: 'a' });
  t.after(() => keyed.stop());
  const closed = await new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = s.address().port;
      s.close(() => resolve(`http://127.0.0.1:${port}/v1`));
    });
  });
  const app = await openLive(t);
  await setPlan(app);
  const message = async (expected) => {
    await start(app);
    await ended(app, 'stopped', 60_000);
    return eventually(async () => {
      const text = await shownText(app.byTestId('live-message'));
      assert.match(text, expected);
      return text;
    }, { timeout: 60_000 });
  };
  // Nothing listening: both possibilities said, with each server's switch and this origin.
  const port = (base) => new URL(base).port;
  await setServers(app, { base: closed, model: 'm' }, { base: closed, model: 'm' });
  const unreachable = await message(new RegExp(`^A at 127\\.0\\.0\\.1:${port(closed)} did not answer this page\\.`));
  for (const words of ['--allowed-origins', '--cors-origins', 'OLLAMA_ORIGINS', 'lms server start --cors', 'SGLang', pageOrigin()]) {
    assert.ok(unreachable.includes(words), words);
  }
  // Refused by its cross-origin policy: the browser says no more than for a closed port.
  await setServers(app, { base: elsewhere.a.base, model: elsewhere.a.model }, { base: elsewhere.a.base, model: elsewhere.a.model });
  await message(new RegExp(`^A at 127\\.0\\.0\\.1:${port(elsewhere.a.base)} did not answer this page\\. Either nothing is listening there`));
  // A wrong key: 401, said as the key's fault, and the key is nowhere but its field.
  await setServers(app, keyed.a, keyed.a, { key: 'a-wrong-key' });
  await message(/refused the request with 401: the API key is missing or wrong\./);
  assert.ok(!(await app.page.evaluate(() => location.href + document.cookie + JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }))).includes('a-wrong-key'));
  // The right key measures.
  await setServers(app, keyed.a, keyed.a, { key: 'the-right-key' });
  await setPlan(app, { prompts: '16, 64, 256', answers: '4, 16', repeats: '1' });
  await start(app);
  await ended(app, 'finished');
  const measured = await fs.readFile((await downloaded(app)).path, 'utf8');
  assert.ok(!measured.includes('the-right-key'), 'no key in the download');
  // Firefox reports each refused request as an error of the page's; these were the test's aim.
  app.pageErrors = app.pageErrors.filter((e) => !/Cross-Origin Request Blocked/.test(e));
});

/**
 * A server that answers as an attacker would: markup and a huge name in its model list, an
 * error body of markup, and completions that either stop midway (`cut`) or never end (`endless`).
 */
async function hostileServer(mode) {
  const sockets = new Set();
  const server = createServer((req, res) => {
    const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*', 'access-control-allow-methods': '*' };
    if (req.method === 'OPTIONS') return res.writeHead(204, cors).end();
    if (req.url.endsWith('/models')) {
      res.writeHead(200, { ...cors, 'content-type': 'application/json' });
      return res.end(JSON.stringify({ data: [{ id: '<img src=x onerror="document.title=\'pwned\'">' }, { id: 'x'.repeat(100_000) }] }));
    }
    res.writeHead(200, { ...cors, 'content-type': 'text/event-stream' });
    const chunk = (text) => `data: ${JSON.stringify({ choices: [{ text }] })}\n\n`;
    res.write(chunk('<script>document.title="pwned"</script>'));
    if (mode === 'cut') {
      // The two warm-ups get whole answers; the requests after them are cut off midway.
      server.answered = (server.answered ?? 0) + 1;
      // Cut once the first text is on its way: a server killed partway through an answer.
      if (server.answered > 2) return setTimeout(() => res.socket.destroy(), 100);
      res.write(chunk(' more'));
      res.write(`data: ${JSON.stringify({ choices: [{ text: '' }], usage: { prompt_tokens: 210, completion_tokens: 4 } })}\n\n`);
      return res.end('data: [DONE]\n\n');
    }
    const timer = setInterval(() => res.write(chunk('<b>again</b>')), 20);
    res.on('close', () => clearInterval(timer));
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${server.address().port}/v1`,
    stop: () => new Promise((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(resolve);
    }),
  };
}

test('a hostile server: its names stay text, a stream cut midway and one that never ends are each named', TIMEOUT, async (t) => {
  const cut = await hostileServer('cut');
  const endless = await hostileServer('endless');
  t.after(() => Promise.all([cut.stop(), endless.stop()]));
  const app = await openLive(t);
  await setPlan(app, { ...QUICK, limit: '2' });
  await setServers(app, { base: cut.base }, { base: cut.base });
  // The markup name is listed and taken as text; the 100,000-character one is not kept.
  await eventually(async () => assert.equal(await app.byTestId('live-a-model').inputValue(), '<img src=x onerror="document.title=\'pwned\'">'), { timeout: 30_000 });
  assert.equal(await app.page.locator('#live-a-models option').count(), 1);
  await start(app);
  await ended(app, 'stopped', 60_000);
  assert.match(await shownText(app.byTestId('live-message')), /stopped sending partway through an answer/);
  // The endless stream is stopped at the plan's limit (its warm-up is the first request).
  await setServers(app, { base: endless.base }, { base: endless.base });
  await start(app);
  await ended(app, 'stopped', 60_000);
  assert.match(await shownText(app.byTestId('live-message')), /had not finished after 2 s, the plan's limit/);
  assert.notEqual(await app.page.evaluate(() => document.title), 'pwned');
  assert.equal(await app.page.locator('main img[src="x"], main script:not([src])').count(), 0);
});
