import { needsIdempotencyKey, type OutboxEntry, type OutboxStorePort, type SendResult } from '../../core/outbox';

/** The outbox's store kept in memory, for replaying queued actions from Node (benches, fault checks). */
export function memoryOutboxStore(): OutboxStorePort & { size(): number } {
  const map = new Map<string, OutboxEntry>();
  return {
    list: async (uid) => [...map.values()].filter((entry) => entry.uid === uid),
    put: async (entry) => void map.set(entry.id, entry),
    remove: async (id) => void map.delete(id),
    size: () => map.size,
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
