import { describe, expect, it } from 'vitest';
import { localeFromDevice } from './locale';

describe('the language a device asks for', () => {
  it('is the first of its languages that Plop speaks, by base language', () => {
    expect(localeFromDevice(['it-IT', 'en-US'])).toBe('it');
    expect(localeFromDevice(['de-DE', 'it-CH', 'en'])).toBe('it');
    expect(localeFromDevice(['en-GB', 'it'])).toBe('en');
  });

  it('is English when the device names none Plop speaks, or nothing', () => {
    expect(localeFromDevice(['de-DE', 'fr'])).toBe('en');
    expect(localeFromDevice([])).toBe('en');
  });
});
