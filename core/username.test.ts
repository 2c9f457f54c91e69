import { describe, expect, it } from 'vitest';
import { checkUsername, generateUsername, normalizeUsername, USERNAME_MESSAGES } from './username';
import { seededRandom } from './test/seeded-random';

/** A repeatable source of numbers in [0, 1). */
function sequence(...values: number[]) {
  let i = 0;
  return () => values[i++ % values.length]!;
}

describe('generateUsername', () => {
  it('is two capitalised words and a number', () => {
    expect(generateUsername(sequence(0, 0, 0))).toBe('BraveBadger1');
  });

  it('numbers run from 1 to 999 inclusive', () => {
    expect(generateUsername(sequence(0, 0, 0.999999))).toMatch(/999$/);
    expect(generateUsername(sequence(0.5, 0.5, 0))).toMatch(/[A-Za-z]1$/);
    const random = seededRandom(20261122);
    for (let i = 0; i < 500; i++) {
      const n = Number(/(\d+)$/.exec(generateUsername(random))![1]);
      expect(n).toBeGreaterThanOrEqual(1);
      expect(n).toBeLessThanOrEqual(999);
    }
  });

  it('varies with the random source', () => {
    const random = seededRandom(7);
    const names = new Set(Array.from({ length: 50 }, () => generateUsername(random)));
    expect(names.size).toBeGreaterThan(40);
  });
});

describe('normalizeUsername', () => {
  it('lowercases and trims, so case and spacing variants collide', () => {
    expect(normalizeUsername('  HappyOtter7 ')).toBe('happyotter7');
    expect(normalizeUsername('happyotter7')).toBe(normalizeUsername('HAPPYOTTER7'));
  });
});

describe('checkUsername', () => {
  it('trims and accepts letters, digits, _ and .', () => {
    expect(checkUsername('  Happy_Otter.7 ')).toEqual({ ok: true, username: 'Happy_Otter.7' });
  });

  it('refuses names that are too short or too long, at the edges', () => {
    expect(checkUsername('ab')).toEqual({ ok: false, problem: 'length', message: USERNAME_MESSAGES.length });
    expect(checkUsername('abc').ok).toBe(true);
    expect(checkUsername('a'.repeat(30)).ok).toBe(true);
    expect(checkUsername('a'.repeat(31))).toEqual({ ok: false, problem: 'length', message: USERNAME_MESSAGES.length });
  });

  it('refuses spaces and symbols', () => {
    expect(checkUsername('happy otter')).toEqual({ ok: false, problem: 'chars', message: USERNAME_MESSAGES.chars });
    expect(checkUsername('<script>')).toEqual({ ok: false, problem: 'chars', message: USERNAME_MESSAGES.chars });
  });
});
