import { OUTBOX_MESSAGES, type ReplayReport } from '../../../core/outbox';
import { isPublicPoop } from '../../../core/poop';
import type { LikeResponse, Poop } from '../../../core/poop-api';
import { ApiError } from '../../api/api-error';
import { onOutboxReplayed } from '../../api/outbox';
import { getPoop as fetchPoop } from '../../api/poops.api';
import { queryClient } from '../../api/query-client';
import { toast } from '../../components/toast/use-toast';
import { addPoopToFeed, rememberPoops, removePoopFromFeed, updatePoop } from '../../state/app.state';
import { droppedMessage } from './outbox-texts';

function parse<T>(text: string): T | undefined {
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}

/** Puts a post back as the server has it (after a dropped like), or takes it away if it is gone. */
async function reloadPoop(id: string): Promise<void> {
  try {
    rememberPoops([await fetchPoop(id)]);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) removePoopFromFeed(id);
    else if (!(error instanceof ApiError)) throw error;
  }
}

/** What the UI does after a replay: show sent posts and counts, roll back and explain drops, ask for sign-in on 401. */
export function applyReplayReport(report: ReplayReport): void {
  for (const { entry, result } of report.sent) {
    if (entry.kind === 'poop-create') {
      const poop = parse<{ poop: Poop }>(result.text)?.poop;
      if (poop && isPublicPoop(poop)) addPoopToFeed(poop);
      else if (poop) rememberPoops([poop]);
    } else if (entry.kind === 'poop-like' || entry.kind === 'poop-unlike') {
      const answer = parse<LikeResponse>(result.text);
      if (answer) updatePoop(entry.target, (poop) => ({ ...poop, likedByMe: answer.liked, likes: answer.likes }));
    } else if (entry.kind === 'poop-delete') {
      removePoopFromFeed(entry.target);
    }
  }
  for (const { entry, message } of report.dropped) {
    toast.error(droppedMessage(entry.kind, message));
    if (entry.kind === 'poop-like' || entry.kind === 'poop-unlike') void reloadPoop(entry.target);
  }
  if (report.stoppedBy === 'auth') toast.warning(OUTBOX_MESSAGES.signInAgain);
  if (report.sent.length > 0 || report.dropped.length > 0) void queryClient.invalidateQueries();
}

let registered = false;

/** Applies every replay's report to the UI (this tab's replays and those announced by others and the worker). */
export function startOutboxEffects(): void {
  if (registered) return;
  registered = true;
  onOutboxReplayed(applyReplayReport);
}
