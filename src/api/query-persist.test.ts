import { describe, expect, it } from 'vitest';
import { dehydrate, hydrate, QueryClient } from '@tanstack/react-query';
import type { PersistedClient } from '@tanstack/react-query-persist-client';
import type { User } from '../../core/user';
import { ApiError } from './api-error';
import { asLastRead, mayRestore, persistedOwner, queryPersistOptions, withoutStranger } from './query-persist';
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

describe('what is saved of a read', () => {
  it('is what it last showed, also when its re-read failed (opened offline, with no copy in the worker)', async () => {
    const client = new QueryClient();
    const feed = { pages: [{ poops: [{ id: 'saved' }] }], pageParams: [null] };
    client.setQueryData(queryKeys.me(), user('alice'));
    client.setQueryData(queryKeys.feed(), feed);
    await expect(
      client.fetchQuery({
        queryKey: queryKeys.feed(),
        queryFn: () => Promise.reject(new ApiError(0, 'network_error', 'Network error')),
        staleTime: 0,
        retry: false,
      }),
    ).rejects.toThrow('Network error');
    expect(client.getQueryState(queryKeys.feed())?.status).toBe('error');

    // What the persister saves, then what the next start restores from it.
    const { dehydrateOptions } = queryPersistOptions(client, '1');
    const saved = asLastRead({ timestamp: 0, buster: '1', clientState: dehydrate(client, dehydrateOptions) });
    const next = new QueryClient();
    hydrate(next, saved.clientState);
    expect(next.getQueryData(queryKeys.feed())).toEqual(feed);
    expect(next.getQueryState(queryKeys.feed())).toMatchObject({ status: 'success', error: null });
  });

  it('is nothing for a read the server then refused (a post since made private or deleted)', async () => {
    const client = new QueryClient();
    client.setQueryData(queryKeys.poop('p1'), { id: 'p1', title: 'Was public' });
    await expect(
      client.fetchQuery({
        queryKey: queryKeys.poop('p1'),
        queryFn: () => Promise.reject(new ApiError(404, 'not_found', 'Post not found')),
        staleTime: 0,
        retry: false,
      }),
    ).rejects.toThrow('Post not found');
    const { dehydrateOptions } = queryPersistOptions(client, '1');
    expect(dehydrate(client, dehydrateOptions).queries).toEqual([]);
  });

  it('is nothing for a read that never had data', async () => {
    const client = new QueryClient();
    await expect(
      client.fetchQuery({
        queryKey: queryKeys.feed(),
        queryFn: () => Promise.reject(new ApiError(0, 'network_error', 'Network error')),
        retry: false,
      }),
    ).rejects.toThrow();
    const { dehydrateOptions } = queryPersistOptions(client, '1');
    expect(dehydrate(client, dehydrateOptions).queries).toEqual([]);
  });
});
