import { OUTBOX_CHANNEL, OUTBOX_SYNC_TAG, replayOutbox, type ReplayReport } from '../core/outbox';
import { outboxStore, sendEntry, withOutboxLock } from '../core/browser/outbox-db';
import { sw } from './sw-scope';

/** Background Sync's event (not in every TypeScript lib yet). */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

/**
 * Whose session the cookie opens now: the worker replays only that user's entries, so nothing
 * queued by one account is sent under another's session. Null when nobody is signed in.
 */
async function sessionUid(): Promise<string | null> {
  const response = await fetch('/api/me', { credentials: 'same-origin', headers: { Accept: 'application/json' } });
  if (response.status === 401 || response.status === 403) return null;
  if (!response.ok) throw new Error(`GET /api/me answered ${response.status}`);
  const body = (await response.json()) as { user?: { uid?: unknown } };
  return typeof body.user?.uid === 'string' ? body.user.uid : null;
}

/** Replays the session user's outbox (the Web Lock keeps pages from replaying at the same time) and tells open pages. */
export async function replayFromWorker(): Promise<ReplayReport | null> {
  const uid = await sessionUid();
  if (uid === null) return null;
  const report = await withOutboxLock(() => replayOutbox({ store: outboxStore, send: sendEntry, now: Date.now }, uid));
  if (report.sent.length > 0 || report.dropped.length > 0) {
    const channel = new BroadcastChannel(OUTBOX_CHANNEL);
    channel.postMessage({ type: 'replayed', report });
    channel.close();
  }
  return report;
}

/** Background Sync (Chromium, also with the app closed); other browsers replay from the page. */
export function setupOutbox(): void {
  sw.addEventListener('sync', (event) => {
    const sync = event as SyncEvent;
    if (sync.tag !== OUTBOX_SYNC_TAG) return;
    sync.waitUntil(
      replayFromWorker().then((report) => {
        // Rejecting asks the browser to fire the sync again later (network still down, or a retry due).
        if (report !== null && (report.stoppedBy === 'network' || report.stoppedBy === 'backoff')) {
          throw new Error(`Outbox replay stopped: ${report.stoppedBy}`);
        }
      }),
    );
  });
}
