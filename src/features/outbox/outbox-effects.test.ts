import { InfiniteQueryObserver } from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OutboxEntry } from '../../../core/outbox';
import { feedQuery } from '../../api/poops.queries';
import { queryClient } from '../../api/query-client';
import { aPoop, json, stubApi } from '../../test/fake-api';
import { applyReplayReport } from './outbox-effects';
import { activateLocale } from '../../i18n/i18n';

// The texts are the catalogs' English.
beforeAll(() => activateLocale('en'));

const kept = aPoop({ id: '11111111-1111-4111-8111-111111111111', title: 'Kept' });
const doomed = aPoop({ id: '22222222-2222-4222-8222-222222222222', title: 'Doomed' });

const likeOf = (target: string): OutboxEntry => ({
  id: '99999999-9999-4999-8999-999999999999',
  uid: 'user-1',
  kind: 'poop-like',
  method: 'PUT',
  path: `/api/poops/${target}/like`,
  target,
  createdAt: 0,
  seq: 0,
  attempts: 1,
  nextAttemptAt: 0,
  lastError: null,
  state: 'pending',
});

const feedTitles = () => queryClient.getQueryData(feedQuery().queryKey)?.pages.flatMap((page) => page.poops.map((poop) => poop.title));

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('applyReplayReport', () => {
  it("keeps a post whose like was dropped with a 404 out of the feed, even when the refetch gets the worker's older copy", async () => {
    // The service worker answers a slow feed read from its saved copy, made before the post was deleted.
    const requests = stubApi(({ method, path }) =>
      method === 'GET' && path.startsWith('/api/poops/feed') ? json(200, { poops: [kept, doomed], nextCursor: null }) : undefined,
    );
    const observer = new InfiniteQueryObserver(queryClient, feedQuery());
    const unsubscribe = observer.subscribe(() => undefined);
    try {
      await vi.waitFor(() => expect(feedTitles()).toEqual(['Kept', 'Doomed']));

      applyReplayReport({
        sent: [],
        dropped: [{ entry: likeOf(doomed.id), status: 404, message: 'Post not found.' }],
        stoppedBy: 'empty',
      });
      expect(feedTitles()).toEqual(['Kept']);
      // The refetch the report asks for has come back, with the older copy.
      await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));
      expect(requests.filter((request) => request.path.startsWith('/api/poops/feed'))).toHaveLength(2);
      expect(feedTitles()).toEqual(['Kept']);
    } finally {
      unsubscribe();
    }
  });
});
