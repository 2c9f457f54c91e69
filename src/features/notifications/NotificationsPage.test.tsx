import { screen, waitFor } from '@testing-library/react';
import { notificationsQuery } from '../../api/notifications.queries';
import { createQueryClient } from '../../api/query-client';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppNotification } from '../../../core/social-api';
import { activateLocale } from '../../i18n/i18n';
import { aUser, json, stubApi } from '../../test/fake-api';
import { renderInApp } from '../../test/render';
import { NotificationsPage } from './NotificationsPage';

const fan = { uid: 'fan-1', username: 'old.fan', photoURL: '' };

function notification(id: number, kind: string, params: AppNotification['params'], extra: Partial<AppNotification> = {}): AppNotification {
  return {
    id: `n-${id}`,
    uid: 'me',
    kind,
    params,
    message: 'the server English, never shown for a known kind',
    legacyText: false,
    link: '/root/notifications',
    createdDate: new Date().toISOString(),
    isRead: true,
    actor: fan,
    poopId: null,
    excerpt: null,
    post: null,
    ...extra,
  };
}

const LIST = [
  notification(1, 'poop_liked', { actorName: 'old.fan' }),
  notification(2, 'streak_reminder', { days: 12, minutesLeft: 240, usesFreeze: false }, { actor: null }),
  notification(3, 'streak_reminder', { days: 1, minutesLeft: 1, usesFreeze: true }, { actor: null }),
  notification(4, 'league_joined', { actorName: 'old.fan', leagueName: 'The Bog Club' }),
  notification(5, 'poop_liked', {}, { message: 'A sentence from before the upgrade', legacyText: true }),
];

function serve() {
  stubApi(({ method, path }) => {
    if (method === 'GET' && path.startsWith('/api/notifications')) return json(200, { notifications: LIST, nextCursor: null });
    return undefined;
  });
}

describe('NotificationsPage words each notification from its kind and params, in the reader language', () => {
  afterEach(() => activateLocale('en'));

  it('in English, with plurals, and an old row shown as it was written', async () => {
    await activateLocale('en');
    serve();
    renderInApp(<NotificationsPage />, { user: aUser() });
    expect(await screen.findByText('old.fan liked your post')).toBeTruthy();
    expect(screen.getByText('Your 12-day streak ends in 4 hours')).toBeTruthy();
    expect(screen.getByText('Your 1-day streak uses a freeze in 1 minute. Post to keep it.')).toBeTruthy();
    expect(screen.getByText('old.fan joined The Bog Club')).toBeTruthy();
    expect(screen.getByText('A sentence from before the upgrade')).toBeTruthy();
    expect(screen.queryByText(/the server English/)).toBeNull();
  });

  it('in Italian', async () => {
    await activateLocale('it');
    serve();
    renderInApp(<NotificationsPage />, { user: aUser() });
    expect(await screen.findByText('A old.fan piace il tuo post')).toBeTruthy();
    expect(screen.getByText('La tua serie di 12 giorni finisce tra 4 ore')).toBeTruthy();
    expect(screen.getByText('La tua serie di 1 giorno userà un congelamento tra 1 minuto. Pubblica per mantenerla.')).toBeTruthy();
    expect(screen.getByText('old.fan si è unito a The Bog Club')).toBeTruthy();
  });
});

describe('NotificationsPage marks what it shows as read', () => {
  it('keeps this visit’s "New" marks: the list the route fetched is not fetched again once marked read', async () => {
    await activateLocale('en');
    // As the server does: unread until the list marks them read, read from then on.
    let read = false;
    const requests = stubApi(({ method, path }) => {
      if (method === 'GET' && path.startsWith('/api/notifications')) {
        return json(200, { notifications: LIST.slice(0, 2).map((item) => ({ ...item, isRead: read })), nextCursor: null });
      }
      if (method === 'POST' && path.startsWith('/api/notifications/read')) {
        read = true;
        return json(200, { unread: 0 });
      }
      return undefined;
    });
    const client = createQueryClient();
    // The route's loader fetched the list before the page showed.
    await client.prefetchInfiniteQuery(notificationsQuery());
    renderInApp(<NotificationsPage />, { user: aUser(), client });
    await waitFor(() => expect(read).toBe(true));
    // Whatever the page asked for has been answered (a fetch on mount would have started before the mark).
    await waitFor(() => expect(client.isFetching()).toBe(0));

    expect(screen.getAllByText('New')).toHaveLength(2);
    expect(requests.filter((r) => r.method === 'GET')).toHaveLength(1);
  });
});
