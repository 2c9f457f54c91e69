import { randomUUID } from 'node:crypto';
import { needsIdempotencyKey, type OutboxEntry, type OutboxStorePort, type SendResult } from '../../core/outbox';

/** A write as the app queues it; the outbox adds its id, owner, order and retry state. */
export type QueuedWrite = Pick<OutboxEntry, 'kind' | 'method' | 'path' | 'target' | 'body' | 'photo'>;

/**
 * One user's outbox kept in memory, for replaying queued writes from Node (benches, fault checks):
 * its store for `replayOutbox`, and `queue`, which adds a write as the app does offline (oldest first).
 */
export function memoryOutbox(uid: string): {
  store: OutboxStorePort & { size: () => number };
  queue: (write: QueuedWrite) => Promise<void>;
} {
  const map = new Map<string, OutboxEntry>();
  const store = {
    list: async (owner: string) => [...map.values()].filter((entry) => entry.uid === owner),
    put: async (entry: OutboxEntry) => void map.set(entry.id, entry),
    remove: async (id: string) => void map.delete(id),
    size: () => map.size,
  };
  let seq = 0;
  const queue = (write: QueuedWrite) =>
    store.put({
      ...write,
      id: randomUUID(),
      uid,
      createdAt: Date.now(),
      seq: seq++,
      attempts: 0,
      nextAttemptAt: 0,
      lastError: null,
      state: 'pending',
    });
  return { store, queue };
}

/** A new public JPEG post of Type 4 (not on the map), as the create screen queues it. */
export function photoPostWrite(id: string, title: string, bytes: ArrayBuffer, fileName: string): QueuedWrite {
  const fields: Array<[string, string]> = [
    ['type', 'Type 4'],
    ['title', title],
    ['description', ''],
    ['private', 'false'],
    ['showInMap', 'false'],
  ];
  return {
    kind: 'poop-create',
    method: 'PUT',
    path: `/api/poops/${id}`,
    target: id,
    photo: { bytes, type: 'image/jpeg', fileName, fields },
  };
}

/**
 * The same request as core/browser/outbox-db.ts sendEntry, with the session cookie set by hand
 * (Node's fetch has no cookie jar); answers are bounded by `timeoutMs`.
 */
export async function sendOutboxEntry(base: string, cookie: string, entry: OutboxEntry, timeoutMs = 30_000): Promise<SendResult> {
  const headers: Record<string, string> = { accept: 'application/json', cookie, origin: base };
  if (needsIdempotencyKey(entry)) headers['idempotency-key'] = entry.id;
  let body: FormData | string | undefined;
  if (entry.photo) {
    const form = new FormData();
    for (const [name, value] of entry.photo.fields) form.append(name, value);
    form.append('photo', new Blob([entry.photo.bytes], { type: entry.photo.type }), entry.photo.fileName);
    body = form;
  } else if (entry.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(entry.body);
  }
  const response = await fetch(`${base}${entry.path}`, { method: entry.method, headers, body, signal: AbortSignal.timeout(timeoutMs) });
  return { status: response.status, text: await response.text() };
}
