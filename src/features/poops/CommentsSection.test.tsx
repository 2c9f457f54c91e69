import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { onlineManager } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { Comment, CreateCommentBody } from '../../../core/poop-api';
import { ToastHost } from '../../components/toast/ToastHost';
import { aComment, aPoop, aUser, apiError, json, stubApi, type FakeRequest } from '../../test/fake-api';
import { renderInApp } from '../../test/render';
import { CommentsSection } from './CommentsSection';

const poop = aPoop({ comments: 1 });
const me = aUser({ uid: 'me', username: 'ada' });
const theirs = aComment({ text: 'Nice one' });
const commentsPath = `/api/poops/${poop.id}/comments`;

function comments(list: Comment[]) {
  return (request: FakeRequest) =>
    request.method === 'GET' && request.path === commentsPath ? json(200, { comments: list, nextCursor: null }) : undefined;
}

describe('CommentsSection', () => {
  it('lists the comments and sends a new one with Enter', async () => {
    const requests = stubApi((request) => {
      if (request.method === 'POST' && request.path === commentsPath) {
        const body = request.body as CreateCommentBody;
        return json(201, { comment: aComment({ id: body.id, text: body.text, uid: me.uid, username: me.username }) });
      }
      return comments([theirs])(request);
    });
    renderInApp(<CommentsSection poop={poop} now={new Date('2026-11-21T10:00:00Z')} />, { user: me });

    const list = await screen.findByRole('list', { name: 'Comments' });
    await within(list).findByText('Nice one');
    await userEvent.type(screen.getByRole('textbox', { name: 'Add a comment' }), 'Well done{Enter}');

    await within(list).findByText('Well done');
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    await waitFor(() => expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Add a comment' }).value).toBe(''));
    const posted = requests.filter((request) => request.method === 'POST');
    expect(posted).toHaveLength(1);
    expect(posted[0]?.body).toMatchObject({ text: 'Well done' });
  });

  it('opened offline with nothing saved, says so instead of a spinner, and loads once back online', async () => {
    stubApi(comments([theirs]));
    const answer = globalThis.fetch;
    let up = false;
    vi.stubGlobal('fetch', (...args: Parameters<typeof fetch>) =>
      up ? answer(...args) : Promise.reject(new TypeError('Failed to fetch')),
    );
    onlineManager.setOnline(false);
    try {
      renderInApp(<CommentsSection poop={poop} now={new Date()} />, { user: me });

      // The read fails, and its retry waits for the connection.
      await screen.findByText(
        'You are offline, and this is not saved on this device yet. It loads when you are back online.',
        {},
        { timeout: 5_000 },
      );
      expect(screen.queryByRole('progressbar')).toBeNull();
      up = true;
      onlineManager.setOnline(true);
      await within(screen.getByRole('list', { name: 'Comments' })).findByText('Nice one');
      expect(screen.queryByText(/You are offline/)).toBeNull();
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it('refuses an empty comment without asking the server', async () => {
    const requests = stubApi(comments([]));
    renderInApp(<CommentsSection poop={poop} now={new Date()} />, { user: me });

    await screen.findByText('No comments yet. Be the first.');
    await userEvent.click(screen.getByRole('button', { name: 'Send comment' }));
    expect(screen.getByRole('textbox', { name: 'Add a comment' }).getAttribute('aria-invalid')).toBe('true');
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it('takes a new comment back and shows why when the server refuses it', async () => {
    stubApi((request) =>
      request.method === 'POST' ? apiError(400, 'bad_request', 'Comment too long.', 'commentTooLong') : comments([])(request),
    );
    renderInApp(<CommentsSection poop={poop} now={new Date()} />, { user: me });

    await screen.findByText('No comments yet. Be the first.');
    await userEvent.type(screen.getByRole('textbox', { name: 'Add a comment' }), 'Hmm{Enter}');
    await screen.findByText('A comment can be at most 500 characters.');
    expect(within(screen.getByRole('list', { name: 'Comments' })).queryByText('Hmm')).toBeNull();
    // The text stays, to fix and send again.
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Add a comment' }).value).toBe('Hmm');
  });

  it("deletes the author's own comment, and puts it back when the server refuses", async () => {
    const mine = aComment({ id: '55555555-5555-4555-8555-555555555555', uid: me.uid, username: me.username, text: 'Oops' });
    stubApi((request) =>
      request.method === 'DELETE' ? apiError(500, 'internal', 'Could not delete.') : comments([theirs, mine])(request),
    );
    renderInApp(
      <>
        <CommentsSection poop={poop} now={new Date()} />
        <ToastHost />
      </>,
      { user: me },
    );

    const list = await screen.findByRole('list', { name: 'Comments' });
    await within(list).findByText('Oops');
    // Only the author's comment can be deleted by them.
    expect(within(list).getAllByRole('button', { name: 'Delete comment' })).toHaveLength(1);
    await userEvent.click(within(list).getByRole('button', { name: 'Delete comment' }));
    await screen.findByText('Something went wrong. Please try again.');
    await within(list).findByText('Oops');
  });

  it('likes a comment', async () => {
    stubApi((request) => (request.method === 'PUT' ? json(200, { liked: true, likes: 1 }) : comments([theirs])(request)));
    renderInApp(<CommentsSection poop={poop} now={new Date()} />, { user: me });

    await userEvent.click(await screen.findByRole('button', { name: 'Like comment, 0 likes' }));
    await screen.findByRole('button', { name: 'Like comment, 1 like', pressed: true });
  });
});
