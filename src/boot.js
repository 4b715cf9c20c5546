// Starts the page. Trunk would otherwise write these few lines inline into index.html, and an
// inline script would need its own hash in the Content-Security-Policy, a hash that changes with
// every build. As a file of its own this script is covered by `script-src 'self'`, and trunk
// gives it a content hash in its name and an integrity attribute like every other asset.

// This script ran: the note that says it did not (index.html) never shows.
document.documentElement.setAttribute('data-started', '');
document.querySelector('.not-started')?.remove();

// The address as the app reads it (src/state/query.rs, `pairs`), so that the door chosen here
// before the app starts is the app's: its first MAX_QUERY_CHARS characters, each key and value
// percent-decoded as URLSearchParams decodes them and trimmed of ASCII whitespace, the last of
// a repeated key. A browser test holds both readings to one table of addresses.
const MAX_QUERY_CHARS = 8000;
const trimmed = (text) => text.replace(/^[\t\n\f\r ]+|[\t\n\f\r ]+$/g, '');
const given = new Map();
for (const [key, value] of new URLSearchParams(location.search.slice(0, MAX_QUERY_CHARS))) given.set(trimmed(key), trimmed(value));
// The figures a link may show alone (src/state/figure.rs, `Figure::ALL`; a test compares them).
const FIGURES = ['timeline', 'crossing', 'streaming', 'roofline', 'completion', 'lengths', 'bend', 'clocks'];

// The build writes the whole lesson into the page (#prerendered) so it can be read before the
// wasm arrives, and the review workbench into its own page, workbench.html. A page showing one
// figure (an embed, or presentation mode) is neither: it goes at once, before the browser paints
// it.
const single = FIGURES.includes(given.get('embed')) || FIGURES.includes(given.get('present'));
const workbenchPage = document.documentElement.hasAttribute('data-workbench-page');
// `workbench=1` (or the key alone) asks for the workbench, `workbench=0` for the lesson: a link
// made before the workbench had a page of its own is sent on to it with all its settings, and
// one to the lesson from the workbench's page goes back to index.html. Nothing else runs here.
const door = given.get('workbench');
const goTo = !single && ((door === '1' || door === '') && !workbenchPage ? 'workbench.html' : door === '0' && workbenchPage ? './' : null);
if (goTo) {
  location.replace(new URL(`${goTo}${location.search}${location.hash}`, location.href));
  await new Promise(() => {});
}
if (single) document.getElementById('prerendered')?.remove();
// The build drew the lesson's first figure into the page at the default values
// (src/render/sketch.rs). An address asking for anything but a theme may ask for other values:
// the page then shows no drawing until the app draws the address's own, rather than numbers
// that are not the address's.
if ([...given.keys()].some((key) => key !== 'theme')) document.documentElement.dataset.asked = '';
// The lesson is painted before the app can set its colours: dark as the app will choose it (the
// link's last `theme`, else the system's), so a dark page does not open light and then flip.
// The app takes this over when it starts (src/ui/widgets/theme.rs).
const theme = given.get('theme');
const dark = theme === 'dark' || (theme !== 'light' && matchMedia('(prefers-color-scheme: dark)').matches);
// index.html starts light: writing the attribute again, even unchanged, restyles the page.
if (dark) document.documentElement.dataset.theme = 'dark';

// An embed at the defaults (no key but its figure, controls, caption and theme) shows its figure
// before the wasm has arrived: the build drew every figure at a few widths in both palettes
// (src/site/embed_sketches.rs), and the drawing nearest the canvas's width is shown where the
// canvas will be (the stylesheet places #embed-sketch) until the page has drawn the canvas.
const sketches = document.querySelector('meta[name="crossover-sketches"]');
const EMBED_DEFAULT_KEYS = ['embed', 'controls', 'caption', 'theme'];
if (sketches && FIGURES.includes(given.get('embed')) && [...given.keys()].every((key) => EMBED_DEFAULT_KEYS.includes(key))) {
  const sketch = document.createElement('img');
  sketch.id = 'embed-sketch';
  sketch.alt = '';
  if (given.get('caption') === '0') sketch.className = 'no-caption';
  document.body.append(sketch);
  const width = sketch.getBoundingClientRect().width;
  const off = (drawn) => Math.abs(Math.log(drawn / width));
  const nearest = sketches.dataset.widths.split(' ').map(Number).reduce((best, drawn) => (off(drawn) < off(best) ? drawn : best));
  sketch.src = new URL(`${sketches.content}${given.get('embed')}-${nearest}-${dark ? 'dark' : 'light'}.svg`, document.baseURI);
}

// The release build stops at a panic with a bare trap (see xtask/src/lean_std.rs), and after one
// the app can no longer answer its controls. The console alone would leave a reader looking at a
// page that silently ignores them, so the page says it has stopped.
function stopped(message, className = 'stopped') {
  if (document.querySelector('.stopped')) return;
  const note = document.createElement('p');
  note.className = className;
  note.setAttribute('role', 'alert');
  note.textContent = message;
  document.body.prepend(note);
}
const reload = 'Reloading the page starts it again with the same settings, which live in the address.';
// Only wasm traps, the page's one kind of fatal error: another script's error (an extension's,
// say) does not stop the app.
const trapped = (error) => error instanceof WebAssembly.RuntimeError && stopped(`Crossover hit an internal error, and its controls no longer respond. ${reload}`);
addEventListener('error', (event) => trapped(event.error));
addEventListener('unhandledrejection', (event) => trapped(event.reason));

// The page's wasm-bindgen script (and the loader of its parts) are written into this file ahead
// of this code by the build (src/site/one_module.rs), which names its start function
// `crossoverPageInit`: the page imports nothing, so a changed copy of any of them is a changed
// start script, which the browser refuses against its hash before anything runs. The wasm's
// address and hash are in a <meta>: the build turned trunk's preload link into it
// (src/site/deferred_wasm.rs), so that the wasm's download starts once the lesson is on screen
// instead of sharing a slow connection with the page it waits for.
const wasmMeta = document.querySelector('meta[name="crossover-wasm"]');
if (!wasmMeta) throw new Error('crossover: the build did not announce its wasm');
// The app replaces the prerendered lesson as it starts. Started before the browser has painted
// that lesson (a fast connection, a cached wasm), it would make the reader wait for the wasm
// to see text that had already arrived, and a download begun before then shares the line with
// what is being painted. So both wait until the browser reports the lesson's first paint. A
// browser without paint timing waits one frame; a tab in the background paints no frames, and
// there a timer stands in.
const lessonPainted = () =>
  new Promise((done) => {
    // An embed's drawing is waited for as the lesson is: begun first, the wasm's download would
    // share the line with it.
    if (!document.getElementById('prerendered') && !document.getElementById('embed-sketch')) return done();
    if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
      new PerformanceObserver((list, observer) => {
        if (!list.getEntriesByName('first-contentful-paint').length) return;
        observer.disconnect();
        setTimeout(done, 0);
      }).observe({ type: 'paint', buffered: true });
    } else {
      requestAnimationFrame(() => setTimeout(done, 0));
    }
    setTimeout(done, document.visibilityState === 'visible' ? 1000 : 100);
  });
let wasm;
try {
  const init = crossoverPageInit;
  await lessonPainted();
  // Fetched here with the hash the build recorded, so a changed file is refused instead of run.
  const response = fetch(new URL(wasmMeta.content, document.baseURI), { integrity: wasmMeta.dataset.integrity, credentials: 'same-origin' });
  // A refused fetch is reported below, once it has been awaited, not as an unhandled rejection.
  response.catch(() => {});
  // Compiled as it arrives, then instantiated and started in a task of its own: finishing the
  // compile and starting the app in one task made one long stretch of a phone's main thread.
  // A host that does not label the file as wasm cannot stream it: it is compiled once it has
  // all arrived (and a failed fetch fails again there, with its own error).
  const module = await WebAssembly.compileStreaming(response).catch(async () => WebAssembly.compile(await (await response).arrayBuffer()));
  await new Promise((next) => setTimeout(next, 0));
  wasm = await init({ module_or_path: module });
} catch (error) {
  // The lesson's text is here already. Its controls would do nothing, so they are switched off;
  // the note stays at the top rather than riding over the lesson.
  const lesson = document.getElementById('prerendered');
  if (lesson) {
    for (const control of lesson.querySelectorAll('input, button, select, textarea')) control.disabled = true;
    stopped('The figures and controls could not start: they need WebAssembly, and its file did not load. The text below reads without them; reloading the page tries again.', 'stopped at-start');
  } else {
    stopped(`Crossover could not start. ${reload}`);
  }
  throw error;
}
dispatchEvent(new CustomEvent('TrunkApplicationStarted', { detail: { wasm } }));
