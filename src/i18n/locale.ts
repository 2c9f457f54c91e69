import { isLanguage, LANGUAGES, languageFromTags, type Language } from '../../core/language';

/**
 * The app's languages and which one a person reads (issue 62). A choice made in Account is kept
 * on the account (it follows the person: i18n/account-language.ts) and on the device (for the
 * first paint and offline); until then the device's own language list decides, English when it
 * names neither.
 */
export const LOCALES = LANGUAGES;
export type Locale = Language;

/** Each language named in itself, as a language menu shows it: never translated, on purpose. */
// eslint-disable-next-line lingui/no-unlocalized-strings -- a language's own name is the same in every language.
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', it: 'Italiano' };

const CHOSEN_KEY = 'plop.locale';

const isLocale = isLanguage;

/** The first of the device's languages the app speaks ('it-IT' reads as 'it'), else English. */
export function localeFromDevice(languages: readonly string[]): Locale {
  return languageFromTags(languages);
}

/** The language chosen on this device, if one was. */
export function chosenLocale(): Locale | null {
  try {
    const saved = localStorage.getItem(CHOSEN_KEY);
    return isLocale(saved) ? saved : null;
  } catch {
    // Storage refused (a private window's quota, a sandboxed frame): nothing was chosen.
    return null;
  }
}

/** Keeps the choice on this device; null goes back to following the device. */
export function saveChosenLocale(locale: Locale | null): void {
  try {
    if (locale === null) localStorage.removeItem(CHOSEN_KEY);
    else localStorage.setItem(CHOSEN_KEY, locale);
  } catch (error) {
    console.warn('The language choice could not be saved on this device', error);
  }
}

/** The language a page was rendered in, by its `<html lang>` (the prerendered landing's is English). */
export function prerenderedLocale(page: Document): Locale {
  return localeFromDevice([page.documentElement.lang]);
}

/** The language to show now. */
export function currentLocale(): Locale {
  return chosenLocale() ?? localeFromDevice(typeof navigator === 'undefined' ? [] : navigator.languages);
}
