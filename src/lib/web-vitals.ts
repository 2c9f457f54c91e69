import type { Metric } from 'web-vitals';
import { VITALS_PATH, type VitalName, type VitalPage } from '../../core/vitals';
import type { VitalsReportBody } from '../../core/vitals-api';
import { isStandaloneDisplay } from './display-mode';

/** The performance mark the feed sets when its first post is on screen (markFirstPostShown). */
export const FIRST_POST_MARK = 'plop-first-post';

/** Where the page load began (main.tsx reads it at start): the launch counts only when it opened on the feed. */
let startPage: VitalPage = 'other';

export function pageOfPath(pathname: string): VitalPage {
  if (pathname === '/') return 'landing';
  if (pathname === '/root' || pathname === '/root/') return 'feed';
  return 'other';
}

/**
 * Called by the feed once its first post has rendered: the mark goes down after the next frame,
 * when that post is on screen. Only the first time in a page load.
 */
export function markFirstPostShown(): void {
  if (performance.getEntriesByName(FIRST_POST_MARK).length > 0) return;
  requestAnimationFrame(() => {
    setTimeout(() => {
      if (performance.getEntriesByName(FIRST_POST_MARK).length === 0) performance.mark(FIRST_POST_MARK);
    }, 0);
  });
}

const pending = new Map<VitalName, number>();
const sent = new Set<VitalName>();

/** Sends what was measured so far (the page is being hidden: this may be the last chance), once per measure. */
function flush(installed: boolean): void {
  const launch = performance.getEntriesByName(FIRST_POST_MARK)[0];
  if (launch && installed && startPage === 'feed' && !sent.has('LAUNCH')) pending.set('LAUNCH', launch.startTime);
  if (pending.size === 0) return;
  const report: VitalsReportBody = { page: startPage, installed, metrics: [...pending].map(([name, value]) => ({ name, value })) };
  for (const name of pending.keys()) sent.add(name);
  pending.clear();
  navigator.sendBeacon(VITALS_PATH, new Blob([JSON.stringify(report)], { type: 'application/json' }));
}

function keep(metric: Metric): void {
  if (metric.name === 'LCP' || metric.name === 'INP' || metric.name === 'CLS') pending.set(metric.name, metric.value);
}

/**
 * Reports this page load's Core Web Vitals (LCP, INP, CLS) and, for an installed app whose page
 * load began on the feed (`startPath`, read by main.tsx at start), the time to its first post, to
 * the server when the page is hidden. main.tsx loads this module, and web-vitals with it, when the
 * page is idle: web-vitals reads buffered entries, so nothing is missed by starting late.
 */
export function reportWebVitals(startPath: string): void {
  if (typeof navigator.sendBeacon !== 'function') return;
  startPage = pageOfPath(startPath);
  const installed = isStandaloneDisplay();
  void import('web-vitals').then(({ onCLS, onINP, onLCP }) => {
    onLCP(keep);
    onINP(keep);
    onCLS(keep);
    // After web-vitals' own listeners, which report the final values as the page is hidden.
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') flush(installed);
    });
  });
}
