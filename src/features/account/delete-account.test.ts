import { describe, expect, it } from 'vitest';
import { isDeleteConfirmed } from './delete-account';

describe('isDeleteConfirmed', () => {
  it('needs DELETE exactly, forgiving surrounding spaces', () => {
    expect(isDeleteConfirmed('DELETE')).toBe(true);
    expect(isDeleteConfirmed('  DELETE ')).toBe(true);
  });

  it.each(['', 'delete', 'DELET', 'DELETE ME'])('refuses %j', (typed) => {
    expect(isDeleteConfirmed(typed)).toBe(false);
  });
});
