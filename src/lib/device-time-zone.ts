/** Temporal (Chrome 144+, Firefox 139+), as far as it is used here: TypeScript 5.9 has no types for it yet. */
declare const Temporal: { Now: { timeZoneId(): string } } | undefined;

/**
 * The device's IANA time zone: from Temporal where the browser has it (it costs nothing), else from
 * the page's first Intl formatter (64-102 ms at 4x CPU, measured in a fresh page).
 */
export function deviceTimeZone(): string {
  return typeof Temporal === 'undefined' ? Intl.DateTimeFormat().resolvedOptions().timeZone : Temporal.Now.timeZoneId();
}
