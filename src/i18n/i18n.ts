import { i18n, type Messages } from '@lingui/core';
import { currentLocale, type Locale } from './locale';

export { i18n };

/** Each locale's compiled catalog, loaded only when that language is shown. */
const CATALOGS: Record<Locale, () => Promise<{ messages: Messages }>> = {
  en: () => import('../locales/en/messages.po'),
  it: () => import('../locales/it/messages.po'),
};

/**
 * Settles once a language is active. Text made before the first screen (a toast of the sign-in
 * that runs while the catalog loads) waits for it: Lingui cannot say anything before.
 */
export const languageReady: Promise<void> = new Promise((resolve) => {
  if (i18n.locale) return resolve();
  const stop = i18n.on('change', () => {
    stop();
    resolve();
  });
});

/**
 * Loads a language's catalog and makes it the active one: every `t` and `<Trans>` reads it from
 * then on, and the page says which language it is in (screen readers pronounce by it).
 */
export async function activateLocale(locale: Locale = currentLocale()): Promise<void> {
  const { messages } = await CATALOGS[locale]();
  i18n.loadAndActivate({ locale, messages });
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}
