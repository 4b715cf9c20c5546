// Two real OpenAI-compatible servers for the live tests: llama.cpp's own server, started by
// tests/live/servers.py with the Python of target/live-venv (`cargo xtask test` installs it and
// passes its path in CROSSOVER_LIVE_PYTHON). A reads prompts faster, B writes answers faster,
// so a page measuring both sees them cross.
//
//   const live = await startLiveServers({ corsOrigins, apiKey, only });
//   ... fetch(`${live.a.base}/completions`, { body: JSON.stringify({ model: live.a.model, ... }) })
//   await live.stop();
//
// `corsOrigins` is the origin the servers allow (default: llama.cpp's own, echoing any origin),
// `apiKey` a key both require, `only` 'a' or 'b' to start one server. `base` ends in /v1.

import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The Python that has xllamacpp and gguf. */
export const LIVE_PYTHON = process.env.CROSSOVER_LIVE_PYTHON || path.join(REPO_ROOT, 'target', 'live-venv', 'bin', 'python');

const SERVERS_PY = path.join(REPO_ROOT, 'tests', 'live', 'servers.py');

/** Why the live tests cannot run here, or false: for `test(..., { skip })`. */
export const LIVE_SKIP = !existsSync(LIVE_PYTHON) && `no Python for the live servers at ${LIVE_PYTHON} (cargo xtask test installs it)`;

/** Writing both models on a new machine takes a few seconds, starting the servers under one:
 *  this leaves room for a loaded machine and a slow disk. */
const START_TIMEOUT_MS = 180_000;

/** How much of the servers' log an error quotes. */
const LOG_TAIL = 4000;

export async function startLiveServers({ corsOrigins, apiKey, only } = {}) {
  const args = [SERVERS_PY];
  if (corsOrigins !== undefined) args.push('--cors-origins', corsOrigins);
  if (apiKey !== undefined) args.push('--api-key', apiKey);
  if (only !== undefined) args.push('--only', only);
  const child = spawn(LIVE_PYTHON, args, { cwd: REPO_ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
  // stderr is read however long the servers run (llama.cpp logs every request there), so the
  // pipe never fills and stalls them; its end is kept for error messages.
  let log = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk) => {
    log = (log + chunk).slice(-LOG_TAIL);
  });
  // A program that never started emits 'error' and no 'exit'.
  const exited = new Promise((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
    child.once('error', () => resolve({ code: null, signal: null }));
  });
  let stopping = null;
  const stop = () => {
    stopping ??= (async () => {
      if (child.exitCode === null && child.signalCode === null) {
        // End of stdin is servers.py's cue to stop its servers and exit; SIGTERM if it lingers.
        child.stdin.end();
        const lingering = setTimeout(() => child.kill('SIGTERM'), 10_000);
        await exited;
        clearTimeout(lingering);
      }
    })();
    return stopping;
  };

  const ready = new Promise((resolve, reject) => {
    let out = '';
    child.stdout.setEncoding('utf8');
    const onData = (chunk) => {
      out += chunk;
      const end = out.indexOf('\n');
      if (end < 0) return;
      child.stdout.off('data', onData);
      // Anything more on stdout is drained, never left to block the program.
      child.stdout.resume();
      try {
        resolve(JSON.parse(out.slice(0, end)));
      } catch (error) {
        reject(new Error(`servers.py printed ${JSON.stringify(out.slice(0, end))}, not JSON (${error.message})`));
      }
    };
    child.stdout.on('data', onData);
    child.once('error', (error) => reject(new Error(`cannot run ${LIVE_PYTHON}: ${error.message}`)));
    exited.then(({ code, signal }) => reject(new Error(`servers.py exited (${signal ?? `status ${code}`}) before the servers were ready:\n${log}`)));
  });
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the live servers were not ready after ${START_TIMEOUT_MS / 1000} s:\n${log}`)), START_TIMEOUT_MS);
  });
  try {
    const servers = await Promise.race([ready, timeout]);
    return { ...servers, stop };
  } catch (error) {
    await stop();
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
