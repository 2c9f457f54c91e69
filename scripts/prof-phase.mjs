import fs from 'node:fs';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
const [dir, ...files] = process.argv.slice(2);
const maps = new Map();
const mapFor = (url) => { const m = url.match(/\/assets\/[^?]+\.js/); if (!m) return null;
  if (!maps.has(m[0])) { const f = `${dir}${m[0]}.map`; maps.set(m[0], fs.existsSync(f) ? new TraceMap(fs.readFileSync(f, 'utf8')) : null); } return maps.get(m[0]); };
const PHASES = ['(idle)', '(program)', '(garbage collector)', 'renderRootSync', 'workLoopConcurrentByScheduler', 'commitRoot', 'flushPassiveEffects', 'startApp', 'hydrate', 'getQueryData', 'restoreClient', 'persistQueryClientRestore', 'idb', 'parse', 'JSON.parse', 'fetch', 'load'];
const acc = new Map(); const tops = new Map(); let total = 0;
for (const file of files) {
  const p = JSON.parse(fs.readFileSync(file, 'utf8'));
  const byId = new Map(p.nodes.map((n) => [n.id, n])); const parent = new Map();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const name = new Map();
  const nm = (id) => { if (name.has(id)) return name.get(id); const cf = byId.get(id).callFrame; let k = cf.functionName || '(anon)'; const map = mapFor(cf.url);
    if (map) { const o = originalPositionFor(map, { line: cf.lineNumber + 1, column: cf.columnNumber }); k = `${o.name || k} ${(o.source || '?').replace(/.*node_modules\//, '').replace(/.*\/src\//, 'src/')}:${o.line}`; } else if (cf.url) k += ' ' + cf.url.replace(/.*\//, '');
    name.set(id, k); return k; };
  for (let i = 0; i < p.samples.length; i++) { const d = p.timeDeltas[i] ?? 0; total += d;
    const chain = []; let id = p.samples[i]; while (id !== undefined) { chain.push(nm(id)); id = parent.get(id); }
    chain.reverse(); // root first
    const top = chain.slice(1, 3).join(' > '); tops.set(top, (tops.get(top) ?? 0) + d);
    let phase = 'other'; for (const c of chain) { const f = c.split(' ')[0]; if (PHASES.includes(f)) { phase = f; } }
    acc.set(phase, (acc.get(phase) ?? 0) + d); }
}
const n = files.length;
console.log('total', (total / 1000 / n).toFixed(0));
console.log([...acc].sort((a, b) => b[1] - a[1]).map(([a, b]) => `${(b / 1000 / n).toFixed(0).padStart(5)} ms ${a}`).join('\n'));
console.log('--- top frames');
console.log([...tops].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([a, b]) => `${(b / 1000 / n).toFixed(0).padStart(5)} ms ${a.slice(0, 160)}`).join('\n'));
