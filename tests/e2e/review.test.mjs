// The review workbench as a reviewer signing a decision uses it, with the real result files in
// tests/data/bench-results/: a pair not raced alike is refused a verdict, with what differs and
// what run would settle it; a pair raced alike gets its verdict with what the runs observed
// (percentiles, failures and why, goodput at the reviewer's limits) and a record that names its
// files by hash; typed sides carry none of the lesson's story; a file's words land in the record
// as inert text; and the chip calculator reads a run as the model its file names.

import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { REPO_ROOT, eventually, loadRuns, onlyIn, openApp, openMeasurements, openWorkbench, scratchFolder, scrollIntoView, shownText, useBrowser } from './helpers.mjs';

const env = useBrowser();
const TIMEOUT = { timeout: 180_000 };
const VIEWPORT = { width: 1280, height: 800 };
const DATA = path.join(REPO_ROOT, 'tests', 'data', 'bench-results');
const FILES = {
  vllm: path.join(DATA, 'vllm_benchmark_serving_detailed__aurotripathy_llama3.1-70b-fp8_conc256.json'),
  sglang: path.join(DATA, 'sglang_0.5.9_bench_serving_output-details__llm-benchmaq_qwen3.5-27b.jsonl'),
  anyscale: path.join(DATA, 'llmperf_individual__leaderboard_anyscale_70b.json'),
  bedrock: path.join(DATA, 'llmperf_individual__leaderboard_bedrock_70b.json'),
};

/**
 * The lesson's story in numbers and words, none of which a review of other sides may carry. (The
 * workbench opens on typed answer lengths with a median of 600 tokens, named as typed: for typed
 * sides 600 is the reviewer's number; for runs, it would be the story's.)
 */
const STORY = [/\b63 tokens\b/, /support bot/i, /quiet hour/i, /busiest hour/i, /the bot's answers/i];
const STORY_FOR_RUNS = [...STORY, /\b600 tokens\b/];

/** Loads two files together and takes the offer to compare them as A and B. */
async function comparePair(app, a, b) {
  await loadRuns(app, [a, b]);
  const offer = app.byTestId('import-compare-pair');
  await offer.waitFor({ state: 'attached', timeout: 30_000 });
  await scrollIntoView(offer);
  await offer.click();
  await eventually(async () => assert.match(await app.byTestId('import-applied').evaluate((e) => e.textContent), /B is now /), { timeout: 30_000 });
}

/** The standing the card gives the pair, once both sides are the runs'. */
async function standing(app, expected) {
  await eventually(async () => assert.equal(await app.byTestId('decision-standing').getAttribute('data-value'), expected), { timeout: 30_000 });
}

/** What "Copy for the design doc" gives. */
async function record(app) {
  await app.byTestId('workbench-copy-doc').click();
  const box = app.byTestId('workbench-doc');
  await box.waitFor({ state: 'visible' });
  return box.inputValue();
}

/** A section of the record, from its heading to the next. */
function section(doc, heading) {
  return doc.split(`### ${heading}\n\n`)[1]?.split('\n### ')[0] ?? '';
}

/** The words a reader sees in the workbench's main column: the card, the panel, the figures' words. */
async function workbenchWords(app) {
  return shownText(app.page.locator('main'));
}

const sha256 = async (file) => createHash('sha256').update(await fs.readFile(file)).digest('hex');

test('a pair not raced alike gets no verdict: what differs is on the card, with the run that would settle it', TIMEOUT, async (t) => {
  const app = await openMeasurements(env, t, '', { viewport: VIEWPORT });
  await comparePair(app, FILES.vllm, FILES.sglang);
  await standing(app, 'not-comparable');
  assert.equal(await shownText(app.byTestId('decision-verdict')), 'Not comparable as run');
  const differences = await app.byTestId('decision-pair').locator('li').evaluateAll((items) => items.map((li) => li.textContent.trim()));
  // Two models may be weighed (the 8B or the 70B is a fair question): named, not refused.
  assert.ok(differences.includes('Model: A neuralmagic/Meta-Llama-3.1-70B-Instruct-FP8; B /workspace/qwen-3.5-27b.'), differences.join('\n'));
  assert.ok(differences.some((d) => /^Load: A concurrency 256.*; B .*100.*\(not raced alike\)\.$/.test(d)), differences.join('\n'));
  assert.match(await shownText(app.byTestId('decision-settle')), /would settle it\.$/);
  assert.match(await shownText(app.byTestId('decision-models')), /models differ/);
  const card = await shownText(app.byTestId('decision'));
  assert.match(card, /Figure 5's fitted race, for reference/, 'the race the card still shows is labelled as such');
  const words = await workbenchWords(app);
  for (const story of STORY_FOR_RUNS) assert.doesNotMatch(words, story, 'no story in the review');

  // Presented, the card's headline holds: the projector's address has the sides' numbers, not
  // the runs behind them, so it carries the headline.
  const href = await app.byTestId('workbench-present').getAttribute('href');
  assert.match(href, /&held=not-comparable$/, href);
  const shown = await openApp(env, t, href, { viewport: { width: 1280, height: 720 }, ready: 'html[data-complete] [data-testid="completion-canvas"]' });
  assert.match(await shownText(shown.byTestId('slide-verdict')), /^Not comparable as run\. The two were not raced alike/);

  const doc = await record(app);
  assert.match(doc, /^## Deployment decision: Not comparable as run\n/);
  const differs = section(doc, 'What differs between A and B');
  assert.match(differs, /Model: A `neuralmagic\/Meta-Llama-3\.1-70B-Instruct-FP8`; B `[^`]*qwen[^`]*`/i, differs);
  assert.match(differs, /would settle it/);
  // The fitted race's reasons come under the card's title for them, not as the record's why.
  assert.ok(!doc.includes('\n### Why\n'), doc);
  assert.match(section(doc, "Figure 5's fitted race, for reference"), /^For a person reading, B delivers/);
  for (const story of STORY_FOR_RUNS) assert.doesNotMatch(doc, story, 'no story in the record');
});

test('presenting a review opens a tab of its own: the review keeps its files, and leaving the presentation closes that tab', {
  ...TIMEOUT,
  skip: onlyIn('chromium', "the Firefox driver here follows no tab a page opens"),
}, async (t) => {
  const app = await openMeasurements(env, t, '', { viewport: VIEWPORT });
  await comparePair(app, FILES.vllm, FILES.sglang);
  await standing(app, 'not-comparable');
  const link = app.byTestId('workbench-present');
  await scrollIntoView(link);
  const [shown] = await Promise.all([app.page.context().waitForEvent('page'), link.click()]);
  await shown.locator('html[data-complete] [data-testid="completion-canvas"]').waitFor({ state: 'attached', timeout: 60_000 });
  assert.match(await shownText(shown.getByTestId('slide-verdict')), /^Not comparable as run\./);
  const closed = new Promise((resolve) => shown.once('close', resolve));
  // Only the key's press: the tab is gone before its release. The press itself may be
  // acknowledged after the tab it closed is gone (a busy machine), which Playwright reports as
  // the page closed: that is the effect awaited next, so only that error is let through.
  await shown.keyboard.down('Escape').catch((error) => {
    if (!shown.isClosed() && !/has been closed/.test(error.message)) throw error;
  });
  await closed;
  // The review is where it was: its runs, its standing, its headline.
  assert.equal(await shownText(app.byTestId('decision-verdict')), 'Not comparable as run');
  assert.ok(await app.byTestId('import-run').locator('option').count() >= 2, 'both runs still loaded');
});

test('a pair raced alike: the verdict, what the runs observed, goodput at the reviewer\'s limits, and a record that names its files', TIMEOUT, async (t) => {
  const app = await openMeasurements(env, t, '', { viewport: VIEWPORT });
  await comparePair(app, FILES.anyscale, FILES.bedrock);
  await standing(app, 'comparable');
  assert.equal(await shownText(app.byTestId('decision-verdict')), 'Ship A');
  assert.match(await shownText(app.byTestId('workload-decision')), /the runs' own answers, median 151, p90 152/);

  // What the runs observed: percentiles of both, failures counted, and why B's failed.
  const observed = () => app.byTestId('decision-observed-table').locator('tr').evaluateAll((rows) => rows.map((r) => [...r.cells].map((c) => c.textContent.trim()).join(' ')));
  const rows = await observed();
  for (const name of ['first token p50', 'first token p99', 'whole answer p50', 'whole answer p99']) {
    assert.ok(rows.some((r) => r.startsWith(name)), `${name}: ${rows.join(' / ')}`);
  }
  assert.ok(rows.includes('requests that failed 0 of 150 49 of 150'), rows.join(' / '));
  const goodput = () => observed().then((r) => r.find((row) => row.startsWith('within both limits')));
  assert.match(await goodput(), /^within both limits \(goodput\) 100% of 150 requests .* 67% of 150 requests /);
  assert.match(await shownText(app.byTestId('decision-failure-kinds')), /^B: 49 of 150 requests failed \(49 × .error -100: Output too few tokens N.\)/);

  // A tighter limit on the whole answer than B's median (6.99 s) leaves B almost no goodput;
  // A's slowest answer (3.71 s at p99) still counts.
  await scrollIntoView(app.byTestId('decision-observed'));
  await app.typeInto('slo_e2e', '5');
  await eventually(async () => assert.match(await goodput(), /^within both limits \(goodput\) 100% of 150 requests .* 0% of 150 requests /));
  await app.byTestId('basis-goodput').check();
  await eventually(async () => assert.match(await shownText(app.byTestId('decision-standing')), /^Resting on goodput, .* within 5 s: A 100% of 150 requests \(95% interval 98% to 100%\), B 0% of 150 requests \(95% interval 0% to 2%\)\.$/));
  assert.equal(await shownText(app.byTestId('decision-verdict')), 'Ship A');
  assert.equal((await app.query()).basis, 'goodput', 'the link keeps what the verdict rests on');
  assert.match(await app.byTestId('workbench-present').getAttribute('href'), /&held=goodput-a$/);

  // The record: one number for B's whole median answer (retries counted, said once), the
  // observed table, the failures and why, the goodput and its limits, and each file by hash.
  const doc = await record(app);
  assert.match(doc, /^## Deployment decision: Ship A\n/);
  const race = section(doc, 'The race on the fitted lines');
  assert.match(race, /each failed request counted as an attempt/);
  assert.match(race, /^\| Whole median answer \(151 tokens\) \| 2\.3 s \| 10\.41 s \|$/m);
  assert.doesNotMatch(doc, /7\.01 s/, 'B\'s median answer without its retries is not a second number for it');
  const seen = section(doc, 'What the runs observed');
  assert.match(seen, /^\| whole answer p50 \| 2\.26 s \| 6\.99 s \|$/m);
  assert.match(seen, /^\| within both limits \(goodput\) \| 100% of 150 requests .* \| 0% of 150 requests .* \|$/m);
  assert.match(seen, /first token within 1 s and the whole answer within 5 s/);
  assert.match(seen, /49 × `error -100: Output too few tokens N`/);
  const provenance = section(doc, 'Provenance');
  for (const [side, file] of [['A', FILES.anyscale], ['B', FILES.bedrock]]) {
    const bytes = (await fs.stat(file)).size.toLocaleString('en-US');
    assert.ok(provenance.includes(`**${side}**: \`${path.basename(file)}\`, SHA-256 \`${await sha256(file)}\`, ${bytes} bytes, written by LLMPerf`), provenance);
  }
  // The figures the record refers to are the files the workbench saves.
  const figure = doc.match(/!\[Figure 5:[^\]]*\]\(([^)]+\.png)\)/)?.[1];
  const [saved] = await Promise.all([app.page.waitForEvent('download'), app.byTestId('workbench-race-png').click()]);
  assert.equal(saved.suggestedFilename(), figure, 'the record names the PNG the button saves');
  for (const story of STORY_FOR_RUNS) assert.doesNotMatch(doc, story, 'no story in the record');
});

test('typed sides carry none of the lesson\'s story: no busiest hour, no 63 tokens', TIMEOUT, async (t) => {
  const app = await openWorkbench(env, t, '?b_ttft=0.25&b_rate=110', { viewport: VIEWPORT });
  const words = await workbenchWords(app);
  for (const story of STORY) assert.doesNotMatch(words, story, 'no story in the workbench');
  assert.match(await shownText(app.byTestId('workload-decision')), /typed/);
  // The crossover the card and Figure 5 state is the typed pair's own.
  const { a_ttft: aTtft, a_rate: aRate } = { a_ttft: await app.quantity('a_ttft'), a_rate: await app.quantity('a_rate') };
  const crossover = (0.25 - aTtft) / (1 / aRate - 1 / 110);
  const shown = Number(await app.byTestId('decision-changes').getAttribute('data-value'));
  assert.ok(Math.abs(shown - crossover) < 1e-9 * Math.max(1, crossover), `the typed pair's crossover ${crossover}, the card's ${shown}`);
  const doc = await record(app);
  for (const story of STORY) assert.doesNotMatch(doc, story, 'no story in the record');
  assert.match(section(doc, 'Provenance'), /typed in/);
});

test('a file\'s words go into the record as inert text: no image, link, markup or comment of its own', TIMEOUT, async (t) => {
  const dir = await scratchFolder(t, 'review');
  const evil = '![t](https://evil.example/t.png) [Sign in again](https://evil.example/login) <img src=x onerror=alert(1)> <!-- hidden --> `tick` | pipe';
  const run = JSON.parse(await fs.readFile(FILES.vllm, 'utf8'));
  const files = [];
  for (const name of ['evil-a.json', 'evil-b.json']) {
    const where = path.join(dir, name);
    await fs.writeFile(where, JSON.stringify({ ...run, model_id: evil }));
    files.push(where);
  }
  const app = await openMeasurements(env, t, '', { viewport: VIEWPORT });
  await comparePair(app, files[0], files[1]);
  await eventually(async () => assert.ok((await app.byTestId('decision-standing').getAttribute('data-value')) !== null));
  const doc = await record(app);
  assert.ok(doc.includes('evil.example'), 'the name is in the record, as text');
  // Outside its code spans the record holds none of the name's Markdown or markup.
  const outside = doc.replace(/(`+)[^`]*?\1/g, '').replace(/\[These numbers in the review workbench\]\([^)]*\)/, '');
  for (const live of ['evil.example', '<img', '<!--', '![t]', '[Sign in again]']) {
    assert.ok(!outside.includes(live), `${live} outside a code span:\n${outside}`);
  }
  // A table's cells stay cells: a pipe in the name does not split its row.
  const modelRow = doc.split('\n').find((line) => line.startsWith('| Model'));
  assert.ok(modelRow, doc);
  assert.equal(modelRow.replace(/\\\|/g, '').split('|').length, 5, `three cells: ${modelRow}`);
});

test('the chip calculator reads a run as the model its file names, and says what it assumed', TIMEOUT, async (t) => {
  const app = await openMeasurements(env, t, '', { viewport: VIEWPORT });
  await loadRuns(app, [FILES.vllm]);
  await eventually(async () => assert.ok(await app.byTestId('fit-mbu').count() > 0, 'the run is read'), { timeout: 60_000 });
  const sentence = await shownText(app.byTestId('fit-calibration'));
  assert.match(sentence, /^Read as Llama 3\.1 70B with fp8 weights on one A100 at a batch of 1, your run's decode reached \d+% of the A100's bandwidth\./);
  const read = await shownText(app.byTestId('fit-calibration-read'));
  assert.match(read, /The file names its model, neuralmagic\/Meta-Llama-3\.1-70B-Instruct-FP8: the calculator's Llama 3\.1 70B\./);
  assert.match(read, /Its weights are fp8, as the model's name says\./);
  assert.match(read, /It names no chip: the chip section's A100 stands in; how many, one A100, is the chip section's\./);
  // The file's load is said beside the batch it is not.
  assert.match(read, /It was run at concurrency 256, 10 requests\/s, but states not how many sequences shared each decode step: the chip section's batch of 1 is assumed/);
  await app.byTestId('fit-calibrate').click();
  await eventually(async () => assert.match(await shownText(app.byTestId('import-applied')), /^The chip section now serves Llama 3\.1 70B with fp8 weights on one A100, as the run's file states\./));
  const query = await app.query();
  assert.deepEqual([query.hw_model, query.weights], ['llama70b', 'fp8']);
});
