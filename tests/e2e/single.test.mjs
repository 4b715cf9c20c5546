// One figure alone: compact embeds (their height at a docs column's and a phone's width, the
// controls a host chooses, a hidden caption, the menu, a snippet whose starting height is the
// frame's), presentation mode (one screen without scrolling, text drawn larger, scenarios as
// slides, Esc), and labels that keep off the lines they name, measured in the SVG export.

import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { FIGURE_TABLE, eventually, figureDrawn, openApp, scratchFolder, scrollIntoView, useBrowser } from './helpers.mjs';
import { startServer } from './server.mjs';

const env = useBrowser();
const TIMEOUT = { timeout: 180_000 };
// Every figure, and the controls each shows alone, from the code's own lists.
const FIGURES = FIGURE_TABLE.map((f) => f.figure);
const OWN_CONTROLS = Object.fromEntries(FIGURE_TABLE.map((f) => [f.figure, f.own]));

const ready = (figure) => ({ ready: `html[data-complete] [data-testid="${figure}-canvas"]` });

/** The page's height (what the frame is told) and whether anything scrolls. */
function pageBox(page) {
  return page.evaluate(() => ({
    height: document.documentElement.getBoundingClientRect().height,
    scrollHeight: document.documentElement.scrollHeight,
    scrollWidth: document.documentElement.scrollWidth,
    innerHeight: window.innerHeight,
    innerWidth: window.innerWidth,
  }));
}

/** The data-testids of the sliders shown, in document order. */
function sliderKeys(page) {
  return page.evaluate(() => [...document.querySelectorAll('input[type="range"]')].map((s) => s.dataset.testid.replace(/-slider$/, '')));
}

test('an embed with its own controls fits 640 px at 700 px wide and 760 px at 390 px', TIMEOUT, async (t) => {
  for (const [width, limit] of [[700, 640], [390, 760]]) {
    for (const figure of FIGURES) {
      const app = await openApp(env, t, `?embed=${figure}`, { viewport: { width, height: 900 }, ...ready(figure) });
      const box = await pageBox(app.page);
      assert.ok(box.height <= limit, `${figure} at ${width} px: ${box.height} px tall (at most ${limit})`);
      assert.ok(box.scrollWidth <= box.innerWidth, `${figure} at ${width} px: no sideways scrolling`);
      assert.deepEqual(await sliderKeys(app.page), OWN_CONTROLS[figure], `${figure}: its own controls`);
      // The controls sit several to a row, not one under another.
      const tops = await app.page.evaluate(() => [...document.querySelectorAll('.single .control')].map((c) => Math.round(c.getBoundingClientRect().top)));
      assert.ok(new Set(tops).size < tops.length, `${figure} at ${width} px: controls share rows (${tops})`);
      console.log(`# ${figure} embed at ${width} px: ${box.height} px`);
    }
  }
});

// Four host pages, each loading a cross-origin frame: in Firefox, through its WebDriver BiDi
// driver, this took 131 s and once ran past the usual three minutes, so it has longer.
/**
 * The text on screen that is cut: each visible element's own words that run past the screen's
 * side, or past an ancestor that hides what overflows it (an ellipsis, a fixed-height player).
 * Elements hidden from sight on purpose (a visually hidden legend or hint) do not count.
 */
function cutText(page) {
  return page.evaluate(() => {
    const cut = [];
    for (const el of document.querySelectorAll('body *')) {
      const own = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent.trim());
      if (!own || !el.checkVisibility({ visibilityProperty: true })) continue;
      const r = el.getBoundingClientRect();
      if (r.width <= 1 || r.height <= 1) continue;
      const style = getComputedStyle(el);
      if (style.clipPath !== 'none' || el.closest('.visually-hidden')) continue;
      const name = `${el.tagName.toLowerCase()}.${el.className} “${el.textContent.trim().slice(0, 50)}”`;
      if (r.left < -1 || r.right > innerWidth + 1) cut.push(`${name} runs off the side (${Math.round(r.left)}–${Math.round(r.right)})`);
      for (let box = el; box && box !== document.body; box = box.parentElement) {
        const s = getComputedStyle(box);
        if (!['hidden', 'clip'].includes(s.overflowX) && !['hidden', 'clip'].includes(s.overflowY)) continue;
        const b = box.getBoundingClientRect();
        const wide = box === el ? el.scrollWidth > el.clientWidth + 1 : r.right > b.right + 1 || r.left < b.left - 1;
        const tall = box === el ? el.scrollHeight > el.clientHeight + 1 : r.bottom > b.bottom + 1 || r.top < b.top - 1;
        if (wide || tall) {
          cut.push(`${name} is cut by ${box === el ? 'its own box' : `${box.tagName.toLowerCase()}.${box.className}`}`);
          break;
        }
      }
    }
    return cut;
  });
}

for (const width of [320, 390, 700]) {
  test(`every figure embedded ${width} px wide shows its title, labels, buttons and lanes whole`, { timeout: 300_000 }, async (t) => {
    for (const figure of FIGURES) {
      const app = await openApp(env, t, `?embed=${figure}`, { viewport: { width, height: 900 }, ...ready(figure) });
      await figureDrawn(app.page, `${figure}-canvas`);
      assert.deepEqual(await cutText(app.page), [], `${figure} at ${width} px`);
      // A lane's name keeps its time (“empty until 2.02 s”) on screen.
      for (const lane of await app.page.evaluate(() => [...document.querySelectorAll('.lane-name')].map((l) => l.innerText))) {
        assert.match(lane, /\d/, `${figure} at ${width} px: ${lane}`);
      }
    }
  });
}

test('the snippet starts the frame at the height the figure then reports', { timeout: 480_000 }, async (t) => {
  const full = await openApp(env, t, '?prompt=20000&decode=40', { setup: (_page, context) => context.grantPermissions(['clipboard-read', 'clipboard-write']).catch(() => {}) });
  // The tools of Figures 2, 5 and 6, the embed among them, wait for the predictions; Figure 6 is
  // inside a part of the lab a reader opens on purpose.
  await full.openEverything();
  for (const figure of FIGURES) {
    await scrollIntoView(full.byTestId(`${figure}-embed`));
    await full.byTestId(`${figure}-embed`).click();
    const snippet = await eventually(async () => {
      const code = await full.byTestId(`${figure}-embed-code`).inputValue();
      assert.match(code, /<crossover-figure [^>]*height="\d+"/);
      return code;
    });
    const start = Number(/height="(\d+)"/.exec(snippet)[1]);
    // A host page on another origin with a 700 px column holding the snippet.
    const dir = await scratchFolder(t, 'host');
    // And a phone's column, where the host script fits the frame to the width by the snippet's
    // layout before the figure reports its height.
    for (const width of [700, 380]) {
      await fs.writeFile(path.join(dir, `host-${width}.html`), `<!doctype html><html><head><meta charset="utf-8"><title>host</title></head><body style="margin:0"><div style="width:${width}px">${snippet}</div></body></html>`);
    }
    // Each figure's host closes before the next opens: four frames of the whole app alive at
    // once left Firefox unresponsive on a busy machine.
    const host = await startServer({ root: dir });
    const context = await env.browser.newContext({ viewport: { width: 900, height: 800 } });
    try {
      await checkHost(figure, start, context, host, 700);
      await checkHost(figure, null, context, host, 380);
    } finally {
      await context.close();
      await host.close();
    }
  }
});

/** The host page in `context` (served by `host`) with a column `width` px wide starts the
 * figure's frame at the height the figure inside then measures and keeps: the snippet's `start`
 * height in a 700 px column; in another, the height fitted to it by the snippet's layout. */
async function checkHost(figure, start, context, host, width) {
  const page = await context.newPage();
  await page.goto(`${host.origin}/host-${width}.html`);
  const initial = await eventually(async () => {
    const h = await page.evaluate(() => document.querySelector('crossover-figure iframe')?.style.height);
    assert.ok(h, 'the element made its frame');
    return parseFloat(h);
  });
  if (start !== null) assert.equal(initial, start, `${figure}: the frame starts at the snippet's height`);
  start ??= initial;
  const frame = await eventually(async () => {
    const found = page.frames().find((f) => /embed=/.test(f.url()));
    assert.ok(found, 'the frame loaded');
    assert.ok(await found.evaluate(() => document.documentElement.hasAttribute('data-complete')), 'the figure is built');
    return found;
  }, { timeout: 25_000 });
  const content = await frame.evaluate(() => document.documentElement.getBoundingClientRect().height);
  assert.ok(Math.abs(content - start) <= 1, `${figure}: the figure measures ${content} px in a ${width} px column, the frame started at ${start}`);
  const settled = await eventually(async () => parseFloat(await page.evaluate(() => document.querySelector('crossover-figure iframe').style.height)));
  assert.ok(Math.abs(settled - start) <= 1, `${figure}: the frame stays at ${start} px (now ${settled})`);
  console.log(`# ${figure}, ${width} px column: the frame started at ${start} px, content ${content} px`);
}

test('controls= shows the chosen controls in their order, none, or the usual notice', TIMEOUT, async (t) => {
  const chosen = await openApp(env, t, '?embed=timeline&controls=decode,prompt,network', ready('timeline'));
  assert.deepEqual(await sliderKeys(chosen.page), ['decode', 'prompt', 'network']);
  const before = await chosen.canvasFingerprint('timeline-canvas');
  await chosen.pressOnSlider('decode', 'ArrowLeft');
  await eventually(async () => assert.notEqual((await chosen.canvasFingerprint('timeline-canvas')).hash, before.hash, 'a chosen control moves the figure'));
  assert.match((await chosen.query()).controls, /^decode,prompt,network$/, 'the choice stays in the address');

  const none = await openApp(env, t, '?embed=crossing&controls=none', ready('crossing'));
  assert.deepEqual(await sliderKeys(none.page), []);
  assert.equal(await none.page.locator('fieldset.controls').count(), 0, 'the figure alone');
  assert.equal(await none.page.locator('canvas').count(), 1);

  const bad = await openApp(env, t, '?embed=crossing&controls=pie,output,output', ready('crossing'));
  assert.deepEqual(await sliderKeys(bad.page), ['output']);
  assert.match(await bad.noticeText(), /“pie”/, 'the unknown key is named');

  const nothing = await openApp(env, t, '?embed=crossing&controls=pie', ready('crossing'));
  assert.deepEqual(await sliderKeys(nothing.page), OWN_CONTROLS.crossing, 'nothing usable: the figure’s own');
  assert.match(await nothing.noticeText(), /“pie”/);
});

test('caption=0 hides the caption from sight but not from screen readers', TIMEOUT, async (t) => {
  const shown = await openApp(env, t, '?embed=timeline', ready('timeline'));
  const hidden = await openApp(env, t, '?embed=timeline&caption=0', ready('timeline'));
  const caption = (app) => app.page.evaluate(() => {
    const figure = document.querySelector('figure');
    const label = document.getElementById(figure.getAttribute('aria-labelledby'));
    const box = label.getBoundingClientRect();
    return { name: label.textContent.trim(), area: box.width * box.height, height: document.documentElement.getBoundingClientRect().height };
  });
  const [withCaption, without] = [await caption(shown), await caption(hidden)];
  assert.ok(withCaption.area > 100, 'the caption is seen by default');
  assert.ok(without.area <= 1, `hidden from sight (${without.area} px²)`);
  assert.equal(without.name, withCaption.name, 'the figure keeps its name');
  assert.match(without.name, /One request on a clock/);
  assert.ok(without.height < withCaption.height, 'the embed is shorter without it');
  assert.ok((await hidden.byTestId('timeline-canvas').getAttribute('aria-label')).length > 40, 'the text alternative stays');
  assert.match(await (await openApp(env, t, '?embed=timeline&caption=maybe', ready('timeline'))).noticeText(), /“maybe”/);
});

test('an embed opens its own page, without the lesson: the figure is live, its link opens the whole explainer, and the lesson\'s address still embeds', TIMEOUT, async (t) => {
  const app = await openApp(env, t, 'embed.html?prompt=20000&embed=timeline', ready('timeline'));
  assert.equal(await app.page.evaluate(() => document.querySelector('#prerendered')?.childElementCount ?? 0), 0, 'no lesson written into the embed\'s page');
  const [embedPage, lessonPage] = await app.page.evaluate(() => Promise.all(['embed.html', './'].map(async (u) => (await (await fetch(u)).text()).length)));
  assert.ok(embedPage * 4 < lessonPage, `the embed's page (${embedPage} characters) carries a fraction of the lesson's (${lessonPage})`);
  const before = await app.canvasFingerprint('timeline-canvas');
  await app.typeInto('prompt', '2000');
  await eventually(async () => assert.notEqual(await app.canvasFingerprint('timeline-canvas'), before, 'a typed prompt redraws the figure'));
  const href = await app.page.locator('.single-link a').getAttribute('href');
  const link = new URL(href);
  assert.ok(link.pathname.endsWith('/') && !href.includes('embed'), `the link opens the explainer, not the embed's page: ${href}`);
  assert.equal(link.searchParams.get('prompt'), '2000');
  const old = await openApp(env, t, '?embed=timeline', ready('timeline'));
  assert.equal(await old.page.evaluate(() => document.querySelector('#prerendered')), null, 'the lesson\'s address drops its lesson for an embed');
  assert.equal(await old.page.locator('[data-testid="timeline-canvas"]').count(), 1);
});

test('export and the data table sit behind one menu that the keyboard opens', TIMEOUT, async (t) => {
  const app = await openApp(env, t, '?embed=crossing', ready('crossing'));
  const menu = app.byTestId('crossing-menu');
  // A closed <details> hides its content (content-visibility in Chromium), which checkVisibility sees.
  const shown = (id) => app.page.evaluate((testid) => document.querySelector(`[data-testid="${testid}"]`).checkVisibility(), id);
  assert.equal(await shown('crossing-png'), false, 'closed, the buttons are out of sight');
  await menu.locator(':scope > summary').focus();
  await app.page.keyboard.press('Enter');
  await eventually(async () => assert.equal(await menu.evaluate((d) => d.open), true, 'Enter opens it'));
  for (const id of ['crossing-png', 'crossing-svg', 'crossing-csv']) assert.ok(await shown(id), `${id} in the menu`);
  await app.page.keyboard.press('Tab');
  assert.equal(await app.page.evaluate(() => document.activeElement?.dataset.testid), 'crossing-png', 'Tab reaches the first export button');
  await app.page.locator('[data-figure="crossing"] details.data > summary').click();
  await eventually(async () => assert.ok((await app.byTestId('crossing-table').locator('tbody tr').count()) > 3, 'the table opens inside the menu'));
});

/** Every font the figure's canvas was given, in CSS pixels (the pixel ratio is 1 here). */
const recordFonts = (page) => page.addInitScript(() => {
  window.__fonts = [];
  const descriptor = Object.getOwnPropertyDescriptor(CanvasRenderingContext2D.prototype, 'font');
  Object.defineProperty(CanvasRenderingContext2D.prototype, 'font', {
    set(value) {
      window.__fonts.push(value);
      descriptor.set.call(this, value);
    },
    get() {
      return descriptor.get.call(this);
    },
  });
});

test('presentation fits one screen at 1280×720 and 1920×1080, its text at least 16 px', TIMEOUT, async (t) => {
  for (const [width, height] of [[1280, 720], [1920, 1080]]) {
    for (const figure of FIGURES) {
      const app = await openApp(env, t, `?present=${figure}`, { viewport: { width, height }, setup: recordFonts, ...ready(figure) });
      const box = await pageBox(app.page);
      assert.ok(box.scrollHeight <= height && box.scrollWidth <= width, `${figure} at ${width}×${height}: nothing scrolls (${box.scrollWidth}×${box.scrollHeight})`);
      const outside = await app.page.evaluate(() => [...document.querySelectorAll('canvas, .control, .slide-name, .single-link')]
        .map((e) => ({ what: e.dataset.testid || e.className, r: e.getBoundingClientRect() }))
        .filter(({ r }) => r.top < 0 || r.left < 0 || r.bottom > innerHeight + 0.5 || r.right > innerWidth + 0.5)
        .map(({ what, r }) => `${what} ${Math.round(r.top)}–${Math.round(r.bottom)}`));
      assert.deepEqual(outside, [], `${figure} at ${width}×${height}: the figure and every control on screen`);
      assert.deepEqual(await sliderKeys(app.page), OWN_CONTROLS[figure]);
      const canvas = await app.page.evaluate(() => document.querySelector('canvas').getBoundingClientRect().height);
      assert.ok(canvas >= height * 0.5, `${figure}: the figure takes most of the screen's height (${canvas} px)`);
      await figureDrawn(app.page, `${figure}-canvas`);
      const sizes = await app.page.evaluate(() => window.__fonts.map((f) => parseFloat(/([\d.]+)px/.exec(f)?.[1])).filter(Number.isFinite));
      assert.ok(sizes.length > 0, 'the figure set its fonts');
      const smallest = Math.min(...sizes);
      assert.ok(smallest >= 16, `${figure} at ${width}×${height}: the smallest text on the figure is ${smallest} px`);
      console.log(`# ${figure} presentation at ${width}×${height}: page ${box.scrollHeight} px, canvas ${canvas} px, smallest figure text ${smallest} px`);
    }
  }
});

test('PageDown and PageUp step through the scenarios, named aloud; Esc leaves at the same settings', TIMEOUT, async (t) => {
  const app = await openApp(env, t, '?present=crossing&prompt=900&output=50', { viewport: { width: 1280, height: 720 }, ...ready('crossing') });
  const slide = app.byTestId('slide-name');
  assert.equal(await slide.getAttribute('aria-live'), 'polite', 'a live region');
  // With a slider focused too: the presenter's clicker still moves the slides, not the slider.
  await app.slider('prompt').focus();
  await app.page.keyboard.press('PageDown');
  await eventually(async () => assert.equal(await slide.getAttribute('data-value'), 'summariser'));
  assert.match(await slide.innerText(), /1 of \d+: The summariser/);
  assert.equal(await app.quantity('prompt'), 16000, 'the scenario set the prompt');
  await app.page.keyboard.press('PageDown');
  await eventually(async () => assert.equal(await slide.getAttribute('data-value'), 'aa-100-300'));
  assert.equal(await app.quantity('prompt'), 100);
  assert.equal(await app.quantity('output'), 300);
  await app.page.keyboard.press('PageUp');
  await eventually(async () => assert.equal(await slide.getAttribute('data-value'), 'summariser'));
  assert.equal(await app.quantity('prompt'), 16000);
  // Arrows still move the focused control.
  await app.slider('output').focus();
  await app.page.keyboard.press('ArrowRight');
  await eventually(async () => assert.ok((await app.quantity('output')) > 300, 'the arrow moved the answer length'));
  const output = String(await app.quantity('output'));
  const settled = await app.query();
  await app.page.keyboard.press('Escape');
  const href = () => app.page.evaluate(() => location.href);
  await eventually(async () => assert.ok(!new URL(await href()).searchParams.has('present'), 'left presentation mode'), { timeout: 10_000 });
  await app.waitUntilRendered();
  const back = Object.fromEntries(new URL(await href()).searchParams);
  assert.equal(back.present, undefined, 'the whole page');
  assert.equal(back.prompt, settled.prompt);
  assert.equal(back.output, output, 'at the settings it had');
  assert.equal(await app.quantity('prompt'), 16000);
});

/**
 * Every label of the figure's SVG export whose box crosses a line of its own colour, and every
 * pair of labels whose boxes overlap, boxes measured by the browser (getBBox). The export sets
 * text at the canvas's size (`render::page_backend`'s `SvgText`), so these are the canvas's boxes.
 */
function crossingsInSvg(page, svgText) {
  return page.evaluate((svg) => {
    const holder = document.createElement('div');
    holder.style.cssText = 'position:absolute;left:0;top:0;visibility:hidden';
    holder.innerHTML = svg;
    document.body.appendChild(holder);
    const lines = [...holder.querySelectorAll('polyline')].map((l) => ({
      colour: l.getAttribute('stroke'),
      points: l.getAttribute('points').trim().split(/\s+/).map((p) => p.split(',').map(Number)),
    }));
    const found = [];
    const overlaps = [];
    const boxes = [];
    const texts = [...holder.querySelectorAll('text')].filter((t) => !t.getAttribute('transform'));
    for (const text of texts) {
      const b = text.getBBox();
      const box = { x0: b.x, x1: b.x + b.width, y0: b.y, y1: b.y + b.height };
      // Labels cover each other when their boxes share a quarter of a line's height and a few
      // pixels across; less is two neighbours touching, such as the axes' first ticks at the
      // corner, whose boxes meet by a pixel or two in some fonts.
      for (const other of boxes) {
        const across = Math.min(box.x1, other.box.x1) - Math.max(box.x0, other.box.x0);
        const down = Math.min(box.y1, other.box.y1) - Math.max(box.y0, other.box.y0);
        const line = Math.min(box.y1 - box.y0, other.box.y1 - other.box.y0);
        if (across > 3 && down > line / 4) overlaps.push(`“${text.textContent.trim()}” overlaps “${other.name}”`);
      }
      boxes.push({ box, name: text.textContent.trim() });
      for (const line of lines.filter((l) => l.colour === text.getAttribute('fill'))) {
        const hit = line.points.slice(1).some(([bx, by], i) => {
          const [ax, ay] = line.points[i];
          for (let k = 0; k <= 40; k++) {
            const x = ax + ((bx - ax) * k) / 40;
            const y = ay + ((by - ay) * k) / 40;
            if (x > box.x0 && x < box.x1 && y > box.y0 && y < box.y1) return true;
          }
          return false;
        });
        if (hit) {
          found.push(`“${text.textContent.trim()}” crosses a ${line.colour} line`);
          break;
        }
      }
    }
    holder.remove();
    return { found, overlaps, texts: texts.length, lines: lines.length };
  }, svgText);
}

const keepBlobs = (page) => page.addInitScript(() => {
  window.__blobs = [];
  const create = URL.createObjectURL;
  URL.createObjectURL = (blob) => {
    window.__blobs.push(blob);
    return create.call(URL, blob);
  };
});

// The SVG export with the browser's own fonts: each figure's labels measured as it sets them.
// Every scenario at 390, 700 and 1280 px is checked natively on the same drawing code, with
// boxes estimated from the labels' lengths (tests/native/label_clearance.rs); this checks the
// estimate against real text, at the narrowest width, where labels are tightest.
test('no label crosses a line of its colour or another label in the SVG export, measured in the browser at 390 px', { timeout: 180_000 }, async (t) => {
  const context = await env.browser.newContext({ viewport: { width: 390, height: 900 } });
  t.after(() => context.close());
  const page = await context.newPage();
  await keepBlobs(page);
  const crossings = [];
  const overlapping = [];
  let labels = 0;
  for (const figure of FIGURES) {
    await page.goto(new URL(`?embed=${figure}&controls=none`, env.baseUrl).href);
    await page.locator(`html[data-complete] [data-testid="${figure}-canvas"]`).waitFor({ state: 'attached', timeout: 20_000 });
    await page.locator(`[data-testid="${figure}-menu"] > summary`).click();
    const count = await page.evaluate(() => window.__blobs.length);
    await page.locator(`[data-testid="${figure}-svg"]`).click();
    const svg = await eventually(async () => {
      const text = await page.evaluate(async (n) => (window.__blobs.length > n ? window.__blobs.at(-1).text() : null), count);
      assert.ok(text && text.startsWith('<svg'), 'the SVG was made');
      return text;
    });
    const result = await crossingsInSvg(page, svg);
    labels += result.texts;
    assert.ok(result.texts > 5 && result.lines > 5, `${figure}: labels and lines were found`);
    crossings.push(...result.found.map((f) => `${figure}: ${f}`));
    overlapping.push(...result.overlaps.map((f) => `${figure}: ${f}`));
  }
  t.diagnostic(`${labels} labels checked`);
  assert.deepEqual(crossings, []);
  assert.deepEqual(overlapping, [], 'labels set over each other');
});
