// Starts the page. Trunk would otherwise write these few lines inline into index.html, and an
// inline script would need its own hash in the Content-Security-Policy, a hash that changes with
// every build. As a file of its own this script is covered by `script-src 'self'`, and trunk
// gives it a content hash in its name and an integrity attribute like every other asset.
//
// The module and the wasm it loads are the ones trunk announced in <head>: the modulepreload
// link (which carries the module's integrity hash) and the wasm preload link (which carries the
// wasm's).
const moduleLink = document.querySelector('link[rel="modulepreload"][href$=".js"]');
const wasmLink = document.querySelector('link[rel="preload"][href$=".wasm"]');
if (!moduleLink || !wasmLink) throw new Error('crossover: the build did not announce its module and wasm');
const { default: init } = await import(moduleLink.href);
// Browsers ignore `integrity` on a preload of a fetch, so the wasm is fetched here with the hash
// trunk put on its preload link: a changed file is refused instead of run.
const wasm = await init({ module_or_path: fetch(wasmLink.href, { integrity: wasmLink.integrity, credentials: 'same-origin' }) });
dispatchEvent(new CustomEvent('TrunkApplicationStarted', { detail: { wasm } }));
