import fs from 'node:fs';
const p = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const byId = new Map(p.nodes.map((n) => [n.id, n])); const parent = new Map();
for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
let t = p.startTime; const b = new Map();
for (let i = 0; i < p.samples.length; i++) { t += p.timeDeltas[i]; const n = byId.get(p.samples[i]); const k = Math.floor((t - p.startTime) / 100000);
  let cat = n.callFrame.functionName; if (!['(idle)', '(program)', '(garbage collector)'].includes(cat)) { let id = p.samples[i]; let top = n; while (parent.get(id) !== undefined && byId.get(parent.get(id)).callFrame.functionName !== '(root)') { id = parent.get(id); top = byId.get(id); } cat = 'js:' + (top.callFrame.functionName || '(anon)') + ' ' + top.callFrame.url.replace(/.*\//, ''); }
  if (!b.has(k)) b.set(k, new Map()); b.get(k).set(cat, (b.get(k).get(cat) ?? 0) + p.timeDeltas[i]); }
for (const [k, m] of [...b].sort((a, b) => a[0] - b[0])) console.log(String(k * 100).padStart(5), [...m].sort((a, b) => b[1] - a[1]).slice(0, 4).map(([c, us]) => `${c.slice(0, 45)}=${Math.round(us / 1000)}`).join('  '));
