import { describe, expect, it } from 'vitest';
import { acceptLanguageTags, languageFromTags } from './language';

describe('languageFromTags', () => {
  it('takes the first language Plop speaks, by its base; English when none', () => {
    expect(languageFromTags(['it-IT', 'en'])).toBe('it');
    expect(languageFromTags(['fr-FR', 'en-GB', 'it'])).toBe('en');
    expect(languageFromTags(['de', 'fr'])).toBe('en');
    expect(languageFromTags([])).toBe('en');
  });
});

describe('acceptLanguageTags', () => {
  it('orders the header by q, keeping its order on ties, and leaves out q=0 and *', () => {
    expect(acceptLanguageTags('en;q=0.5, it-IT, it;q=0.9, fr;q=0, *')).toEqual(['it-IT', 'it', 'en']);
    expect(acceptLanguageTags(undefined)).toEqual([]);
    expect(languageFromTags(acceptLanguageTags('fr-CH, it;q=0.8, en;q=0.9'))).toBe('en');
  });
});
