/**
 * Real-user measures (the app's own Core Web Vitals and installed launch): what is reported and
 * its limits. Apart from the schemas (vitals-api.ts), so the app's start-up code imports no
 * schema library.
 */

/** Where the app sends its reports. */
export const VITALS_PATH = '/api/vitals';

/** Core Web Vitals (web-vitals) and the installed app's launch: time to the first post on screen. */
export const VITAL_NAMES = ['LCP', 'INP', 'CLS', 'LAUNCH'] as const;
export type VitalName = (typeof VITAL_NAMES)[number];

/** The screen a page load began on. */
export type VitalPage = 'landing' | 'feed' | 'other';

/** Larger values are a broken clock or a tab left open, not a measure (ms; CLS is unitless and far below it). */
export const VITAL_MAX_VALUE = 60_000;
/** How many days the summary covers; older reports are deleted. */
export const VITALS_KEPT_DAYS = 30;
