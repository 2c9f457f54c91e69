/**
 * The languages Plop speaks (issue 62), shared by the app, the server and the service worker.
 * English is the source language; a third language adds its code here, in the API's schema of a
 * choice (core/api.ts `LanguageChoiceSchema`), and its catalog in src/locales/<code>/messages.po.
 * No schema library here: the landing's first script reads this file (src/i18n/locale.ts).
 */
export const LANGUAGES = ['en', 'it'] as const;
export type Language = (typeof LANGUAGES)[number];

export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

/**
 * The prerendered landing in each language (vite.config.ts prerenderLanding writes them; the
 * server sends a visitor the one their browser's Accept-Language asks for): English is the built
 * landing.html itself.
 */
export const landingPageFile = (language: Language): string => (language === 'en' ? 'landing.html' : `landing-${language}.html`);

/** The first of a list of language tags Plop speaks ('it-IT' reads as 'it'), else English. */
export function languageFromTags(tags: readonly string[]): Language {
  for (const tag of tags) {
    const base = tag.trim().toLowerCase().split(/[-_;]/)[0];
    if (isLanguage(base)) return base;
  }
  return 'en';
}

/** An `Accept-Language` header's tags, most wanted first (`it-IT,it;q=0.9,en;q=0.8`). */
export function acceptLanguageTags(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...rest] = part.trim().split(';');
      const q = rest.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}
