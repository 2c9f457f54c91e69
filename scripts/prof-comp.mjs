import fs from 'node:fs';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
const [dir, ...files] = process.argv.slice(2);
const maps = new Map();
const mapFor = (url) => { const m = url.match(/\/assets\/[^?]+\.js/); if (!m) return null;
  if (!maps.has(m[0])) { const f = `${dir}${m[0]}.map`; maps.set(m[0], fs.existsSync(f) ? new TraceMap(fs.readFileSync(f, 'utf8')) : null); } return maps.get(m[0]); };
const RENDERERS = new Set(['renderWithHooks', 'updateForwardRef', 'updateFunctionComponent', 'updateSimpleMemoComponent', 'mountIndeterminateComponent', 'updateMemoComponent', 'finishClassComponentInstance', 'updateClassComponent']);
const comp = new Map(); let total = 0;
for (const file of files) {
  const p = JSON.parse(fs.readFileSync(file, 'utf8'));
  const byId = new Map(p.nodes.map((n) => [n.id, n])); const parent = new Map();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const name = new Map();
  const nm = (id) => { if (name.has(id)) return name.get(id); const cf = byId.get(id).callFrame; let k = cf.functionName || '(anon)'; const map = mapFor(cf.url);
    if (map) { const o = originalPositionFor(map, { line: cf.lineNumber + 1, column: cf.columnNumber }); k = `${o.name || k} ${(o.source || '?').replace(/.*node_modules\//, '').replace(/.*\/src\//, 'src/')}:${o.line}`; }
    name.set(id, k); return k; };
  for (let i = 0; i < p.samples.length; i++) { const d = p.timeDeltas[i] ?? 0; total += d;
    // the innermost frame whose parent is a React renderer entry = the component rendering
    let id = p.samples[i]; let prev;
    while (id !== undefined) { const pid = parent.get(id); if (pid !== undefined && RENDERERS.has(nm(pid).split(' ')[0])) { prev = id; break; } id = pid; }
    if (prev !== undefined) { const k = nm(prev); comp.set(k, (comp.get(k) ?? 0) + d); } }
}
const n = files.length;
console.log('total', (total / 1000 / n).toFixed(0), 'ms/run');
console.log([...comp].sort((a, b) => b[1] - a[1]).slice(0, 45).map(([a, b]) => `${(b / 1000 / n).toFixed(1).padStart(6)} ms ${a}`).join('\n'));
