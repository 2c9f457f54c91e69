import { chromium } from '@playwright/test';
const url = process.argv[2] ?? 'http://127.0.0.1:3700/';
const cookie = process.argv[3];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-background-networking'] });
const ctx = await browser.newContext({ viewport: { width: 412, height: 823 }, serviceWorkers: 'block' });
if (cookie) { const [n, v] = cookie.split('='); await ctx.addCookies([{ name: n, value: v, url }]); }
const page = await ctx.newPage();
const cdp = await ctx.newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
const events = [];
cdp.on('Tracing.dataCollected', (d) => events.push(...d.value));
const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,blink.user_timing,loading', transferMode: 'ReportEvents' });
await page.goto(url);
await page.waitForTimeout(6000);
await cdp.send('Tracing.end');
await done;
const parse = events.filter((e) => e.name === 'ParseHTML' && (e.args?.beginData?.url ?? '').startsWith(url.split('?')[0].replace(/\/$/, '')));
const main = parse[0];
const tid = main?.tid; const pid = main?.pid;
const nav = events.find((e) => e.name === 'navigationStart' || e.name === 'TracingStartedInBrowser');
const t0 = Math.min(...events.filter(e=>e.ts>0).map(e=>e.ts));
const mine = events.filter((e) => e.tid === tid && e.pid === pid && e.ph === 'X');
const tasks = mine.filter((e) => e.name === 'RunTask' && e.dur > 12500).sort((a,b)=>a.ts-b.ts);
for (const t of tasks) {
  const kids = mine.filter((e) => e.ts >= t.ts && e.ts + e.dur <= t.ts + t.dur && e !== t);
  const agg = new Map();
  for (const k of kids) { if (['RunTask'].includes(k.name)) continue; const key = k.name + (k.args?.data?.url ? ' ' + k.args.data.url.split('/').pop() : '') + (k.args?.data?.functionName ? ' ' + k.args.data.functionName : ''); agg.set(key, (agg.get(key) ?? 0) + k.dur); }
  const top = [...agg].sort((a,b)=>b[1]-a[1]).slice(0,6).map(([k,v])=>`${k}=${(v/1000).toFixed(0)}`).join(' | ');
  process.stdout.write(`@${((t.ts-t0)/1000).toFixed(0)}ms ${(t.dur/1000).toFixed(0)}ms: ${top}\n`);
}
const paints = await page.evaluate(() => performance.getEntriesByType('paint').map(e => `${e.name} ${Math.round(e.startTime)}`));
process.stdout.write(paints.join(', ') + '\n');
await browser.close();
