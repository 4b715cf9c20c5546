// The polite live region speaks when a verdict flips, and stays quiet while values merely move.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { eventually, openApp, useBrowser } from './helpers.mjs';

const env = useBrowser();
const TIMEOUT = { timeout: 60_000 };

test('crossing the crossing is announced once; moving on the same side is not', TIMEOUT, async (t) => {
  const app = await openApp(env, t, '?prompt=39000');
  const announcer = app.byTestId('announcer');
  assert.equal(await announcer.getAttribute('aria-live'), 'polite');
  assert.equal((await announcer.innerText()).trim(), '', 'nothing said on load');
  await app.pressOnSlider('prompt', 'ArrowLeft');
  assert.equal((await announcer.innerText()).trim(), '', 'a move that changes no verdict says nothing');
  await app.typeInto('prompt', '45000');
  await eventually(async () => assert.match(await announcer.innerText(), /reading the prompt now takes longer/));
});

test('the winner changing between deployments is announced', TIMEOUT, async (t) => {
  const app = await openApp(env, t, '?answer=600');
  await app.typeInto('answer', '20');
  await eventually(async () => assert.match(await app.byTestId('announcer').innerText(), /A now finishes first/));
});
