import { useEffect, useState } from 'react';

/** How often relative times ('3 minutes ago') are recomputed on screen. */
export const RELATIVE_TIME_TICK_MS = 30_000;

/** The current time, refreshed every `intervalMs`, to pass into relativeTime(then, now). */
export function useNow(intervalMs = RELATIVE_TIME_TICK_MS): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}
