import { describe, expect, it } from 'vitest';
import {
  afterFailure,
  entryStatus,
  replayRetryDelay,
  backoffMs,
  classifyStatus,
  needsIdempotencyKey,
  OUTBOX_MAX_BACKOFF_MS,
  overlayCount,
  pendingToggle,
  replayOutbox,
  type OutboxEntry,
  type OutboxStorePort,
  type SendResult,
} from './outbox';

let seq = 0;
function entry(overrides: Partial<OutboxEntry>): OutboxEntry {
  seq += 1;
  return {
    id: `e${seq}`,
    uid: 'alice',
    kind: 'poop-like',
    method: 'PUT',
    path: `/api/poops/p${seq}/like`,
    target: `p${seq}`,
    createdAt: 1000,
    seq,
    attempts: 0,
    nextAttemptAt: 0,
    lastError: null,
    state: 'pending',
    ...overrides,
  };
}

/** An in-memory store (the real one is IndexedDB; the logic under test is the loop). */
function memoryStore(entries: OutboxEntry[]): OutboxStorePort & { all: () => OutboxEntry[] } {
  const map = new Map(entries.map((e) => [e.id, e]));
  return {
    list: async (uid) => [...map.values()].filter((e) => e.uid === uid).reverse(),
    put: async (e) => void map.set(e.id, e),
    remove: async (id) => void map.delete(id),
    all: () => [...map.values()],
  };
}

const answer = (status: number, body: unknown = {}): SendResult => ({ status, text: JSON.stringify(body) });

describe('classifyStatus', () => {
  it('retries network-ish answers, waits on 401 and drops other 4xx', () => {
    expect(classifyStatus(200)).toBe('done');
    expect(classifyStatus(201)).toBe('done');
    expect(classifyStatus(204)).toBe('done');
    for (const status of [408, 409, 429, 500, 502, 503]) expect(classifyStatus(status)).toBe('retry');
    expect(classifyStatus(401)).toBe('auth');
    for (const status of [400, 403, 404, 410, 413, 422]) expect(classifyStatus(status)).toBe('drop');
  });
});

describe('backoffMs', () => {
  it('doubles from one second and stops at five minutes', () => {
    expect([0, 1, 2, 3, 4].map(backoffMs)).toEqual([0, 1000, 2000, 4000, 8000]);
    expect(backoffMs(30)).toBe(OUTBOX_MAX_BACKOFF_MS);
  });
});

describe('needsIdempotencyKey', () => {
  it('only for writes that are not PUT or DELETE', () => {
    expect(needsIdempotencyKey({ method: 'POST' })).toBe(true);
    expect(needsIdempotencyKey({ method: 'PATCH' })).toBe(true);
    expect(needsIdempotencyKey({ method: 'PUT' })).toBe(false);
    expect(needsIdempotencyKey({ method: 'DELETE' })).toBe(false);
  });
});

describe('replayOutbox', () => {
  it("sends oldest first (createdAt, then seq) and only the given user's entries", async () => {
    const post = entry({ kind: 'poop-create', createdAt: 1000, seq: 1 });
    const like = entry({ target: post.target, createdAt: 1000, seq: 2 });
    const comment = entry({ kind: 'comment-create', method: 'POST', createdAt: 2000 });
    const bobs = entry({ uid: 'bob', createdAt: 500 });
    const store = memoryStore([comment, like, bobs, post]);
    const sent: string[] = [];
    const report = await replayOutbox({ store, send: async (e) => (sent.push(e.id), answer(200)), now: () => 5000 }, 'alice');
    expect(sent).toEqual([post.id, like.id, comment.id]);
    expect(report.stoppedBy).toBe('empty');
    expect(store.all().map((e) => e.id)).toEqual([bobs.id]);
  });

  it('stops at a network failure, keeps the order and schedules a back-off', async () => {
    const a = entry({ createdAt: 1 });
    const b = entry({ createdAt: 2 });
    const store = memoryStore([a, b]);
    const sent: string[] = [];
    const report = await replayOutbox(
      {
        store,
        send: async (e) => {
          sent.push(e.id);
          throw new TypeError('Failed to fetch');
        },
        now: () => 10_000,
      },
      'alice',
    );
    expect(sent).toEqual([a.id]);
    expect(report.stoppedBy).toBe('network');
    const kept = store.all().find((e) => e.id === a.id);
    expect(kept).toMatchObject({ attempts: 1, nextAttemptAt: 11_000, lastError: 'Failed to fetch' });
  });

  it('waits out a back-off before sending anything later', async () => {
    const a = entry({ createdAt: 1, attempts: 2, nextAttemptAt: 20_000 });
    const b = entry({ createdAt: 2 });
    const store = memoryStore([a, b]);
    const sent: string[] = [];
    const report = await replayOutbox({ store, send: async (e) => (sent.push(e.id), answer(200)), now: () => 10_000 }, 'alice');
    expect(sent).toEqual([]);
    expect(report.stoppedBy).toBe('backoff');
  });

  it('retries 409, 429 and 5xx later, growing the wait', async () => {
    for (const status of [409, 429, 503]) {
      const a = entry({ attempts: 1 });
      const store = memoryStore([a]);
      const report = await replayOutbox({ store, send: async () => answer(status), now: () => 0 }, 'alice');
      expect(report.stoppedBy).toBe('backoff');
      expect(store.all()[0]).toMatchObject({ attempts: 2, nextAttemptAt: 2000 });
    }
  });

  it("drops a permanent 4xx with the server's reason and goes on", async () => {
    const like = entry({ createdAt: 1 });
    const next = entry({ createdAt: 2 });
    const store = memoryStore([like, next]);
    const report = await replayOutbox(
      {
        store,
        send: async (e) =>
          e.id === like.id ? answer(404, { error: { code: 'not_found', message: 'This post was deleted.' } }) : answer(200),
        now: () => 0,
      },
      'alice',
    );
    expect(report.dropped).toEqual([{ entry: like, status: 404, message: 'This post was deleted.' }]);
    expect(report.sent.map((s) => s.entry.id)).toEqual([next.id]);
    expect(store.all()).toEqual([]);
  });

  it('keeps the entry on 401 and stops, waiting for a new sign-in', async () => {
    const a = entry({ createdAt: 1 });
    const b = entry({ createdAt: 2 });
    const store = memoryStore([a, b]);
    const report = await replayOutbox(
      { store, send: async () => answer(401, { error: { code: 'unauthenticated', message: 'Sign in.' } }), now: () => 0 },
      'alice',
    );
    expect(report.stoppedBy).toBe('auth');
    expect(store.all().find((e) => e.id === a.id)).toMatchObject({ state: 'auth', attempts: 0 });
    expect(store.all()).toHaveLength(2);
  });
});

describe('pending overlays', () => {
  it('the last queued toggle of a target wins', () => {
    const entries = [
      entry({ target: 'p', kind: 'poop-like', createdAt: 1 }),
      entry({ target: 'p', kind: 'poop-unlike', createdAt: 2 }),
      entry({ target: 'q', createdAt: 3 }),
    ];
    expect(pendingToggle(entries, 'p', 'poop-like', 'poop-unlike')).toBe(false);
    expect(pendingToggle(entries, 'q', 'poop-like', 'poop-unlike')).toBe(true);
    expect(pendingToggle(entries, 'r', 'poop-like', 'poop-unlike')).toBeUndefined();
  });

  it('moves the count once, whether or not the shown state already has the change', () => {
    expect(overlayCount(4, false, true)).toEqual({ on: true, count: 5 });
    expect(overlayCount(5, true, true)).toEqual({ on: true, count: 5 });
    expect(overlayCount(5, true, false)).toEqual({ on: false, count: 4 });
    expect(overlayCount(0, true, false)).toEqual({ on: false, count: 0 });
    expect(overlayCount(3, false, undefined)).toEqual({ on: false, count: 3 });
  });
});

describe('replayRetryDelay', () => {
  const due = (at: number) => ({ nextAttemptAt: at });

  it('after a network failure while online, retries when the earliest entry is due (a follow is never stranded)', () => {
    expect(replayRetryDelay('network', [due(2_000), due(1_500)], 1_000, true)).toBe(500);
  });

  it('offline, leaves it to the online event', () => {
    expect(replayRetryDelay('network', [due(2_000)], 1_000, false)).toBeNull();
  });

  it('waits out a back-off whatever the connection says, at once when already due', () => {
    expect(replayRetryDelay('backoff', [due(5_000)], 1_000, false)).toBe(4_000);
    expect(replayRetryDelay('backoff', [due(500)], 1_000, true)).toBe(0);
  });

  it('nothing to do when empty, or waiting for a sign-in', () => {
    expect(replayRetryDelay('network', [], 1_000, true)).toBeNull();
    expect(replayRetryDelay('auth', [due(0)], 1_000, true)).toBeNull();
    expect(replayRetryDelay('empty', [due(0)], 1_000, true)).toBeNull();
  });
});

describe('entryStatus', () => {
  const base = entry({});

  it('a write not tried yet, or offline, waits for the connection', () => {
    expect(entryStatus(base, 0, true)).toEqual({ kind: 'waiting' });
    expect(entryStatus(afterFailure(base, 0, 'Failed to fetch'), 100, false)).toEqual({ kind: 'waiting' });
  });

  it('after a network failure online, says when it is tried again (never the browser error)', () => {
    const failed = { ...afterFailure(base, 0, 'Failed to fetch'), nextAttemptAt: 30_000 };
    expect(entryStatus(failed, 0, true)).toEqual({ kind: 'retry', seconds: 30 });
    expect(entryStatus(failed, 29_001, true)).toEqual({ kind: 'retry', seconds: 1 });
  });

  it("a server's answer reads as a refusal with its reason", () => {
    const refused = afterFailure(base, 0, 'The service is busy.', 503);
    expect(entryStatus(refused, 0, true)).toEqual({ kind: 'refused', reason: 'The service is busy.' });
    // A later network failure forgets the old answer.
    expect(entryStatus(afterFailure(refused, 0, 'Failed to fetch'), 0, true)).toMatchObject({ kind: 'retry' });
  });

  it('a write waiting for a sign-in says so', () => {
    expect(entryStatus({ ...base, state: 'auth' }, 0, true)).toEqual({ kind: 'auth' });
  });
});
