// The workbench's live measurement against real servers: llama.cpp's own server twice, on two
// loopback ports (tests/e2e/live-servers.mjs), with the page on a third, so every request is
// cross-origin and preflighted as a reviewer's would be. A reads prompts faster and B writes
// faster, so the two cross. The page's fit is checked against the rates each server reports for
// itself (llama.cpp's `timings`, in the downloaded file), the crossover against the one those
// rates give, and the download against the page's own file reader. It runs alone (the xtask's
// `.alone` pass): the page's clock reads each streamed piece as its own thread gets to it, and
// a neighbour's browser holding both cores made it read B's pieces no faster than A's (B 85.0
// tok/s by the page, 130.4 by the server). Cancel, and what goes wrong, are live-errors.test.mjs's.

import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import { test } from 'node:test';
import { eventually, shownText, useBrowser } from './helpers.mjs';
import { downloaded, ended, median, openLive, pageOrigin, setPlan, setServers, start, value } from './live-page.mjs';
import { LIVE_SKIP, startLiveServers } from './live-servers.mjs';

const env = useBrowser({ skip: LIVE_SKIP });
const TIMEOUT = { timeout: 240_000, skip: LIVE_SKIP };

test('two live servers measured from the page: rates beside their own, a crossover, a verdict, a download that reads back', TIMEOUT, async (t) => {
  const live = await startLiveServers({ corsOrigins: pageOrigin(env) });
  t.after(() => live.stop());
  const app = await openLive(env, t);
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
    // the server's prompts differently; its decode rate within 20% of the server's median (seen
    // within 5% in both engines on a fresh machine with other builds on its two cores).
    const mine = measured.requests.filter((r) => r.side === side);
    const rates = mine.map((r) => r.server_prefill_tokens_per_sec);
    const [slowest, fastest] = [Math.min(...rates), Math.max(...rates)];
    const prefill = median(rates);
    const decode = own(side, 'server_decode_tokens_per_sec');
    t.diagnostic(`${side}: prefill ${fitted[side].prefill.toFixed(0)} (server ${prefill.toFixed(0)}, ${slowest.toFixed(0)} to ${fastest.toFixed(0)}), decode ${fitted[side].decode.toFixed(1)} (server ${decode.toFixed(1)})`);
    assert.ok(fitted[side].prefill >= 0.8 * slowest && fitted[side].prefill <= 1.25 * fastest, `${side}'s prefill ${fitted[side].prefill} against the server's ${slowest} to ${fastest}`);
    // A busy machine delivers chunks in bursts, which the page's clock sees and the server's does
    // not: the tolerance is for that.
    assert.ok(Math.abs(fitted[side].decode / decode - 1) < 0.2, `${side}'s decode ${fitted[side].decode} against the server's ${decode}`);
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
  // A crossover is a length, so the page's interval starts at 0 at the lowest. On a machine busy
  // with other work, A's prefill can fall to B's at the median prompt (the servers' own clocks
  // then put the lines' meeting below zero: B ahead at every length); both accounts then agree
  // that no positive length separates them, and 0 is what the interval must hold.
  const held = Math.max(theirs, 0);
  assert.ok(Number.isFinite(theirs) && low <= held && held <= high, `the interval ${low}–${high} holds ${theirs}`);

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
