import { describe, expect, it } from 'vitest';
import { canViewPoop, initialPoopStatus, isPoopType, moderatedPoopStatus, POOP_TYPES } from './poop';

describe('poop status rule', () => {
  it('approves every type except Other', () => {
    for (const type of POOP_TYPES.filter((t) => t !== 'Other')) expect(initialPoopStatus(type)).toBe('approved');
    expect(initialPoopStatus('Other')).toBe('pending');
  });

  it.each(['other', 'OTHER', 'oThEr', ' Other '])('treats %j as other, case-insensitively', (type) => {
    expect(initialPoopStatus(type)).toBe('pending');
    expect(moderatedPoopStatus(type)).toBe('denied');
  });

  it('a moderator choosing a real type approves', () => {
    expect(moderatedPoopStatus('Type 4')).toBe('approved');
    expect(moderatedPoopStatus('Indecise')).toBe('approved');
  });

  it('has the nine types of the spec', () => {
    expect(POOP_TYPES).toHaveLength(9);
    expect(isPoopType('Type 7')).toBe(true);
    expect(isPoopType('Type 8')).toBe(false);
    expect(isPoopType('other')).toBe(false);
  });
});

describe('who can view a post', () => {
  const base = { uid: 'owner', status: 'approved' as const, deleted: false, private: false };
  const owner = { uid: 'owner', admin: false };
  const stranger = { uid: 'someone', admin: false };
  const admin = { uid: 'boss', admin: true };

  it('public posts are visible to everyone, visitors included', () => {
    expect(canViewPoop(base, undefined)).toBe(true);
    expect(canViewPoop(base, stranger)).toBe(true);
  });

  it('private and pending posts only to the owner and admins', () => {
    for (const poop of [
      { ...base, private: true },
      { ...base, status: 'pending' as const },
      { ...base, status: 'denied' as const },
    ]) {
      expect(canViewPoop(poop, undefined)).toBe(false);
      expect(canViewPoop(poop, stranger)).toBe(false);
      expect(canViewPoop(poop, owner)).toBe(true);
      expect(canViewPoop(poop, admin)).toBe(true);
    }
  });

  it('deleted posts to nobody', () => {
    const deleted = { ...base, deleted: true };
    expect(canViewPoop(deleted, owner)).toBe(false);
    expect(canViewPoop(deleted, admin)).toBe(false);
  });
});
