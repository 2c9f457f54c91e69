import { useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicUser } from '../../../core/social-api';
import { setFollow } from '../../api/follows.api';
import { isQueued } from '../../api/outbox';
import { queryKeys } from '../../api/query-keys';
import { toast } from '../../components/toast/use-toast';
import { openLoginWall, useAuthState } from '../../state/app.state';

/** The spec's log line (section 7, Follow and unfollow) when there is no current user. */
export const NO_CURRENT_USER_LOG = 'Current user UID is undefined';

type UserUpdater = (user: PublicUser) => PublicUser;

/**
 * Follow / unfollow `target` optimistically: the button and the follower count change at once
 * and roll back, with a toast, if the server refuses. Without a signed-in user it logs the
 * spec's line and opens the login wall; a guest gets the login wall too. Offline the write waits
 * in the outbox (`Queued`): the change stays, marked pending (usePendingToggle), until it is sent;
 * if the server later refuses it, the refetch after the replay puts the server's state back.
 */
export function useFollow(target: Pick<PublicUser, 'uid' | 'username'>) {
  const auth = useAuthState();
  const { t } = useLingui();
  const { username } = target;
  const queryClient = useQueryClient();
  const key = queryKeys.user(target.uid);

  const mutation = useMutation({
    mutationFn: (follow: boolean) => setFollow(target.uid, follow),
    onMutate: async (follow: boolean) => {
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const previous = queryClient.getQueryData<PublicUser>(key);
      const change: UserUpdater = (user) => ({
        ...user,
        isFollowing: follow,
        followers: Math.max(0, user.followers + (user.isFollowing === follow ? 0 : follow ? 1 : -1)),
      });
      queryClient.setQueryData<PublicUser>(key, (user) => (user ? change(user) : user));
      return { previous };
    },
    onError: (_error, follow, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      toast.error(follow ? t`Could not follow ${username}. Please try again.` : t`Could not unfollow ${username}. Please try again.`);
    },
    onSuccess: (result) => {
      if (isQueued(result)) return;
      queryClient.setQueryData<PublicUser>(key, (user) =>
        user ? { ...user, isFollowing: result.following, followers: result.followers } : user,
      );
    },
    onSettled: (result) => {
      // Queued: nothing changed on the server yet; the replay refetches everything once sent.
      if (isQueued(result)) return;
      void queryClient.invalidateQueries({ queryKey: queryKeys.followers(target.uid) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.mostFollowed() });
      if (auth.uid) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.user(auth.uid) });
        void queryClient.invalidateQueries({ queryKey: queryKeys.me() });
      }
    },
  });

  /** Answers false (and shows the login wall) when the visitor cannot follow. */
  const toggle = (follow: boolean): boolean => {
    if (auth.uid === null) {
      console.warn(NO_CURRENT_USER_LOG);
      openLoginWall('follow');
      return false;
    }
    if (auth.isAnonymous) {
      openLoginWall('follow');
      return false;
    }
    mutation.mutate(follow);
    return true;
  };

  return { toggle, pending: mutation.isPending, pendingFollow: mutation.isPending ? mutation.variables : undefined };
}
