// Predict, then check: until a guess is locked, no text the page holds (visible or not, and no
// attribute a screen reader reads) states the crossing of the first half or the crossover of
// the second, in any form the page writes numbers. The strings looked for are derived here from
// the formulas and the address's numbers, not copied from the page.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { eventually, openApp, scrollIntoView, useBrowser } from './helpers.mjs';

const env = useBrowser();
const TIMEOUT = { timeout: 180_000 };

/** Every way the page writes a number: "40,000", "40000", "133.3", "133", "28.9", "29". */
function forms(x) {
  const out = new Set();
  const whole = Math.round(x);
  out.add(String(whole));
  out.add(whole.toLocaleString('en-US'));
  const oneDecimal = (Math.round(x * 10) / 10).toLocaleString('en-US', { maximumFractionDigits: 1 });
  out.add(oneDecimal);
  out.add(oneDecimal.replace(/,/g, ''));
  out.add(String(x));
  return [...out];
}

/**
 * Matches `number` standing alone: not inside a longer number ("2.29", "290", "1,290"), and not
 * a percentage (a phase's share), which neither answer, a count of tokens, ever is.
 */
function standingAlone(number) {
  const escaped = number.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\d.,])${escaped}(?![\\d%]|[.,]\\d)`);
}

/** The answers at the address's numbers, computed from the lesson's formulas. */
function answers(q) {
  const crossingRatio = q.prefill / q.decode;
  const crossing = crossingRatio * q.output;
  const crossover = (q.b_ttft - q.a_ttft) / (1 / q.a_rate - 1 / q.b_rate);
  return {
    crossing: [...forms(crossing), ...forms(crossingRatio)],
    crossover: forms(crossover),
  };
}

/**
 * Every text node under the page's `main` (closed disclosures, hidden parts and the panels
 * included), and every attribute a screen reader reads or a test could read a value from, with
 * where it was found.
 */
function pageTexts() {
  const found = [];
  const where = (node) => {
    const element = node.nodeType === Node.ELEMENT_NODE ? node : node.parentElement;
    const testid = element?.closest('[data-testid]')?.getAttribute('data-testid');
    const section = element?.closest('section[aria-labelledby], aside, .lab')?.getAttribute('aria-labelledby') ?? element?.closest('aside')?.getAttribute('aria-label');
    return `${section ?? '?'} / ${testid ?? element?.tagName}`;
  };
  const main = document.querySelector('main');
  const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.textContent.trim()) found.push({ text: node.textContent, where: where(node) });
  }
  const attributes = ['aria-label', 'aria-valuetext', 'aria-description', 'title', 'alt', 'placeholder', 'data-value', 'data-decision'];
  for (const element of main.querySelectorAll('*')) {
    for (const name of attributes) {
      const value = element.getAttribute(name);
      if (value) found.push({ text: value, where: `${where(element)} [${name}]` });
    }
    if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) {
      if (element.value) found.push({ text: element.value, where: `${where(element)} [value]` });
    }
  }
  return found;
}

const STATES = [
  { name: 'the defaults', query: '', q: { prompt: 16000, output: 300, prefill: 8000, decode: 60, a_ttft: 0.2, a_rate: 30, b_ttft: 0.9, b_rate: 110 } },
  {
    name: 'other numbers',
    query: '?output=250&prefill=9000&decode=48&a_ttft=0.35&a_rate=26&b_ttft=1.1&b_rate=95&median=60&p90=1500',
    // Neither answer is by chance another number on the page (at decode 45 the crossing ratio
    // is 200, a prompt's system part; at 24 tok/s for A the crossover is 24.1).
    q: { prompt: 16000, output: 250, prefill: 9000, decode: 48, a_ttft: 0.35, a_rate: 26, b_ttft: 1.1, b_rate: 95 },
  },
];

for (const { name, query, q } of STATES) {
  test(`before a guess nothing in the page states the crossing or the crossover: ${name}`, TIMEOUT, async (t) => {
    const app = await openApp(env, t, query);
    const { crossing, crossover } = answers(q);
    const patterns = [...crossing, ...crossover].map((n) => ({ n, re: standingAlone(n) }));
    const leaks = (texts) => texts.flatMap(({ text, where }) => patterns.filter(({ re }) => re.test(text)).map(({ n }) => `${n} in ${where}: ${text.trim().slice(0, 140)}`));

    assert.deepEqual(leaks(await app.page.evaluate(pageTexts)), [], 'nothing states an answer before a guess');
    // Opening every disclosure of the deployments lab tells nothing more.
    const summaries = app.page.locator('#deployments details > summary');
    for (let i = 0, n = await summaries.count(); i < n; i++) {
      const summary = summaries.nth(i);
      await scrollIntoView(summary);
      await summary.click();
    }
    assert.deepEqual(leaks(await app.page.evaluate(pageTexts)), [], 'nor with every part opened');
    // The figures that would give an answer away are drawn blurred.
    for (const figure of ['crossing', 'completion']) {
      const filter = await app.page.locator(`[data-figure="${figure}"] canvas`).evaluate((c) => getComputedStyle(c).filter);
      assert.match(filter, /blur/, `${figure} is blurred`);
    }

    // The first prediction answered, the crossing is stated and the crossover still is not.
    await app.byTestId('guess-input').fill('20000');
    await app.byTestId('guess-lock').click();
    const crossingPatterns = crossing.map(standingAlone);
    await eventually(async () => {
      const texts = (await app.page.evaluate(pageTexts)).map((f) => f.text).join('\n');
      assert.ok(crossingPatterns.some((re) => re.test(texts)), 'the crossing is stated once guessed');
    });
    const afterFirst = (await app.page.evaluate(pageTexts)).filter(({ text }) => crossover.map(standingAlone).some((re) => re.test(text)));
    assert.deepEqual(afterFirst.map((f) => `${f.where}: ${f.text}`), [], 'the crossover still waits for its own guess');

    await app.byTestId('crossover-guess-input').fill('50');
    await app.byTestId('crossover-guess-lock').click();
    await eventually(async () => {
      const shown = (await app.readout('crossover')).text;
      assert.ok(crossover.map(standingAlone).some((re) => re.test(shown)), `the crossover readout says it: ${shown}`);
    });
    await app.openDetails('routing-details');
    assert.equal(await app.byTestId('route-crossover').count(), 1, 'the router settings appear with it');
  });
}

test('with the deeper model the veil hides the deeper crossing too', TIMEOUT, async (t) => {
  const app = await openApp(env, t, '?model=deep');
  const texts = (await app.page.evaluate(pageTexts)).filter(({ text }) => /32,943|32943|40,000/.test(text));
  assert.deepEqual(texts, [], 'neither crossing is stated before the guess');
  await app.reveal('crossing');
  await eventually(async () => assert.match((await app.readout('crossing-prompt-deep')).text, /^32,943 tokens$/));
});

test("the H200's crossing waits for its guess, whichever control puts the H200 in the panel", TIMEOUT, async (t) => {
  // The H200's prefill and decode rates (Llama 3.1 8B, bf16, one sequence, MFU 0.5, MBU 0.7)
  // from the data sheet's 989 TFLOP/s and 4,800 GB/s: its ratio and its crossing at the
  // lesson's 300-token answer are the prediction's answer.
  const prefill = (989e12 * 0.5) / (2 * 8.03e9);
  const decode = (4800e9 * 0.7) / (8.03e9 * 2);
  const ratio = prefill / decode;
  const patterns = [...forms(ratio * 300), ...forms(ratio), '44,200', '44200', '147'].map((n) => ({ n, re: standingAlone(n) }));
  const leaks = (texts) => texts.flatMap(({ text, where }) => patterns.filter(({ re }) => re.test(text)).map(({ n }) => `${n} in ${where}: ${text.trim().slice(0, 140)}`));
  for (const [how, query, act] of [
    ['the chip radio', '', (app) => app.byTestId('chip-h200')],
    ['the address', '?chip=h200', null],
  ]) {
    const app = await openApp(env, t, query);
    await app.waitUntilRendered();
    if (act) {
      const control = act(app);
      await scrollIntoView(control);
      await control.click();
    }
    await eventually(async () => assert.equal(await app.byTestId('hw-crossing-veiled').count(), 1, `${how}: the panel says the crossing waits`));
    assert.equal(await app.byTestId('hw-crossing').count(), 0, `${how}: no crossing readout`);
    assert.equal(await app.byTestId('hw-crossing-sentence').count(), 0, `${how}: no sentence under Figure 4 states it`);
    assert.deepEqual(leaks(await app.page.evaluate(pageTexts)), [], `${how}: nothing states the H200's answer`);
    // Locked, the answer is everywhere it belongs.
    await app.byTestId('hw-guess-input').fill('50000');
    await app.byTestId('hw-guess-lock').click();
    await eventually(async () => assert.equal((await app.readout('hw-crossing')).text, '44,200 tokens'));
  }
});
