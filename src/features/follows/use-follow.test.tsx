import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ToastHost } from '../../components/toast/ToastHost';
import { aUser, apiError, json, stubApi } from '../../test/fake-api';
import { renderInApp } from '../../test/render';
import { useFollow } from './use-follow';

function FollowButton() {
  const { state, toggle } = useFollow('user-2', { following: false, followers: 4 });
  return (
    <button type="button" aria-pressed={state.following} onClick={toggle}>
      {`Follow (${state.followers})`}
    </button>
  );
}

describe('useFollow', () => {
  it('follows and shows the server counts', async () => {
    const requests = stubApi((request) =>
      request.method === 'PUT' ? json(200, { following: true, followers: 9, followings: 1 }) : undefined,
    );
    renderInApp(<FollowButton />, { user: aUser() });

    await userEvent.click(await screen.findByRole('button', { name: 'Follow (4)', pressed: false }));
    await screen.findByRole('button', { name: 'Follow (9)', pressed: true });
    expect(requests.filter((request) => request.method === 'PUT').map((request) => request.path)).toEqual(['/api/users/user-2/follow']);
  });

  it('drops the follow and says why when the server refuses', async () => {
    stubApi((request) => (request.method === 'PUT' ? apiError(500, 'internal', 'Could not follow.') : undefined));
    renderInApp(
      <>
        <FollowButton />
        <ToastHost />
      </>,
      { user: aUser() },
    );

    await userEvent.click(await screen.findByRole('button', { name: 'Follow (4)' }));
    await screen.findByText('Could not follow.');
    expect(screen.getByRole('button', { name: 'Follow (4)' }).getAttribute('aria-pressed')).toBe('false');
  });
});
