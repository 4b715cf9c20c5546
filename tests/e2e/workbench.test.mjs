// The review workbench (`workbench.html`), the page's second door, in a real browser: the decision
// and Figure 5 on its first screen with none of the lesson around them; A and B typed in moving
// both and kept in the address; the lesson and the workbench linking to each other at the same
// settings; a chip's rates, or two result files, sent to A and B; and a bad value for the key
// named, with the lesson shown.

import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { WORKBENCH, arrivedAt, chooseRun, eventually, loadRuns, openApp, scratchFolder, scrollIntoView, shownText, useBrowser, useRunAs } from './helpers.mjs';

const env = useBrowser();
const TIMEOUT = { timeout: 120_000 };
const READY = WORKBENCH.ready;
const VIEWPORT = { width: 1280, height: 800 };

const open = (t, query = '') => openApp(env, t, query, { viewport: VIEWPORT, ...WORKBENCH });

/** The decision card's verdict line and its unrounded numbers. */
async function decision(app) {
  const card = app.byTestId('decision');
  return { text: await shownText(card), data: await card.getAttribute('data-decision') };
}

test('the workbench opens on the decision and Figure 5, with none of the lesson around them', TIMEOUT, async (t) => {
  const app = await open(t);
  const page = app.page;
  assert.equal(await page.evaluate(() => document.documentElement.hasAttribute('data-workbench')), true);
  assert.equal(await page.locator('#prerendered').count(), 0, 'the lesson written at build time is gone');
  // The lesson's own parts are not built here: its first half, its predictions, its later sections.
  for (const id of ['ttft', 'crossing-canvas', 'timeline-canvas', 'race-reveal', 'crossing-reveal', 'lengths-canvas', 'lesson-to-workbench']) {
    assert.equal(await app.byTestId(id).count(), 0, `${id} is the lesson's`);
  }
  assert.equal(await page.locator('[data-veiled], .veiled-part').count(), 0, 'nothing waits for a guess');
  assert.equal(await page.locator('[data-prose-missing]').count(), 0, 'every fixed paragraph found its text');
  // On the first screen: the verdict, with the panel of A and B beside it.
  await page.evaluate(() => window.scrollTo(0, 0));
  const top = await page.evaluate(() => {
    const place = (id) => document.querySelector(`[data-testid="${id}"]`)?.getBoundingClientRect().top ?? Infinity;
    return { decision: place('decision'), aRate: place('a_rate-input'), bRate: place('b_rate-input') };
  });
  assert.ok(top.decision < VIEWPORT.height - 100, `the decision starts on the first screen (${top.decision} px)`);
  assert.ok(top.aRate < VIEWPORT.height && top.bRate < VIEWPORT.height, `A's and B's rates are on the first screen: ${JSON.stringify(top)}`);
  const { text } = await decision(app);
  assert.match(text, /Ship B/, 'the lesson\'s pair: B for the bot\'s answers');
  const figure = await app.canvasFingerprint('completion-canvas');
  assert.ok(figure.colours >= 3, 'Figure 5 is drawn');
  assert.match(await app.byTestId('completion-canvas').getAttribute('aria-label'), /cross at 28\.9 tokens/);
});

test('A and B typed in move the decision and Figure 5, and the address keeps the workbench', TIMEOUT, async (t) => {
  const app = await open(t);
  const before = { card: await decision(app), figure: (await app.canvasFingerprint('completion-canvas')).hash };
  // B now writes slower than A: A starts first and finishes first at every length.
  await app.typeInto('b_rate', '20');
  await eventually(async () => assert.match((await decision(app)).text, /Ship A/));
  assert.notEqual((await decision(app)).data, before.card.data, 'the numbers behind the card moved');
  await scrollIntoView(app.byTestId('completion-canvas'));
  await eventually(async () => assert.notEqual((await app.canvasFingerprint('completion-canvas')).hash, before.figure, 'Figure 5 is redrawn'));
  const query = await app.query();
  assert.match(await app.page.evaluate(() => location.pathname), /workbench\.html$/, 'still the workbench\'s page');
  assert.equal(query.b_rate, '20');
  // The shared link reopens the same workbench.
  await app.page.reload();
  await app.waitUntilRendered(READY);
  assert.equal(await app.quantity('b_rate'), 20);
  assert.match((await decision(app)).text, /Ship A/);
});

test('a failure rate typed in for B counts in the verdict, the design doc and the link', TIMEOUT, async (t) => {
  const app = await open(t);
  assert.match((await decision(app)).text, /Ship B/);
  assert.equal(await app.byTestId('decision-failures').count(), 0, 'no failures, nothing said of them');
  // Seven requests in ten failing: B needs 3.33 attempts per answer, and A finishes sooner.
  await app.typeInto('b_fail', '70');
  await eventually(async () => assert.match((await decision(app)).text, /Ship A/));
  assert.match(await app.byTestId('decision-failures').evaluate((e) => e.textContent), /B 70\.0% of its requests.*3\.33 on B/);
  assert.equal((await app.query()).b_fail, '70');
  await app.byTestId('workbench-copy-doc').click();
  const box = app.byTestId('workbench-doc');
  await box.waitFor({ state: 'visible' });
  const doc = await box.inputValue();
  assert.match(doc, /^## Deployment decision: Ship A\n/);
  assert.match(doc, /\| Requests that failed \| 0\.0% \| 70\.0% \|/);
  // By keyboard, a step at a time, with the unit read out.
  await app.pressOnSlider('b_fail', 'ArrowLeft');
  await eventually(async () => assert.ok((await app.quantity('b_fail')) < 70));
  assert.match(await app.slider('b_fail').getAttribute('aria-valuetext') ?? '', /percent of requests/);
});

test('"Copy for the design doc" gives the decision as Markdown with a link that reopens it', TIMEOUT, async (t) => {
  const app = await open(t, '?a_ttft=0.3&b_rate=80');
  await app.byTestId('workbench-copy-doc').click();
  const box = app.byTestId('workbench-doc');
  await box.waitFor({ state: 'visible' });
  const doc = await box.inputValue();
  assert.doesNotMatch(doc, /From the two runs/, 'typed-in sides have no runs to compare');
  const card = await decision(app);
  // The card's verdict as a reader sees it; its text can lag its element by a frame.
  await eventually(async () => {
    const verdict = await app.byTestId('decision-verdict').innerText();
    assert.ok(doc.startsWith(`## Deployment decision: ${verdict}\n`), `the card says "${verdict}"; the summary:\n${doc}`);
  });
  // The card's own sentences, and the pair as the panel holds it.
  for (const id of ['decision-reason', 'decision-margins']) {
    assert.ok(doc.includes(await app.byTestId(id).innerText()), `${id} is in the summary`);
  }
  assert.match(doc, /^\| Time to first token \| 300 ms \| 900 ms \|$/m);
  assert.match(doc, /^\| Decode rate \| 30 tok\/s \| 80 tok\/s \|$/m);
  assert.match(await app.byTestId('workbench-doc-status').innerText(), /Markdown|copy it/);
  // The link is absolute, keeps the workbench and every number, and reopens the same decision.
  const link = doc.match(/\[These numbers in the review workbench\]\((.+)\)\s*$/)?.[1];
  assert.ok(link && new URL(link).origin === new URL(env.baseUrl).origin, `a link to this page: ${link}`);
  assert.match(new URL(link).pathname, /workbench\.html$/, `the workbench's page: ${link}`);
  const query = Object.fromEntries(new URL(link).searchParams);
  assert.equal(query.a_ttft, '0.3');
  await app.page.goto(link);
  await app.waitUntilRendered(READY);
  assert.equal((await decision(app)).data, card.data, 'the same numbers behind the card');
});

/**
 * Waits until a followed link has brought the tab to the workbench (`workbench` true) or the
 * lesson: until then the old page, or none at all between the two, is what a look finds.
 */
test('the lesson and the workbench link to each other, each keeping the settings', TIMEOUT, async (t) => {
  const app = await openApp(env, t, '?a_ttft=0.35&b_rate=90');
  const onward = app.byTestId('lesson-to-workbench');
  await scrollIntoView(onward);
  await onward.click();
  await arrivedAt(app, true);
  await app.waitUntilRendered(READY);
  assert.equal((await app.query()).workbench, undefined, 'its own page needs no key to say it is the workbench');
  assert.equal(await app.quantity('a_ttft'), 0.35);
  assert.equal(await app.quantity('b_rate'), 90);
  // And back, with a value changed here.
  await app.typeInto('a_rate', '40');
  await eventually(async () => assert.equal((await app.query()).a_rate, '40'));
  const back = app.byTestId('workbench-to-lesson');
  await eventually(async () => assert.match(await back.getAttribute('href'), /[?&]a_rate=40(&|$)/));
  assert.doesNotMatch(await back.getAttribute('href'), /workbench/);
  await back.click();
  await arrivedAt(app, false);
  await app.waitUntilRendered();
  assert.equal(await app.page.evaluate(() => document.documentElement.hasAttribute('data-workbench')), false);
  assert.equal(await app.quantity('a_rate'), 40);
  assert.equal(await app.quantity('a_ttft'), 0.35);
  assert.ok((await app.byTestId('ttft').count()) > 0, 'the lesson\'s first half is back');
});

test('a chip\'s rates go to A from the workbench, which has no first half to send them to', TIMEOUT, async (t) => {
  const app = await open(t, '?chip=h100');
  await app.openDetails('workbench-chips');
  assert.equal(await app.byTestId('hw-use-lesson').count(), 0, 'no "Use these rates" for a lesson not shown');
  const decode = Number(await app.byTestId('hw-decode-rate').getAttribute('data-value'));
  const prefill = Number(await app.byTestId('hw-prefill-rate').getAttribute('data-value'));
  const use = app.byTestId('hw-use-a');
  await scrollIntoView(use);
  await use.click();
  await eventually(async () => assert.equal((await app.query()).a_ttft_from, 'prompt'));
  assert.equal(await app.quantity('a_rate'), decode, 'A writes at the chip\'s decode rate, every digit');
  assert.equal(await app.quantity('a_prefill'), prefill);
  assert.match(await app.byTestId('hw-applied').innerText(), /Deployment A now reads/);
});

/** A generic CSV run: prompts near 1,000 tokens, answers of 20 to 1,000, a first token at `ttft` s, then `rate` tok/s. */
async function run(dir, name, ttft, rate) {
  const lines = ['prompt_tokens,output_tokens,ttft_s,e2e_s'];
  for (let i = 0; i < 120; i++) {
    const n = 20 + ((i * 37) % 981);
    const t = ttft + 0.001 * ((i % 5) - 2);
    lines.push(`${1000 + (i % 7)},${n},${t.toFixed(6)},${(t + (n - 1) / rate).toFixed(6)}`);
  }
  const where = path.join(dir, name);
  await fs.writeFile(where, `${lines.join('\n')}\n`);
  return where;
}

test('two result files used as A and B put their comparison and verdict at the top of the workbench', TIMEOUT, async (t) => {
  const dir = await scratchFolder(t, 'workbench');
  const app = await open(t);
  await app.openDetails('workbench-runs');
  // The lesson's pair, measured: B writes fast enough to win every answer past about 29 tokens.
  await loadRuns(app, [await run(dir, 'early.csv', 0.2, 30), await run(dir, 'fast.csv', 0.9, 110)]);
  await chooseRun(app, 0);
  assert.equal(await app.byTestId('import-apply').count(), 0, 'no "Use these rates": a run goes to A or B');
  await useRunAs(app, 'a');
  await chooseRun(app, 1);
  await useRunAs(app, 'b');
  await eventually(async () => assert.ok((await app.byTestId('compare-nstar').count()) > 0, 'the comparison is placed'), { timeout: 60_000 });
  const nstar = app.byTestId('compare-nstar');
  const [low, high] = [Number(await nstar.getAttribute('data-low')), Number(await nstar.getAttribute('data-high'))];
  assert.ok(low <= 28.875 && 28.875 <= high, `the true crossover lies in [${low}, ${high}]`);
  // Above the sources, beside the panel: where the reviewer reads the verdict. (Scrolled to
  // first: a part of the page off screen is laid out only as it nears the view.)
  await scrollIntoView(app.byTestId('compare-results'));
  const order = await app.page.evaluate(() => {
    const y = (selector) => document.querySelector(selector).getBoundingClientRect().top + scrollY;
    return { compare: y('[data-testid="compare-results"]'), sources: y('.workbench-sources') };
  });
  assert.ok(order.compare < order.sources, `the comparison sits above the sources: ${JSON.stringify(order)}`);
  assert.match((await decision(app)).text, /Ship B/);
  const query = await app.query();
  assert.ok(!Object.values(query).some((v) => /early|fast\.csv/.test(v)), 'the link holds numbers, never the files');

  // The record carries the runs' comparison as the page shows it: the verdict, the crossover
  // with its interval in the race on the fitted lines, and the files named in its provenance.
  await app.byTestId('workbench-copy-doc').click();
  const box = app.byTestId('workbench-doc');
  await box.waitFor({ state: 'visible' });
  const doc = await box.inputValue();
  assert.match(doc, /^## Deployment decision: Ship B\n/);
  const part = doc.split('### The race on the fitted lines\n\n')[1]?.split('\n### ')[0] ?? '';
  assert.ok(part, `the race is in the record:\n${doc}`);
  const shown = await app.page.evaluate(() => {
    const text = (selector) => document.querySelector(`[data-testid="compare-results"] ${selector}`).textContent.replace(/\s+/g, ' ').trim();
    return { crossover: text('[data-testid="compare-nstar"]'), interval: text('[data-testid="compare-nstar"] + .readout-note') };
  });
  assert.ok(part.includes(`as measured: ${shown.crossover.replace(/\.$/, '')}.`), `the crossover as shown: ${JSON.stringify(shown)}\n${part}`);
  assert.ok(part.includes(shown.interval), `its interval as shown: ${JSON.stringify(shown)}\n${part}`);
  const tableRows = part.split('\n').filter((line) => line.startsWith('| '));
  assert.equal(tableRows.length, 4, `a header and three answers: ${part}`);
  for (const row of tableRows) assert.equal(row.split(' | ').length, 3, `three cells: ${row}`);
  const provenance = doc.split('### Provenance\n\n')[1] ?? '';
  assert.match(provenance, /\*\*A\*\*: `early\.csv`, SHA-256 `[0-9a-f]{64}`/, 'the runs are named in the record, which stays with the reviewer');
  assert.ok(doc.trimEnd().endsWith(')'), 'the link still comes last');
});

test('presented from the workbench, Figure 5 steps through the decision under review, then returns to it', TIMEOUT, async (t) => {
  const app = await open(t, '?b_rate=80&decide=traffic');
  const href = await app.byTestId('workbench-present').getAttribute('href');
  assert.match(href, /^workbench\.html\?/, 'presented from the workbench\'s page');
  const asked = new URLSearchParams(href.split('?')[1]);
  assert.deepEqual([asked.get('present'), asked.get('b_rate')], ['completion', '80'], href);
  const shown = await openApp(env, t, href, { viewport: { width: 1280, height: 720 }, ready: 'html[data-complete] [data-testid="completion-canvas"]' });
  const step = shown.byTestId('slide-name');
  assert.match(await step.innerText(), /step through the decision in 3 steps; Esc returns to the workbench/);
  const verdict = await shown.byTestId('slide-verdict').innerText();
  assert.equal(verdict.split('.')[0], (await app.byTestId('decision-verdict').innerText()).trim(), 'the verdict the workbench states');
  // The review's own answer lengths, one step at a time; the deployments stay the review's.
  const expected = [
    ['review-median', await app.quantity('median')],
    ['review-p90', await app.quantity('p90')],
  ];
  for (const [key, tokens] of expected) {
    await shown.page.keyboard.press('PageDown');
    await eventually(async () => assert.equal(await step.getAttribute('data-value'), key));
    assert.equal(await shown.quantity('answer'), tokens, key);
    assert.equal(await shown.quantity('b_rate'), 80);
    // A step races another answer; the decision beside it is the card's, unchanged.
    assert.equal(await shown.byTestId('slide-verdict').innerText(), verdict, `${key}: the verdict holds`);
  }
  await shown.page.keyboard.press('PageDown');
  await eventually(async () => assert.equal(await step.getAttribute('data-value'), 'review-crossover'));
  const crossover = Number(await app.byTestId('crossover').getAttribute('data-value'));
  assert.equal(await shown.quantity('answer'), Math.round(crossover), 'the whole answer nearest the crossover');
  // Back a step: set from the settings it opened with, not from the step after it.
  await shown.page.keyboard.press('PageUp');
  await eventually(async () => assert.equal(await step.getAttribute('data-value'), 'review-p90'));
  assert.equal(await shown.quantity('answer'), expected[1][1]);
  const backHref = await shown.page.locator('.single-link a').getAttribute('href');
  assert.match(backHref, /^workbench\.html/, `the way back is to the workbench: ${backHref}`);
  const back = new URLSearchParams(backHref.split('?')[1] ?? '');
  assert.equal(back.get('present'), null);
  // Leaving restores the settings the presentation opened on, not the step showing.
  assert.equal(Number(back.get('answer')), Number(asked.get('answer')), 'the race as it was');
});

test('a workbench value other than 1 or 0 is named, and the lesson shown', TIMEOUT, async (t) => {
  const app = await openApp(env, t, '?workbench=yes');
  assert.match(await app.noticeText(), /Workbench \(workbench\): .*yes.* is not “1”/);
  assert.equal(await app.page.evaluate(() => document.documentElement.hasAttribute('data-workbench')), false);
  assert.ok((await app.byTestId('ttft').count()) > 0, 'the lesson');
});
