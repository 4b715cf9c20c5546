// Moving the controls: by keyboard on a slider and by typing a number. After every change the
// readouts must agree with the linear model evaluated on the controls' current values.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BOUNDS, DEFAULTS, assertClose, eventually, onlyIn, openApp, parseShown, useBrowser, wholePageText } from './helpers.mjs';

const env = useBrowser();
const TIMEOUT = { timeout: 60_000 };

/** Waits until `key`'s number input leaves `before`, and returns the new value. */
async function changedFrom(app, key, before) {
  return eventually(async () => {
    const now = await app.quantity(key);
    assert.notEqual(now, before, `${key} did not change from ${before}`);
    return now;
  });
}

/** The slider's aria-valuetext states the same number as the number input. */
async function assertSliderAgrees(app, key) {
  const value = await app.quantity(key);
  await eventually(async () => {
    const { valueText } = await app.sliderState(key);
    assertClose(parseShown(valueText.split(' ')[0]), value, `${key}-slider aria-valuetext "${valueText}"`);
  });
}

test('keyboard on the prompt slider: arrows, PageUp, End and Home', TIMEOUT, async (t) => {
  const app = await openApp(env, t);
  // The readouts checked between key presses include the crossing's, shown once guessed:
  // answered first, so no click on its button takes the focus from the slider mid-sequence.
  await app.reveal('crossing');
  const start = await app.sliderState('prompt');

  await app.pressOnSlider('prompt', 'ArrowRight');
  const afterArrow = await changedFrom(app, 'prompt', DEFAULTS.prompt);
  assert.ok(afterArrow > DEFAULTS.prompt, `ArrowRight grows the prompt (${DEFAULTS.prompt} -> ${afterArrow})`);
  assert.ok(afterArrow < DEFAULTS.prompt * 1.1, `ArrowRight is a small step (${afterArrow})`);
  await app.expectConsistent('after ArrowRight');
  await assertSliderAgrees(app, 'prompt');
  assert.ok((await app.sliderState('prompt')).position > start.position, 'the slider position moved right');

  await app.page.keyboard.press('PageUp');
  const afterPageUp = await changedFrom(app, 'prompt', afterArrow);
  assert.ok(afterPageUp > afterArrow * 1.5, `PageUp is a big step (${afterArrow} -> ${afterPageUp})`);
  await app.expectConsistent('after PageUp');

  await app.page.keyboard.press('ArrowLeft');
  const afterLeft = await changedFrom(app, 'prompt', afterPageUp);
  assert.ok(afterLeft < afterPageUp, 'ArrowLeft shrinks the prompt');
  await app.expectConsistent('after ArrowLeft');

  await app.page.keyboard.press('End');
  await changedFrom(app, 'prompt', afterLeft);
  assert.equal(await app.quantity('prompt'), BOUNDS.prompt[1], 'End goes to the largest prompt');
  assert.equal((await app.sliderState('prompt')).position, 1000, 'End puts the slider at its last position');
  const q = await app.expectConsistent('after End');
  assert.equal(await app.byTestId('bound').getAttribute('data-value'), 'prefill', `a ${q.prompt}-token prompt is prefill-bound`);

  await app.page.keyboard.press('Home');
  await changedFrom(app, 'prompt', BOUNDS.prompt[1]);
  assert.equal(await app.quantity('prompt'), BOUNDS.prompt[0], 'Home goes to the smallest prompt');
  assert.equal((await app.sliderState('prompt')).position, 0, 'Home puts the slider at position 0');
  await app.expectConsistent('after Home');
  await assertSliderAgrees(app, 'prompt');
});

test('keyboard on the rate and wait sliders moves the right readouts', TIMEOUT, async (t) => {
  const app = await openApp(env, t);
  const before = await app.readouts();

  // A slower decode: same TTFT prefill part, longer total.
  await app.pressOnSlider('decode', 'ArrowLeft');
  const decode = await changedFrom(app, 'decode', DEFAULTS.decode);
  assert.ok(decode < DEFAULTS.decode, 'ArrowLeft slows decode');
  await app.expectConsistent('decode ArrowLeft');
  assert.ok((await app.readout('total')).value > before.total.value, 'slower decode, longer total');
  assertClose((await app.readout('prefill-time')).value, before['prefill-time'].value, 'prefill time does not depend on decode');

  // A queue in front of both phases adds to TTFT and total alike.
  await app.pressOnSlider('wait', 'PageUp');
  const wait = await changedFrom(app, 'wait', DEFAULTS.wait);
  assert.ok(wait > 0, 'PageUp adds wait');
  await app.expectConsistent('wait PageUp');
  await app.page.keyboard.press('End');
  await eventually(async () => assert.equal(await app.quantity('wait'), BOUNDS.wait[1]));
  await app.expectConsistent('wait End');

  // The answer length: End is the longest answer.
  await app.pressOnSlider('output', 'End');
  await eventually(async () => assert.equal(await app.quantity('output'), BOUNDS.output[1]));
  await app.expectConsistent('output End');
  await assertSliderAgrees(app, 'output');
});

test('typing a number updates the readouts and redraws both figures', TIMEOUT, async (t) => {
  const app = await openApp(env, t);
  // Each figure is looked at before its pixels are read: the crossing is below the first screen,
  // where Firefox lays out nothing, and a change after the page was built (its width as the
  // page settles) waits there until the figure is near.
  const timelineBefore = await app.canvasFingerprint('timeline-canvas', { look: true });
  const crossingBefore = await app.canvasFingerprint('crossing-canvas', { look: true });

  await app.typeInto('prompt', '50000');
  await eventually(async () => assert.equal(await app.quantity('prompt'), 50000));
  await app.expectConsistent('prompt typed 50000');
  const r = await app.readouts();
  assertClose(r['prefill-time'].value, 6.25, 'prefill-time at 50,000 tokens');
  assert.equal(r['prefill-time'].text, '6.25 s');
  assertClose(r.total.value, 11.25, 'total at 50,000 tokens');
  assert.equal(r.total.text, '11.25 s');
  assert.equal(await app.byTestId('bound').getAttribute('data-value'), 'prefill');
  // The slider follows the typed value.
  await eventually(async () => assert.equal((await app.sliderState('prompt')).valueText, '50,000 tokens'));

  await eventually(async () => {
    assert.notEqual((await app.canvasFingerprint('timeline-canvas', { look: true })).hash, timelineBefore.hash, 'timeline-canvas pixels changed');
    assert.notEqual((await app.canvasFingerprint('crossing-canvas', { look: true })).hash, crossingBefore.hash, 'crossing-canvas pixels changed');
  });

  await app.typeInto('decode', '120');
  await eventually(async () => assert.equal(await app.quantity('decode'), 120));
  await app.expectConsistent('decode typed 120');
  assertClose((await app.readout('decode-time')).value, 2.5, 'decode-time at 120 tok/s');
});

test('every input event counts, without waiting for change or blur', TIMEOUT, async (t) => {
  const app = await openApp(env, t);
  const input = app.input('output');
  await input.click();
  await input.press('ControlOrMeta+a');
  await input.press('6');
  // "6" alone is a valid answer length: the page must already show it.
  await eventually(async () => assertClose((await app.readout('decode-time')).value, 6 / 60, 'decode-time after typing "6"'));
  await input.press('0');
  await eventually(async () => assertClose((await app.readout('decode-time')).value, 1, 'decode-time after typing "60"'));
  await app.expectConsistent('output typed 60');
});

test('an invalid typed value shows an inline message and keeps the last good value', TIMEOUT, async (t) => {
  const app = await openApp(env, t);
  const error = app.byTestId('prompt-error');

  await app.typeInto('prompt', '20000');
  await eventually(async () => assertClose((await app.readout('total')).value, 7.5, 'total at 20,000 tokens'));
  assert.equal(await error.isVisible(), false, 'no message for a valid value');

  // Text with no usable number in it: the page keeps what it had. Entered in one input event
  // (as a paste would), since typed key by key "1e400" passes through the valid "1e4".
  for (const bad of ['abc', '1e400', '']) {
    await app.input('prompt').fill(bad);
    await eventually(async () => {
      assert.ok(await error.isVisible(), `a message appears for "${bad}"`);
      assert.ok((await error.innerText()).trim().length > 0, `the message for "${bad}" says something`);
    });
    assertClose((await app.readout('total')).value, 7.5, `"${bad}" leaves the readouts at the last good value`);
    const bodyText = await wholePageText(app.page);
    assert.doesNotMatch(bodyText, /\bNaN\b|\bInfinity\b/, `no NaN or Infinity on screen after "${bad}"`);
  }

  // A number out of range also gets a message; whatever the page then holds stays finite.
  await app.typeInto('prompt', '-5');
  await eventually(async () => assert.ok(await error.isVisible(), 'a message appears for "-5"'));
  for (const { value } of Object.values(await app.readouts())) assert.ok(Number.isFinite(value), 'readouts stay finite after "-5"');

  await app.typeInto('prompt', '10000');
  await eventually(async () => assertClose((await app.readout('total')).value, 6.25, 'total at 10,000 tokens'));
  await eventually(async () => assert.equal(await error.isVisible(), false, 'the message goes once the value is good'));
  await app.expectConsistent('after recovering');
});

test('a message about typed text goes once the slider moves, with the field still focused or not', TIMEOUT, async (t) => {
  const app = await openApp(env, t);
  const error = app.byTestId('prompt-error');
  const slider = app.byTestId('prompt-slider');
  // By keyboard, the focus leaves the field first. By touch, some browsers (Safari on iOS) move
  // a slider without focusing it, so the field keeps the focus and only the slider's own input
  // event can take the message away: sent here with the field still focused.
  for (const move of ['keyboard', 'touch']) {
    await app.input('prompt').fill('abc');
    await eventually(async () => assert.ok(await error.isVisible(), `a message appears for "abc" (before the ${move})`));
    const before = (await app.readout('ttft')).value;
    if (move === 'keyboard') {
      await slider.focus();
      await slider.press('ArrowRight');
    } else {
      assert.equal(await app.input('prompt').evaluate((el) => el === document.activeElement), true, 'the field has the focus');
      await slider.evaluate((el) => {
        el.value = String(Number(el.value) - 40);
        el.dispatchEvent(new Event('input', { bubbles: true }));
      });
    }
    await eventually(async () => assert.notEqual((await app.readout('ttft')).value, before, `TTFT moves with the ${move}`));
    await eventually(async () => assert.equal(await error.isVisible(), false, `the message goes after the ${move}`));
  }
});

// Chromium only: Firefox gives no size to a canvas in a section it skips rendering
// (content-visibility), so there Figure 2 is first drawn as it comes near, and it adds noise to
// canvas read-backs, so equal pictures need not hash alike.
test('a figure out of sight is drawn once the controls are still, not on every step, and ends up as a fresh page draws it', { ...TIMEOUT, skip: onlyIn('chromium', 'Firefox sizes no canvas in a skipped section and noises canvas read-backs') }, async (t) => {
  const app = await openApp(env, t, '?prompt=2000');
  const { page } = app;
  await page.evaluate(() => window.scrollTo(0, 0));
  const far = await page.evaluate(() => {
    const r = document.querySelector('[data-testid="crossing-canvas"]').getBoundingClientRect();
    return r.top > window.innerHeight * 1.6;
  });
  assert.ok(far, 'Figure 2 starts well below the screen (more than half a screen past its edge)');
  const before = await app.canvasFingerprint('crossing-canvas');
  // Count paints per canvas, on the element (scripts a driver runs may each get a realm of their
  // own; the DOM is shared): one paint is every drawing call made within one task.
  const paints = (id) => page.evaluate((id) => Number(document.querySelector(`[data-testid="${id}"]`).dataset.paints), id);
  await page.evaluate(() => {
    for (const id of ['timeline-canvas', 'crossing-canvas']) {
      const canvas = document.querySelector(`[data-testid="${id}"]`);
      const context = canvas.getContext('2d');
      let inPaint = false;
      canvas.dataset.paints = '0';
      for (const name of ['fillRect', 'fillText', 'stroke', 'fill']) {
        const original = context[name];
        context[name] = function (...args) {
          if (!inPaint) {
            inPaint = true;
            canvas.dataset.paints = String(Number(canvas.dataset.paints) + 1);
            canvas.dataset.paintedAt = String(performance.now());
            queueMicrotask(() => { inPaint = false; });
          }
          return original.apply(this, args);
        };
      }
    }
  });
  // Twelve steps, one a frame, as a drag makes them.
  await page.evaluate(async () => {
    const slider = document.querySelector('[data-testid="prompt-slider"]');
    const frame = () => new Promise((done) => requestAnimationFrame(() => done()));
    const task = () => new Promise((done) => setTimeout(done, 0));
    for (let i = 1; i <= 12; i++) {
      // After a frame and in a task of its own, so the page's drawing lands in the next frame.
      await frame();
      await task();
      slider.value = String(Number(slider.value) + 5);
      slider.dispatchEvent(new Event('input', { bubbles: true }));
    }
    slider.dataset.lastStepAt = String(performance.now());
    await frame();
    await frame();
  });
  const during = { 'timeline-canvas': await paints('timeline-canvas'), 'crossing-canvas': await paints('crossing-canvas') };
  assert.ok(during['timeline-canvas'] >= 10, `Figure 1, on screen, follows the steps (${during['timeline-canvas']} paints for 12 steps)`);
  assert.ok(during['crossing-canvas'] <= 2, `Figure 2, out of sight, waits for the controls to be still (${during['crossing-canvas']} paints during 12 steps)`);
  // On a busy machine the controls can look still between two slow frames, so the figure may
  // paint during the steps as well: what matters is that it paints after the last one, and
  // that this last paint is the page's state.
  const after = await eventually(async () => {
    const times = await page.evaluate(() => ({
      painted: Number(document.querySelector('[data-testid="crossing-canvas"]').dataset.paintedAt),
      lastStep: Number(document.querySelector('[data-testid="prompt-slider"]').dataset.lastStepAt),
    }));
    assert.ok(times.painted > times.lastStep, `by a paint of its own after the last step (painted at ${times.painted} ms, last step at ${times.lastStep} ms)`);
    const now = await app.canvasFingerprint('crossing-canvas');
    assert.notEqual(now.hash, before.hash, 'Figure 2 is brought up to date once the controls are still');
    return now;
  });
  // The same picture a page opened at this address draws.
  const query = new URL(page.url()).search;
  const fresh = await openApp(env, t, query);
  assert.equal((await fresh.canvasFingerprint('crossing-canvas')).hash, after.hash, `Figure 2 at ${query} as a fresh page draws it`);
});
