import type { ReplayReport } from '../../../core/outbox';
import { isPublicPoop } from '../../../core/poop';
import type { LikeResponse, Poop } from '../../../core/poop-api';
import { onOutboxReplayed } from '../../api/outbox';
import { patchCachedPoop, putPoopFirstInFeed, removeGonePoop } from '../../api/poop-cache';
import { queryClient } from '../../api/query-client';
import { queryKeys } from '../../api/query-keys';
import { toast } from '../../components/toast/use-toast';
import { refreshUserAfterActivity } from '../welcome/refresh-after-post';
import { droppedMessage, sentMessage, signInAgainText } from './outbox-texts';

function parse<T>(text: string): T | undefined {
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}

/**
 * What the UI does after a replay: show sent posts and counts in the query cache, explain
 * drops and roll them back (the refetch below replaces the optimistic state with the server's),
 * ask for a new sign-in on 401.
 */
export function applyReplayReport(report: ReplayReport): void {
  let posted = false;
  let postSent = false;
  for (const { entry, result } of report.sent) {
    if (entry.kind === 'poop-create') {
      const poop = parse<{ poop: Poop }>(result.text)?.poop;
      posted = true;
      postSent = true;
      if (poop && isPublicPoop(poop)) putPoopFirstInFeed(queryClient, poop);
      else if (poop) queryClient.setQueryData(queryKeys.poop(poop.id), poop);
    } else if (entry.kind === 'poop-like' || entry.kind === 'poop-unlike') {
      const answer = parse<LikeResponse>(result.text);
      if (answer) patchCachedPoop(queryClient, entry.target, (poop) => ({ ...poop, likedByMe: answer.liked, likes: answer.likes }));
    } else if (entry.kind === 'poop-delete') {
      removeGonePoop(queryClient, entry.target);
    } else if (entry.kind === 'streak-freeze-buy' || entry.kind === 'diary-entry') {
      // A freeze spent points, a diary-only entry counts for the streak like a post (issue 44, 43):
      // the user record below is refreshed as after a post.
      posted = true;
    }
  }
  for (const { entry, status, message } of report.dropped) {
    toast.error(droppedMessage(entry.kind, message));
    // The post is gone: take it out of every list now, and keep it out of the refetch below,
    // which the worker may answer from its saved copy when the network is slow.
    if ((entry.kind === 'poop-like' || entry.kind === 'poop-unlike') && status === 404) removeGonePoop(queryClient, entry.target);
  }
  // Back online, say what went out (issue 64): the pending chips vanish, so the change is named.
  if (report.sent.length > 0) toast.success(sentMessage(report.sent.length));
  if (report.stoppedBy === 'auth') toast.warning(signInAgainText());
  // A post, a diary entry or a freeze bought moved the streak and points; a post that waited
  // offline earns its pay-off when it is sent, as one sent at once does.
  if (posted) refreshUserAfterActivity({ payoff: postSent });
  if (report.sent.length > 0 || report.dropped.length > 0) void queryClient.invalidateQueries();
}

let registered = false;

/** Applies every replay's report to the UI (this tab's replays and those announced by others and the worker). */
export function startOutboxEffects(): void {
  if (registered) return;
  registered = true;
  onOutboxReplayed(applyReplayReport);
}
