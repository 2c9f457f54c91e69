import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { formatter } from '@lingui/format-po';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { LANGUAGES, type Language } from '../../core/language';

/**
 * The app's PO catalogs (src/locales/<language>/messages.po, one file per language, written by
 * `npm run i18n:extract` and the translators), read by the server to word pushes in their
 * recipient's language (issue 62). Read with Lingui's own PO formatter and compiled at run time
 * with the compiler Lingui documents for that (`I18n.setMessagesCompiler(compileMessage)`). Data
 * files only: no app code is imported.
 */
const LOCALES_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'src', 'locales');

async function readCatalog(language: Language): Promise<Messages> {
  const filename = path.join(LOCALES_DIR, language, 'messages.po');
  const catalog = await formatter().parse(readFileSync(filename, 'utf8'), { locale: language, sourceLocale: 'en', filename });
  const messages: Messages = {};
  // An untranslated message (an empty msgstr) is left out: the descriptor's English then shows.
  for (const [id, entry] of Object.entries(catalog)) if (entry.translation) messages[id] = entry.translation;
  return messages;
}

/** One `I18n` per language, each with its catalog active. */
export type PushCatalogs = Readonly<Record<Language, I18n>>;

let loaded: Promise<PushCatalogs> | undefined;

/** The catalogs, read on the first push and kept (they change only with a new release). */
export function pushCatalogs(): Promise<PushCatalogs> {
  loaded ??= loadPushCatalogs();
  return loaded;
}

async function loadPushCatalogs(): Promise<PushCatalogs> {
  const entries = await Promise.all(
    LANGUAGES.map(async (language) => {
      const i18n = setupI18n();
      i18n.setMessagesCompiler(compileMessage);
      i18n.loadAndActivate({ locale: language, messages: await readCatalog(language) });
      return [language, i18n] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<Language, I18n>;
}
