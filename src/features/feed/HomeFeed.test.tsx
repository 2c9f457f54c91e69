import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Poop } from '../../../core/poop-api';
import { ToastHost } from '../../components/toast/ToastHost';
import { aPoop, aUser, apiError, json, stubApi } from '../../test/fake-api';
import { renderInApp } from '../../test/render';
import { HomeFeed } from './HomeFeed';

const first = aPoop({ id: '11111111-1111-4111-8111-111111111111', title: 'First post', likes: 2 });
const second = aPoop({ id: '33333333-3333-4333-8333-333333333333', title: 'Second post' });
const third = aPoop({ id: '44444444-4444-4444-8444-444444444444', title: 'Older post' });

function feedPages(pages: Record<string, { poops: Poop[]; nextCursor: string | null }>) {
  return ({ method, path }: { method: string; path: string }) => {
    if (method !== 'GET' || !path.startsWith('/api/poops/feed')) return undefined;
    const cursor = new URLSearchParams(path.split('?')[1] ?? '').get('cursor') ?? '';
    const page = pages[cursor];
    return page === undefined ? apiError(400, 'bad_request', 'Bad cursor.') : json(200, page);
  };
}

describe('HomeFeed', () => {
  it('shows the posts of the first page, then the next one on "Load more"', async () => {
    stubApi(feedPages({ '': { poops: [first, second], nextCursor: 'c1' }, c1: { poops: [third], nextCursor: null } }));
    renderInApp(<HomeFeed />);

    const feed = await screen.findByRole('feed', { name: 'For you' });
    await within(feed).findByRole('article', { name: /First post/ });
    expect(within(feed).getAllByRole('article')).toHaveLength(2);

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await within(feed).findByRole('article', { name: /Older post/ });
    expect(within(feed).getAllByRole('article')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('shows every post of a full page, in order, and offers the next page once all are shown', async () => {
    const page = Array.from({ length: 5 }, (_, index) =>
      aPoop({ id: `5555555${index}-5555-4555-8555-555555555555`, title: `Post ${index + 1}` }),
    );
    stubApi(feedPages({ '': { poops: page, nextCursor: 'c1' }, c1: { poops: [third], nextCursor: null } }));
    renderInApp(<HomeFeed />);

    const feed = await screen.findByRole('feed', { name: 'For you' });
    await waitFor(() => expect(within(feed).getAllByRole('article')).toHaveLength(5));
    expect(
      within(feed)
        .getAllByRole('heading', { level: 2 })
        .map((heading) => heading.textContent),
    ).toEqual(page.map((poop) => poop.title));
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await within(feed).findByRole('article', { name: /Older post/ });
    expect(within(feed).getAllByRole('article')).toHaveLength(6);
  });

  it('says the feed did not load, and "Try again" loads it', async () => {
    let up = false;
    const pages = feedPages({ '': { poops: [first], nextCursor: null } });
    stubApi((request) => (up ? pages(request) : apiError(503, 'unavailable', 'Database unreachable.')));
    renderInApp(<HomeFeed />);

    // The app's own words for the code; the server's English message is for logs.
    const alert = await screen.findByText(/The feed did not load\. The service is briefly unavailable\./, {}, { timeout: 10_000 });
    up = true;
    await userEvent.click(within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Try again' }));
    await screen.findByRole('article', { name: /First post/ });
  });

  it('offline, a feed already read stays on screen (here: empty) instead of an error when reading it again fails', async () => {
    let up = true;
    let failed = 0;
    stubApi((request) => {
      if (up) return feedPages({ '': { poops: [], nextCursor: null } })(request);
      failed++;
      return apiError(503, 'internal', 'Offline.');
    });
    renderInApp(<HomeFeed />);
    await screen.findByText('No posts yet');

    // The page was opened without a connection: the browser says so, no 'offline' event came.
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    up = false;
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    // While it is read again, what was saved stays on screen.
    expect(screen.getByRole('progressbar')).toBeTruthy();
    expect(screen.getByText('No posts yet')).toBeTruthy();
    // The first try and its two retries fail, and the feed is done loading.
    await waitFor(
      () => {
        expect(failed).toBe(3);
        expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Refresh' }).disabled).toBe(false);
      },
      { timeout: 10_000 },
    );
    expect(screen.getByText('No posts yet')).toBeTruthy();
    expect(screen.queryByText(/The feed did not load/)).toBeNull();
    vi.restoreAllMocks();
  });

  it("loads the first screen's photos at once and at high priority, the later ones lazily", async () => {
    stubApi(feedPages({ '': { poops: [first, second, third], nextCursor: null } }));
    // Photos shown unblurred (the viewer's setting), so the images are there.
    renderInApp(<HomeFeed />, { user: aUser({ alwaysView: true }) });

    const feed = await screen.findByRole('feed', { name: 'For you' });
    await within(feed).findByRole('article', { name: /Older post/ });
    const photos = within(feed).getAllByRole<HTMLImageElement>('img', { name: /^Photo: / });
    expect(photos.map((photo) => [photo.getAttribute('loading'), photo.getAttribute('fetchpriority')])).toEqual([
      ['eager', 'high'],
      ['eager', 'high'],
      ['lazy', 'auto'],
    ]);
  });

  it('likes a post at once and keeps the server count', async () => {
    const requests = stubApi((request) => {
      if (request.method === 'PUT' && request.path === `/api/poops/${first.id}/like`) return json(200, { liked: true, likes: 7 });
      return feedPages({ '': { poops: [first], nextCursor: null } })(request);
    });
    renderInApp(<HomeFeed />, { user: aUser() });

    const like = await screen.findByRole('button', { name: 'Like, 2 likes' });
    await userEvent.click(like);
    await screen.findByRole('button', { name: 'Like, 7 likes', pressed: true });
    expect(requests.filter((request) => request.method === 'PUT')).toHaveLength(1);
  });

  it('puts the like back and says why when the server refuses it', async () => {
    stubApi((request) => {
      if (request.method === 'PUT') return apiError(500, 'internal', 'Something broke.', 'internal');
      return feedPages({ '': { poops: [first], nextCursor: null } })(request);
    });
    renderInApp(
      <>
        <HomeFeed />
        <ToastHost />
      </>,
      { user: aUser() },
    );

    await userEvent.click(await screen.findByRole('button', { name: 'Like, 2 likes' }));
    await screen.findByText('Something went wrong. Please try again.');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Like, 2 likes' }).getAttribute('aria-pressed')).toBe('false'));
  });
});
