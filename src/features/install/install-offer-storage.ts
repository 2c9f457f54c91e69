/**
 * What the install offer remembers in this browser (core/install-offer.ts has the rule): how
 * many visits, whether the user has posted, whether they dismissed the offer. Storage that
 * refuses (a full or disabled localStorage) simply means nothing is remembered.
 */
const VISITS_KEY = 'plop-install-visits';
const VISIT_COUNTED_KEY = 'plop-install-visit-counted';
const POSTED_KEY = 'plop-install-posted';
const DISMISSED_KEY = 'plop-install-dismissed';

function read(storage: Storage, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch (error) {
    if (error instanceof DOMException) return null;
    throw error;
  }
}

function write(storage: Storage, key: string, value: string): void {
  try {
    storage.setItem(key, value);
  } catch (error) {
    if (!(error instanceof DOMException)) throw error;
  }
}

/** Counts this visit once (a reload is the same visit: sessionStorage lives as long as the tab); answers the visits so far. */
export function recordVisit(): number {
  const visits = Number(read(localStorage, VISITS_KEY)) || 0;
  if (read(sessionStorage, VISIT_COUNTED_KEY) !== null) return Math.max(1, visits);
  write(sessionStorage, VISIT_COUNTED_KEY, '1');
  write(localStorage, VISITS_KEY, String(visits + 1));
  return visits + 1;
}

export function rememberPosted(): void {
  write(localStorage, POSTED_KEY, '1');
}

export function hasPosted(): boolean {
  return read(localStorage, POSTED_KEY) !== null;
}

export function rememberInstallDismissed(): void {
  write(localStorage, DISMISSED_KEY, '1');
}

export function installDismissed(): boolean {
  return read(localStorage, DISMISSED_KEY) !== null;
}
