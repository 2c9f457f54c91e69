// Makes sure Debian's Chromium is installed: Playwright cannot download its own browsers here.
import fs from 'node:fs';
import { runOrThrow } from './processes.mjs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export async function ensureChromium() {
  if (fs.existsSync(CHROMIUM_PATH)) return;
  process.stdout.write(`${CHROMIUM_PATH} is missing: installing Debian's chromium package...\n`);
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const prefix = asRoot ? [] : ['sudo', '-n'];
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const [cmd, ...rest] = [...prefix, 'apt-get'];
  await runOrThrow(cmd, [...rest, 'update'], { env });
  await runOrThrow(cmd, [...rest, 'install', '-y', '--no-install-recommends', 'chromium'], { env });
  if (!fs.existsSync(CHROMIUM_PATH)) throw new Error(`chromium installed but ${CHROMIUM_PATH} is still missing`);
}
