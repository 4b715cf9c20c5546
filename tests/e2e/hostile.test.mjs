// Links crafted to break the page: non-numbers, overflows, negatives, zero rates, markup and
// script in keys and values, repeated keys, emoji, broken escapes and 100 KB query strings. After
// each, the page must still be live (a slider still moves the numbers), show no NaN or infinity,
// log no panic, and have turned nothing from the link into markup.

import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { DIST_DIR, eventually, openApp, scratchFolder, useBrowser, timeForWhatMustNotHappen } from './helpers.mjs';
import { startServer } from './server.mjs';

const env = useBrowser();
const TIMEOUT = { timeout: 90_000 };

const enc = encodeURIComponent;
// Every payload either sets window.__xss or opens a dialog if it ever runs.
const IMG = '<img src=x onerror="window.__xss=1">';
const SCRIPT = '<script>window.__xss=2</script>';
const SVG = '"><svg onload="window.__xss=3">';
const ALERT = "javascript:alert('xss')";

/** [what, query]: each query is tried on a fresh page. */
const HOSTILE = [
  ['NaN everywhere', '?prompt=NaN&output=NaN&prefill=NaN&decode=NaN&wait=NaN&reading=NaN&knee=NaN&kv_knee=nan&cached=NaN'],
  ['infinities', `?prompt=inf&output=Infinity&prefill=-inf&decode=${enc('+Infinity')}&wait=infinity&reading=-Infinity&knee=inf`],
  ['overflow and underflow', '?prompt=1e400&output=-1e400&prefill=1e400&decode=1e-400&wait=1e400&reading=1e308&cached=1e400'],
  ['negatives', '?prompt=-16000&output=-1&prefill=-8000&decode=-60&wait=-5&reading=-240&cached=-1&knee=-1'],
  ['zero rates and sizes', '?prefill=0&decode=0&reading=0&prompt=0&output=0&knee=0&kv_knee=0'],
  ['huge digits', `?prompt=${'9'.repeat(400)}&decode=0.${'0'.repeat(400)}1&wait=${'1'.repeat(30)}`],
  ['script and markup in values', `?prompt=${enc(IMG)}&output=${enc(SCRIPT)}&wait=${enc(SVG)}&decode=${enc(ALERT)}&model=${enc(SCRIPT)}&ttft_def=${enc(IMG)}`],
  ['script and markup unescaped', `?prompt=${IMG}&output=${SCRIPT}&wait=${SVG}`],
  ['script and markup in keys', `?${enc(IMG)}=1&${enc(SCRIPT)}=2&${enc(SVG)}=3&prompt${enc(IMG)}=5&${enc(' prompt ')}=${enc(IMG)}`],
  ['markup in view choices', `?embed=${enc(IMG)}&present=${enc(SCRIPT)}&theme=${enc(SVG)}`],
  ['repeated keys', '?' + 'prompt=1&prompt=abc&decode=0&'.repeat(60) + 'prompt=2000&decode=75'],
  ['repeated view keys', '?' + 'theme&embed=pie&present&'.repeat(600) + 'theme=dark'],
  ['decimal commas', '?wait=0,25&decode=2,5&prompt=1,0000&output=,5&reading=2,40,0'],
  ['direction and invisible characters', `?reading=${enc('\u202eevil')}&prompt=${enc('\u2066\u200b1\u2069x')}&theme=${enc('\u202edark')}`],
  ['emoji and other digits', `?prompt=${enc('😀')}&decode=${enc('🚀🚀')}&${enc('😀')}=1&wait=${enc('٣')}&output=${enc('１２')}&reading=${enc('½')}`],
  ['broken escapes and control characters', '?prompt=%&decode=%zz&wait=%00&output=%FF%FE&reading=%E2%80%AE240&prefill=%0A8000%0D'],
  ['a payload in the fragment', `?prompt=500#${IMG}`],
  ['a 100 KB value', '?prompt=' + '9'.repeat(100_000)],
  ['one key repeated for 100 KB', '?' + 'decode=0&'.repeat(11_200)],
  ['100 KB of unknown keys with markup', '?' + Array.from({ length: 2_000 }, (_, i) => `k${i}=${enc(IMG)}`).join('&')],
];

// Text that must never reach the screen outside a notice quoting the URL back.
const NON_NUMBERS = /\bNaN\b|\bInfinity\b|\binf\b|undefined/i;

/**
 * Static hosts usually refuse a request line of 100 KB (the test server does too, as Node caps
 * headers at 16 KB). The page itself must cope with whatever address it finds, so long addresses
 * are served the page without sending the query to the server, as a lenient host would.
 */
async function serveLongUrls(page) {
  await page.route(
    (url) => url.href.length > 8_000,
    async (route) => {
      const url = new URL(route.request().url());
      const response = await route.fetch({ url: url.origin + url.pathname });
      await route.fulfill({ response });
    },
  );
}

/** What in the document could only have come from a payload. */
async function injected(page) {
  return page.evaluate(() => {
    const all = [...document.querySelectorAll('*')];
    return {
      flag: window.__xss ?? null,
      handlers: all.flatMap((e) => [...e.attributes].filter((a) => a.name.startsWith('on')).map((a) => `${e.tagName}[${a.name}]`)),
      images: document.querySelectorAll('img').length,
      svgs: document.querySelectorAll('svg').length,
      inlineScripts: [...document.scripts].filter((s) => !s.src || s.textContent.trim()).length,
      javascriptLinks: [...document.querySelectorAll('[href], [src], [action]')].filter((e) => /^\s*javascript:/i.test(e.getAttribute('href') ?? e.getAttribute('src') ?? e.getAttribute('action'))).length,
      noticeMarkup: [...document.querySelectorAll('[data-testid="notice"] *')].map((e) => e.tagName.toLowerCase()).filter((t) => !['p', 'ul', 'li', 'button', 'strong', 'span', 'bdi'].includes(t)),
    };
  });
}

/** Every number the page states for machines: data-value attributes, slider and field values. */
async function statedNumbers(page) {
  return page.evaluate(() => [
    ...[...document.querySelectorAll('[data-value]')].map((e) => [`${e.dataset.testid}@data-value`, e.dataset.value]),
    ...[...document.querySelectorAll('input')].map((e) => [`${e.dataset.testid ?? e.id}@value`, e.value]),
    ...[...document.querySelectorAll('[aria-valuetext]')].map((e) => [`${e.dataset.testid}@aria-valuetext`, e.getAttribute('aria-valuetext')]),
    ...[...document.querySelectorAll('[aria-label]')].map((e) => [`${e.dataset.testid ?? e.tagName}@aria-label`, e.getAttribute('aria-label')]),
  ]);
}

for (const [what, query] of HOSTILE) {
  test(`hostile link: ${what} (${query.length.toLocaleString('en')} characters)`, TIMEOUT, async (t) => {
    let app;
    try {
      app = await openApp(env, t, query, { setup: serveLongUrls });
    } catch (error) {
      // Playwright's messages quote the whole address; keep the log readable.
      throw new Error(`${what}: the page did not open: ${String(error.message).slice(0, 600)}`);
    }
    const { page } = app;
    await timeForWhatMustNotHappen(page, 300, 'an injected onerror or onload to fire');

    assert.deepEqual(
      await injected(page),
      { flag: null, handlers: [], images: 0, svgs: 0, inlineScripts: 0, javascriptLinks: 0, noticeMarkup: [] },
      'nothing from the link became markup',
    );
    assert.deepEqual(app.dialogs, [], 'no dialog opened');

    assert.doesNotMatch(await app.textOutsideNotices(), NON_NUMBERS, 'no NaN, infinity or undefined on screen');
    for (const [where, value] of await statedNumbers(page)) {
      if (where.startsWith('guess')) continue; // the reader's own text field, empty here
      assert.doesNotMatch(value ?? '', NON_NUMBERS, `${where} = "${String(value).slice(0, 80)}"`);
    }
    const notices = await page.locator('[data-testid="notice"] li:not([data-key="more"])').count();
    assert.ok(notices <= 40, `a bounded number of notices (${notices})`);

    // The page cleaned its own address: a copied link carries none of this on.
    const search = await page.evaluate(() => location.search);
    assert.ok(search.length < 2_000 && !/[<>"]/.test(decodeURIComponent(search)), `the address was rewritten cleanly: ${search.slice(0, 200)}`);

    // Still live: the prompt slider moves the first-token time.
    const before = (await app.readout('ttft')).value;
    assert.ok(Number.isFinite(before), `ttft data-value is a number (${before})`);
    const atMax = (await app.sliderState('prompt')).position >= 1000;
    await app.pressOnSlider('prompt', atMax ? 'Home' : 'End');
    await eventually(async () => {
      const after = (await app.readout('ttft')).value;
      assert.ok(Number.isFinite(after) && after !== before, `the prompt slider moves ttft (${before} -> ${after})`);
    });
    assert.doesNotMatch(await app.textOutsideNotices(), NON_NUMBERS, 'still no NaN or infinity after moving');
    app.assertHealthy();
  });
}

test('typed hostile text stays text and keeps the page live', TIMEOUT, async (t) => {
  const app = await openApp(env, t);
  for (const [key, text] of [['prompt', IMG], ['decode', SCRIPT], ['wait', '1e400'], ['output', 'NaN'], ['prefill', '-0'], ['reading', '😀']]) {
    await app.typeInto(key, text);
    await app.input(key).blur();
  }
  await app.byTestId('guess-input').fill(SVG);
  await timeForWhatMustNotHappen(app.page, 300, 'a typed payload\'s handler to fire');
  const found = await injected(app.page);
  assert.equal(found.flag, null, 'no typed payload ran');
  assert.deepEqual(found.handlers, [], 'no handler attribute appeared');
  assert.doesNotMatch(await app.textOutsideNotices(), NON_NUMBERS, 'no NaN or infinity on screen');
  await app.expectConsistent('after typing hostile text');
});


test('a trap in the wasm tells the reader the page has stopped', TIMEOUT, async (t) => {
  // A real trap, not a simulated event: asking the wasm allocator for 4 GB makes it abort.
  const setup = (page) => page.addInitScript(() => addEventListener('TrunkApplicationStarted', (e) => { window.__crossoverExports = e.detail.wasm; }));
  const app = await openApp(env, t, '', { setup });
  assert.equal(await app.page.locator('.stopped').count(), 0, 'no message while the page is well');
  await app.page.evaluate(() => setTimeout(() => window.__crossoverExports.__wbindgen_malloc(0xfffffff0, 8)));
  const message = app.page.locator('.stopped[role="alert"]');
  await message.waitFor({ state: 'visible', timeout: 5_000 });
  assert.match(await message.innerText(), /internal error.*Reloading the page/s);
  // The trap itself is the one expected error.
  assert.equal(app.pageErrors.length, 1, app.pageErrors.join('\n'));
  assert.match(app.pageErrors[0], /RuntimeError/);
  app.pageErrors.length = 0;
});

/** The notices as the page lists them: each item's text and its quoted excerpts. */
async function listedNotices(page) {
  return page.evaluate(() => [...document.querySelectorAll('[data-testid="notice"] li')].map((li) => ({
    key: li.dataset.key,
    text: li.textContent,
    quoted: [...li.querySelectorAll('bdi')].map((b) => b.textContent),
  })));
}

test('view keys repeated hundreds of times are named once each, with the count', TIMEOUT, async (t) => {
  // 6,600 characters: the page reads addresses up to 8,000 (src/state/query.rs, read_part).
  const app = await openApp(env, t, '?' + 'theme=dark&embed=pie&present=pie&'.repeat(200) + 'theme=light', { setup: serveLongUrls });
  const notices = await listedNotices(app.page);
  const about = (key) => notices.filter((n) => n.key === key);
  assert.equal(about('theme').length, 1, 'theme: one notice, its last value being good');
  assert.match(about('theme')[0].text, /Theme \(theme\) was given more than once \(201 times\); using the last, “light”/);
  for (const key of ['embed', 'present']) {
    assert.equal(about(key).length, 2, `${key}: repeated, and an unknown figure`);
    assert.match(about(key)[0].text, /\(200 times\)/);
  }
  assert.equal(notices.length, 5);
  assert.equal(await app.page.evaluate(() => document.documentElement.dataset.theme), 'light', 'the last theme wins');
});

test('a link with more problems than the banner lists counts the rest', TIMEOUT, async (t) => {
  const keys = ['prompt', 'output', 'prefill', 'decode', 'wait', 'reading', 'knee', 'kv_knee', 'cached', 'a_ttft', 'a_rate', 'b_ttft', 'b_rate', 'answer', 'a_peak', 'b_peak', 'a_len', 'b_len', 'median', 'p90', 'threshold', 'route_error', 'patience'];
  // Each key twice, both times not a number: a notice for the repeat and one for the value.
  const app = await openApp(env, t, '?' + keys.map((k) => `${k}=x&${k}=y`).join('&'));
  const notices = await listedNotices(app.page);
  assert.equal(notices.length, 41, 'forty notices and the line counting the rest');
  assert.equal(notices.at(-1).key, 'more');
  assert.match(notices.at(-1).text, new RegExp(`and ${keys.length * 2 - 40} more problems`));
});

test('a comma is a thousands separator only where it can be one', TIMEOUT, async (t) => {
  const app = await openApp(env, t, '?wait=0,25&prompt=12,000&knee=1,000,000.5');
  const notices = await listedNotices(app.page);
  assert.deepEqual(notices.map((n) => n.key), ['wait'], 'only the decimal comma is refused');
  assert.match(notices[0].text, /“0,25”: a comma can only separate thousands here; for decimals use a point, as in 0\.25; using the default, 0 s\./);
  const query = await app.query();
  assert.equal(query.prompt, '12000');
  assert.equal(query.knee, '1000001', 'grouped digits and a decimal point, rounded to whole tokens');
  assert.equal(query.wait, '0', 'not 25 seconds');

  // Typed, the same rule: a grouped number is taken, a decimal comma is refused and explained.
  await app.typeInto('prompt', '12,500');
  await eventually(async () => assert.equal((await app.query()).prompt, '12500'));
  assert.equal(await app.byTestId('prompt-error').isVisible(), false);
  await app.typeInto('decode', '2,5');
  await eventually(async () => assert.match(await app.byTestId('decode-error').innerText(), /“2,5”: a comma can only separate thousands here; for decimals use a point, as in 2\.5; keeping 2 tok\/s\./));
  assert.equal((await app.query()).decode, '2', 'the text before the comma, never 25');
  await app.input('decode').blur();
  await app.expectConsistent('after a decimal comma');
});

test('direction and invisible characters never reach a quoted excerpt, and excerpts are isolated', TIMEOUT, async (t) => {
  const app = await openApp(env, t, `?reading=${enc('\u202eevil')}&prompt=${enc('1\u200b2x')}`);
  const notices = await listedNotices(app.page);
  const reading = notices.find((n) => n.key === 'reading');
  assert.deepEqual(reading.quoted, ['evil'], 'the excerpt, in a <bdi>, without its override');
  assert.match(reading.text, /^Reading speed \(reading\): “evil” is not a number; using the default, 240 words\/min\.$/);
  assert.deepEqual(notices.find((n) => n.key === 'prompt').quoted, ['12x']);
  for (const n of notices) assert.doesNotMatch(n.text, /[\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufeff]/, `${n.key}: no such character left`);
  // Typed text gets the same treatment.
  await app.typeInto('output', '\u202e7x');
  const error = app.byTestId('output-error');
  await eventually(async () => assert.match(await error.innerText(), /“7x” is not a number/));
  assert.deepEqual(await error.evaluate((e) => [...e.querySelectorAll('bdi')].map((b) => b.textContent)), ['7x']);
});

test('p90 is held below the widest spread the model keeps, and says so', TIMEOUT, async (t) => {
  // Deciding for the mixed traffic puts its median and p90 in the panel.
  const app = await openApp(env, t, '?median=1&p90=1000000&decide=traffic');
  const notices = await listedNotices(app.page);
  assert.deepEqual(notices.map((n) => n.key), ['p90']);
  assert.match(notices[0].text, /“1000000” is above the largest allowed value; using the maximum, 28,350 tokens\. With a median of 1 token, a longer 90th percentile/);
  assert.equal(await app.input('p90').inputValue(), '28350', 'the control holds what the figures use');
  assert.equal((await app.query()).p90, '28350');
  // The slider's range follows the median both ways.
  await app.pressOnSlider('p90', 'End');
  await eventually(async () => assert.equal((await app.query()).p90, '28350'));
  await app.typeInto('median', '2');
  await app.input('median').blur();
  await app.pressOnSlider('p90', 'End');
  await eventually(async () => assert.equal((await app.query()).p90, '56701'));
});

test('durations past a day read in days, past a year in years', TIMEOUT, async (t) => {
  const app = await openApp(env, t, '?output=100000&decode=1');
  const total = await app.readout('total');
  assert.equal(total.text, '1.16 days');
  assert.equal(total.value, 100_002, 'the machine-readable value stays in seconds');
  const deep = await openApp(env, t, '?model=deep&prompt=1000000&knee=1000&prefill=100&output=100000&decode=1&kv_knee=1000');
  assert.match((await deep.readout('total')).text, /^\d+(\.\d+)? years$/);
  assert.doesNotMatch(await deep.textOutsideNotices(), /\d{1,3}(,\d{3}){2,}(\.\d+)? s\b/, 'no duration in millions of seconds');
});

test('the host script does not send a query over 8,000 characters, and says why in the console', TIMEOUT, async (t) => {
  const script = (await fs.readdir(DIST_DIR)).find((name) => /^embed-[0-9a-f]+\.js$/.test(name));
  assert.ok(script, 'the build publishes the host script');
  const app = new URL(env.baseUrl);
  const long = 'prompt=' + '9'.repeat(100_000);
  const dir = await scratchFolder(t, 'long-query');
  await fs.writeFile(path.join(dir, 'host.html'), `<!doctype html><html><head><meta charset="utf-8"><title>host</title>
<script src="${app.origin}${app.pathname}${script}" defer></script></head><body>
<crossover-figure figure="timeline" query="prompt=20000"></crossover-figure>
<crossover-figure figure="crossing" query="${long}"></crossover-figure></body></html>`);
  const host = await startServer({ root: dir });
  const context = await env.browser.newContext();
  t.after(async () => {
    await context.close();
    await host.close();
  });
  const page = await context.newPage();
  const warnings = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'warn') warnings.push(message.text());
  });
  await page.goto(`${host.origin}/host.html`);
  const sources = () => page.evaluate(() => [...document.querySelectorAll('crossover-figure iframe')].map((f) => f.getAttribute('src')));
  await eventually(async () => {
    const [short, refused] = await sources();
    assert.match(short ?? '', /embed=timeline/, 'a short query is sent');
    assert.equal(refused, 'about:blank', 'the long one is not');
  });
  await eventually(async () => assert.ok(warnings.some((w) => /crossing.*over the 8000 a server takes/.test(w)), warnings.join('\n')));
  // Shortened, the same element loads its figure.
  await page.evaluate(() => document.querySelector('crossover-figure[figure="crossing"]').setAttribute('query', 'prompt=500'));
  await eventually(async () => assert.match((await sources())[1] ?? '', /prompt=500.*embed=crossing/));
});

test('a host page with three times as many figures as the host script runs at once runs only those near the screen, never more than it allows', { timeout: 240_000 }, async (t) => {
  const script = (await fs.readdir(DIST_DIR)).find((name) => /^embed-[0-9a-f]+\.js$/.test(name));
  const source = await fs.readFile(path.join(DIST_DIR, script), 'utf8');
  const limit = Number(/MAX_RUNNING\s*=\s*(\d+)/.exec(source)?.[1]);
  assert.ok(limit > 0, 'the host script states how many figures it runs at once');
  const app = new URL(env.baseUrl);
  // Enough that scrolling through them would start more than the limit, were there none.
  const figures = 3 * limit;
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'crossover-many-figures-'));
  const body = Array.from({ length: figures }, (_, i) => `<h2>Figure ${i + 1}</h2>\n<crossover-figure figure="timeline" query="prompt=${1000 + i}" height="400"></crossover-figure>`).join('\n');
  await fs.writeFile(path.join(dir, 'host.html'), `<!doctype html><html><head><meta charset="utf-8"><title>host</title>
<script src="${app.origin}${app.pathname}${script}" defer></script></head><body>${body}</body></html>`);
  const host = await startServer({ root: dir });
  const context = await env.browser.newContext({ viewport: { width: 1000, height: 800 } });
  t.after(async () => {
    await context.close();
    await host.close();
    await fs.rm(dir, { recursive: true, force: true });
  });
  const page = await context.newPage();
  await page.goto(`${host.origin}/host.html`);
  const state = () => page.evaluate(() => {
    const frames = [...document.querySelectorAll('crossover-figure iframe')];
    const live = frames.map((f, i) => [i, f.getAttribute('src')]).filter(([, src]) => src && src !== 'about:blank').map(([i]) => i);
    return { count: frames.length, live };
  });
  await eventually(async () => assert.ok((await state()).live.includes(0), 'the first figure starts'), { timeout: 30_000 });
  const first = await state();
  assert.equal(first.count, figures);
  assert.ok(first.live.length <= 6, `only the figures within a screen start: ${first.live}`);

  // Scroll through the whole host page a screen at a time.
  let most = 0;
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y <= height; y += 800) {
    // The host script hears where its figures are from an observer that reports after the
    // next frame is rendered, and starts or empties frames then: two frames on, it has.
    await page.evaluate((top) => {
      window.scrollTo(0, top);
      return new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    }, y);
    most = Math.max(most, (await state()).live.length);
  }
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await eventually(async () => assert.ok((await state()).live.includes(figures - 1), 'the last figure starts once near'), { timeout: 30_000 });
  const last = await state();
  assert.ok(most <= limit, `at most ${limit} figures ran at once (the most was ${most})`);
  assert.ok(!last.live.includes(0), 'the first figure, far above, was stopped');
  // Back at the top, the first figure starts again.
  await page.evaluate(() => window.scrollTo(0, 0));
  await eventually(async () => assert.ok((await state()).live.includes(0), 'the first figure starts again'), { timeout: 30_000 });
});

test('the host script takes only a finite number as a height, and a figure moved in the host page loads again', TIMEOUT, async (t) => {
  const script = (await fs.readdir(DIST_DIR)).find((name) => /^embed-[0-9a-f]+\.js$/.test(name));
  const app = new URL(env.baseUrl);
  const dir = await scratchFolder(t, 'moved');
  await fs.writeFile(path.join(dir, 'host.html'), `<!doctype html><html><head><meta charset="utf-8"><title>host</title>
<script src="${app.origin}${app.pathname}${script}" defer></script></head><body>
<div id="tab-1"><crossover-figure figure="timeline" query="prompt=20000" height="0x300"></crossover-figure></div>
<div id="tab-2"></div></body></html>`);
  const host = await startServer({ root: dir });
  const context = await env.browser.newContext();
  t.after(async () => {
    await context.close();
    await host.close();
  });
  const page = await context.newPage();
  await page.goto(`${host.origin}/host.html`);
  const frameHeight = () => page.evaluate(() => parseFloat(document.querySelector('crossover-figure iframe').style.height));
  const figureFrame = () => eventually(async () => {
    const found = page.frames().find((f) => /embed=timeline/.test(f.url()));
    assert.ok(found, 'the frame loaded');
    assert.ok(await found.evaluate(() => document.documentElement.hasAttribute('data-complete')), 'the figure is built');
    return found;
  }, { timeout: 30_000 });
  // "0x300" is not a height: the frame starts at the usual 600 px, not at 768.
  assert.notEqual(await frameHeight(), 768);
  const frame = await figureFrame();
  const settled = await eventually(async () => {
    const h = await frameHeight();
    assert.notEqual(h, 600, 'the figure has said how tall it is');
    return h;
  }, { timeout: 15_000 });
  // Messages that only convert to a number are ignored; a number is taken. Every height the
  // host sets from now on is recorded: the host hears the frame's messages in the order they were
  // sent, so once it has taken the number it has judged everything before it.
  await page.evaluate(() => {
    window.crossoverHeightsSet = [];
    const frame = document.querySelector('crossover-figure iframe');
    new MutationObserver(() => window.crossoverHeightsSet.push(parseFloat(frame.style.height)))
      .observe(frame, { attributes: true, attributeFilter: ['style'] });
  });
  await frame.evaluate(() => {
    for (const height of ['0x300', [500], '700', '1e3', null, true]) parent.postMessage({ type: 'crossover:height', height }, '*');
    parent.postMessage({ type: 'crossover:height', height: 432.2 }, '*');
  });
  await eventually(async () => assert.equal(await frameHeight(), 433));
  const set = await page.evaluate(() => window.crossoverHeightsSet);
  assert.deepEqual(set.filter((h) => h !== settled && h !== 433), [], 'no message that is not a number moved the frame');
  // Moved to another place, as a tab or a framework does: it loads and draws again.
  await page.evaluate(() => document.getElementById('tab-2').appendChild(document.querySelector('crossover-figure')));
  await eventually(async () => assert.match(await page.evaluate(() => document.querySelector('crossover-figure iframe').getAttribute('src')), /embed=timeline/), { timeout: 15_000 });
  const again = await figureFrame();
  await eventually(async () => assert.ok(await again.evaluate(() => {
    const canvas = document.querySelector('canvas');
    return canvas && canvas.width > 0 && canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data.some((v) => v !== 0);
  }), 'the moved figure is drawn'), { timeout: 15_000 });
});
