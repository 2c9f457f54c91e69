/**
 * The outbox's IndexedDB store and HTTP sender (core/outbox.ts has the logic), one file for the
 * page and the worker alike: both must read and write the very same store. It is type-checked
 * under the page's (DOM) and the worker's (WebWorker) libraries; the server never imports it.
 */
import type { DBSchema, IDBPDatabase } from 'idb';
import {
  needsIdempotencyKey,
  OUTBOX_DB_NAME,
  OUTBOX_DB_VERSION,
  OUTBOX_LOCK_NAME,
  OUTBOX_STORE,
  type OutboxEntry,
  type OutboxStorePort,
  type SendResult,
} from '../outbox';

interface OutboxDb extends DBSchema {
  [OUTBOX_STORE]: { key: string; value: OutboxEntry; indexes: { uid: string } };
}

let database: Promise<IDBPDatabase<OutboxDb>> | null = null;

/** The store, opened on first use; idb loads with it, out of the page's start-up (the worker's build has it inline). */
function db(): Promise<IDBPDatabase<OutboxDb>> {
  database ??= import('idb')
    .then(({ openDB }) =>
      openDB<OutboxDb>(OUTBOX_DB_NAME, OUTBOX_DB_VERSION, {
        upgrade(upgrading) {
          const store = upgrading.createObjectStore(OUTBOX_STORE, { keyPath: 'id' });
          store.createIndex('uid', 'uid');
        },
        // Another context deletes or upgrades the database: reopen on next use.
        blocking() {
          void database?.then((open) => open.close());
          database = null;
        },
      }),
    )
    .catch((error: unknown) => {
      database = null;
      throw error;
    });
  return database;
}

export const outboxStore: OutboxStorePort & {
  get(id: string): Promise<OutboxEntry | undefined>;
  clearUser(uid: string): Promise<void>;
} = {
  async list(uid) {
    return (await db()).getAllFromIndex(OUTBOX_STORE, 'uid', uid);
  },
  async put(entry) {
    await (await db()).put(OUTBOX_STORE, entry);
  },
  async remove(id) {
    await (await db()).delete(OUTBOX_STORE, id);
  },
  async get(id) {
    return (await db()).get(OUTBOX_STORE, id);
  },
  async clearUser(uid) {
    const open = await db();
    const tx = open.transaction(OUTBOX_STORE, 'readwrite');
    for (const key of await tx.store.index('uid').getAllKeys(uid)) await tx.store.delete(key);
    await tx.done;
  },
};

/** Replays one entry with the session cookie (never a stored token); rejects on a network failure. */
export async function sendEntry(entry: OutboxEntry): Promise<SendResult> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (needsIdempotencyKey(entry)) headers['Idempotency-Key'] = entry.id;
  let body: BodyInit | undefined;
  if (entry.photo) {
    const form = new FormData();
    for (const [name, value] of entry.photo.fields) form.append(name, value);
    // A post queued by an older version carries no time of its own: it was made when queued.
    if (!entry.photo.fields.some(([name]) => name === 'createdDate')) form.append('createdDate', new Date(entry.createdAt).toISOString());
    form.append('photo', new Blob([entry.photo.bytes], { type: entry.photo.type }), entry.photo.fileName);
    body = form;
  } else if (entry.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(entry.body);
  }
  const response = await fetch(entry.path, { method: entry.method, credentials: 'same-origin', headers, body });
  return { status: response.status, text: await response.text() };
}

/** Runs `task` holding the outbox lock (Web Locks), so one replay runs at a time across tabs and the worker. */
export async function withOutboxLock<T>(task: () => Promise<T>): Promise<T> {
  if (typeof navigator.locks?.request !== 'function') return task();
  return await navigator.locks.request(OUTBOX_LOCK_NAME, task);
}
