// Playing a request: Figure 1's play control runs the request's clock in real time (or faster),
// its answers fill in as the model would write them, the figure marks the moment, a moved
// control stops it, it pauses off screen, and with reduced motion it steps through the same
// moments without moving. The same control plays the race of Figure 5, in an embed and, by a
// clicker's key, in presentation mode.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { eventually, model, openApp, scrollIntoView, timeForWhatMustNotHappen, useBrowser } from './helpers.mjs';

const env = useBrowser();
const TIMEOUT = { timeout: 90_000 };

// A short request, so a test sits through all of it: first token at 0.142 s, last at 1.125 s.
const SHORT = { prompt: 1000, output: 60, prefill: 8000, decode: 60, network: 0, wait: 0 };
const SHORT_QUERY = '?prompt=1000&output=60';
const ready = (figure) => ({ ready: `html[data-complete] [data-testid="${figure}-canvas"]` });
// Figure 1, whose player these tests play: the race of Figure 5 has one too.
const FIGURE_1 = 'figure[data-figure="timeline"]';
/** One of the parts of Figure 1's player, by `data-testid`. */
const part = (app, testid) => app.page.locator(`${FIGURE_1} [data-testid="${testid}"]`);

/** The clock, in seconds of the request. */
async function clock(app) {
  return Number(await part(app, 'play-clock').getAttribute('data-value'));
}

/**
 * In the page: presses play, then on every animation frame until the clock stops (or `ms` pass)
 * reads the clock and how many tokens each answer shows. Returns [wall ms, clock s, shown...].
 */
function recordPlay({ ms, figure }) {
  const player = document.querySelector(figure);
  const button = player.querySelector('[data-testid="play"]');
  const clockOf = () => Number(player.querySelector('[data-testid="play-clock"]').dataset.value);
  const lanes = [...player.querySelectorAll('[data-testid^="play-lane-"]')];
  button.click();
  const samples = [];
  const t0 = performance.now();
  return new Promise((done) => {
    const frame = () => {
      samples.push([performance.now() - t0, clockOf(), ...lanes.map((l) => Number(l.dataset.shown))]);
      if (button.dataset.state !== 'playing' || performance.now() - t0 > ms) return done(samples);
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

test('play runs the request: the clock keeps time, words come after the first token, the whole answer at the total', TIMEOUT, async (t) => {
  const app = await openApp(env, t, SHORT_QUERY);
  await scrollIntoView(part(app, 'play'));
  const { ttft, total } = model(SHORT);
  const samples = await app.page.evaluate(recordPlay, { ms: 8000, figure: FIGURE_1 });
  const last = samples.at(-1);
  assert.ok(last[1] >= total * 1.3, `the clock reached the end of the axis (${last[1]} s)`);
  assert.ok(samples.every((s, i) => i === 0 || s[1] >= samples[i - 1][1]), 'the clock never runs back');
  // Real time: over the stretch it ran, the clock kept pace with the wall (loosely: a busy
  // machine's long frames are held to 100 ms each).
  const [from, to] = [samples.find((s) => s[1] > 0.05), samples.find((s) => s[1] > total)];
  const pace = (to[1] - from[1]) / ((to[0] - from[0]) / 1000);
  assert.ok(pace > 0.5 && pace < 1.2, `one second of the request per second (${pace.toFixed(2)})`);
  // Streamed: nothing before the first token, then words within a frame or two of it.
  assert.ok(samples.every(([, secs, streamed]) => streamed === 0 || secs >= ttft - 1e-9), 'no word before the first token');
  const reached = samples.findIndex(([, secs]) => secs >= ttft);
  const shown = samples.findIndex(([, , streamed]) => streamed > 0);
  assert.ok(reached >= 0 && shown - reached <= 2, `first words ${shown - reached} frames after the first token's moment`);
  // Not streamed: an empty bubble until the total, then every token at once.
  assert.ok(samples.every(([, secs, , whole]) => (secs < total ? whole === 0 : whole === SHORT.output)), 'the unstreamed answer lands whole at the total');
  assert.equal(await part(app, 'play').getAttribute('data-state'), 'held', 'it stops at the end');
  const text = await part(app, 'play-lane-0').innerText();
  assert.match(text, /report/, `the streamed bubble holds the sample answer: ${text}`);
});

test('the figure marks the moment: the canvas changes as the clock moves, and pause holds it', TIMEOUT, async (t) => {
  const app = await openApp(env, t, '?prompt=1000&output=600');
  await scrollIntoView(app.byTestId('timeline-canvas'));
  const still = await app.canvasFingerprint('timeline-canvas');
  await part(app, 'play').click();
  await eventually(async () => assert.ok((await clock(app)) > 0.5));
  await part(app, 'play').click();
  assert.equal(await part(app, 'play').getAttribute('data-state'), 'paused');
  const paused = await clock(app);
  const first = await app.canvasFingerprint('timeline-canvas');
  assert.notEqual(first.hash, still.hash, 'the moment is drawn on the figure');
  await timeForWhatMustNotHappen(app.page, 300, 'a paused clock to move on');
  assert.equal(await clock(app), paused, 'paused, the clock holds');
  assert.equal((await app.canvasFingerprint('timeline-canvas')).hash, first.hash, 'paused, the figure holds');
  await part(app, 'play').click();
  await eventually(async () => assert.ok((await clock(app)) > paused + 0.5));
  await part(app, 'play').click();
  assert.notEqual((await app.canvasFingerprint('timeline-canvas')).hash, first.hash, 'a later moment, a different figure');
});

test('a moved control stops the play, and the speed choice runs it faster', TIMEOUT, async (t) => {
  const app = await openApp(env, t, '?prompt=1000&output=2000');
  await scrollIntoView(part(app, 'play'));
  await part(app, 'play').click();
  await eventually(async () => assert.ok((await clock(app)) > 0.2));
  await app.pressOnSlider('prompt', 'ArrowRight');
  await eventually(async () => assert.equal(await part(app, 'play').getAttribute('data-state'), 'idle'));
  await eventually(async () => assert.equal(await clock(app), 0, 'stopped and back at the start'));
  const drawn = await app.canvasFingerprint('timeline-canvas');
  // Ten times faster: a second of the reader's is ten of the request's.
  await part(app, 'play-speed').evaluate((select) => {
    select.value = '10';
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
  await scrollIntoView(part(app, 'play'));
  const samples = await app.page.evaluate(recordPlay, { ms: 1500, figure: FIGURE_1 });
  const [first, last] = [samples.find((s) => s[1] > 0), samples.at(-1)];
  const pace = (last[1] - first[1]) / ((last[0] - first[0]) / 1000);
  assert.ok(pace > 5 && pace < 11, `ten seconds of the request per second (${pace.toFixed(1)})`);
  assert.notEqual((await app.canvasFingerprint('timeline-canvas')).hash, drawn.hash);
});

test('it pauses when the figure leaves the screen and carries on when it is back', TIMEOUT, async (t) => {
  const app = await openApp(env, t, '?prompt=1000&output=2000');
  await scrollIntoView(part(app, 'play'));
  await part(app, 'play').click();
  await eventually(async () => assert.ok((await clock(app)) > 0.2));
  await app.page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await eventually(async () => assert.equal(await part(app, 'play').getAttribute('data-state'), 'paused'));
  const away = await clock(app);
  await timeForWhatMustNotHappen(app.page, 300, 'the clock of a player out of sight to move on');
  assert.equal(await clock(app), away, 'out of sight, the clock holds');
  await scrollIntoView(part(app, 'play'));
  await eventually(async () => assert.ok((await clock(app)) > away, 'back in sight, it plays on'));
});

test('with reduced motion, the control steps through the moments and nothing moves by itself', TIMEOUT, async (t) => {
  const app = await openApp(env, t, SHORT_QUERY, { reducedMotion: 'reduce' });
  const play = part(app, 'play');
  await scrollIntoView(play);
  assert.equal(await play.getAttribute('data-mode'), 'step');
  const { ttft, total } = model(SHORT);
  const before = await app.canvasFingerprint('timeline-canvas');
  await play.click();
  await eventually(async () => assert.ok(Math.abs((await clock(app)) - ttft) < 1e-6, `the first moment is the first token (${ttft})`));
  assert.equal(Number(await part(app, 'play-lane-0').getAttribute('data-shown')), 1, 'the first word is on screen');
  await timeForWhatMustNotHappen(app.page, 400, 'the clock to run by itself with reduced motion');
  assert.ok(Math.abs((await clock(app)) - ttft) < 1e-6, 'the clock does not run by itself');
  assert.notEqual((await app.canvasFingerprint('timeline-canvas')).hash, before.hash, 'the figure shows the moment');
  const seen = [ttft];
  for (let i = 0; i < 12 && seen.at(-1) !== 0; i++) {
    await play.click();
    await eventually(async () => assert.notEqual(await clock(app), seen.at(-1)));
    seen.push(await clock(app));
  }
  assert.ok(seen.some((s) => Math.abs(s - total) < 1e-6), `the total is one of the moments (${seen})`);
  assert.equal(seen.at(-1), 0, 'after the end, the start again');
});

test('the race plays A and B side by side: A starts first, B finishes first', TIMEOUT, async (t) => {
  const app = await openApp(env, t, '?answer=100');
  const player = app.page.locator('.race .player');
  // Who finishes first is the crossover's side: the race waits for its prediction.
  assert.equal(await player.count(), 0, 'no race to play before the prediction');
  await app.byTestId('race-reveal').click();
  await scrollIntoView(player);
  const samples = await app.page.evaluate(() => {
    const player = document.querySelector('.race .player');
    const button = player.querySelector('[data-testid="play"]');
    const [a, b] = [...player.querySelectorAll('[data-testid^="play-lane-"]')];
    button.click();
    const out = [];
    return new Promise((done) => {
      const frame = () => {
        out.push([Number(player.querySelector('[data-testid="play-clock"]').dataset.value), Number(a.dataset.shown), Number(b.dataset.shown)]);
        if (button.dataset.state !== 'playing') return done(out);
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
  });
  const aStarts = samples.find(([, a]) => a > 0);
  const bStarts = samples.find(([, , b]) => b > 0);
  assert.ok(aStarts[0] >= 0.2 && aStarts[0] < bStarts[0] && bStarts[0] >= 0.9, `A starts at ${aStarts[0]} s, B at ${bStarts[0]} s`);
  const aDone = samples.find(([, a]) => a === 100);
  const bDone = samples.find(([, , b]) => b === 100);
  assert.ok(bDone[0] < aDone[0], `B is done at ${bDone[0]} s, A at ${aDone[0]} s`);
  assert.ok(Math.abs(bDone[0] - (0.9 + 100 / 110)) < 0.1 && Math.abs(aDone[0] - (0.2 + 100 / 30)) < 0.1, 'each at its completion time');
});

test('an embedded Figure 1 plays, and in presentation the clicker key B plays and pauses', TIMEOUT, async (t) => {
  const embed = await openApp(env, t, `?embed=timeline&prompt=1000&output=2000`, { viewport: { width: 700, height: 900 }, ...ready('timeline') });
  await embed.byTestId('play').click();
  await eventually(async () => assert.ok((await clock(embed)) > 0.2, 'the embed plays'));
  const shown = await embed.page.evaluate(() => document.documentElement.getBoundingClientRect().height);
  assert.ok(shown <= 640, `the embed with its player fits 640 px (${shown})`);

  const present = await openApp(env, t, `?present=timeline&prompt=1000&output=2000`, { viewport: { width: 1280, height: 720 }, ...ready('timeline') });
  await present.page.keyboard.press('b');
  await eventually(async () => assert.equal(await present.byTestId('play').getAttribute('data-state'), 'playing'));
  await present.page.keyboard.press('b');
  await eventually(async () => assert.equal(await present.byTestId('play').getAttribute('data-state'), 'paused'));
  // The slides' keys still step the slides.
  await present.page.keyboard.press('PageDown');
  await eventually(async () => assert.ok(await present.byTestId('slide-name').getAttribute('data-value')));
});
