import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FollowResponse } from '../../../core/follow-api';
import { overlayCount } from '../../../core/outbox';
import { setFollow } from '../../api/follows.api';
import { isQueued } from '../../api/outbox';
import { usePendingToggle } from '../outbox/use-outbox';
import { queryKeys } from '../../api/query-keys';
import { reportPoopActionError } from '../poops/poop-actions';

export interface FollowState {
  following: boolean;
  followers: number;
}

/**
 * Follow / unfollow a user as a mutation. The button shows the change at once (the optimistic
 * state is derived from the mutation while it is on its way, so a failure simply drops it: the
 * rollback needs no cache surgery), then the server's counts; the user's profile and follow
 * lists are refetched when it settles. A guest sees the login wall, other failures a toast.
 *
 *   const follow = useFollow(uid, { following, followers }); // as the profile last said
 *   <Button aria-pressed={follow.state.following} onClick={follow.toggle}>...</Button>
 */
export function useFollow(uid: string, known: FollowState) {
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: (following: boolean) => setFollow(uid, following),
    onError: (error) => reportPoopActionError(error, 'follow'),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.user(uid) }),
  });
  // Queued (offline): no answer yet; the change stays shown while it waits (see below).
  const answer: FollowResponse | undefined = mutation.isSuccess && !isQueued(mutation.data) ? mutation.data : undefined;
  let state: FollowState = answer === undefined ? known : { following: answer.following, followers: answer.followers };
  // A follow still in the outbox shows in its new state until it is sent (or dropped).
  const queued = usePendingToggle(uid, 'follow', 'unfollow');
  if (queued !== undefined && !mutation.isPending) {
    const { on, count } = overlayCount(state.followers, state.following, queued);
    state = { following: on, followers: count };
  }
  if (mutation.isPending && mutation.variables !== state.following) {
    state = { following: mutation.variables, followers: Math.max(0, state.followers + (mutation.variables ? 1 : -1)) };
  }
  const toggle = () => {
    if (!mutation.isPending) mutation.mutate(!state.following);
  };
  return { state, toggle, busy: mutation.isPending, waiting: queued !== undefined };
}
