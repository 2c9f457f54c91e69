import { describe, expect, it } from 'vitest';
import { seededRandom } from './seeded-random';

describe('seededRandom', () => {
  it('replays the same sequence for the same seed and another for another seed', () => {
    const a = Array.from({ length: 5 }, seededRandom(7));
    const b = Array.from({ length: 5 }, seededRandom(7));
    const c = Array.from({ length: 5 }, seededRandom(8));
    expect(a).toEqual(b);
    expect(a).not.toEqual(c);
  });

  it('stays in [0, 1) and spreads over it', () => {
    const next = seededRandom(42);
    const values = Array.from({ length: 1000 }, () => next());
    expect(values.every((v) => v >= 0 && v < 1)).toBe(true);
    expect(values.filter((v) => v < 0.5).length).toBeGreaterThan(400);
    expect(values.filter((v) => v < 0.5).length).toBeLessThan(600);
  });
});
