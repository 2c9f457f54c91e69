#!/usr/bin/env node
// Runs one e2e spec many times in a row with every page's CPU slowed down (CDP), to catch races
// that a quiet machine hides (issue 21: an offline follow lost under contention).
//
//   E2E_PORT=3330 E2E_AUTH_EMULATOR_PORT=9330 node scripts/e2e-throttled.mjs [spec] [runs] [rate]
//
// Defaults: e2e/offline.spec.ts, 20 runs, 4x. Prints how many runs passed; exits non-zero if any failed.
import { spawnSync } from 'node:child_process';

const [spec = 'e2e/offline.spec.ts', runs = '20', rate = '4'] = process.argv.slice(2);
const started = Date.now();
const result = spawnSync('npx', ['playwright', 'test', spec, `--repeat-each=${runs}`, '--retries=0', '--reporter=list'], {
  stdio: 'inherit',
  // One worker and stack unless asked: the runs go one after another, as the CPU budget assumes.
  env: { E2E_WORKERS: '1', ...process.env, E2E_CPU_THROTTLE: rate },
});
const minutes = ((Date.now() - started) / 60_000).toFixed(1);
process.stdout.write(
  `\n${spec} x${runs} at ${rate}x CPU throttling: ${result.status === 0 ? 'every run passed' : 'FAILED'} (${minutes} min)\n`,
);
process.exit(result.status ?? 1);
