import { vi } from 'vitest';

/**
 * The server suite's one polling helper (issue 60), on vitest's own `vi.waitFor`: checks `probe`
 * every `intervalMs` until it gives a value (anything but undefined or false) and answers that
 * value; fails naming `what` after `timeoutMs`. For what runs in the background (a job, a push, a
 * second server); what happens within a request is asserted at once.
 */
export function until<T>(
  what: string,
  probe: () => Promise<T | undefined | false> | T | undefined | false,
  { timeoutMs = 30_000, intervalMs = 100 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<T> {
  return vi.waitFor(
    async () => {
      const value = await probe();
      if (value === undefined || value === false) throw new Error(`timed out waiting for ${what}`);
      return value;
    },
    { timeout: timeoutMs, interval: intervalMs },
  );
}
