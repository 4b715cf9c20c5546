// How every script here launches a browser: the browser tests (helpers.mjs) and the benchmark
// (bench/run.mjs) share it, so both run the same Chromium the same way.

// Debian's Chromium, never a downloaded browser build. These flags keep it from reaching the
// network on its own (updates, sync, field trials) and from needing a GPU or a sandbox, which
// a container running as root does not have.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
];
