import { createHash } from 'node:crypto';
import { dataBlock } from './data-block';

/** The data block naming a painted page's scripts, read by PAGE_SCRIPT_LOADER. */
export const PAGE_SCRIPTS_ELEMENT_ID = 'plop-page-scripts';

/** When the loader starts the scripts if no paint was seen by then (a slow device, a browser that does not report it). */
const START_AT_THE_LATEST_MS = 3000;

/**
 * Starts loading the app's scripts once the page has painted its content (first contentful
 * paint), at once where that cannot be observed or nothing will paint (a hidden tab), and
 * after START_AT_THE_LATEST_MS at the latest; never before the page is parsed (as the module
 * scripts it replaces, which run after parsing). Plain ES5 in one constant text, so the CSP allows it by its hash (PAGE_SCRIPT_LOADER_HASH).
 */
export const PAGE_SCRIPT_LOADER = [
  '(function () {',
  `  var page = JSON.parse(document.getElementById('${PAGE_SCRIPTS_ELEMENT_ID}').textContent);`,
  '  var started = false;',
  '  function add(tag, props) {',
  '    var element = document.createElement(tag);',
  '    for (var key in props) element[key] = props[key];',
  "    element.crossOrigin = '';",
  '    document.head.appendChild(element);',
  '  }',
  '  function start() {',
  '    if (started) return;',
  "    if (document.readyState === 'loading') return document.addEventListener('DOMContentLoaded', start);",
  '    started = true;',
  "    page.preload.forEach(function (href) { add('link', { rel: 'modulepreload', href: href }); });",
  "    page.entries.forEach(function (src) { add('script', { type: 'module', src: src }); });",
  '  }',
  '  var Observer = window.PerformanceObserver;',
  '  var types = Observer && Observer.supportedEntryTypes;',
  "  if (document.visibilityState !== 'visible' || !types || types.indexOf('paint') < 0) return start();",
  '  var observer = new Observer(function (list) {',
  "    if (list.getEntriesByName('first-contentful-paint').length === 0) return;",
  '    observer.disconnect();',
  '    start();',
  '  });',
  "  observer.observe({ type: 'paint', buffered: true });",
  "  document.addEventListener('visibilitychange', start);",
  `  setTimeout(start, ${START_AT_THE_LATEST_MS});`,
  '})();',
].join('\n');

/** The CSP source that allows PAGE_SCRIPT_LOADER and no other inline script. */
export const PAGE_SCRIPT_LOADER_HASH = `'sha256-${createHash('sha256').update(PAGE_SCRIPT_LOADER).digest('base64')}'`;

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/g;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

/**
 * A page that paints from its own HTML (the prerendered landing, the server-rendered feed) needs
 * none of the app's scripts for that paint: its entry script and module preloads are replaced by
 * the loader, which fetches them once the page has painted. Fetched at once, they share a slow
 * link with the rest of the page and hold its paint back; Lighthouse's model also counts every
 * script that arrived before the paint as if the paint had waited for it.
 */
export function withScriptsAfterPaint(html: string): string {
  const entries = [...html.matchAll(ENTRY_SCRIPT)].map((match) => match[1]!);
  if (entries.length === 0) return html;
  const preload = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]!);
  const tags = `${dataBlock(PAGE_SCRIPTS_ELEMENT_ID, { entries, preload })}<script>${PAGE_SCRIPT_LOADER}</script>`;
  return html
    .replace(ENTRY_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace('</head>', () => `${tags}</head>`);
}
