// A small static file server for the built page (dist/), with no dependencies, for the browser
// tests. It serves the directory at "/" and, with --prefix, under a sub-path as well, so the
// page can be tested as it would be hosted below a site's root.
//
// As a program:  node tests/e2e/server.mjs --root dist [--host 127.0.0.1] [--port 0] [--prefix /crossover/]
// Its first line on stdout is "serving <root> at <url>"; port 0 picks a free port.
// As a module:   const server = await startServer({ root, prefix, headers }); ... await server.close();
// `headers` are added to every file served (a host page's Content-Security-Policy, say).
// `gzip: true` compresses every response (gzip -9) for a client that accepts it, as most hosts
// do; the benchmark measures the page both ways.

import { createServer } from 'node:http';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

// Browsers refuse to compile wasm streamed with any other type than application/wasm, and
// refuse module scripts served as anything but JavaScript, so these must be exact.
const MIME_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};

export function mimeType(file) {
  return MIME_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/** The file under `root` that `urlPath` names, or null when it would leave `root`. */
export function resolveFile(root, urlPath) {
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const file = path.resolve(root, '.' + path.posix.normalize('/' + decoded));
  const base = path.resolve(root);
  return file === base || file.startsWith(base + path.sep) ? file : null;
}

/**
 * Starts serving `root`. Paths under `prefix` (default "/") map onto `root`; with another
 * prefix, "/" keeps serving `root` too, so one server covers both kinds of hosting.
 */
/**
 * The host script (`embed-<hash>.js`) is loaded by other sites with an integrity hash and
 * `crossorigin="anonymous"`; a browser checks that hash only on a CORS response, so this file,
 * and no other, may be read from any origin. SECURITY.md asks real hosts for the same.
 */
export function isHostScript(file) {
  return /^embed-[0-9a-f]+\.js$/.test(path.basename(file));
}

export function startServer({ root, host = '127.0.0.1', port = 0, prefix = '/', headers = {}, gzip = false } = {}) {
  const normalisedPrefix = ('/' + prefix + '/').replace(/\/+/g, '/');
  const server = createServer(async (request, response) => {
    const reply = (status, text) => {
      response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
      response.end(request.method === 'HEAD' ? undefined : text);
    };
    if (request.method !== 'GET' && request.method !== 'HEAD') return reply(405, 'method not allowed\n');
    let pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (normalisedPrefix !== '/') {
      // The sub-path without its trailing slash redirects, as static hosts do, so relative
      // links inside the page resolve below the prefix.
      if (pathname + '/' === normalisedPrefix) {
        response.writeHead(301, { location: normalisedPrefix });
        return response.end();
      }
      if (pathname.startsWith(normalisedPrefix)) pathname = '/' + pathname.slice(normalisedPrefix.length);
    }
    let file = resolveFile(root, pathname);
    if (file === null) return reply(400, 'bad path\n');
    try {
      let info = await stat(file);
      if (info.isDirectory()) {
        file = path.join(file, 'index.html');
        info = await stat(file);
      }
      if (gzip && /\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) {
        const body = zlib.gzipSync(await readFile(file), { level: 9 });
        response.writeHead(200, {
          'content-type': mimeType(file),
          'content-length': body.length,
          'content-encoding': 'gzip',
          vary: 'accept-encoding',
          'cache-control': 'no-store',
          'x-content-type-options': 'nosniff',
          ...(isHostScript(file) ? { 'access-control-allow-origin': '*' } : {}),
          ...headers,
        });
        return response.end(request.method === 'HEAD' ? undefined : body);
      }
      response.writeHead(200, {
        'content-type': mimeType(file),
        'content-length': info.size,
        // Every test must see the build it is testing, never a cached older one.
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
        ...(isHostScript(file) ? { 'access-control-allow-origin': '*' } : {}),
        ...headers,
      });
      if (request.method === 'HEAD') return response.end();
      createReadStream(file)
        .on('error', () => response.destroy())
        .pipe(response);
    } catch {
      reply(404, 'not found\n');
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const { port: actual } = server.address();
      const origin = `http://${host}:${actual}`;
      resolve({
        origin,
        url: origin + normalisedPrefix,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections?.();
            server.close(() => done());
          }),
      });
    });
  });
}

function parseArgs(argv) {
  const options = { root: 'dist', host: '127.0.0.1', port: 0, prefix: '/' };
  for (let i = 0; i < argv.length; i += 2) {
    const [flag, value] = [argv[i], argv[i + 1]];
    if (value === undefined) throw new Error(`missing value after ${flag}`);
    if (flag === '--root') options.root = value;
    else if (flag === '--host') options.host = value;
    else if (flag === '--port') options.port = Number(value);
    else if (flag === '--prefix') options.prefix = value;
    else throw new Error(`unknown option ${flag}`);
  }
  return options;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const options = parseArgs(process.argv.slice(2));
    const info = await stat(options.root).catch(() => null);
    if (!info?.isDirectory()) throw new Error(`${options.root} is not a directory (build the page first)`);
    const server = await startServer(options);
    console.log(`serving ${options.root} at ${server.url}`);
    const stop = () => server.close().then(() => process.exit(0));
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);
  } catch (error) {
    console.error(`server: ${error.message}`);
    process.exit(1);
  }
}
