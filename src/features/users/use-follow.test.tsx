import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQuery } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { PublicUser } from '../../../core/social-api';
import { createQueryClient } from '../../api/query-client';
import { queryKeys } from '../../api/query-keys';
import { userQuery } from '../../api/users.queries';
import { ToastHost } from '../../components/toast/ToastHost';
import { aUser, apiError, json, stubApi } from '../../test/fake-api';
import { renderInApp } from '../../test/render';
import { FollowButton } from './FollowButton';

const ottie: PublicUser = {
  uid: 'user-2',
  username: 'BraveOtter100',
  photoURL: '',
  premium: false,
  followers: 4,
  followings: 0,
  currentStreak: 0,
  longestStreak: 0,
  isFollowing: false,
};

/** The follower count as the user page shows it: the cached user record that useFollow updates. */
function FollowerCount() {
  const user = useQuery({ ...userQuery(ottie.uid), enabled: false }).data;
  return <p>{`${user?.followers ?? '?'} followers`}</p>;
}

/** The user page's follow controls: the button the app uses (FollowButton, through useFollow) and the count. */
function renderUserPage() {
  const client = createQueryClient();
  client.setQueryData(queryKeys.user(ottie.uid), ottie);
  renderInApp(
    <>
      <FollowButton user={ottie} />
      <FollowerCount />
      <ToastHost />
    </>,
    { user: aUser(), client },
  );
  return client;
}

describe('useFollow (users/use-follow.ts), through the Follow button', () => {
  it('follows at once, then shows the counts the server answered', async () => {
    const requests = stubApi((request) =>
      request.method === 'PUT' ? json(200, { following: true, followers: 9, followings: 1 }) : undefined,
    );
    renderUserPage();

    await screen.findByText('4 followers');
    await userEvent.click(await screen.findByRole('button', { name: 'Follow' }));
    await screen.findByRole('button', { name: 'Unfollow' });
    await screen.findByText('9 followers');
    expect(requests.filter((request) => request.method === 'PUT').map((request) => request.path)).toEqual([
      `/api/users/${ottie.uid}/follow`,
    ]);
  });

  it('puts the button and the count back and says so when the server refuses', async () => {
    stubApi((request) => (request.method === 'PUT' ? apiError(500, 'internal', 'Something went wrong.') : undefined));
    renderUserPage();

    await userEvent.click(await screen.findByRole('button', { name: 'Follow' }));
    await screen.findByText('Could not follow BraveOtter100. Please try again.');
    expect(screen.getByRole('button', { name: 'Follow' })).toBeTruthy();
    expect(screen.getByText('4 followers')).toBeTruthy();
  });

  it('unfollows with DELETE and lowers the count', async () => {
    const requests = stubApi((request) =>
      request.method === 'DELETE' ? json(200, { following: false, followers: 3, followings: 0 }) : undefined,
    );
    const client = createQueryClient();
    client.setQueryData(queryKeys.user(ottie.uid), { ...ottie, isFollowing: true });
    renderInApp(
      <>
        <FollowButton user={{ ...ottie, isFollowing: true }} />
        <FollowerCount />
      </>,
      { user: aUser(), client },
    );

    await userEvent.click(await screen.findByRole('button', { name: 'Unfollow' }));
    await screen.findByRole('button', { name: 'Follow' });
    await screen.findByText('3 followers');
    expect(requests.filter((request) => request.method === 'DELETE')).toHaveLength(1);
  });
});
