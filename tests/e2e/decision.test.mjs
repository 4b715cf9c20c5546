// The decision card the deployments lab closes on, against the same decision computed here from
// the lesson's formulas (straight completion lines, a log-normal spread through the median and
// the 90th percentile, a router at the crossover) over random states; and its lines in Figure 5's
// CSV.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import fs from 'node:fs/promises';
import { assertClose, eventually, openApp, scrollIntoView, useBrowser } from './helpers.mjs';

const env = useBrowser();
const TIMEOUT = { timeout: 300_000 };

const Z90 = 1.2815515655446004;
const MAX_SIGMA = 8;

/** The standard normal CDF (Abramowitz and Stegun 7.1.26 on erf, refined: error below 1.5e-7). */
function phi(z) {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const erf = 1 - (((((1.061405429 * t - 1.453152027) * t) + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-x * x);
  return z >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/** The decision, from the formulas. */
function decide(q) {
  const peak = q.load === 'peak';
  const a = peak ? { ttft: q.a_peak_ttft, rate: q.a_peak } : { ttft: q.a_ttft, rate: q.a_rate };
  const b = peak ? { ttft: q.b_peak_ttft, rate: q.b_peak } : { ttft: q.b_ttft, rate: q.b_rate };
  // The card decides for its own workload (`decide`), whatever the spread of Figure 6.
  const [median, p90] = q.decide === 'bot' ? [q.answer, q.bot_p90] : [q.median, q.p90];
  const sigma = p90 > median ? Math.min(Math.log(p90 / median) / Z90, MAX_SIGMA) : 0;
  const mu = Math.log(median);
  const mean = Math.exp(mu + (sigma * sigma) / 2);
  const done = (d, n) => d.ttft + n / d.rate;
  const p90Tokens = Math.exp(mu + sigma * Z90);
  const ship = done(a, mean) < done(b, mean) ? 'A' : done(b, mean) < done(a, mean) ? 'B' : 'either';
  // The router at the crossover, guessing every length right: the short side below n*, the
  // long side above, each answer finishing on whichever wins it.
  const lead = b.ttft - a.ttft;
  const gain = 1 / a.rate - 1 / b.rate;
  const crossover = lead / gain;
  const single = Math.min(done(a, mean), done(b, mean));
  let routed = single;
  if (crossover > 0 && Number.isFinite(crossover) && sigma > 0) {
    const [short, long] = lead > 0 ? [a, b] : [b, a];
    const below = phi((Math.log(crossover) - mu) / sigma);
    const carriedBelow = mean * phi((Math.log(crossover) - mu - sigma * sigma) / sigma);
    routed = below * short.ttft + carriedBelow / short.rate + (1 - below) * long.ttft + (mean - carriedBelow) / long.rate;
  }
  const [own, other] = ship === 'A' ? [a, b] : [b, a];
  const room = done(other, mean) - own.ttft;
  return {
    ship,
    mean_tokens: mean,
    mean_a: done(a, mean),
    mean_b: done(b, mean),
    median_tokens: median,
    median_a: done(a, median),
    median_b: done(b, median),
    p90_tokens: p90Tokens,
    p90_a: done(a, p90Tokens),
    p90_b: done(b, p90Tokens),
    router_saved: single - routed,
    break_even: ship !== 'either' && room > 0 ? mean / room : undefined,
  };
}

/** A small seeded generator, so a failing state can be reproduced from the seed printed. */
function random(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = Math.imul(s ^ (s >>> 15), 1 | s);
    x ^= x + Math.imul(x ^ (x >>> 7), 61 | x);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** A random state, with numbers on the page's own steps (whole tokens, three decimals in s). */
function randomState(next) {
  const between = (lo, hi) => lo * (hi / lo) ** next();
  const secs = (lo, hi) => Math.round(between(lo, hi) * 1000) / 1000;
  const rate = (lo, hi) => Math.round(between(lo, hi) * 10) / 10;
  const tokens = (lo, hi) => Math.round(between(lo, hi));
  const median = tokens(5, 2000);
  const answer = tokens(20, 3000);
  return {
    a_ttft: secs(0.05, 2), a_rate: rate(5, 300), b_ttft: secs(0.05, 2), b_rate: rate(5, 300),
    a_peak_ttft: secs(0.05, 3), a_peak: rate(5, 300), b_peak_ttft: secs(0.05, 3), b_peak: rate(5, 300),
    median, p90: Math.round(median * between(1.2, 60)),
    answer, bot_p90: Math.round(answer * between(1.2, 8)),
    spread: next() < 0.5 ? 'traffic' : 'bot',
    decide: next() < 0.5 ? 'traffic' : 'bot',
    load: next() < 0.5 ? 'idle' : 'peak',
    consumer: next() < 0.5 ? 'reader' : 'machine',
  };
}

/** The card's numbers, from its `data-decision` attribute. */
async function shownDecision(app) {
  const raw = await app.byTestId('decision').getAttribute('data-decision');
  return Object.fromEntries(raw.split(' ').map((pair) => pair.split('=')).map(([k, v]) => [k, k === 'ship' ? v : Number(v)]));
}

test('the decision card matches the decision computed from the formulas over random states', TIMEOUT, async (t) => {
  const seed = Number(process.env.DECISION_SEED ?? Date.now() % 100000);
  const next = random(seed);
  const app = await openApp(env, t);
  const url = new URL(env.baseUrl);
  for (let i = 0; i < 8; i++) {
    const q = randomState(next);
    const query = '?' + new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)])).toString();
    const where = `seed ${seed}, state ${i}: ${query}`;
    await app.page.goto(url.origin + url.pathname + query);
    await app.waitUntilRendered();
    await app.reveal('crossover');
    const card = app.byTestId('decision');
    await scrollIntoView(card);
    const expected = decide(q);
    const shown = await eventually(() => shownDecision(app));
    assert.equal(shown.ship, expected.ship, `${where}: the deployment to ship`);
    for (const key of ['mean_tokens', 'mean_a', 'mean_b', 'median_tokens', 'median_a', 'median_b', 'p90_tokens', 'p90_a', 'p90_b']) {
      assertClose(shown[key], expected[key], `${where}: ${key}`, 1e-9);
    }
    // The page integrates the routed mean numerically, and the saving is the difference of two
    // close means, so it agrees to a tenth of a millisecond: far below the card's hundredths.
    assertClose(shown.router_saved, expected.router_saved, `${where}: router_saved`, 1e-4);
    if (expected.break_even === undefined) assert.equal(shown.break_even, undefined, `${where}: no break-even rate`);
    else assertClose(shown.break_even, expected.break_even, `${where}: break_even`, 1e-9);
    // The words agree with the numbers: the verdict, the workload and the hour.
    const words = await card.innerText();
    // For a person, a lead under a tenth of a second on the mean is no difference at all.
    const felt = q.consumer === 'machine' || Math.abs(expected.mean_a - expected.mean_b) >= 0.1;
    assert.match(words, expected.ship === 'either' || !felt ? /^Either/m : new RegExp(`^Ship ${expected.ship}$`, 'm'), where);
    const median = q.decide === 'bot' ? q.answer : q.median;
    assert.ok(words.includes(`median ${median.toLocaleString('en-US')}`), `${where}: the workload's median is named: ${words}`);
    assert.ok(words.includes(q.load === 'peak' ? 'the busiest hour' : 'a quiet hour'), `${where}: the hour is named`);
    assert.ok(words.includes(q.consumer === 'reader' ? 'a person reading' : 'a program'), `${where}: the consumer is named`);
    assert.doesNotMatch(words, /NaN|Infinity|undefined/, where);
  }
});

test("Figure 5's CSV carries the decision below its table, in the table's columns", TIMEOUT, async (t) => {
  const app = await openApp(env, t, '?median=40&p90=900');
  await app.reveal('crossover');
  await scrollIntoView(app.byTestId('completion-csv'));
  const [download] = await Promise.all([app.page.waitForEvent('download'), app.byTestId('completion-csv').click()]);
  const text = (await fs.readFile(await download.path())).toString('utf8');
  const lines = text.trim().split('\r\n');
  const width = lines[0].split(',').length;
  const decision = lines.find((l) => l.startsWith('decision,'));
  assert.equal(decision, `decision,ship B${','.repeat(width - 2)}`);
  const value = (label) => Number(lines.find((l) => l.startsWith(`${label},`)).split(',')[1]);
  const shown = await shownDecision(app);
  assertClose(value('router saves on the mean (s)'), shown.router_saved, 'the router line');
  assertClose(value('B at the p90 (s)'), shown.p90_b, 'the p90 line');
  assert.ok(lines.some((l) => l.startsWith('said,"For a person reading')), 'the sentences come too');
});
