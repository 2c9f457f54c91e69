import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-background-networking'] });
for (let i = 0; i < 3; i++) {
const ctx = await browser.newContext({ viewport: { width: 412, height: 823 }, serviceWorkers: 'block' });
const page = await ctx.newPage();
const cdp = await ctx.newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await page.goto(process.argv[2]);
await page.waitForTimeout(3000);
const r = await page.evaluate(() => { const nav = performance.getEntriesByType('resource').filter(e=>e.name.includes('/assets/index-'))[0]; return { t: window.t.map(Math.round), indexLoaded: Math.round(nav?.responseEnd ?? 0) }; });
process.stdout.write(JSON.stringify(r) + '\n');
await ctx.close();
}
await browser.close();
