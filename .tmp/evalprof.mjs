import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-background-networking'] });
const ctx = await browser.newContext({ viewport: { width: 412, height: 823 }, serviceWorkers: 'block' });
const page = await ctx.newPage();
const cdp = await ctx.newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
await cdp.send('Profiler.start');
await page.goto(process.argv[2]);
await page.waitForTimeout(3000);
const { profile } = await cdp.send('Profiler.stop');
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const name = (n) => `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}:${n.callFrame.columnNumber}`;
// inclusive time per frame, for samples under a module top-level frame (anon at line 0 of an asset chunk)
const incl = new Map();
let total = 0;
for (let i = 0; i < profile.samples.length; i++) {
  const dt = profile.timeDeltas[i + 1] ?? 0;
  const chain = [];
  for (let id = profile.samples[i]; id !== undefined; id = parent.get(id)) chain.push(byId.get(id));
  const top = chain.findLast((n) => n.callFrame.url.includes('/assets/') );
  if (!top || top.callFrame.functionName !== '' ) continue;
  total += dt;
  const seen = new Set();
  for (const n of chain) { const k = name(n); if (seen.has(k)) continue; seen.add(k); incl.set(k, (incl.get(k) ?? 0) + dt); }
}
process.stdout.write(`module top-level total ${(total / 1000).toFixed(0)} ms\n`);
process.stdout.write([...incl].sort((a, b) => b[1] - a[1]).slice(0, 45).map(([k, v]) => `${(v / 1000).toFixed(1)} ${k}`).join('\n') + '\n');
await browser.close();
