// Crossover's host script: load it once, then write
// <crossover-figure figure="timeline" query="prompt=20000&amp;decode=40"></crossover-figure>
// where a figure should go. The element makes a sandboxed iframe of the explainer (served beside
// this file) and keeps it as tall as the figure's content, with no inline script or style.
(() => {
  const NAME = 'crossover-figure';
  // A page that pasted the snippet twice runs this twice; the element is defined once.
  if (!window.customElements || customElements.get(NAME)) return;
  const script = document.currentScript;
  if (!script || !script.src) return;
  const APP = new URL('./', script.src);
  // As the figures are captioned (a native test keeps them in step).
  const TITLES = {
    timeline: 'One request on a clock',
    crossing: 'Where reading the prompt overtakes writing the answer',
    completion: 'Two deployments racing to the last token',
    lengths: 'Answer lengths on either side of the crossover',
    roofline: 'Prefill and decode under the roof of the chip',
    streaming: 'A person reading the answer, streamed and not',
    bend: 'Where the straight lines bend',
    clocks: 'One first token on three clocks',
  };
  // Run from its own origin (whence its wasm), open the full explainer in a tab of its own and
  // save its files; never navigate the host, submit forms or open dialogs.
  const SANDBOX = 'allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox allow-downloads';
  // The embedded page's geometry in CSS pixels, as src/state/embed_layout.rs gives it (a native
  // test keeps the two in step): with the snippet's `layout`, the frame starts at the height
  // the figure will have at the frame's own width, so the host page does not move when the
  // figure reports it, in a phone's column as in a desktop's.
  const LAYOUT = { side: 8, padY: 8, caption: 28, captionNarrow: 44, narrowFrame: 576, gap: 8, control: 58, controlMin: 170, bar: 40, player: 122, canvasShare: 0.42, canvasMin: 240, canvasMax: 400 };
  const fittedHeight = (frameWidth, { controls, caption, player }) => {
    const content = Math.max(frameWidth - 2 * LAYOUT.side, 1);
    const columns = Math.max(1, Math.floor((content + LAYOUT.gap) / (LAYOUT.controlMin + LAYOUT.gap)));
    const rows = Math.ceil(controls / columns);
    const controlsPx = rows > 0 ? LAYOUT.gap + rows * LAYOUT.control + (rows - 1) * LAYOUT.gap : 0;
    const canvas = Math.min(Math.max(content * LAYOUT.canvasShare, LAYOUT.canvasMin), LAYOUT.canvasMax);
    const captionPx = caption ? (frameWidth < LAYOUT.narrowFrame ? LAYOUT.captionNarrow : LAYOUT.caption) : 0;
    return Math.ceil(2 * LAYOUT.padY + captionPx + canvas + (player ? LAYOUT.player : 0) + controlsPx + LAYOUT.bar);
  };
  // `layout="controls:6 caption player"`: how many controls, and whether the caption and the
  // player show. Anything else is no layout, and the `height` attribute sizes the frame.
  const parseLayout = (text) => {
    const match = /^controls:(\d{1,2})((?: caption)?)((?: player)?)$/.exec((text || '').trim());
    return match ? { controls: Number(match[1]), caption: match[2] !== '', player: match[3] !== '' } : null;
  };
  // Until its figure says how tall it is, a frame follows its column's width as the window
  // changes it (a phone turned, a window resized).
  addEventListener('resize', () => {
    for (const element of document.getElementsByTagName(NAME)) if (element.frame) element.fit();
  });

  // Servers answer 414 to an address much over 8 KB: a longer query is not sent, and the console
  // says why, rather than the frame showing a server's error page.
  const MAX_QUERY_CHARS = 8000;

  // Every running figure is a whole page with its own wasm, so a host with hundreds of them runs
  // out of memory. A figure's frame starts only when it comes within a screen of the viewport,
  // and at most MAX_RUNNING run at once: starting one more stops the running figure farthest from
  // the viewport, which starts again, at its own settings, when the reader comes back to it.
  const MAX_RUNNING = 24;
  const running = new Set();
  const distanceFromView = (element) => {
    const box = element.getBoundingClientRect();
    return Math.max(0, box.top - innerHeight, -box.bottom);
  };
  const nearView = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      entry.target.near = entry.isIntersecting;
      if (entry.isIntersecting) entry.target.start();
    }
  }, { rootMargin: '100% 0px' });

  addEventListener('message', (event) => {
    const data = event.data;
    if (event.origin !== APP.origin || !data || data.type !== 'crossover:height') return;
    // A number, and nothing that only converts to one ("0x300", [500], "1e3").
    if (typeof data.height !== 'number' || !Number.isFinite(data.height)) return;
    const height = Math.ceil(data.height);
    // No figure is this short or this tall: such a message is ignored, never obeyed.
    if (!(height >= 100 && height <= 10000)) return;
    for (const element of document.getElementsByTagName(NAME)) {
      // Only the frame that sent it.
      if (element.frame && element.frame.contentWindow === event.source) {
        element.reported = true;
        element.frame.style.height = height + 'px';
      }
    }
  });

  class CrossoverFigure extends HTMLElement {
    connectedCallback() {
      // Moved in the page (a tab, a framework re-rendering): the frame is there already, and
      // the figure only needs watching again, to load once it is near.
      if (this.frame) {
        nearView.observe(this);
        return;
      }
      const frame = (this.frame = document.createElement('iframe'));
      frame.setAttribute('sandbox', SANDBOX);
      frame.setAttribute('referrerpolicy', 'no-referrer');
      frame.setAttribute('allow', 'clipboard-write');
      // Not loading="lazy": this script loads the frame itself once it is near, and Chromium
      // leaves a lazy frame that was moved in the page blank when its address is set again.
      // The CSS object model, which a policy without 'unsafe-inline' allows. The snippet's
      // `height` is what the figure measures in a docs column, so the page does not jump when
      // the figure says how tall it is; 600 px without one.
      const given = (this.getAttribute('height') || '').trim();
      const start = /^\d+(\.\d+)?$/.test(given) ? Math.ceil(Number(given)) : NaN;
      const height = start >= 100 && start <= 10000 ? start : 600;
      Object.assign(frame.style, { display: 'block', width: '100%', border: '0', height: height + 'px' });
      this.style.display = 'block';
      this.update();
      this.appendChild(frame);
      this.fit();
      nearView.observe(this);
    }

    /** Sizes the frame for its width by the snippet's layout, until the figure reports its height. */
    fit() {
      const layout = parseLayout(this.getAttribute('layout'));
      const width = this.getBoundingClientRect().width;
      if (this.reported || !layout || !(width > 0)) return;
      this.frame.style.height = fittedHeight(width, layout) + 'px';
    }

    disconnectedCallback() {
      nearView.unobserve(this);
      this.stop();
    }

    attributeChangedCallback(name) {
      if (!this.frame) return;
      if (name === 'layout') this.fit();
      else this.update();
    }

    /** Loads the figure into its frame, stopping the farthest running one if too many run. */
    start() {
      if (!this.src || running.has(this)) return;
      running.add(this);
      this.frame.setAttribute('src', this.src);
      if (running.size <= MAX_RUNNING) return;
      let farthest = null;
      let farthestDistance = -1;
      for (const other of running) {
        const distance = other === this ? -1 : distanceFromView(other);
        if (distance > farthestDistance) [farthest, farthestDistance] = [other, distance];
      }
      if (farthest) farthest.stop();
    }

    /** Empties the frame, keeping its height so the host page does not move. */
    stop() {
      if (!running.delete(this)) return;
      this.frame.setAttribute('src', 'about:blank');
    }

    update() {
      const figure = (this.getAttribute('figure') || '').trim();
      const params = new URLSearchParams(this.getAttribute('query') || '');
      // The element names the figure and the theme; the same keys in `query` would fight it.
      params.delete('present');
      const theme = this.getAttribute('theme');
      if (theme) params.set('theme', theme);
      params.set('embed', figure);
      const query = params.toString();
      this.frame.title = 'Crossover: ' + (Object.hasOwn(TITLES, figure) ? TITLES[figure] : 'an interactive figure');
      if (query.length > MAX_QUERY_CHARS) {
        console.warn(`crossover-figure "${figure.slice(0, 40)}": its query is ${query.length} characters once encoded, over the ${MAX_QUERY_CHARS} a server takes in an address, so the figure is not loaded. Keep only the settings that differ from the defaults, as the Embed button writes them.`);
        this.src = null;
        this.stop();
        if (this.frame.getAttribute('src') !== 'about:blank') this.frame.setAttribute('src', 'about:blank');
        return;
      }
      // The explainer's page without the lesson's text (src/site/embed_page.rs).
      this.src = new URL('embed.html?' + query, APP).href;
      if (!running.has(this)) {
        if (this.near) this.start();
      } else if (this.frame.getAttribute('src') !== this.src) {
        this.frame.setAttribute('src', this.src);
      }
    }
  }

  CrossoverFigure.observedAttributes = ['figure', 'query', 'theme', 'layout'];
  customElements.define(NAME, CrossoverFigure);
})();
