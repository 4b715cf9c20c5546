// The page as a lesson: every figure can be watched while each control that moves it is in
// view, at a desktop and a phone size; the challenges reveal nothing before a guess; and the
// sentences built from numbers agree with the readouts beside them after the controls move far.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FIGURE_TABLE, assertClose, buildWholePage, eventually, openApp, scrollIntoView, useBrowser } from './helpers.mjs';

const env = useBrowser();
const TIMEOUT = { timeout: 180_000 };

/**
 * Whether `selector`'s element is wholly on screen and not covered: the points near its corners
 * and its centre all hit the element itself (so a sticky panel over it, or a panel's own
 * scrolling clipping it, counts as hidden).
 */
async function fullyVisible(page, testId) {
  return page.evaluate((id) => {
    const el = document.querySelector(`[data-testid="${id}"]`);
    if (!el) return false;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return false;
    // A pixel of slack for layouts that land on fractions of a pixel.
    if (r.top < -1 || r.left < -1 || r.bottom > innerHeight + 1 || r.right > innerWidth + 1) return false;
    const inset = Math.min(6, r.width / 4, r.height / 4);
    const points = [
      [r.left + inset, r.top + inset], [r.right - inset, r.top + inset],
      [r.left + inset, r.bottom - inset], [r.right - inset, r.bottom - inset],
      [(r.left + r.right) / 2, (r.top + r.bottom) / 2],
    ];
    return points.every(([x, y]) => {
      const hit = document.elementFromPoint(x, y);
      return hit === el || el.contains(hit);
    });
  }, testId);
}

/** Tries a few scroll positions that a reader would use; true if one shows both at once. */
async function seenTogether(page, canvas, slider) {
  for (const block of ['center', 'end', 'start', 'below-panel']) {
    await page.evaluate(([c, k, b]) => {
      const figure = document.querySelector(`[data-testid="${c}"]`);
      if (b !== 'below-panel') return figure.scrollIntoView({ block: b });
      // Just under the control's panel (on a phone, under its opened strip), where a sticky
      // panel leaves room.
      const control = document.querySelector(`[data-testid="${k}"]`);
      const panel = control?.closest('.lab-panel');
      const body = control?.closest('.strip-body');
      const under = Math.max(panel ? panel.getBoundingClientRect().bottom : 0, body ? body.getBoundingClientRect().bottom : 0);
      window.scrollBy(0, figure.getBoundingClientRect().top - under - 8);
    }, [canvas, slider, block]);
    // A phone's strip opens or folds on the scroll, as the reader's would: let it, then look
    // inside it.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    // Bring the control into view inside its panel without moving the page.
    await page.evaluate((k) => {
      const control = document.querySelector(`[data-testid="${k}"]`);
      // A phone's opened strip scrolls inside its body; a wide screen's panel scrolls itself.
      const body = control?.closest('.strip-body');
      const panel = body && body.scrollHeight > body.clientHeight + 1 ? body : control?.closest('.lab-panel');
      if (!control || !panel) return;
      const s = control.getBoundingClientRect();
      const p = panel.getBoundingClientRect();
      if (s.top < p.top) panel.scrollTop -= p.top - s.top + 8;
      else if (s.bottom > p.bottom) panel.scrollTop += s.bottom - p.bottom + 8;
    }, slider);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    if ((await fullyVisible(page, canvas)) && (await fullyVisible(page, slider))) return true;
  }
  return false;
}

/**
 * Which inputs move which figure, from the figures' own inputs (a native test writes the file
 * from `Figure::ALL` and `Param::ALL`), each with the arrow key that moves it from the opening
 * state. Nothing is listed by hand: a new figure, or a figure that starts following an input,
 * comes into this test by itself.
 */
const FIGURE_CONTROLS = FIGURE_TABLE;
const OPPOSITE = { ArrowRight: 'ArrowLeft', ArrowLeft: 'ArrowRight' };
/** The most key presses a control gets to move its figure visibly. */
const STEPS = 5;

/** Every slider on the page for the input `key`: its own, and any prefixed copy of it. */
async function slidersOf(page, key) {
  return page.evaluate((k) => [...document.querySelectorAll('input[type="range"][data-testid]')]
    .map((s) => s.getAttribute('data-testid'))
    .filter((id) => id === `${k}-slider` || id.endsWith(`-${k}-slider`)), key);
}

for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
  test(`at ${viewport.width}×${viewport.height} every figure can be watched while a control of each input it follows moves it`, { timeout: 600_000 }, async (t) => {
    const app = await openApp(env, t, '', { viewport, ready: 'html[data-complete] [data-testid="ttft"][data-value]' });
    // Both predictions answered and Figure 6's part opened, so every figure is drawn in full.
    await app.reveal();
    await app.openDetails('spread-details');
    await app.openDetails('clocks-details');
    const figures = await app.page.evaluate(() => [...document.querySelectorAll('canvas[data-testid$="-canvas"]')].map((c) => c.getAttribute('data-testid')));
    assert.deepEqual([...figures].sort(), FIGURE_CONTROLS.map((f) => `${f.figure}-canvas`).sort(), 'the page shows every figure of the native table, once');
    const failures = [];
    for (const { figure, controls } of FIGURE_CONTROLS) {
      const canvas = `${figure}-canvas`;
      for (const { key, press } of controls) {
        let seen = null;
        for (const slider of await slidersOf(app.page, key)) {
          if (await seenTogether(app.page, canvas, slider)) { seen = slider; break; }
        }
        if (!seen) { failures.push(`${key} with ${canvas}: never seen together`); continue; }
        // Seen together, the control moves the figure where the reader watches it.
        const before = await app.canvasFingerprint(canvas);
        await app.page.evaluate((id) => document.querySelector(`[data-testid="${id}"]`).focus({ preventScroll: true }), seen);
        // One step can move a figure by less than a pixel (a decode rate of 60.6 against 60
        // shifts Figure 8's first token by a sixth of a millisecond): a reader holding the key
        // moves on, so up to a few steps.
        let steps = 0;
        let moved = false;
        while (!moved && steps < STEPS) {
          await app.page.keyboard.press(press);
          steps += 1;
          try {
            await eventually(async () => assert.notEqual((await app.canvasFingerprint(canvas)).hash, before.hash), { timeout: steps === 1 ? 2000 : 1000 });
            moved = true;
          } catch {
            // Not a visible change yet.
          }
        }
        if (!moved) failures.push(`${seen} does not move ${canvas} in ${STEPS} steps`);
        for (let i = 0; i < steps; i++) await app.page.keyboard.press(OPPOSITE[press]);
      }
    }
    assert.deepEqual(failures, [], 'pairs that cannot be watched together');
  });
}

for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
  test(`at ${viewport.width}×${viewport.height} the scrollbar tells the page's length from the start`, TIMEOUT, async (t) => {
    // The first measure: the live page started, nothing below the first screen laid out yet.
    const app = await openApp(env, t, '', { viewport, ready: 'html[data-builds-on-approach]' });
    const first = await app.page.evaluate(() => document.documentElement.scrollHeight);
    // Scrolled through once, every part has been laid out and keeps its real height.
    await buildWholePage(app.page);
    await app.page.evaluate(() => window.scrollTo(0, 0));
    const built = await app.page.evaluate(() => document.documentElement.scrollHeight);
    console.log(`# at ${viewport.width} px: first measure ${first} px, built ${built} px`);
    assert.ok(Math.abs(first - built) <= built * 0.1, `first measure ${first} px against ${built} px built`);
  });
}

/**
 * Each lab panel on screen: whether it is stuck at the foot of the screen, how much of the
 * screen it covers, whether it is open, and whether a figure of its lab is drawn wholly above
 * the place the open strip reaches.
 */
function strips() {
  const share = Number(getComputedStyle(document.documentElement).getPropertyValue('--strip-share'));
  return [...document.querySelectorAll('.lab-panel')].map((panel) => {
    const r = panel.getBoundingClientRect();
    const body = panel.querySelector('.strip-body');
    const shown = body && getComputedStyle(body).display !== 'none';
    const top = shown ? Math.min(r.top, body.getBoundingClientRect().top) : r.top;
    const reach = Math.min(r.bottom, innerHeight) - share * innerHeight;
    // A figure in a folded disclosure is not on screen, though the browser reports where it would be.
    const figure = [...panel.parentElement.querySelectorAll('.lab-main figure[data-figure]')].some((f) => {
      if (f.closest('details:not([open])')) return false;
      const d = (f.querySelector('.canvas-box, .canvas-waiting') ?? f).getBoundingClientRect();
      return d.height > 0 && d.top >= -8 && d.bottom <= reach + 8;
    });
    const stuck = r.bottom >= innerHeight - 1 && r.top < innerHeight;
    const onScreen = r.bottom > 0 && r.top < innerHeight;
    return { lab: panel.parentElement.id, stuck, onScreen, covers: Math.max(0, Math.min(r.bottom, innerHeight) - Math.max(0, top)), open: panel.hasAttribute('data-open'), figure };
  }).filter((s) => s.onScreen);
}

/** The boxes the open strips cover on screen (top and bottom, in px from the screen's top). */
function openStrips() {
  return [...document.querySelectorAll('.lab-panel[data-open]')].map((panel) => {
    const r = panel.getBoundingClientRect();
    return { top: Math.min(r.top, panel.querySelector('.strip-body').getBoundingClientRect().top), bottom: r.bottom };
  });
}

/** The first of `lines` (boxes with their text) that one of the `open` strips overlaps. */
function coveredLine(open, lines) {
  return lines.find((line) => open.some((o) => o.top < line.bottom - 1 && o.bottom > line.top + 1)) ?? null;
}

test('at 390×844, read a screen at a time with the predictions answered, no open strip covers the line being read', { timeout: 300_000 }, async (t) => {
  const app = await openApp(env, t, '', { viewport: { width: 390, height: 844 } });
  await app.reveal('all');
  const height = await app.page.evaluate(() => document.documentElement.scrollHeight);
  const problems = [];
  let opened = 0;
  // As the scrollshots read it: a screen at a time, less 60 px the last screen showed; from
  // four starting places, so that every figure lands at several heights on a screen.
  const stops = [0, 196, 392, 588].flatMap((start) => [...Array(Math.ceil((height - start) / 784)).keys()].map((i) => start + i * 784));
  for (const y of stops) {
    await app.page.evaluate((top) => window.scrollTo(0, top), y);
    await app.page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const found = await app.page.evaluate(() => {
      // The line being read: the first line of text this screen shows that the last did not.
      const text = [...document.querySelectorAll('main p, main li, main h2, main h3, main figcaption, main summary, main dt')]
        .filter((el) => !el.closest('.lab-panel') && el.checkVisibility())
        .map((el) => ({ el, b: el.getBoundingClientRect() }))
        .filter(({ b }) => b.height > 0 && b.bottom > 61 && b.top < innerHeight)
        .sort((p, q) => p.b.top - q.b.top)[0];
      if (!text) return null;
      const top = Math.max(text.b.top, 60);
      return { top, bottom: top + 1.6 * parseFloat(getComputedStyle(text.el).fontSize), text: text.el.textContent.trim().slice(0, 60) };
    });
    const open = await app.page.evaluate(openStrips);
    if (open.length) opened += 1;
    const line = found && coveredLine(open, [found]);
    if (line) problems.push(`at ${y}: an open strip covers “${line.text}”`);
  }
  // The places a reader found covered: the crossing's definition and the H200 question, each
  // with its first lines at the top of the screen and a third of the way down.
  for (const selector of ['[data-prose="crossing-meaning"]', '[data-testid="hw-challenge"]']) {
    for (const at of [0, 0.33]) {
      await app.page.evaluate(([sel, share]) => {
        const el = document.querySelector(sel);
        window.scrollBy(0, el.getBoundingClientRect().top - innerHeight * share);
      }, [selector, at]);
      await app.page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const first = await app.page.evaluate((sel) => {
        const el = document.querySelector(sel);
        const p = [...el.querySelectorAll('p, h3, li')].find((e) => e.checkVisibility()) ?? el;
        const b = p.getBoundingClientRect();
        return { top: b.top, bottom: Math.min(b.bottom, b.top + 3 * 1.6 * parseFloat(getComputedStyle(p).fontSize)), text: p.textContent.trim().slice(0, 60) };
      }, selector);
      const line = coveredLine(await app.page.evaluate(openStrips), [first]);
      if (line) problems.push(`${selector} at ${at} of the screen: an open strip covers “${line.text}”`);
    }
  }
  assert.deepEqual(problems, []);
  assert.ok(opened > 0, `strips opened on some screens (${opened})`);
});

test("at 390×844 a lab's strip opens by itself only beside its figures and never covers more than its share of the screen", { timeout: 300_000 }, async (t) => {
  const app = await openApp(env, t, '', { viewport: { width: 390, height: 844 } });
  await app.reveal();
  // The share is the stylesheet's, the one place it is written.
  const share = Number(await app.page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--strip-share')));
  assert.ok(share > 0 && share < 1, `--strip-share is a share of the screen: ${share}`);
  const height = await app.page.evaluate(() => document.documentElement.scrollHeight);
  const problems = [];
  let opened = 0;
  let folded = 0;
  // Every 300 px, and the very end of the page, where the last lab has been read past.
  const stops = [...Array(Math.ceil(height / 300)).keys()].map((i) => i * 300).concat([height]);
  for (const y of stops) {
    await app.page.evaluate((top) => window.scrollTo(0, top), y);
    await app.page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    for (const s of await app.page.evaluate(strips)) {
      if (s.covers > 844 * share + 1) problems.push(`${s.lab} covers ${Math.round(s.covers)} px at ${y}`);
      if (s.open && !s.figure) problems.push(`${s.lab} opened by itself over prose at ${y}`);
      if (s.open && !s.stuck) problems.push(`${s.lab}'s controls hang open in mid-page once its lab is read past, at ${y}`);
      if (s.open) opened += 1;
      else folded += 1;
    }
  }
  assert.deepEqual(problems, []);
  assert.ok(opened > 0 && folded > 0, `strips both open beside figures (${opened}) and folded over prose (${folded})`);
});

test("at 390×844 a lab's strip that opens beside a figure starts at that figure's own controls", TIMEOUT, async (t) => {
  const app = await openApp(env, t, '', { viewport: { width: 390, height: 844 } });
  await app.reveal();
  await app.openDetails('spread-details');
  await app.openDetails('clocks-details');
  const checked = [];
  const problems = [];
  for (const { figure, own } of FIGURE_TABLE) {
    const canvas = `${figure}-canvas`;
    // The figure near the top of the screen, as a reader who has reached it brings it: drawn
    // wholly above where the open strip reaches, the strip opens by itself there.
    const found = await app.page.evaluate(([c, keys]) => {
      const figure = document.querySelector(`[data-testid="${c}"]`)?.closest('figure');
      const body = figure?.closest('.lab')?.querySelector(':scope > .lab-panel .strip-body');
      if (!body) return null;
      const first = keys.map((k) => body.querySelector(`[data-testid="${k}-slider"], [data-testid$="-${k}-slider"]`)).filter(Boolean)
        .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))[0];
      if (!first) return null;
      window.scrollBy(0, figure.getBoundingClientRect().top - innerHeight * 0.05);
      return first.getAttribute('data-testid');
    }, [canvas, own]);
    if (!found) continue;
    checked.push(found);
    try {
      await eventually(async () => {
        const seen = await app.page.evaluate((id) => {
          const slider = document.querySelector(`[data-testid="${id}"]`);
          const panel = slider.closest('.lab-panel');
          const body = slider.closest('.strip-body');
          const s = slider.getBoundingClientRect();
          const b = body.getBoundingClientRect();
          return panel.hasAttribute('data-open') && s.height > 0 && s.top >= b.top - 1 && s.bottom <= b.bottom + 1;
        }, found);
        assert.ok(seen);
      }, { timeout: 3000 });
    } catch {
      problems.push(`${figure}: the strip did not open on ${found}`);
    }
  }
  t.diagnostic(`first own controls checked: ${checked.join(', ')}`);
  assert.ok(checked.length >= 4, `figures in labs with their own controls in a strip: ${checked.join(', ')}`);
  assert.deepEqual(problems, []);
});

test("at 390×844 the strip's button opens and folds its controls over prose", TIMEOUT, async (t) => {
  const app = await openApp(env, t, '', { viewport: { width: 390, height: 844 } });
  // The streaming section's prose after Figure 3, below every figure of the first lab.
  await app.page.evaluate(() => {
    const advice = document.querySelector('section.advice');
    window.scrollTo(0, advice.getBoundingClientRect().top + window.scrollY + 200);
  });
  const panel = app.page.locator('#one-request .lab-panel');
  await eventually(async () => assert.equal(await panel.getAttribute('data-open'), null, 'folded over prose'));
  const toggle = panel.locator('[data-testid="strip-toggle"]');
  assert.match(await panel.locator('[data-testid="strip-line"]').innerText(), /TTFT 2\.02 s/);
  await toggle.click();
  await eventually(async () => assert.equal(await toggle.getAttribute('aria-expanded'), 'true'));
  assert.ok(await app.slider('prompt').isVisible(), 'the controls show once opened');
  await app.pressOnSlider('prompt', 'ArrowRight');
  await eventually(async () => assert.doesNotMatch(await panel.locator('[data-testid="strip-line"]').innerText(), /16k in/, 'the folded line follows the controls'));
  await toggle.click();
  await eventually(async () => assert.equal(await toggle.getAttribute('aria-expanded'), 'false'));
  assert.equal(await app.slider('prompt').isVisible(), false, 'folded again');
  // Opened by the reader, the strip folds once its lab is read past rather than hang its
  // controls over the next section with their bar gone up out of sight.
  await toggle.click();
  await eventually(async () => assert.equal(await toggle.getAttribute('aria-expanded'), 'true'));
  await app.page.evaluate(() => {
    const lab = document.querySelector('#one-request');
    window.scrollTo(0, lab.getBoundingClientRect().bottom + window.scrollY + 100);
  });
  await eventually(async () => assert.equal(await panel.getAttribute('data-open'), null, 'folded past the end of its lab'));
  // The next lab's strip, opened by the reader, folds too when the reader scrolls back above
  // that lab, rather than rise over the text before it from a bar below the screen.
  const next = app.page.locator('#hardware > .lab-panel');
  await app.page.evaluate(() => {
    const panel = document.querySelector('#hardware > .lab-panel');
    window.scrollBy(0, panel.getBoundingClientRect().top - innerHeight / 2);
  });
  await eventually(async () => assert.ok(await app.page.evaluate(() => {
    const r = document.querySelector('#hardware > .lab-panel').getBoundingClientRect();
    return Math.abs(r.bottom - innerHeight) <= 2;
  }), 'the second lab\'s strip at the foot of the screen'));
  await next.locator('[data-testid="hardware-strip-toggle"]').click();
  await eventually(async () => assert.equal(await next.getAttribute('data-open'), ''));
  await app.page.evaluate(() => {
    const lab = document.querySelector('#hardware');
    window.scrollBy(0, lab.getBoundingClientRect().top - innerHeight - 200);
  });
  await eventually(async () => assert.equal(await next.getAttribute('data-open'), null, 'folded above its lab'));
});

test('the deployments panel fits one 800 px screen, and the router sits beside its numbers', TIMEOUT, async (t) => {
  const app = await openApp(env, t, '', { viewport: { width: 1280, height: 800 } });
  await app.reveal();
  await scrollIntoView(app.byTestId('crossover-challenge'));
  const fit = await app.page.evaluate(() => {
    const panel = document.querySelector('#deployments .lab-panel');
    panel.scrollTop = 0;
    return { content: panel.scrollHeight, screen: innerHeight, router: panel.querySelectorAll('[data-testid="threshold-slider"]').length };
  });
  assert.ok(fit.content <= fit.screen, `the panel's content (${fit.content} px) fits the screen (${fit.screen} px)`);
  assert.equal(fit.router, 0, 'the lesson\'s router is set in its own part, not the panel');
  await app.openDetails('routing-details');
  const routing = app.byTestId('routing-details');
  assert.equal(await routing.locator('[data-testid="threshold-slider"]').count(), 1, 'the threshold beside the routed mean');
  assert.equal(await routing.locator('[data-testid="route-fixed"]').count(), 1);
});

test('the figures are numbered in the order a reader meets them, and sentences name them by those numbers', TIMEOUT, async (t) => {
  const app = await openApp(env, t);
  await app.reveal();
  await app.openDetails('spread-details');
  await app.openDetails('clocks-details');
  const captions = await app.page.evaluate(() => [...document.querySelectorAll('figure.figure > figcaption > strong')]
    .map((strong) => strong.textContent));
  const numbers = captions.map((caption) => Number(caption.match(/^Figure (\d+)\. /)?.[1]));
  assert.deepEqual(numbers, numbers.map((_, i) => i + 1), `captions in page order: ${captions.join(' | ')}`);
  assert.ok(numbers.length >= 8, `every figure of the lesson has its caption: ${numbers.length}`);
  // A sentence naming a figure uses the number its caption shows.
  const clocks = captions.findIndex((caption) => /three clocks/.test(caption)) + 1;
  assert.match(await app.byTestId('clocks-details').locator(':scope > summary').innerText(), new RegExp(`\\(Figure ${clocks}\\)`));
});

test('the first screen shows a live figure and a control that moves it', TIMEOUT, async (t) => {
  const app = await openApp(env, t, '', { viewport: { width: 1280, height: 800 } });
  await app.page.evaluate(() => window.scrollTo(0, 0));
  assert.ok(await fullyVisible(app.page, 'timeline-canvas'), 'Figure 1 is wholly on the first screen');
  assert.ok(await fullyVisible(app.page, 'prompt-slider'), 'and so is the prompt slider');
});

test('the challenge names the crossing only after a guess, with its own prompt slider and bars', TIMEOUT, async (t) => {
  const app = await openApp(env, t);
  const challenge = app.byTestId('challenge');
  // Nothing before the challenge, and nothing in it before the guess, says where the crossing is.
  const before = await app.page.evaluate(() => {
    const challenge = document.querySelector('[data-testid="challenge"]');
    const range = document.createRange();
    range.setStart(document.body, 0);
    range.setEndBefore(challenge);
    return range.toString() + challenge.innerText;
  });
  assert.doesNotMatch(before, /40,000|133\.3/, 'the answer is not given away');
  assert.equal(await app.byTestId('challenge-prompt-slider').isVisible(), false, 'the check comes after the guess');
  const veiled = () => app.page.evaluate(() => document.querySelector('section.crossing').hasAttribute('data-veiled'));
  assert.ok(await veiled(), 'the crossing below is veiled while the question is open');
  assert.equal(await app.byTestId('crossing-prompt').count(), 0, 'its readouts are not in the page');

  await app.byTestId('guess-input').fill('20000');
  await app.byTestId('guess-lock').click();
  const feedback = app.byTestId('challenge-feedback');
  await eventually(async () => assert.match(await feedback.innerText(), /40,000 tokens.*20,000 tokens was 50% short/s));
  assert.equal(await veiled(), false, 'a locked guess unveils the crossing');
  const width = (id) => app.page.evaluate((i) => document.querySelector(`[data-testid="${i}"]`).getBoundingClientRect().width, id);
  assert.ok((await width('challenge-prefill-bar')) < (await width('challenge-decode-bar')), 'reading is the shorter bar at 16,000 tokens');

  // The challenge's own slider drives the same prompt as the panel's.
  await app.typeInto('challenge-prompt', '60000');
  await eventually(async () => assert.equal(await feedback.getAttribute('data-state'), 'passed'));
  assert.equal(await app.quantity('prompt'), 60000, 'the panel follows');
  await eventually(async () => assert.ok((await width('challenge-prefill-bar')) > (await width('challenge-decode-bar')), 'past the crossing reading is the longer bar'));
  assert.ok(await challenge.isVisible());
});

test('a reader who will not guess can still unveil the crossing', TIMEOUT, async (t) => {
  const app = await openApp(env, t);
  await app.byTestId('crossing-reveal').click();
  await eventually(async () => assert.equal(await app.page.evaluate(() => document.querySelector('section.crossing').hasAttribute('data-veiled')), false));
});

test('the crossover is predicted before it is told', TIMEOUT, async (t) => {
  const app = await openApp(env, t);
  const feedback = app.byTestId('crossover-feedback');
  await scrollIntoView(feedback);
  assert.doesNotMatch(await feedback.innerText(), /28\.9/);
  const beforeFigure = await app.page.evaluate(() => {
    const figure = document.querySelector('[data-figure="completion"]');
    const challenge = document.querySelector('[data-testid="crossover-challenge"]');
    return Boolean(challenge.compareDocumentPosition(figure) & Node.DOCUMENT_POSITION_FOLLOWING);
  });
  assert.ok(beforeFigure, 'the prediction comes before Figure 5');
  const veiled = () => app.page.evaluate(() => {
    const race = document.querySelector('.race');
    const canvas = race.querySelector('[data-figure="completion"] canvas');
    return race.hasAttribute('data-veiled') && getComputedStyle(canvas).filter.includes('blur')
      && !document.querySelector('[data-testid="crossover"]');
  });
  assert.ok(await veiled(), 'Figure 5, which names the crossover, is blurred, and its numbers wait, while the question is open');
  await app.byTestId('crossover-guess-input').fill('100');
  await app.byTestId('crossover-guess-lock').click();
  await eventually(async () => assert.match(await feedback.innerText(), /28\.9 tokens.*100 tokens was \d+% too long/s));
  assert.equal(await veiled(), false, 'a locked guess unveils the race');
});

test('a reader who will not guess the crossover can still unveil the race', TIMEOUT, async (t) => {
  const app = await openApp(env, t);
  await scrollIntoView(app.byTestId('race-reveal'));
  await app.byTestId('race-reveal').click();
  await eventually(async () => assert.equal(await app.page.evaluate(() => document.querySelector('.race').hasAttribute('data-veiled')), false));
  assert.equal(await app.byTestId('race-reveal').isVisible(), false, 'the note goes with the veil');
});

test('sentences built from numbers agree with the readouts after the controls move far', TIMEOUT, async (t) => {
  // Far from every default: a huge prompt on a slow prefill, a long queue, a program reading,
  // fast-starting A against a slow B, and a long-tailed spread.
  const query = '?prompt=400000&output=50&prefill=2000&decode=400&wait=20&network=1.5&consumer=machine'
    + '&a_ttft=3&a_rate=250&b_ttft=0.4&b_rate=20&median=2000&p90=50000';
  const app = await openApp(env, t, query);
  await app.reveal();
  await app.openDetails('spread-details');
  const text = async (id) => { await scrollIntoView(app.byTestId(id)); return app.byTestId(id).innerText(); };

  const total = await app.readout('total');
  const felt = await text('felt-wait-text');
  assert.ok(felt.includes(total.text), `the program's wait is the total on screen (${total.text}): ${felt}`);
  assert.match(felt, /prefill/, 'and the prompt is named as the part to shorten');
  assert.equal(await app.byTestId('bound').getAttribute('data-value'), 'prefill');
  assert.match(await text('levers-verdict'), /past the crossing/);

  const described = await text('deployments-described');
  assert.match(described, /A shows its first token after 3 s and then writes 250 tok\/s; B waits 400 ms and then writes 20 tok\/s/);
  const crossover = await app.readout('crossover');
  const spread = await text('spread-sentence');
  assert.ok(!/NaN|Infinity/.test(spread + felt + described));
  const shares = [await app.readout('share-a'), await app.readout('share-b')];
  for (const share of shares) assert.ok(spread.includes(share.text), `the spread sentence quotes ${share.text}: ${spread}`);
  assertClose(shares[0].value + shares[1].value, 1, 'shares add up');
  assert.ok(crossover.text.length > 0);
});

/**
 * How far Figure 2's prefill line strays from a straight line, in device pixels: the centre of
 * the blue line in each pixel column of the plot's left part (where nothing else is blue),
 * against the best straight line through those centres. A line whose points were rounded to
 * whole pixels stair-steps by up to half a pixel.
 */
async function prefillWobble(page) {
  return page.evaluate(() => {
    const canvas = document.querySelector('[data-testid="crossing-canvas"]');
    const { width, height } = canvas;
    const pixels = canvas.getContext('2d').getImageData(0, 0, width, height).data;
    const centres = [];
    for (let x = Math.round(width * 0.3); x < Math.round(width * 0.5); x++) {
      let sum = 0, weight = 0;
      for (let y = 0; y < height; y++) {
        const i = 4 * (y * width + x);
        const [r, g, b] = [pixels[i], pixels[i + 1], pixels[i + 2]];
        // How strongly this pixel is the prefill blue (#1d64b0, blended with the white
        // background at the line's anti-aliased edges): blue well above red, and not grey.
        const blue = b - r > 40 && b > g + 20 ? b - r : 0;
        sum += blue * y;
        weight += blue;
      }
      if (weight > 0) centres.push([x, sum / weight]);
    }
    const n = centres.length;
    const mx = centres.reduce((a, [x]) => a + x, 0) / n;
    const my = centres.reduce((a, [, y]) => a + y, 0) / n;
    const slope = centres.reduce((a, [x, y]) => a + (x - mx) * (y - my), 0) / centres.reduce((a, [x]) => a + (x - mx) ** 2, 0);
    const worst = Math.max(...centres.map(([x, y]) => Math.abs(y - (my + slope * (x - mx)))));
    return { columns: n, worst };
  });
}

for (const deviceScaleFactor of [1, 2]) {
  test(`a straight line is drawn straight at device pixel ratio ${deviceScaleFactor}`, TIMEOUT, async (t) => {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor });
    t.after(() => context.close());
    const page = await context.newPage();
    const url = new URL(env.baseUrl);
    await page.goto(url.origin + url.pathname + '?theme=light');
    await buildWholePage(page);
    await page.locator('html[data-complete]').waitFor();
    await page.locator('[data-testid="crossing-canvas"]').scrollIntoViewIfNeeded();
    const result = await eventually(async () => {
      const r = await prefillWobble(page);
      assert.ok(r.columns > 100, `the line is found in ${r.columns} columns`);
      return r;
    });
    // Points rounded to whole pixels stray about half a pixel; kept to an eighth of one, what
    // is left is the anti-aliasing itself, well under a third.
    assert.ok(result.worst < 0.33, `the prefill line strays ${result.worst.toFixed(2)} px from straight`);
  });
}
