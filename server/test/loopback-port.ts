import net from 'node:net';

/** Each worker starts at its own offset in a range, so two test files rarely probe the same port. */
const offsets = new Map<number, number>();

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** A loopback port in [first, first + count) nothing listens on now (the suite's share of ports). */
export async function freeLoopbackPort(first: number, count: number): Promise<number> {
  let offset = offsets.get(first) ?? (Number(process.env.VITEST_POOL_ID ?? 0) * 13) % count;
  for (let tries = 0; tries < count; tries++) {
    const port = first + (offset++ % count);
    if (await isFree(port)) {
      offsets.set(first, offset);
      return port;
    }
  }
  throw new Error(`no free loopback port in ${first}-${first + count - 1}`);
}
