import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { pendingToggle, type OutboxEntry, type OutboxKind } from '../../../core/outbox';
import { getOutboxEntries, subscribeOutbox } from '../../api/outbox';

const NOTHING_QUEUED: readonly OutboxEntry[] = [];

/** The signed-in user's queued writes, oldest first, re-rendering when they change (none, as the server renders a page). */
export function useOutboxEntries(): readonly OutboxEntry[] {
  return useSyncExternalStore(subscribeOutbox, getOutboxEntries, () => NOTHING_QUEUED);
}

/** Queued new posts, newest first (as the feed orders them). */
export function usePendingPosts(): OutboxEntry[] {
  const entries = useOutboxEntries();
  return useMemo(() => entries.filter((entry) => entry.kind === 'poop-create').reverse(), [entries]);
}

/** The queued state of a toggle (like, follow) of `target`: true/false, or undefined when nothing waits. */
export function usePendingToggle(target: string, on: OutboxKind, off: OutboxKind): boolean | undefined {
  const entries = useOutboxEntries();
  return useMemo(() => pendingToggle(entries, target, on, off), [entries, target, on, off]);
}

/** Queued comments on a post, oldest first. */
export function usePendingComments(poopId: string): OutboxEntry[] {
  const entries = useOutboxEntries();
  return useMemo(() => entries.filter((entry) => entry.kind === 'comment-create' && entry.target === poopId), [entries, poopId]);
}

/** An object URL for stored photo bytes, revoked when no longer shown. */
export function useObjectUrl(bytes: ArrayBuffer | undefined, type: string | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (bytes === undefined) return;
    const next = URL.createObjectURL(new Blob([bytes], { type }));
    // The URL is made and revoked with the effect (a memo would be revoked by StrictMode's second run).
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [bytes, type]);
  return url;
}
