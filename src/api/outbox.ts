import {
  OUTBOX_CHANNEL,
  OUTBOX_SYNC_TAG,
  compareEntries,
  replayOutbox,
  replayRetryDelay,
  type OutboxEntry,
  type OutboxKind,
  type OutboxMethod,
  type OutboxPhoto,
  type ReplayReport,
} from '../../core/outbox';
import { outboxStore, sendEntry, withOutboxLock } from '../../core/browser/outbox-db';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- an error's English message, for logs; never shown (error-text.ts words its code).
import { MESSAGES } from '../../core/messages';
import { randomId } from '../lib/random-id';
import { getCurrentUser } from './me.queries';
import { apiFetch, setAfterApiSuccess } from './api-client';
import { ApiError } from './api-error';

/**
 * The page's side of the outbox (core/outbox.ts): queue a write that cannot go now, replay
 * what waits (serialised with the worker and other tabs by a Web Lock), and publish the
 * signed-in user's entries to the UI (pending chips, the count badge, the outbox sheet).
 */

/** What a write function answers when its write was queued rather than sent. */
export interface Queued {
  queued: true;
  entryId: string;
}

export function isQueued(value: unknown): value is Queued {
  return typeof value === 'object' && value !== null && (value as { queued?: unknown }).queued === true;
}

/** IndexedDB refused the entry: nothing was queued. The toast words it from the code (error-text.ts); the English is for logs. */
export class OutboxPersistError extends ApiError {
  constructor() {
    super(507, 'persist_failed', MESSAGES.persistWriteFailed);
  }
}

export interface WriteSpec {
  kind: OutboxKind;
  method: OutboxMethod;
  path: `/api/${string}`;
  target: string;
  body?: unknown;
  photo?: OutboxPhoto;
}

// --- The entries the UI shows (the signed-in user's) -------------------------------------

let entries: readonly OutboxEntry[] = [];
let entriesUid: string | null = null;
const listeners = new Set<() => void>();

export function subscribeOutbox(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The signed-in user's queued writes, oldest first. */
export function getOutboxEntries(): readonly OutboxEntry[] {
  return entries;
}

function publish(next: OutboxEntry[], uid: string | null): void {
  entries = next.sort(compareEntries);
  entriesUid = uid;
  for (const listener of listeners) listener();
}

const channel: BroadcastChannel | null = typeof BroadcastChannel === 'function' ? new BroadcastChannel(OUTBOX_CHANNEL) : null;

/** Re-reads the signed-in user's entries from IndexedDB. */
export async function refreshOutbox(): Promise<void> {
  const uid = getCurrentUser()?.uid ?? null;
  if (uid === null) {
    publish([], null);
    return;
  }
  try {
    publish(await outboxStore.list(uid), uid);
  } catch (error) {
    // No IndexedDB (private mode in old browsers): nothing can be queued, nothing to show.
    console.error('The outbox could not be read', error);
  }
}

/** Tells other tabs (and they the worker's news) that the outbox changed, with the replay's report if any. */
function announce(report?: ReplayReport): void {
  channel?.postMessage(report ? { type: 'replayed', report } : { type: 'changed' });
}

// --- Queueing ----------------------------------------------------------------------------

let seq = 0;

/** Stores a write in the outbox, asks for persistent storage and a Background Sync. */
export async function enqueue(spec: WriteSpec, id: string = randomId()): Promise<Queued> {
  const uid = getCurrentUser()?.uid;
  if (uid === undefined) throw new ApiError(0, 'network_error', 'You are offline and not signed in.');
  const now = Date.now();
  const entry: OutboxEntry = {
    ...spec,
    id,
    uid,
    createdAt: now,
    seq: seq++,
    attempts: 0,
    nextAttemptAt: 0,
    lastError: null,
    state: 'pending',
  };
  try {
    await outboxStore.put(entry);
  } catch (error) {
    console.error('The outbox refused a write', error);
    throw new OutboxPersistError();
  }
  void navigator.storage?.persist?.().catch(() => false);
  void registerSync();
  await refreshOutbox();
  announce();
  return { queued: true, entryId: id };
}

async function registerSync(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration();
  // Background Sync: Chromium only (Firefox and Safari replay on the page's own triggers).
  const sync = (registration as { sync?: { register(tag: string): Promise<void> } } | undefined)?.sync;
  await sync?.register(OUTBOX_SYNC_TAG).catch(() => undefined);
}

/**
 * Sends a write now, or queues it when the device is offline, the request fails for a network
 * reason, or earlier writes still wait (order is kept). Answers the server's answer or Queued.
 */
export async function sendOrQueue<T>(spec: WriteSpec): Promise<T | Queued> {
  const uid = getCurrentUser()?.uid;
  const id = randomId();
  // Whether earlier writes wait is read from the store itself until this user's entries have
  // been loaded once: a write made right after start-up must not overtake one queued before it.
  if (uid !== undefined && entriesUid !== uid) await refreshOutbox();
  const waiting = uid !== undefined && entriesUid === uid && entries.length > 0;
  if (uid !== undefined && (!navigator.onLine || waiting)) {
    const queued = await enqueue(spec, id);
    if (navigator.onLine) void replayOutboxNow();
    return queued;
  }
  const headers: Record<string, string> = spec.method === 'PUT' || spec.method === 'DELETE' ? {} : { 'Idempotency-Key': id };
  try {
    return await apiFetch<T>(spec.path, { method: spec.method, body: spec.body, headers });
  } catch (error) {
    if (uid !== undefined && error instanceof ApiError && error.isNetworkError) {
      const queued = await enqueue(spec, id);
      // The device says it is online, so no 'online' event will come: replay (with back-off) from here.
      if (navigator.onLine) void replayOutboxNow();
      return queued;
    }
    throw error;
  }
}

// --- Replay ------------------------------------------------------------------------------

/** Told about each replay (the UI updates the posts, rolls back drops and says why). */
type ReplayListener = (report: ReplayReport) => void;
const replayListeners = new Set<ReplayListener>();

export function onOutboxReplayed(listener: ReplayListener): () => void {
  replayListeners.add(listener);
  return () => replayListeners.delete(listener);
}

let running: Promise<void> | null = null;
let again = false;
let retryTimer: ReturnType<typeof setTimeout> | undefined;

/** Replays the signed-in user's entries now (one run at a time; a call during a run runs again after it). */
export function replayOutboxNow(): Promise<void> {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    do {
      again = false;
      await replayOnce();
    } while (again);
  })().finally(() => {
    running = null;
  });
  return running;
}

/** The wait before trying again when the replay itself failed (IndexedDB or the lock refused). */
const REPLAY_FAILED_RETRY_MS = 5_000;

function retryIn(wait: number): void {
  clearTimeout(retryTimer);
  retryTimer = setTimeout(() => void replayOutboxNow(), wait + 50);
}

async function replayOnce(): Promise<void> {
  const uid = getCurrentUser()?.uid;
  // Offline, as the browser says, nothing can arrive: the 'online' event replays.
  if (uid === undefined || !navigator.onLine) return;
  let report: ReplayReport;
  try {
    report = await withOutboxLock(() => replayOutbox({ store: outboxStore, send: sendEntry, now: Date.now }, uid));
  } catch (error) {
    console.error('The outbox replay failed', error);
    if (entries.length > 0) retryIn(REPLAY_FAILED_RETRY_MS);
    return;
  }
  await refreshOutbox();
  if (report.sent.length > 0 || report.dropped.length > 0) announce(report);
  for (const listener of replayListeners) listener(report);
  clearTimeout(retryTimer);
  // A run stopped by the network right after 'online' (the connection not yet carrying requests)
  // is tried again after its back-off; otherwise the writes would wait for some other trigger.
  const wait = replayRetryDelay(report.stoppedBy, entries, Date.now(), navigator.onLine);
  if (wait !== null) retryIn(wait);
}

/** Makes a failing entry due now (the sheet's Retry). */
export async function retryEntry(id: string): Promise<void> {
  const entry = await outboxStore.get(id);
  if (entry) await outboxStore.put({ ...entry, nextAttemptAt: 0, state: 'pending' });
  await refreshOutbox();
  await replayOutboxNow();
}

/** Drops an entry without sending it (the sheet's Discard). */
export async function discardEntry(id: string): Promise<void> {
  await outboxStore.remove(id);
  await refreshOutbox();
  announce();
}

/** Forgets everything this user queued (sign-out). */
export async function clearOutbox(uid: string): Promise<void> {
  await outboxStore.clearUser(uid);
  publish([], null);
  announce();
}

let started = false;

/** Replays on every trigger the page has: start, `online`, back to visible, after any API success, and the worker's news. */
export function startOutbox(): void {
  if (started) return;
  started = true;
  window.addEventListener('online', () => void replayOutboxNow());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void replayOutboxNow();
  });
  setAfterApiSuccess(() => {
    if (entries.length > 0 && !running) void replayOutboxNow();
  });
  channel?.addEventListener('message', (event: MessageEvent<{ type?: string; report?: ReplayReport }>) => {
    void refreshOutbox();
    const { report } = event.data;
    if (event.data.type === 'replayed' && report) for (const listener of replayListeners) listener(report);
  });
}

/** The signed-in user changed (or arrived): show their entries and send what waits. */
export async function outboxUserChanged(): Promise<void> {
  await refreshOutbox();
  if (entries.length > 0) await replayOutboxNow();
}
