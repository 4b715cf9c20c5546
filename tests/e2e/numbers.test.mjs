// Numbers read from the URL and typed fields. The wasm reads most numbers itself and hands the
// rare ones (more than 19 significant digits, or a power of ten past 22) to the browser's
// parseFloat, to stay small (src/state/number.rs); both paths must give Rust's answers.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEFAULTS, eventually, openApp, useBrowser } from './helpers.mjs';

const env = useBrowser();
const TIMEOUT = { timeout: 60_000 };

test('long and exponent-heavy numbers in the URL read as Rust reads them', TIMEOUT, async (t) => {
  const query = [
    'prompt=16000.0000000000000000000001', // 27 significant digits: the browser's parser
    'output=3000000000000000000000000e-22', // a power of ten past 22: the browser's parser
    'prefill=8e3', // the fast path, with an exponent
    'decode=.6E2',
    'wait=0.2300000000000000000001',
    'reading=+240.',
  ].join('&');
  const app = await openApp(env, t, `?${query}`);
  assert.deepEqual(await app.quantities(), { prompt: 16000, output: 300, prefill: 8000, decode: 60, network: 0, wait: 0.23, reading: 240 });
  assert.equal(await app.noticeText(), '', 'all of these are numbers, within bounds');
});

test('text that only looks like a number is refused as before', TIMEOUT, async (t) => {
  const app = await openApp(env, t, '?prompt=1e&output=1.2.3&prefill=0x10&decode=1e5e3');
  assert.deepEqual(await app.quantities(), { ...DEFAULTS }, 'every value falls back to its default');
  const notice = await app.noticeText();
  for (const key of ['prompt', 'output', 'prefill', 'decode']) assert.ok(notice.includes(`(${key})`), `the notice names ${key}: ${notice}`);
});

test('a typed number with many digits is read exactly', TIMEOUT, async (t) => {
  const app = await openApp(env, t);
  await app.typeInto('prompt', '12345.000000000000000000000001');
  await eventually(async () => assert.equal(await app.quantity('prompt'), 12345));
  await app.typeInto('prompt', '2.5e3');
  await eventually(async () => assert.equal(await app.quantity('prompt'), 2500));
});
