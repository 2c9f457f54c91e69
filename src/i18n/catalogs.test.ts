import { readFileSync } from 'node:fs';
import path from 'node:path';
import { setupI18n } from '@lingui/core';
import { formatter } from '@lingui/format-po';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from './locale';

type Catalog = Record<string, { message?: string; translation?: string }>;

/** A locale's PO catalog as Lingui reads it: id → source message and translation. */
async function catalogOf(locale: Locale): Promise<Catalog> {
  const filename = path.join(import.meta.dirname, '..', 'locales', locale, 'messages.po');
  return await formatter().parse(readFileSync(filename, 'utf8'), { locale, sourceLocale: 'en', filename });
}

/** The names of the ICU placeholders a message uses, `{count, plural, ...}` and `{name}` alike. */
function placeholdersOf(message: string): Set<string> {
  return new Set([...message.matchAll(/\{(\w+)(?=[,}])/g)].map((match) => match[1]!));
}

const PLURAL = /\{(\w+), plural,/g;

describe('the catalogs', () => {
  it('hold the same messages in every language, each translated', async () => {
    const [english, ...others] = await Promise.all(LOCALES.map(catalogOf));
    const ids = Object.keys(english!).sort();
    expect(ids.length).toBeGreaterThan(900);
    for (const [index, catalog] of others.entries()) {
      const locale = LOCALES[index + 1]!;
      expect(Object.keys(catalog).sort(), `ids of ${locale}`).toEqual(ids);
      const untranslated = Object.entries(catalog).filter(([, entry]) => !entry.translation?.trim());
      expect(
        untranslated.map(([, entry]) => entry.message),
        `untranslated in ${locale}`,
      ).toEqual([]);
    }
  });

  it('compile, and word every plural for 0, 1, 2 and many in every language', async () => {
    for (const locale of LOCALES) {
      const catalog = await catalogOf(locale);
      const i18n = setupI18n();
      i18n.setMessagesCompiler(compileMessage);
      const messages = Object.fromEntries(Object.entries(catalog).map(([id, entry]) => [id, entry.translation || entry.message || '']));
      i18n.loadAndActivate({ locale, messages });
      let plurals = 0;
      for (const [id, entry] of Object.entries(catalog)) {
        const text = messages[id]!;
        const counts = [...text.matchAll(PLURAL)].map((match) => match[1]!);
        const names = placeholdersOf(entry.message ?? text);
        for (const n of counts.length > 0 ? [0, 1, 2, 7] : [3]) {
          const values = Object.fromEntries([...names].map((name) => [name, counts.includes(name) ? n : `‹${name}›`]));
          const worded = i18n._(id, values);
          // A message that does not compile comes back as its raw ICU text, braces and all.
          expect(worded, `${locale} ${entry.message}`).not.toMatch(/\{\w+(, (plural|select))?/);
          expect(worded.trim(), `${locale} ${entry.message}`).not.toBe('');
        }
        if (counts.length > 0) plurals++;
      }
      expect(plurals, locale).toBeGreaterThan(20);
    }
  });

  it('say the number in Italian plurals as Italian does', async () => {
    const catalog = await catalogOf('it');
    const i18n = setupI18n();
    i18n.setMessagesCompiler(compileMessage);
    i18n.loadAndActivate({
      locale: 'it',
      messages: Object.fromEntries(Object.entries(catalog).map(([id, entry]) => [id, entry.translation ?? ''])),
    });
    const [id] = Object.entries(catalog).find(([, entry]) => entry.message === '{0, plural, one {# comment} other {# comments}}') ?? [];
    expect(id).toBeDefined();
    expect([0, 1, 2, 7].map((count) => i18n._(id!, { 0: count }))).toEqual(['0 commenti', '1 commento', '2 commenti', '7 commenti']);
  });
});
