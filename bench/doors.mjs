// The first load of each of the page's doors, gzipped: the lesson, the review workbench, an
// embedded figure and a presentation, each opened in a fresh context and measured until its own
// first view is live and the network is idle. Every door is one address of the same build, so
// what a door fetches beyond the lesson's is what its own code and parts cost.

import { gzipSizes } from './import.mjs';

/** Each door: its name, its address beside the page, and the element that says its first view
 * is live. An embed opens its own page, as the host script's frames do; the lesson's address
 * with `?embed=` is the older link, still served. */
export const DOORS = [
  { name: 'lesson', query: '', ready: '#app [data-testid="ttft"][data-value]' },
  { name: 'workbench', query: 'workbench.html', ready: 'html[data-complete] [data-testid="decision"][data-decision]' },
  { name: 'embed (Figure 1)', query: 'embed.html?embed=timeline', ready: '[data-testid="timeline-canvas"]' },
  { name: 'embed, older link', query: '?embed=timeline', ready: '[data-testid="timeline-canvas"]' },
  { name: 'presentation (Figure 1)', query: '?present=timeline', ready: '[data-testid="timeline-canvas"]' },
];

/** Every door's first load: bytes gzipped at level 9 and the files fetched. */
export async function doorBytes(browser, url, o) {
  const out = [];
  for (const door of DOORS) {
    const context = await browser.newContext({ viewport: { width: o.width, height: o.height } });
    const page = await context.newPage();
    const responses = [];
    page.on('response', (r) => responses.push(r));
    const address = new URL(door.query, url);
    await page.goto(address.href, { waitUntil: 'load' });
    const live = await page.waitForSelector(door.ready, { state: 'attached', timeout: 30_000 }).then(() => true, () => false);
    await page.waitForLoadState('networkidle').catch(() => {});
    const { gzip, files } = await gzipSizes(responses);
    await context.close();
    out.push({ name: door.name, query: door.query, live, gzip, files });
  }
  return out;
}

/** The doors side by side, one line each, the largest files named. */
export function doorLines(doors) {
  const width = Math.max(...doors.map((d) => d.name.length));
  const lines = ['', 'First load of each door (gzipped, level 9; until its first view is live and the network idle):'];
  for (const d of doors) {
    const biggest = [...d.files].sort((a, b) => b.gzip - a.gzip).slice(0, 3).map((f) => `${f.url.split('/').pop() || 'index.html'} ${f.gzip.toLocaleString('en')}`);
    lines.push(`  ${d.name.padEnd(width)}  ${d.gzip.toLocaleString('en').padStart(9)} B in ${String(d.files.length).padStart(2)} files${d.live ? '' : ' (its view never came live)'}; largest: ${biggest.join(', ')}`);
  }
  return lines;
}
