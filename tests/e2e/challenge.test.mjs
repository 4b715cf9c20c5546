// Predict, then check: the reader locks a guess, then grows the prompt until prefill costs more
// than decode; the feedback says "not yet" until the crossing (40,000 tokens at the defaults)
// and "passed" after it.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { eventually, model, openApp, useBrowser } from './helpers.mjs';

const env = useBrowser();
const TIMEOUT = { timeout: 90_000 };
const CROSSING = 40_000;

async function feedbackState(app) {
  return app.byTestId('challenge-feedback').getAttribute('data-state');
}

test('the challenge waits for a guess, then follows the prompt slider across the crossing', TIMEOUT, async (t) => {
  const app = await openApp(env, t);
  assert.equal(await feedbackState(app), 'guess', 'before a guess is locked');

  await app.byTestId('guess-input').fill('30000');
  await app.byTestId('guess-lock').click();
  await eventually(async () => assert.equal(await feedbackState(app), 'not-yet', 'a 16,000-token prompt is short of the crossing'));

  // Walk the prompt up one arrow press at a time, checking the state at every step.
  await app.slider('prompt').focus();
  let prompt = await app.quantity('prompt');
  for (let presses = 0; prompt <= CROSSING; presses++) {
    assert.ok(presses < 400, `the prompt never passed ${CROSSING} (stuck at ${prompt})`);
    await app.page.keyboard.press('ArrowRight');
    const before = prompt;
    prompt = await eventually(async () => {
      const now = await app.quantity('prompt');
      assert.ok(now > before, `ArrowRight moved the prompt past ${before}`);
      return now;
    });
    const expected = prompt > CROSSING ? 'passed' : 'not-yet';
    await eventually(async () => assert.equal(await feedbackState(app), expected, `state at a ${prompt}-token prompt`));
  }

  const q = await app.expectConsistent('past the crossing');
  assert.equal(q.output, 300, 'the challenge holds the answer at 300 tokens');
  assert.equal(model(q).bound, 'prefill');
  const text = await app.byTestId('challenge-feedback').innerText();
  assert.ok(text.includes('40,000'), `the feedback reveals the crossing: ${text}`);
  assert.ok(text.includes('30,000'), `and sets it against the guess: ${text}`);

  // Back below the crossing, the page says so again.
  await app.page.keyboard.press('PageDown');
  await eventually(async () => assert.equal(await feedbackState(app), 'not-yet', 'below the crossing again'));
});

test('typing a prompt past the crossing passes the challenge', TIMEOUT, async (t) => {
  const app = await openApp(env, t);
  await app.byTestId('guess-input').fill('45000');
  await app.byTestId('guess-lock').click();
  await eventually(async () => assert.equal(await feedbackState(app), 'not-yet'));
  await app.typeInto('prompt', '41000');
  await eventually(async () => assert.equal(await feedbackState(app), 'passed'));
});
