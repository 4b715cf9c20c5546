// Crossover's host script. A page that embeds figures loads this file once and writes
//   <crossover-figure figure="timeline" query="prompt=20000&amp;decode=40"></crossover-figure>
// where each figure should appear. The element makes a sandboxed iframe of the explainer
// (served from the folder this file came from) and keeps its height equal to the figure's
// content as it grows and shrinks, all without inline script or style on the host page, so a
// strict Content-Security-Policy there needs nothing but this file's origin.
(function () {
  'use strict';
  var NAME = 'crossover-figure';
  // A page that pasted the snippet twice loads this file twice; the element is defined once.
  if (!window.customElements || customElements.get(NAME)) return;
  var script = document.currentScript;
  if (!script || !script.src) return;
  var APP = new URL('./', script.src);
  // The same titles as the figures' captions (a native test keeps them in step).
  var TITLES = {
    timeline: 'One request on a clock',
    crossing: 'Where reading the prompt overtakes writing the answer',
    completion: 'Two deployments racing to the last token',
    lengths: 'Answer lengths on either side of the crossover',
  };
  // What the frame may do: run the app from its own origin (it fetches its wasm from there),
  // open the full explainer in a new tab and save its PNG, SVG and CSV files. It may not
  // navigate the host page, submit forms or open dialogs.
  var SANDBOX = 'allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox allow-downloads';
  // Heights outside these bounds are not a figure's: the message is ignored, never obeyed.
  var LOWEST = 100;
  var HIGHEST = 10000;
  // Until the figure reports its height, room for a figure and a few controls.
  var FIRST_HEIGHT = 600;

  addEventListener('message', function (event) {
    var data = event.data;
    if (event.origin !== APP.origin || !data || data.type !== 'crossover:height') return;
    var height = Math.ceil(Number(data.height));
    if (!(height >= LOWEST && height <= HIGHEST)) return;
    var all = document.getElementsByTagName(NAME);
    for (var i = 0; i < all.length; i++) {
      var frame = all[i].frame;
      // Only the frame that sent it: another frame's height, or a message from any other
      // window, never resizes this one.
      if (frame && frame.contentWindow === event.source) frame.style.height = height + 'px';
    }
  });

  class CrossoverFigure extends HTMLElement {
    connectedCallback() {
      if (this.frame) return;
      var frame = document.createElement('iframe');
      frame.setAttribute('sandbox', SANDBOX);
      frame.setAttribute('referrerpolicy', 'no-referrer');
      frame.setAttribute('allow', 'clipboard-write');
      frame.setAttribute('loading', 'lazy');
      // Set through the CSS object model, which a policy without 'unsafe-inline' allows.
      frame.style.display = 'block';
      frame.style.width = '100%';
      frame.style.border = '0';
      frame.style.height = FIRST_HEIGHT + 'px';
      this.style.display = 'block';
      this.frame = frame;
      this.update();
      this.appendChild(frame);
    }

    attributeChangedCallback() {
      if (this.frame) this.update();
    }

    update() {
      var figure = (this.getAttribute('figure') || '').trim();
      var params = new URLSearchParams(this.getAttribute('query') || '');
      // The element says which figure and theme; the same keys inside `query` would fight it.
      params.delete('embed');
      params.delete('present');
      var theme = this.getAttribute('theme');
      if (theme) params.set('theme', theme);
      params.set('embed', figure);
      var src = new URL(APP.href);
      src.search = params.toString();
      var title = Object.prototype.hasOwnProperty.call(TITLES, figure) ? TITLES[figure] : 'an interactive figure';
      this.frame.title = 'Crossover: ' + title;
      if (this.frame.getAttribute('src') !== src.href) this.frame.setAttribute('src', src.href);
    }
  }

  // A plain property rather than a static getter: trunk's minifier drops the `get` of one.
  CrossoverFigure.observedAttributes = ['figure', 'query', 'theme'];
  customElements.define(NAME, CrossoverFigure);
})();
