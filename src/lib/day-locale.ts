/**
 * The Intl locale a language writes days in: English days are written day first ('23 Nov 2026'),
 * as every screen of the app does, not America's 'Nov 23, 2026'.
 */
export function dayLocale(locale: string): string {
  return locale === 'en' ? 'en-GB' : locale;
}

/** A moment's date on this device, in the app's style and the active language: '6 Dec 2026', '6 dic 2026'. */
export function formatDate(at: Date, locale: string): string {
  return new Intl.DateTimeFormat(dayLocale(locale), { day: 'numeric', month: 'short', year: 'numeric' }).format(at);
}
