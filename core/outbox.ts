/**
 * The outbox (spec: offline-first writes): writes made offline, or whose request failed for a
 * network reason, wait here and are replayed in order, exactly once, by the page or the
 * service worker (serialised with the Web Lock OUTBOX_LOCK_NAME). This module holds the pure
 * part both share: the entry shape, how an answer is classified, the back-off, the pending
 * overlays the UI draws, and the replay loop itself over an injected store and sender.
 */

/** IndexedDB database and object store shared by the page and the worker. */
export const OUTBOX_DB_NAME = 'plop-outbox';
export const OUTBOX_DB_VERSION = 1;
export const OUTBOX_STORE = 'entries';
/** Web Lock serialising replays between tabs, the page and the worker. */
export const OUTBOX_LOCK_NAME = 'plop-outbox';
/** Background Sync tag registered when something is queued. */
export const OUTBOX_SYNC_TAG = 'plop-outbox';
/** BroadcastChannel on which page and worker announce that the outbox changed. */
export const OUTBOX_CHANNEL = 'plop-outbox';
/** First retry after this long, doubling each attempt up to OUTBOX_MAX_BACKOFF_MS. */
export const OUTBOX_BASE_BACKOFF_MS = 1_000;
export const OUTBOX_MAX_BACKOFF_MS = 5 * 60_000;
/** After this many failed attempts an entry is listed as failing (Retry / Discard). */
export const OUTBOX_FAILING_AFTER_ATTEMPTS = 3;

export type OutboxKind =
  | 'poop-create'
  | 'poop-delete'
  | 'poop-like'
  | 'poop-unlike'
  | 'comment-create'
  | 'comment-delete'
  | 'comment-like'
  | 'comment-unlike'
  | 'follow'
  | 'unfollow'
  // Premium chat (issue 25): a PUT of a message id the device made, so a replay is the same message.
  | 'chat-send'
  // Streak habits (issue 44): a PUT of a freeze id the device made, so a replay buys one freeze.
  | 'streak-freeze-buy'
  // Leagues and achievements (issue 44): PUTs of ids the device made or of the code, and a DELETE: replays are harmless.
  | 'league-create'
  | 'league-join'
  | 'league-leave'
  | 'achievement-shown'
  // A doctor's report made (issue 43/44): a POST the server takes once, for the "First report" achievement.
  | 'report-made'
  // The health diary (issue 43): a post's private details, a diary-only entry (PUT under its own UUID), its deletion.
  | 'health-update'
  | 'diary-entry'
  | 'diary-delete';

export type OutboxMethod = 'PUT' | 'POST' | 'PATCH' | 'DELETE';

/**
 * A post's photo: bytes as an ArrayBuffer plus MIME type (Safari's IndexedDB loses Blobs),
 * and the multipart text fields, in order, sent before it.
 */
export interface OutboxPhoto {
  bytes: ArrayBuffer;
  type: string;
  fileName: string;
  fields: ReadonlyArray<readonly [string, string]>;
}

/** 'auth': the server answered 401; the entry waits until the user signs in again. */
export type OutboxState = 'pending' | 'auth';

export interface OutboxEntry {
  /** A UUID; also the Idempotency-Key of writes that are not naturally idempotent. */
  id: string;
  /** Whose write it is: replayed only under this user's session. */
  uid: string;
  kind: OutboxKind;
  method: OutboxMethod;
  path: `/api/${string}`;
  /** The entity the write is about (post, comment or user id), for the pending overlays. */
  target: string;
  /** JSON body, when the write has one. */
  body?: unknown;
  photo?: OutboxPhoto;
  /** Milliseconds since the epoch; with `seq`, the FIFO order. */
  createdAt: number;
  /** Tie-breaker for entries queued in the same millisecond. */
  seq: number;
  attempts: number;
  nextAttemptAt: number;
  lastError: string | null;
  /** The HTTP status of the last failed attempt's answer; absent when it got none (network). */
  lastStatus?: number;
  state: OutboxState;
}

/** Oldest first: the order the writes were made in. */
export function compareEntries(a: OutboxEntry, b: OutboxEntry): number {
  return a.createdAt - b.createdAt || a.seq - b.seq;
}

/** PUT and DELETE of an entity are idempotent by themselves; anything else carries an Idempotency-Key. */
export function needsIdempotencyKey(entry: Pick<OutboxEntry, 'method'>): boolean {
  return entry.method !== 'PUT' && entry.method !== 'DELETE';
}

export type Outcome = 'done' | 'retry' | 'drop' | 'auth';

/**
 * What an HTTP status means for a replayed write: 2xx done; 401 wait for a new sign-in;
 * 408, 409 (the first copy still in flight), 429 and 5xx retry later; any other 4xx will
 * answer the same forever, so the write is dropped.
 */
export function classifyStatus(status: number): Outcome {
  if (status >= 200 && status < 300) return 'done';
  if (status === 401) return 'auth';
  if (status === 408 || status === 409 || status === 429 || status >= 500) return 'retry';
  return 'drop';
}

/** The wait before the next attempt after `attempts` failed ones (1 s, 2 s, 4 s, ... 5 min). */
export function backoffMs(attempts: number): number {
  if (attempts <= 0) return 0;
  return Math.min(OUTBOX_BASE_BACKOFF_MS * 2 ** (attempts - 1), OUTBOX_MAX_BACKOFF_MS);
}

/** The entry after a failed attempt at `now`. */
export function afterFailure(entry: OutboxEntry, now: number, error: string, status?: number): OutboxEntry {
  const attempts = entry.attempts + 1;
  return { ...entry, attempts, nextAttemptAt: now + backoffMs(attempts), lastError: error, lastStatus: status };
}

/** Where an entry stands at `now`: what the outbox sheet says of it (the app words it in the reader's language). */
export type EntryStatus = { kind: 'auth' } | { kind: 'refused'; reason: string } | { kind: 'waiting' } | { kind: 'retry'; seconds: number };

/**
 * An entry's state at `now`: waiting for a sign-in, for the connection (offline, or never
 * tried), refused by the server with its reason (it answered and the write will be tried again),
 * or the seconds until the next try after a failed one.
 */
export function entryStatus(entry: OutboxEntry, now: number, online: boolean): EntryStatus {
  if (entry.state === 'auth') return { kind: 'auth' };
  if (entry.lastStatus !== undefined && entry.lastError !== null) return { kind: 'refused', reason: entry.lastError };
  if (!online || entry.attempts === 0) return { kind: 'waiting' };
  if (entry.nextAttemptAt > now) return { kind: 'retry', seconds: Math.ceil((entry.nextAttemptAt - now) / 1000) };
  return { kind: 'waiting' };
}

/** Listed with Retry and Discard: it keeps failing, or waits for a new sign-in. */
export function isFailing(entry: OutboxEntry): boolean {
  return entry.state === 'auth' || entry.attempts >= OUTBOX_FAILING_AFTER_ATTEMPTS;
}

/** What the server answered, or null when the request never reached it. */
export interface SendResult {
  status: number;
  /** The body as text (JSON for our API). */
  text: string;
}

export interface OutboxStorePort {
  /** The user's entries, any order. */
  list(uid: string): Promise<OutboxEntry[]>;
  put(entry: OutboxEntry): Promise<void>;
  remove(id: string): Promise<void>;
}

export interface ReplayDeps {
  store: OutboxStorePort;
  /** Sends one entry; rejects when the network failed (no answer). */
  send(entry: OutboxEntry): Promise<SendResult>;
  now(): number;
}

export interface DroppedEntry {
  entry: OutboxEntry;
  status: number;
  /** The server's error message, to tell the user why. */
  message: string;
}

export interface ReplayReport {
  sent: Array<{ entry: OutboxEntry; result: SendResult }>;
  dropped: DroppedEntry[];
  /** Why the replay stopped: nothing left, the network, a later retry, or a 401. */
  stoppedBy: 'empty' | 'network' | 'backoff' | 'auth';
}

/** The `error.message` of our API's error envelope, else a generic text. */
export function errorMessageOf(result: SendResult): string {
  try {
    const parsed = JSON.parse(result.text) as { error?: { message?: unknown } };
    if (typeof parsed.error?.message === 'string') return parsed.error.message;
  } catch {
    // Not our JSON (a proxy's page): fall through to the status.
  }
  return `The server answered ${result.status}.`;
}

/**
 * Replays `uid`'s entries, oldest first, one at a time: a later write may depend on an earlier
 * one (a like on a queued post), so the first entry that cannot go now (network down, waiting
 * out a back-off, 401) stops the run. Dropped entries (permanent 4xx) are removed and
 * reported. Call it inside the OUTBOX_LOCK_NAME lock, with `uid` the session's user.
 */
export async function replayOutbox(deps: ReplayDeps, uid: string): Promise<ReplayReport> {
  const report: ReplayReport = { sent: [], dropped: [], stoppedBy: 'empty' };
  const entries = (await deps.store.list(uid)).filter((entry) => entry.uid === uid).sort(compareEntries);
  for (const entry of entries) {
    if (entry.nextAttemptAt > deps.now()) {
      report.stoppedBy = 'backoff';
      return report;
    }
    let result: SendResult;
    try {
      result = await deps.send(entry);
    } catch (error) {
      await deps.store.put(afterFailure(entry, deps.now(), error instanceof Error ? error.message : String(error)));
      report.stoppedBy = 'network';
      return report;
    }
    const outcome = classifyStatus(result.status);
    if (outcome === 'done') {
      await deps.store.remove(entry.id);
      report.sent.push({ entry, result });
    } else if (outcome === 'drop') {
      await deps.store.remove(entry.id);
      report.dropped.push({ entry, status: result.status, message: errorMessageOf(result) });
    } else if (outcome === 'auth') {
      await deps.store.put({ ...entry, state: 'auth', lastError: errorMessageOf(result) });
      report.stoppedBy = 'auth';
      return report;
    } else {
      await deps.store.put(afterFailure(entry, deps.now(), errorMessageOf(result), result.status));
      report.stoppedBy = 'backoff';
      return report;
    }
  }
  return report;
}

/**
 * How long the page waits before replaying again after a run stopped by `stoppedBy`, or null
 * when another trigger will do it. A back-off waits for the earliest entry to be due. A network
 * failure while the device says it is online retries the same way: the 'online' event has
 * already fired (it often comes before the connection carries requests again), so nothing
 * else would send what waits. Offline, the 'online' event replays; 'auth' waits for a sign-in.
 */
export function replayRetryDelay(
  stoppedBy: ReplayReport['stoppedBy'],
  entries: ReadonlyArray<Pick<OutboxEntry, 'nextAttemptAt'>>,
  now: number,
  online: boolean,
): number | null {
  if (entries.length === 0) return null;
  if (stoppedBy === 'backoff' || (stoppedBy === 'network' && online)) {
    return Math.max(0, Math.min(...entries.map((entry) => entry.nextAttemptAt)) - now);
  }
  return null;
}

/** Whether the user's last queued like/unlike (or follow/unfollow) of `target` says on or off; undefined if none. */
export function pendingToggle(entries: readonly OutboxEntry[], target: string, on: OutboxKind, off: OutboxKind): boolean | undefined {
  let state: boolean | undefined;
  for (const entry of [...entries].sort(compareEntries)) {
    if (entry.target !== target) continue;
    if (entry.kind === on) state = true;
    else if (entry.kind === off) state = false;
  }
  return state;
}

/**
 * A count shown with a pending toggle: the server's count moved by the pending change unless
 * the shown state already includes it (an optimistic update made before the entry was queued).
 */
export function overlayCount(count: number, shownOn: boolean, pendingOn: boolean | undefined): { on: boolean; count: number } {
  if (pendingOn === undefined || pendingOn === shownOn) return { on: shownOn, count };
  return { on: pendingOn, count: Math.max(0, count + (pendingOn ? 1 : -1)) };
}
