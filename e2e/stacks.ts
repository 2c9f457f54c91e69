import os from 'node:os';

/**
 * The e2e stacks: one per Playwright worker, so that workers run side by side without sharing a
 * database, an Auth emulator or a Stripe stand-in. Stack i listens on E2E_PORT + 2i (its Stripe
 * stand-in on the port after it), its emulator on E2E_AUTH_EMULATOR_PORT + i, and keeps its data
 * in `.data-e2e/<port>`. playwright.config.ts starts them all; a spec finds its own with `ownStack()`.
 */
export type Stack = { port: number; authEmulatorPort: number; stripePort: number; baseURL: string; dataDir: string };

const BASE_PORT = Number(process.env.E2E_PORT || 3100);
const BASE_AUTH_EMULATOR_PORT = Number(process.env.E2E_AUTH_EMULATOR_PORT || 9199);

/**
 * How many workers (and stacks): E2E_WORKERS, else one per core up to 4. Each stack is a server,
 * an Auth emulator (Java) and a browser, so a core per worker is what the machine allows.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS) || Math.min(4, os.availableParallelism()));

export function stack(index: number): Stack {
  const port = BASE_PORT + 2 * index;
  return {
    port,
    authEmulatorPort: BASE_AUTH_EMULATOR_PORT + index,
    stripePort: port + 1,
    baseURL: `http://localhost:${port}`,
    dataDir: `.data-e2e/${port}`,
  };
}

/**
 * The stack of the worker this runs in. Playwright sets TEST_PARALLEL_INDEX (0 to workers - 1,
 * never shared by two workers at once, kept when a worker restarts) in each worker process, which
 * loads playwright.config.ts and the specs again; in the runner process it is unset (stack 0).
 */
export function ownStack(): Stack {
  return stack(Number(process.env.TEST_PARALLEL_INDEX || 0));
}
