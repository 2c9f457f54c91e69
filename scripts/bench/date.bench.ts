import { DateTime } from 'luxon';
import { toPoopDate } from '../../core/poop-date';
const dates = Array.from({ length: 1000 }, (_, i) => new Date(Date.UTC(2026, 0, 1) + (i * 977_000_000) / 10));
const old = (d: Date) => DateTime.fromJSDate(d, { zone: 'America/New_York' }).toISO()!;
for (const d of dates) if (old(d) !== toPoopDate(d)) throw new Error(`${d.toISOString()} ${old(d)} ${toPoopDate(d)}`);
for (const [name, f] of [
  ['luxon', old],
  ['cached Intl', toPoopDate],
] as const) {
  const t = performance.now();
  let n = 0;
  for (let r = 0; r < 50; r++) for (const d of dates) n += f(d).length;
  process.stdout.write(`${name}: ${(((performance.now() - t) * 1000) / 50000).toFixed(2)} µs/date (${n} characters)\n`);
}
