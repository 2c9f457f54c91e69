import { openDB, type IDBPDatabase } from 'idb';
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client';
import type { Query, QueryClient } from '@tanstack/react-query';
import { QUERY_CACHE_DB_NAME, QUERY_CACHE_KEY, QUERY_CACHE_STORE } from '../../core/offline-caches';
import type { User } from '../../core/user';
import { ApiError } from './api-error';
import { DEFAULT_GC_TIME_MS } from './query-client';
import { queryKeys } from './query-keys';

/**
 * The query cache kept in IndexedDB, so what the user recently saw shows after a reload, also
 * offline (queryPersistOptions, for main.tsx). It belongs to one user: it is saved only
 * with a signed-in user's record in it, restored only for that user, and deleted on sign-out
 * and account deletion (features/outbox/clear-user-data.ts).
 */

/** What is older than this is not restored (the cache's own gcTime is the same day). */
export const QUERY_CACHE_MAX_AGE_MS = DEFAULT_GC_TIME_MS;

const ME_KEY = JSON.stringify(queryKeys.me());

/** The uid whose cache this is (its saved user record), or null when it has none. */
export function persistedOwner(persisted: PersistedClient): string | null {
  const me = persisted.clientState.queries.find((query) => JSON.stringify(query.queryKey) === ME_KEY);
  const user = me?.state.data as User | null | undefined;
  return user?.uid ?? null;
}

/**
 * Whether a saved cache may be shown now: it has an owner, and the user the app already knows
 * (`known`: undefined while unknown, null when signed out) is that owner or not known yet (the
 * viewer check in me.queries.ts `setCurrentUser` resets it if another user then arrives).
 */
export function mayRestore(persisted: PersistedClient, known: User | null | undefined): boolean {
  const owner = persistedOwner(persisted);
  if (owner === null) return false;
  return known === undefined || known?.uid === owner;
}

/** A signed-out visitor's cache is not kept: what is saved then is an empty cache. */
export function withoutStranger(persisted: PersistedClient): PersistedClient {
  if (persistedOwner(persisted) !== null) return persisted;
  return { ...persisted, clientState: { queries: [], mutations: [] } };
}

let db: Promise<IDBPDatabase> | undefined;
function database(): Promise<IDBPDatabase> {
  db ??= openDB(QUERY_CACHE_DB_NAME, 1, { upgrade: (opened) => void opened.createObjectStore(QUERY_CACHE_STORE) });
  return db;
}

const storage = {
  getItem: async (key: string): Promise<string | null> =>
    ((await (await database()).get(QUERY_CACHE_STORE, key)) as string | undefined) ?? null,
  setItem: async (key: string, value: string): Promise<void> => {
    await (await database()).put(QUERY_CACHE_STORE, value, key);
  },
  removeItem: async (key: string): Promise<void> => {
    await (await database()).delete(QUERY_CACHE_STORE, key);
  },
};

/**
 * The reads saved: those whose last fetch succeeded, and those with data whose re-read got no
 * answer (offline; asLastRead). A read the server refused (a post since made private or deleted)
 * is not saved: an old copy must not outlive the server's answer.
 */
const dehydrateOptions = {
  shouldDehydrateQuery: (query: Query) =>
    query.state.status === 'success' ||
    (query.state.data !== undefined && query.state.error instanceof ApiError && query.state.error.isNetworkError),
};

/**
 * Each saved read as it was last read. The library saves only reads whose last fetch succeeded, so
 * a saved read whose re-read then got no answer (the app opened offline, the worker holding no copy of it,
 * as after a first visit) left the saved cache, and the app opened offline a second time had
 * nothing to show. The failure is not kept: the read is tried again on the next start.
 */
export function asLastRead(persisted: PersistedClient): PersistedClient {
  const queries = persisted.clientState.queries.map((query) =>
    query.state.status === 'error'
      ? { ...query, state: { ...query.state, status: 'success' as const, error: null, fetchFailureCount: 0, fetchFailureReason: null } }
      : query,
  );
  return { ...persisted, clientState: { ...persisted.clientState, queries } };
}

const hasIndexedDb = typeof indexedDB !== 'undefined';
const inner = createAsyncStoragePersister({ storage: hasIndexedDb ? storage : null, key: QUERY_CACHE_KEY });

/** The persister of `client`'s cache, keeping it to its owner (see above). */
export function createQueryPersister(client: QueryClient): Persister {
  return {
    persistClient: (persisted) => inner.persistClient(asLastRead(withoutStranger(persisted))),
    restoreClient: async () => {
      const persisted = await inner.restoreClient();
      if (persisted === undefined) return undefined;
      if (mayRestore(persisted, client.getQueryData<User | null>(queryKeys.me()))) return persisted;
      await inner.removeClient();
      return undefined;
    },
    removeClient: () => inner.removeClient(),
  };
}

/**
 * What main.tsx restores before the first render and saves as the cache changes: the saved cache
 * unless it is older than a day, from another version (`buster`) or another user's.
 */
export function queryPersistOptions(client: QueryClient, buster: string) {
  return { persister: createQueryPersister(client), maxAge: QUERY_CACHE_MAX_AGE_MS, buster, dehydrateOptions };
}

/** Deletes the saved cache (sign-out, account deletion); the in-memory cache is cleared by the caller first. */
export async function clearPersistedQueries(): Promise<void> {
  if (hasIndexedDb) await storage.removeItem(QUERY_CACHE_KEY);
}
