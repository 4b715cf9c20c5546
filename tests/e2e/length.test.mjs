// The lesson's length as a reader meets it: the screens it takes to scroll through at a
// desktop's and a phone's size (a screen at a time, less a strip of overlap, as the scrollshots
// are taken), and the words of prose shown without opening anything; measured at the defaults,
// and again where a student is after answering the three predictions, when every answer and what
// follows from it is on the page. Each has a ceiling, so the lesson cannot grow unnoticed.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { eventually, openApp, scrollIntoView, useBrowser } from './helpers.mjs';

const env = useBrowser();
const TIMEOUT = { timeout: 120_000 };

// The lesson's ceilings at its defaults: fifteen minutes of reading, the figure and its control
// together, fits these (disclosures the reader opens on purpose are not counted).
const SIZES = [
  { width: 1280, height: 800, screens: 15, answered: 17 },
  { width: 390, height: 844, screens: 22, answered: 25 },
];
const WORDS = 2_800;
const WORDS_ANSWERED = 3_000;

/** The three predictions, answered as a student would: a number typed and locked in each. */
const GUESSES = [['', '30000', 'challenge-feedback'], ['crossover-', '100', 'crossover-feedback'], ['hw-', '50000', 'hw-challenge-feedback']];

async function answerPredictions(app) {
  for (const [prefix, value, feedback] of GUESSES) {
    // The field is a stand-in until its section is built, as the reader nears it.
    await scrollIntoView(app.byTestId(`${prefix}guess-input`));
    const input = app.page.locator(`input[data-testid="${prefix}guess-input"]`);
    await input.fill(value);
    await app.byTestId(`${prefix}guess-lock`).click();
    await eventually(async () => assert.notEqual(await app.byTestId(feedback).getAttribute('data-state'), 'guess', `${feedback} answers the guess`));
  }
}
// How much of the last screen stays in view as the reader scrolls on.
const OVERLAP_PX = 60;

/** Screens to scroll through the page, reading its height again at every one (sections are built as the reader nears them). */
async function screens(page) {
  return page.evaluate(async (overlap) => {
    const frame = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 50))));
    const height = () => document.documentElement.scrollHeight;
    let count = 0;
    for (let y = 0; y < height(); y += window.innerHeight - overlap) {
      window.scrollTo(0, y);
      await frame();
      count++;
    }
    window.scrollTo(0, 0);
    return count;
  }, OVERLAP_PX);
}

/**
 * The words of prose a reader sees without opening anything: paragraphs, list items, headings
 * and captions, outside closed disclosures, tables and hidden parts. Controls, readouts and the
 * figures' own labels are not prose.
 */
function proseWords(page) {
  return page.evaluate(() => {
    const prose = [...document.querySelectorAll('main p, main li, main h2, main h3, main figcaption')];
    const shown = prose.filter((e) => !e.closest('details:not([open]), table, [hidden], .lab-panel, dl')
      && !e.parentElement.closest('p, li, figcaption')
      && e.checkVisibility());
    return shown.map((e) => e.textContent.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length).reduce((a, b) => a + b, 0);
  });
}

for (const { width, height, screens: ceiling, answered } of SIZES) {
  test(`the lesson at its defaults takes at most ${ceiling} screens at ${width}×${height}`, TIMEOUT, async (t) => {
    const app = await openApp(env, t, '', { viewport: { width, height } });
    const count = await screens(app.page);
    t.diagnostic(`${width}×${height}: ${count} screens`);
    assert.ok(count <= ceiling, `${count} screens at ${width}×${height}, more than ${ceiling}`);
  });

  test(`with the predictions answered the lesson takes at most ${answered} screens at ${width}×${height}`, TIMEOUT, async (t) => {
    const app = await openApp(env, t, '', { viewport: { width, height } });
    await answerPredictions(app);
    const count = await screens(app.page);
    t.diagnostic(`${width}×${height}, answered: ${count} screens`);
    assert.ok(count <= answered, `${count} screens at ${width}×${height} once answered, more than ${answered}`);
  });
}

test(`the lesson at its defaults shows at most ${WORDS.toLocaleString('en')} words of prose`, TIMEOUT, async (t) => {
  const app = await openApp(env, t);
  const words = await proseWords(app.page);
  t.diagnostic(`${words} words of prose`);
  assert.ok(words > 1_000, `the prose is found: ${words} words`);
  assert.ok(words <= WORDS, `${words} words of prose, more than ${WORDS}`);
});

test(`with the predictions answered the lesson shows at most ${WORDS_ANSWERED.toLocaleString('en')} words of prose`, TIMEOUT, async (t) => {
  const app = await openApp(env, t);
  const before = await proseWords(app.page);
  await answerPredictions(app);
  const words = await eventually(async () => {
    const now = await proseWords(app.page);
    assert.ok(now > before, `the answers add prose: ${now} against ${before}`);
    return now;
  });
  t.diagnostic(`${words} words of prose once answered`);
  assert.ok(words <= WORDS_ANSWERED, `${words} words of prose once answered, more than ${WORDS_ANSWERED}`);
});
