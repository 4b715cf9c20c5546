// The lesson's text is in the page before the wasm runs (written in at build time by the page's
// own components): with the wasm blocked the whole lesson reads, the first figure is drawn (as
// SVG, by the build), each other figure's place says why it is empty, and once the app starts it
// has taken the place of every prerendered node, with the address's numbers rather than the
// defaults.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEFAULTS, ENGINE, FIGURE_TABLE, assertDurationText, assertNumberText, eventually, figureDrawn, model, openApp, pixelsApart, shownText, useBrowser, timeForWhatMustNotHappen } from './helpers.mjs';

const env = useBrowser();
const TIMEOUT = { timeout: 120_000 };
const FIGURES = FIGURE_TABLE.map((f) => f.figure);

/** The lesson as a reader of the page sees it: headings, each section's first paragraph. */
function lessonOutline() {
  // Sections out of view skip rendering (content-visibility: auto); render them for this read.
  for (const s of document.querySelectorAll('section')) s.style.contentVisibility = 'visible';
  const sections = [...document.querySelectorAll('main section[aria-labelledby]')].map((s) => ({
    heading: document.getElementById(s.getAttribute('aria-labelledby'))?.textContent.trim(),
    paragraph: [...s.querySelectorAll('p, li')].map((p) => p.textContent.trim()).find((t) => t.length > 40),
  }));
  return { title: document.querySelector('h1')?.innerText.trim(), sections };
}

/** Opens the page with every .wasm request refused, as a browser without WebAssembly would. */
async function openWithoutWasm(t, query = '') {
  const context = await env.browser.newContext({ viewport: { width: 390, height: 844 } });
  t.after(() => context.close());
  const page = await context.newPage();
  const wasmRequests = [];
  await page.route(/\.wasm$/, (route) => {
    wasmRequests.push(route.request().url());
    return route.abort();
  });
  const url = new URL(env.baseUrl);
  await page.goto(url.origin + url.pathname + query);
  // boot.js says the figures could not start once the wasm's fetch has failed.
  await page.locator('.stopped').waitFor({ timeout: 20_000 });
  assert.ok(wasmRequests.length > 0, 'the page asked for its wasm, and was refused');
  return page;
}

test('with the wasm blocked, the whole lesson reads, the first figure is drawn, and every other says why it is not', TIMEOUT, async (t) => {
  const page = await openWithoutWasm(t);
  const stopped = await page.locator('.stopped').innerText();
  assert.match(stopped, /figures.*could not start/i, 'the message is about the figures, not the page');
  assert.match(stopped, /WebAssembly/);
  // The note stays at the top instead of riding over the lesson, and the controls, which cannot
  // work without the wasm, say so by being switched off.
  assert.equal(await page.locator('.stopped').evaluate((e) => getComputedStyle(e).position), 'static');
  assert.ok(await page.locator('[data-testid="prompt-slider"]').evaluate((e) => e.disabled), 'a control that cannot work is off');

  const outline = await page.evaluate(lessonOutline);
  assert.ok(outline.title, 'the page title is there');
  assert.ok(outline.sections.length >= 10, `every section is there: ${outline.sections.length}`);
  for (const { heading, paragraph } of outline.sections) {
    assert.ok(heading && heading.length > 3, `a section without its heading: ${JSON.stringify(heading)}`);
    assert.ok(paragraph, `${heading}: no paragraph`);
    assert.doesNotMatch(paragraph, /NaN|undefined|Infinity/, heading);
  }

  // The numbers are the lesson's defaults, as the readouts write them.
  const expected = model(DEFAULTS);
  const shown = async (id) => (await page.locator(`[data-testid="${id}"]`).innerText()).trim();
  assertDurationText(await shown('ttft'), expected.ttft, 'ttft before the wasm');
  assertDurationText(await shown('total'), expected.total, 'total before the wasm');
  // The crossing waits for its prediction here too: a page that cannot take a guess keeps it.
  assert.equal(await page.locator('[data-testid="crossing-prompt"]').count(), 0, 'no crossing before a guess');
  assert.match(await shownText(page.locator('section.crossing .veil-note')), /until you lock a guess/);
  // A typed field is written as the text it holds, in the same box (src/site/field_stand_ins.rs).
  assert.equal((await page.locator('[data-testid="prompt-input"]').innerText()).trim(), String(DEFAULTS.prompt), 'the fields show their defaults');
  assert.equal(await page.locator('input[type="text"], textarea').count(), 0, 'no text field for the browser to lay out as the page loads');

  // Figures 2 and 5 would give a prediction away: their places say so, with no table; Figure 6
  // waits inside its part of the deployments lab, which opens once the crossover is guessed.
  const VEILED = ['crossing', 'completion', 'bend'];
  // Figure 1 is drawn into the page at the defaults by the build.
  const SKETCHED = ['timeline'];
  // Figure 8 sits in a part the reader opens; opened, its place reads as the others do.
  await page.evaluate(() => { document.querySelector('[data-testid="clocks-details"]').open = true; });
  for (const slug of FIGURES.filter((f) => f !== 'lengths')) {
    const slot = page.locator(`[data-testid="${slug}-waiting"]`);
    assert.equal(await slot.count(), 1, `${slug}: one place for the figure`);
    if (SKETCHED.includes(slug)) {
      // Drawn by the build (src/render/sketch.rs): one drawing shows, over the words.
      assert.equal(await slot.evaluate((e) => [...e.querySelectorAll('.sketch')].filter((s) => getComputedStyle(s).display !== 'none').length), 1, `${slug}: drawn in the page`);
    } else {
      assert.match(await shownText(slot), /WebAssembly/, `${slug}: its place says what draws it`);
    }
    const label = await slot.getAttribute('aria-label');
    assert.ok(label && label.length > 20, `${slug}: the figure's text alternative is its name`);
    const height = await page.evaluate((id) => document.querySelector(`[data-testid="${id}"]`).getBoundingClientRect().height, `${slug}-waiting`);
    assert.ok(height >= 240 && height <= 400, `${slug}: the canvas's height (${height})`);
    if (VEILED.includes(slug)) {
      assert.match(label, /blurred until you guess/, `${slug}: says why it says no more`);
      assert.equal(await page.locator(`[data-testid="${slug}-table"]`).count(), 0, `${slug}: no table before a guess`);
    } else {
      // Closed details would need a script to fill them: the tables are written in already.
      assert.ok((await page.locator(`[data-testid="${slug}-table"] tr`).count()) > 1, `${slug}: its data table`);
    }
  }
  assert.equal(await page.locator('[data-testid="lengths-waiting"]').count(), 0, 'Figure 6 waits for the crossover');
});

test('once the app starts, it has replaced every prerendered node with the same lesson', TIMEOUT, async (t) => {
  const page = await openWithoutWasm(t);
  const before = await page.evaluate(lessonOutline);

  const app = await openApp(env, t);
  const counts = await app.page.evaluate(() => {
    const ids = [...document.querySelectorAll('[data-testid]')].map((e) => e.getAttribute('data-testid'));
    const repeated = ids.filter((id, i) => ids.indexOf(id) !== i);
    const headings = [...document.querySelectorAll('h1, h2')].map((h) => h.textContent.trim());
    return {
      prerendered: document.querySelectorAll('#prerendered, [data-prerendered], .canvas-waiting').length,
      repeated,
      repeatedHeadings: headings.filter((h, i) => headings.indexOf(h) !== i),
      mains: document.querySelectorAll('main').length,
      elementIds: [...document.querySelectorAll('[id]')].map((e) => e.id).filter((id, i, all) => all.indexOf(id) !== i),
    };
  });
  assert.equal(counts.prerendered, 0, 'no prerendered node is left');
  assert.deepEqual(counts.repeated, [], 'each test id once');
  assert.deepEqual(counts.repeatedHeadings, [], 'each heading once');
  assert.deepEqual(counts.elementIds, [], 'each element id once');
  assert.equal(counts.mains, 1, 'one main');
  for (const slug of FIGURES.filter((f) => f !== 'lengths')) assert.equal(await app.byTestId(`${slug}-canvas`).count(), 1, `${slug} is drawn`);

  // The fixed prose is copied from the prerendered lesson (ui::arrival::prose): every block found
  // its words, the same words the page without wasm reads.
  const prose = await app.page.evaluate(() => ({
    missing: document.querySelectorAll('[data-prose-missing]').length,
    blocks: [...document.querySelectorAll('[data-prose]')].map((b) => [b.getAttribute('data-prose'), b.textContent.trim()]),
  }));
  assert.equal(prose.missing, 0, 'no block of prose is left without its words');
  assert.ok(prose.blocks.length >= 8, `the fixed prose is there: ${prose.blocks.length} blocks`);
  const written = await page.evaluate(() => Object.fromEntries(
    [...document.querySelectorAll('[data-prose]')].map((b) => [b.getAttribute('data-prose'), b.textContent.trim()])));
  for (const [name, words] of prose.blocks) {
    assert.ok(words.length > 20, `${name} has its words`);
    assert.equal(words, written[name], `${name} reads as the prerendered lesson does`);
  }

  // The same components wrote both: the lesson reads the same before and after.
  assert.deepEqual(await app.page.evaluate(lessonOutline), before, 'the live lesson is the prerendered one');
});

test('an address with its own numbers shows them once the app starts', TIMEOUT, async (t) => {
  const q = { ...DEFAULTS, prompt: 500, output: 900, decode: 30 };
  const app = await openApp(env, t, '?prompt=500&output=900&decode=30');
  assert.deepEqual(await app.quantities(), q, 'the fields hold the address\'s values');
  const expected = model(q);
  assertDurationText((await app.readout('ttft')).text, expected.ttft, 'ttft');
  await app.reveal('crossing');
  assertNumberText((await app.readout('crossing-prompt')).text, expected['crossing-prompt'], 'crossing-prompt');
  assert.equal(await app.page.locator('#prerendered, [data-prerendered]').count(), 0, 'no default numbers left behind');
  await app.expectConsistent('address');
});

test('an embedded figure shows no trace of the lesson', TIMEOUT, async (t) => {
  const app = await openApp(env, t, '?embed=timeline', { ready: '[data-testid="single-figure"] [data-testid="timeline-canvas"]' });
  assert.equal(await app.page.locator('#prerendered, [data-prerendered], h1').count(), 0);
  assert.equal(await app.page.locator('main').count(), 1);
});

test('replacing the prerendered lesson moves nothing on screen', { ...TIMEOUT, skip: ENGINE === 'chromium' ? false : 'layout-shift entries are Chromium\'s' }, async (t) => {
  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    const app = await openApp(env, t, '', {
      viewport,
      setup: (page) =>
        page.addInitScript(() => {
          window.__shifts = [];
          // What moved, named for the message: its tag, id or test id, and classes.
          const named = (node) => {
            if (!node || node.nodeType !== 1) return node ? node.nodeName : 'a node since removed';
            const id = node.id ? `#${node.id}` : node.dataset.testid ? `[data-testid=${node.dataset.testid}]` : '';
            return `${node.tagName.toLowerCase()}${id}${[...node.classList].map((c) => `.${c}`).join('')}`;
          };
          const box = (r) => [r.x, r.y, r.width, r.height].map(Math.round).join(',');
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) {
              if (entry.hadRecentInput) continue;
              const moved = entry.sources.map((s) => `${named(s.node)} ${box(s.previousRect)} -> ${box(s.currentRect)}`);
              window.__shifts.push({ value: entry.value, at: Math.round(entry.startTime), moved });
            }
          }).observe({ type: 'layout-shift', buffered: true });
        }),
    });
    // Two frames after the page is whole, every shift it caused has been reported.
    const shifts = await eventually(() =>
      app.page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(window.__shifts))))),
    );
    const total = shifts.reduce((a, b) => a + b.value, 0);
    const said = shifts.map((s) => `${s.value.toFixed(4)} at ${s.at} ms: ${s.moved.join('; ')}`).join(' | ');
    assert.ok(total <= 0.01, `layout shift at ${viewport.width}×${viewport.height}: ${total.toFixed(4)} (${shifts.length} shifts: ${said})`);
  }
});

test('at the defaults, sections far below are built only as the reader nears them or focuses one', TIMEOUT, async (t) => {
  // `ready` without data-complete: the page is opened as a reader opens it, nothing scrolled.
  const app = await openApp(env, t, '', { ready: '#app [data-testid="ttft"][data-value]' });
  const page = app.page;
  const far = page.locator('#deployments');
  const standingIn = () => page.evaluate(() => !!document.querySelector('#deployments')?.closest('[data-prerendered]'));
  assert.ok(await page.evaluate(() => document.documentElement.hasAttribute('data-builds-on-approach')), 'the root says sections wait for the reader');
  // Idle for a while: the deployments lab, screens below, is still the prerendered one.
  await timeForWhatMustNotHappen(page, 1500, 'a section far below to be built while the reader stays at the top');
  assert.ok(await standingIn(), 'the deployments lab is still prerendered while the reader stays at the top');
  assert.equal(await page.locator('html[data-complete]').count(), 0, 'the page is not complete yet');
  assert.equal(await page.locator('#deployments canvas').count(), 0, 'no canvas was built for it');

  // Focusing one of its controls (as a keyboard or a screen reader would reach it) builds the
  // rest at once and hands the focus to the live control. The prerendered typed fields are text
  // (src/site/field_stand_ins.rs): a slider is the control a reader reaches there.
  await page.evaluate(() => document.getElementById('a_rate-slider').focus());
  await page.locator('html[data-complete]').waitFor({ state: 'attached', timeout: 20_000 });
  assert.ok(!(await standingIn()), 'the deployments lab is live');
  await eventually(async () => {
    const focused = await page.evaluate(() => ({ id: document.activeElement?.id, standing: !!document.activeElement?.closest('[data-prerendered]'), inPage: document.activeElement?.isConnected }));
    assert.deepEqual(focused, { id: 'a_rate-slider', standing: false, inPage: true }, 'the live slider has the focus');
  });
  assert.equal(await page.locator('[data-prerendered]').count(), 0, 'nothing prerendered is left');
  await far.scrollIntoViewIfNeeded();
  assert.ok((await page.locator('#deployments canvas').count()) > 0, 'its figures are live canvases');
});

test('a button the reader focused before the page started keeps the focus, and works, in the live page', TIMEOUT, async (t) => {
  // The wasm is held back until the reader has tabbed into the prerendered lesson.
  let release;
  const held = new Promise((done) => (release = done));
  const app = await openApp(env, t, '', {
    ready: '#prerendered [data-testid="preset-aa-100-300"]',
    setup: (page) => page.route(/\.wasm$/, async (route) => {
      await held;
      await route.continue();
    }),
  });
  const page = app.page;
  await page.evaluate(() => document.querySelector('[data-testid="preset-aa-100-300"]').focus());
  release();
  await page.locator('#app [data-testid="ttft"][data-value]').waitFor({ state: 'attached', timeout: 20_000 });
  await eventually(async () => {
    const focused = await page.evaluate(() => {
      const active = document.activeElement;
      return { testId: active?.getAttribute('data-testid'), live: !!active?.closest('#app') && !active.closest('[data-prerendered]') };
    });
    assert.deepEqual(focused, { testId: 'preset-aa-100-300', live: true }, 'the live preset button has the focus');
  }, { timeout: 20_000 });
  await page.keyboard.press('Enter');
  await eventually(async () => assert.equal(await app.quantity('prompt'), 100, 'Enter on the focused button applied its preset'));
});

test('at the defaults, scrolling down builds each section before it is reached', TIMEOUT, async (t) => {
  const app = await openApp(env, t, '', { ready: '#app [data-testid="ttft"][data-value]' });
  const page = app.page;
  // A screen at a time, like a reader: whatever comes on screen is live within moments (the
  // build starts a screen ahead; on a loaded machine it may finish a few frames after the jump).
  const prerenderedOnScreen = () => page.evaluate(() => [...document.querySelectorAll('[data-prerendered]')].filter((e) => {
    const r = e.getBoundingClientRect();
    return r.bottom > 0 && r.top < window.innerHeight;
  }).length);
  for (let i = 0; i < 60 && !(await page.locator('html[data-complete]').count()); i++) {
    await page.evaluate(async () => {
      window.scrollBy(0, window.innerHeight);
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    });
    await eventually(async () => assert.equal(await prerenderedOnScreen(), 0, `after ${i + 1} screens down, nothing prerendered is on screen`), { timeout: 3_000 });
  }
  await page.locator('html[data-complete]').waitFor({ state: 'attached', timeout: 20_000 });
});

test('an address with values builds every section without waiting for the reader', TIMEOUT, async (t) => {
  const app = await openApp(env, t, '?prompt=2000', { ready: '#app [data-testid="ttft"][data-value]' });
  assert.equal(await app.page.evaluate(() => document.documentElement.hasAttribute('data-builds-on-approach')), false);
  await app.page.locator('html[data-complete]').waitFor({ state: 'attached', timeout: 20_000 });
  assert.equal(await app.page.evaluate(() => window.scrollY), 0, 'nothing scrolled');
});

test('at the defaults, changing a value builds every section, since the prerendered ones no longer match', TIMEOUT, async (t) => {
  const app = await openApp(env, t, '', { ready: '#app [data-testid="ttft"][data-value]' });
  const page = app.page;
  await timeForWhatMustNotHappen(page, 500, 'the page to build every section while the reader only reads the top');
  assert.equal(await page.locator('html[data-complete]').count(), 0, 'not complete while the reader only reads the top');
  await app.typeInto('output', '900');
  await app.input('output').press('Tab');
  await page.locator('html[data-complete]').waitFor({ state: 'attached', timeout: 20_000 });
  assert.equal(await page.locator('[data-prerendered]').count(), 0, 'nothing prerendered is left');
  assert.equal(await page.evaluate(() => window.scrollY), 0, 'nothing scrolled');
  await app.expectConsistent('after the change');
});

/** The first figure's drawings in the prerendered page that are shown: their classes and boxes. */
function shownSketches() {
  const box = document.querySelector('#prerendered [data-testid="timeline-waiting"]');
  const rect = (e) => { const r = e.getBoundingClientRect(); return { x: r.x, y: r.y, width: r.width, height: r.height }; };
  const words = box.querySelector('p');
  return {
    box: rect(box),
    wordsSeen: getComputedStyle(words).visibility === 'visible',
    shown: [...box.querySelectorAll('.sketch')].filter((s) => getComputedStyle(s).display !== 'none').map((s) => ({
      class: s.className,
      rect: rect(s),
      // The drawing's own width, in CSS pixels: its viewBox is in finer units (four per pixel).
      drawnWidth: Number(s.querySelector('svg').getAttribute('width')),
      marks: s.querySelectorAll('svg polyline, svg rect, svg text').length,
    })),
  };
}

test('before the wasm, the first figure is drawn in the page for the screen and the theme, and not for an address that asks for other values', TIMEOUT, async (t) => {
  const cases = [
    { viewport: { width: 1280, height: 800 }, colorScheme: 'light', query: '', drawing: 'sketch wide light' },
    { viewport: { width: 1280, height: 800 }, colorScheme: 'dark', query: '', drawing: 'sketch wide dark' },
    { viewport: { width: 768, height: 1024 }, colorScheme: 'light', query: '', drawing: 'sketch medium light' },
    { viewport: { width: 390, height: 844 }, colorScheme: 'light', query: '', drawing: 'sketch narrow light' },
    { viewport: { width: 390, height: 844 }, colorScheme: 'light', query: '?theme=dark', drawing: 'sketch narrow dark' },
    { viewport: { width: 1280, height: 800 }, colorScheme: 'light', query: '?prompt=2000', drawing: null },
  ];
  for (const { viewport, colorScheme, query, drawing } of cases) {
    const what = `${viewport.width}×${viewport.height} ${colorScheme}${query}`;
    const context = await env.browser.newContext({ viewport, colorScheme });
    t.after(() => context.close());
    const page = await context.newPage();
    await page.route(/\.wasm$/, (route) => route.abort());
    const url = new URL(env.baseUrl);
    await page.goto(url.origin + url.pathname + query);
    await page.locator('.stopped').waitFor({ timeout: 20_000 });
    const seen = await page.evaluate(shownSketches);
    if (!drawing) {
      assert.deepEqual(seen.shown, [], `${what}: no drawing at the defaults for an address with its own values`);
      assert.ok(seen.wordsSeen, `${what}: the box says why it is empty`);
      continue;
    }
    assert.deepEqual(seen.shown.map((s) => s.class), [drawing], what);
    const [shown] = seen.shown;
    assert.ok(!seen.wordsSeen, `${what}: the drawing, not the words`);
    assert.ok(shown.marks > 20, `${what}: a drawing, not an empty picture (${shown.marks} marks)`);
    // It fills the canvas's box, border included.
    for (const side of ['x', 'y', 'width', 'height']) {
      assert.ok(Math.abs(shown.rect[side] - seen.box[side]) <= 1.01, `${what}: the drawing's ${side} ${shown.rect[side]} against the box's ${seen.box[side]}`);
    }
    // On a 1280 px screen and a 390 px phone it was drawn at the very width the page gives the
    // figure, so the canvas draws it the same.
    // (A browser whose scrollbar takes width, as headless Firefox's does, gives the phone's
    // figure that much less.)
    if (viewport.width === 1280 || viewport.width === 390) {
      const scrollbar = viewport.width === 390 ? await page.evaluate(() => window.innerWidth - document.documentElement.clientWidth) : 0;
      assert.equal(shown.drawnWidth, seen.box.width + scrollbar, `${what}: drawn at the figure's width`);
    }
  }
});

test('the live canvas takes the first figure\'s place where the drawing was, looking the same, and nothing below moves', TIMEOUT, async (t) => {
  let release;
  const held = new Promise((done) => (release = done));
  const app = await openApp(env, t, '', {
    viewport: { width: 1280, height: 800 },
    colorScheme: 'light',
    ready: '#prerendered [data-testid="timeline-waiting"] .sketch',
    setup: (page) => page.route(/\.wasm$/, async (route) => {
      await held;
      await route.continue();
    }),
  });
  const page = app.page;
  const where = () => page.evaluate(() => {
    const box = document.querySelector('[data-testid="timeline-canvas"], #prerendered [data-testid="timeline-waiting"]');
    const figure = box.closest('figure');
    // The first heading after the figure, and what follows the drawing in the figure.
    const after = [...document.querySelectorAll('h2, h3')].find((h) => figure.compareDocumentPosition(h) & Node.DOCUMENT_POSITION_FOLLOWING);
    const under = box.closest('.canvas-box').nextElementSibling;
    const rect = (e) => { const r = e.getBoundingClientRect(); return [r.x, r.y, r.width, r.height].map((v) => Math.round(v * 10) / 10); };
    return { box: rect(box), caption: rect(figure.querySelector('figcaption')), under: rect(under), after: rect(after), live: box.tagName === 'CANVAS' };
  });
  const before = await where();
  assert.equal(before.live, false, 'the wasm is held back: the page is the prerendered one');
  const clip = { x: before.box[0], y: before.box[1], width: before.box[2], height: before.box[3] };
  const drawing = await page.screenshot({ clip });
  release();
  await page.locator('#app [data-testid="timeline-canvas"][data-drawn]').waitFor({ state: 'attached', timeout: 30_000 });
  await figureDrawn(page, 'timeline-canvas');
  const after = await where();
  assert.equal(after.live, true, 'the live canvas is in place');
  const { live: _, ...placed } = after;
  const { live: __, ...placedBefore } = before;
  assert.deepEqual(placed, placedBefore, 'the figure, its caption, what is under it and the next heading are where they were');
  const canvas = await page.screenshot({ clip });
  const { apart, inked } = await pixelsApart(page, drawing, canvas);
  assert.ok(inked > 0.02, `the drawing has ink on it (${(inked * 100).toFixed(1)}% of its pixels)`);
  assert.ok(apart < 0.02, `the canvas looks as the drawing did: ${(apart * 100).toFixed(2)}% of the pixels differ`);
});
