import { describe, expect, it } from 'vitest';
import type { PersistedClient } from '@tanstack/react-query-persist-client';
import type { User } from '../../core/user';
import { mayRestore, persistedOwner, withoutStranger } from './query-persist';
import { queryKeys } from './query-keys';

const query = (queryKey: readonly unknown[], data: unknown) =>
  ({
    queryKey,
    queryHash: JSON.stringify(queryKey),
    state: { data, status: 'success' },
  }) as unknown as PersistedClient['clientState']['queries'][number];

const saved = (me: unknown): PersistedClient => ({
  timestamp: 0,
  buster: '1',
  clientState: {
    mutations: [],
    queries: [query(queryKeys.feed(), { pages: [] }), ...(me === undefined ? [] : [query(queryKeys.me(), me)])],
  },
});

const user = (uid: string) => ({ uid }) as User;

describe('the persisted query cache belongs to one user', () => {
  it('is owned by the user whose record it holds', () => {
    expect(persistedOwner(saved(user('alice')))).toBe('alice');
    expect(persistedOwner(saved(null))).toBeNull();
    expect(persistedOwner(saved(undefined))).toBeNull();
  });

  it('is restored for its owner or before anyone is known, never for another account', () => {
    expect(mayRestore(saved(user('alice')), undefined)).toBe(true);
    expect(mayRestore(saved(user('alice')), user('alice'))).toBe(true);
    expect(mayRestore(saved(user('alice')), user('bob'))).toBe(false);
    expect(mayRestore(saved(user('alice')), null)).toBe(false);
    expect(mayRestore(saved(null), undefined)).toBe(false);
  });

  it('keeps nothing of a signed-out visitor', () => {
    expect(withoutStranger(saved(null)).clientState.queries).toEqual([]);
    expect(withoutStranger(saved(user('alice'))).clientState.queries).toHaveLength(2);
  });
});
