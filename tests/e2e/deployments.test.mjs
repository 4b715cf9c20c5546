// The "Two deployments" section in a real browser: its readouts against the lesson's figures
// and against the completion model recomputed here, the controls moving them, the figures
// redrawing, and the cases with no crossover saying so in words. Each test answers the
// crossover's prediction first ("Show them anyway"), and opens the parts it reads.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertClose, assertDurationText, eventually, openApp, scrollIntoView, shownText, useBrowser } from './helpers.mjs';

const env = useBrowser();
const TIMEOUT = { timeout: 120_000 };

/** The two-deployment model, independent of the Rust code: completion = TTFT + n / rate. */
function race({ aTtft, aRate, bTtft, bRate }, n) {
  const a = aTtft + n / aRate;
  const b = bTtft + n / bRate;
  const lead = bTtft - aTtft;
  const gain = 1 / aRate - 1 / bRate;
  const crossover = lead * gain > 0 ? lead / gain : null;
  return { a, b, crossover };
}

const LESSON = { aTtft: 0.2, aRate: 30, bTtft: 0.9, bRate: 110 };

/** Text of the whole section, for words that must never appear. */
async function sectionText(app) {
  return shownText(app.page.locator('#deployments'));
}

/** Every part of the section opened, and its numbers shown. */
async function openAll(app) {
  await app.reveal('crossover');
  for (const id of ['trap-table-details', 'consumer-details', 'verbosity-details', 'spread-details', 'routing-details', 'abandonment-details']) {
    await app.openDetails(id);
  }
}

/** A table's body as rows of cell texts. */
async function tableRows(app, id) {
  return app.page.evaluate((testId) => {
    const table = document.querySelector(`[data-testid="${testId}"]`);
    if (!table) throw new Error(`no table [data-testid="${testId}"]`);
    return [...table.querySelectorAll('tbody tr')].map((tr) => [...tr.children].map((c) => c.textContent.trim()));
  }, id);
}

test('the lesson pair opens with its crossover, finishing times and the trap', TIMEOUT, async (t) => {
  const app = await openApp(env, t);
  await openAll(app);
  const expected = race(LESSON, 600);

  const crossover = await app.readout('crossover');
  assertClose(crossover.value, expected.crossover, 'crossover data-value');
  assertClose(crossover.value, 28.875, 'crossover is the lesson\'s 28.9', 1e-12);
  assert.equal(crossover.text, '28.9 tokens');

  const a = await app.readout('a-completion');
  assertClose(a.value, expected.a, 'a-completion');
  assert.equal(a.text, '20.2 s');
  const b = await app.readout('b-completion');
  assertClose(b.value, expected.b, 'b-completion');
  assert.equal(b.text, '6.35 s');
  assert.equal((await app.readout('winner')).raw, 'B');

  const first = await app.readout('ttft-speedup');
  assertClose(first.value, 4.5, 'ttft-speedup');
  assert.equal(first.text, 'A is 4.5× faster to the first token');
  const finish = await app.readout('finish-speedup');
  assertClose(finish.value, expected.a / expected.b, 'finish-speedup');
  assert.equal(finish.text, 'B is 3.2× faster to finish');

  // The lesson's table, computed live, to the digits the lesson prints.
  const rows = await tableRows(app, 'deployments-table');
  assert.deepEqual(
    rows.map((r) => r.slice(0, 4)),
    [
      ['20', '0.87 s', '1.08 s', 'A'],
      ['30', '1.20 s', '1.17 s', 'B'],
      ['100', '3.53 s', '1.81 s', 'B'],
      ['600', '20.20 s', '6.35 s', 'B'],
      ['2,000', '66.87 s', '19.08 s', 'B'],
    ],
  );

  // Figure 5: drawn, described, and its numbers one click away.
  const canvas = app.byTestId('completion-canvas');
  assert.match((await canvas.getAttribute('aria-label')) ?? '', /28\.9 tokens/);
  const print = await app.canvasFingerprint('completion-canvas');
  assert.ok(print.width > 0 && print.colours > 2, 'completion-canvas is drawn');
  await app.page.locator('figure[data-figure="completion"] details.data > summary').click();
  await eventually(async () => assert.ok((await app.byTestId('completion-table').locator('tbody tr').count()) >= 6, 'completion-table has rows'));

  // The bot's typical answer is about twenty times the crossover.
  assert.match(await app.byTestId('race-against-crossover').innerText(), /600 tokens is 20\.8 times the crossover/);

  // The story's turn, in the main line: the same pair at the busiest hour and at each model's
  // own length, with nothing opened and the decision still for the quiet hour.
  assert.match(await shownText(app.byTestId('turns-busiest')), /takes 20\.2 s on A and 14\.23 s on B, so B still finishes first\. Under load the crossover moves up from 28\.9 to 63 tokens/);
  assert.match(await shownText(app.byTestId('turns-own-length')), /If A says in 180 tokens what B says in 600 tokens, A is done after 6\.2 s and B after 6\.35 s, so A finishes first\./);
  assert.equal((await app.query()).load ?? 'idle', 'idle', 'reading the turn changes no hour');

  // Opening the busiest hour's part changes nothing; its choice of hour does, and says so.
  await app.openDetails('peak-details');
  assert.equal((await app.query()).load ?? 'idle', 'idle', 'opening the part changes no hour');
  assertClose((await app.readout('crossover-peak')).value, 0.7 / (1 / 30 - 1 / 45), 'crossover-peak');
  assert.equal((await app.readout('crossover-peak')).text, '63 tokens');
  assert.ok((await tableRows(app, 'peak-table')).some((r) => r.join(' ').includes('14.23 s')), 'B at peak finishes after 14.23 s');
  await app.byTestId('hour-busiest').check();
  await eventually(async () => assert.equal((await app.query()).load, 'peak'));
  await eventually(async () => assert.match(await shownText(app.byTestId('decision')), /For a person reading at the busiest hour/));
  // Closing the part leaves the hour chosen; the quiet hour comes back by its own choice.
  await app.byTestId('peak-details').locator(':scope > summary').click();
  assert.equal((await app.query()).load, 'peak');
  await app.openDetails('peak-details');
  await app.byTestId('hour-quiet').check();
  await eventually(async () => assert.equal((await app.query()).load ?? 'idle', 'idle'));
  const va = await app.readout('verbosity-a');
  assertClose(va.value, 6.2, 'A at its own 180 tokens');
  assert.equal(va.text, '6.2 s');
  assertClose((await app.readout('verbosity-b')).value, expected.b, 'B at its own 600 tokens');
  assert.equal((await app.readout('verbosity-winner')).raw, 'A');
  const shareA = (await app.readout('share-a')).value;
  assert.ok(shareA > 0.44 && shareA < 0.45, `share-a ${shareA}`);
  assertClose(shareA + (await app.readout('share-b')).value, 1, 'shares add up');
  assert.ok((await app.canvasFingerprint('lengths-canvas')).colours > 2, 'lengths-canvas is drawn');
  // A 900-token answer (the p90) sent to A costs about 21 s; the wrong way round far less.
  const long = (await app.readout('misroute-long')).value;
  const short = (await app.readout('misroute-short')).value;
  assertClose(long, race(LESSON, 900).a - race(LESSON, 900).b, 'misroute-long', 1e-6);
  assert.ok(short > 0 && short < 0.7 && long > 20 * short, `lopsided: ${long} vs ${short}`);
  assert.equal((await tableRows(app, 'abandonment-table')).length, 2);
  assert.ok((await app.readout('abandon-a')).value > (await app.readout('abandon-b')).value, 'more give up on the slow writer');

  assert.doesNotMatch(await sectionText(app), /\bNaN\b|\binf\b|Infinity/);
});

test('an answer below the crossover flips the winner to A and redraws Figure 5', TIMEOUT, async (t) => {
  const app = await openApp(env, t);
  await openAll(app);
  const before = await app.canvasFingerprint('completion-canvas');
  await app.pressOnSlider('answer', 'Home');
  await eventually(async () => assert.equal(await app.quantity('answer'), 1));
  await eventually(async () => assert.equal((await app.readout('winner')).raw, 'A'));
  const expected = race(LESSON, 1);
  assertClose((await app.readout('a-completion')).value, expected.a, 'a-completion at 1 token');
  assertClose((await app.readout('b-completion')).value, expected.b, 'b-completion at 1 token');
  assert.match((await app.readout('finish-speedup')).text, /^A is [\d.]+× faster to finish$/);
  await eventually(async () => assert.notEqual((await app.canvasFingerprint('completion-canvas')).hash, before.hash, 'completion-canvas pixels changed'));

  // Typing a length just above the crossover hands it back to B.
  await app.typeInto('answer', '30');
  await eventually(async () => assert.equal((await app.readout('winner')).raw, 'B'));
  assertDurationText((await app.readout('a-completion')).text, race(LESSON, 30).a, 'a-completion text at 30');
});

test('B at 45 tok/s moves the crossover to 63 tokens', TIMEOUT, async (t) => {
  const app = await openApp(env, t);
  await app.reveal('crossover');
  await app.typeInto('b_rate', '45');
  const expected = race({ ...LESSON, bRate: 45 }, 600);
  await eventually(async () => assertClose((await app.readout('crossover')).value, expected.crossover, 'crossover at b_rate 45'));
  assert.equal((await app.readout('crossover')).text, '63 tokens');
  assertClose((await app.readout('b-completion')).value, expected.b, 'b-completion at b_rate 45');
  assert.equal((await app.query()).b_rate, '45', 'the URL follows');
});

test('no crossover is said in words, with no data-value and no NaN', TIMEOUT, async (t) => {
  const app = await openApp(env, t, '?a_ttft=1&a_rate=200&b_ttft=2&b_rate=100');
  await openAll(app);
  const crossover = app.byTestId('crossover');
  await eventually(async () => assert.match(await shownText(crossover), /^None: A starts no later and writes no slower/));
  assert.equal(await crossover.getAttribute('data-value'), null, 'no data-value when there is no crossover');
  assert.equal((await app.readout('winner')).raw, 'A');
  assert.match((await app.readout('finish-speedup')).text, /^A is [\d.]+× faster to finish$/);
  assert.match((await app.byTestId('completion-canvas').getAttribute('aria-label')) ?? '', /never cross/);
  assertClose((await app.readout('share-a')).value, 1, 'A wins every request');
  const text = await sectionText(app);
  assert.doesNotMatch(text, /\bNaN\b|\binf\b|Infinity/);
  assert.match(text, /nothing to route/);
  assert.equal(await app.noticeText(), '', 'the URL was valid');
});

test('a TTFT built from the prompt: four passages bring B to about 0.46 s', TIMEOUT, async (t) => {
  const app = await openApp(env, t);
  await app.reveal('crossover');
  assert.equal(await app.byTestId('b-derived-ttft').count(), 0, 'no derived TTFT while B\'s is typed in');
  await app.byTestId('b-ttft-from-prompt').check();
  // The lesson's prompt: 200 + 12 × 650 = 8,000 tokens at 12,000 tok/s, plus 0.23 s.
  await eventually(async () => assertClose((await app.readout('b-derived-ttft')).value, 0.23 + 8000 / 12000, 'twelve passages'));
  assertClose((await app.readout('b-derived-prompt')).value, 8000, 'twelve passages of prompt');
  assert.match(await sectionText(app), /With four passages it would come after about 0\.46 s/);
  // One prompt for both deployments: its controls appear once either builds its TTFT from it.
  assertClose((await app.readout('bakeoff-prompt-tokens')).value, 8000, 'the shared prompt');
  await app.typeInto('passages', '4');
  await eventually(async () => assertClose((await app.readout('b-derived-ttft')).value, 0.23 + 2800 / 12000, 'four passages'));
  const ttft = (await app.readout('b-derived-ttft')).value;
  assert.equal(Math.round(ttft * 100) / 100, 0.46);
  // The derived TTFT is the one the race uses.
  const expected = race({ ...LESSON, bTtft: ttft }, 600);
  await eventually(async () => assertClose((await app.readout('crossover')).value, expected.crossover, 'crossover with the derived TTFT'));
  const query = await app.query();
  assert.equal(query.b_ttft_from, 'prompt');
  assert.equal(query.passages, '4');

  // The same state straight from a link, and from a link made when each deployment had its
  // own prompt keys: it opens on the same race, without a notice.
  for (const search of ['?b_ttft_from=prompt&passages=4', '?b_ttft_from=prompt&b_passages=4']) {
    const linked = await openApp(env, t, search);
    await linked.reveal('crossover');
    assertClose((await linked.readout('b-derived-ttft')).value, ttft, `b-derived-ttft from ${search}`);
    assert.ok(await linked.byTestId('b-ttft-from-prompt').isChecked());
    assert.equal(await linked.noticeText(), '', `${search} opens without a notice`);
    assert.equal((await linked.query()).passages, '4', 'the address is rewritten with today\'s key');
  }

  // Both built from the prompt: A is sent the same 2,800 tokens, at its own prefill rate.
  await app.byTestId('a-ttft-from-prompt').check();
  await eventually(async () => assertClose((await app.readout('a-derived-prompt')).value, 2800, 'A gets the same prompt'));
  assertClose((await app.readout('a-derived-ttft')).value, 0.075 + 2800 / 64000, 'A at its own prefill rate');
});

test('who consumes the answer is asked once, in the streaming section, and the lab follows it', TIMEOUT, async (t) => {
  const app = await openApp(env, t);
  await openAll(app);
  const verdict = app.byTestId('consumer-verdict');
  assert.equal(await verdict.getAttribute('data-value'), 'B');
  assert.equal(await verdict.getAttribute('data-first'), 'A', 'a reader sees A\'s words first');
  const questions = await app.page.evaluate(() => [...document.querySelectorAll('fieldset')].filter((f) => f.querySelector('input[type="radio"][name*="consumer"]')).length);
  assert.equal(questions, 1, 'one question about who is waiting');
  await scrollIntoView(app.byTestId('consumer-machine'));
  await app.byTestId('consumer-machine').check();
  await eventually(async () => assert.equal(await verdict.getAttribute('data-first'), 'none'));
  assert.match(await shownText(verdict), /only completion counts/);
  assert.match(await shownText(app.byTestId('decision')), /For a program/);
  assert.equal((await app.query()).consumer, 'machine');
});

test('a fixed router threshold is its own mark on Figure 6', TIMEOUT, async (t) => {
  const app = await openApp(env, t);
  await openAll(app);
  const before = await app.canvasFingerprint('lengths-canvas');
  const routedAtCrossover = (await app.readout('routed-mean')).value;
  await app.byTestId('route-fixed').check();
  await app.typeInto('threshold', '300');
  await eventually(async () => assert.ok((await app.readout('routed-mean')).value > routedAtCrossover, 'a threshold away from the crossover costs time'));
  await eventually(async () => assert.notEqual((await app.canvasFingerprint('lengths-canvas')).hash, before.hash, 'lengths-canvas pixels changed'));
  assert.match((await app.byTestId('lengths-canvas').getAttribute('aria-label')) ?? '', /shorter than 300 tokens to A/);
  assert.equal((await app.query()).route, 'fixed');
});

test("the spread can be the bot's own answers, an assumed spread around the race's answer", TIMEOUT, async (t) => {
  const app = await openApp(env, t);
  await openAll(app);
  const label = app.byTestId('workload-spread');
  assert.equal((await label.innerText()).trim(), "Workload: the lesson's mixed chat traffic, median 40, p90 900");
  const before = await app.canvasFingerprint('lengths-canvas');
  await app.byTestId('spread-bot').check();
  await eventually(async () => assert.equal((await label.innerText()).trim(), 'Workload: the bot\'s own answers, median 600, p90 1,200 (an assumed spread)'));
  assert.equal((await app.query()).spread, 'bot');
  assert.match(await app.byTestId('bot-spread-assumed').innerText(), /assumes how widely they spread/);
  await eventually(async () => assert.notEqual((await app.canvasFingerprint('lengths-canvas')).hash, before.hash, 'Figure 6 follows the spread'));
  // Every part that weighs the spread names it; the race keeps its one length.
  // Each read where a reader meets it: a part off screen follows the controls once near.
  for (const id of ['workload-routing', 'workload-abandonment', 'workload-lengths']) {
    await scrollIntoView(app.byTestId(id));
    await eventually(async () => assert.match(await app.byTestId(id).innerText(), /the bot's own answers, median 600/, id));
  }
  await scrollIntoView(app.byTestId('workload-race'));
  assert.equal((await app.byTestId('workload-race').innerText()).trim(), 'Workload: the support bot\'s typical answer, 600 tokens');
  await app.typeInto('bot_p90', '3000');
  // Read where the reader meets it: far below the race, the label is laid out once near.
  await scrollIntoView(label);
  await eventually(async () => assert.match(await label.innerText(), /p90 3,000/));
});
