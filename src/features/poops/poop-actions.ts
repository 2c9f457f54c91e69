import { setPoopLike } from '../../api/poops.api';
import { ApiError } from '../../api/api-error';
import { overlayCount, pendingToggle } from '../../../core/outbox';
import { getOutboxEntries, isQueued } from '../../api/outbox';
import { toast } from '../../components/toast/use-toast';
import { getPoop, openLoginWall, updatePoop, type AccountAction } from '../../state/app.state';
import { messageForError } from '../auth/auth-errors';
import { toggledLike } from './like-count';

/**
 * Tells the user why an action on a post failed. The server answers 403 `account_required` to
 * a guest whose client thought otherwise (a stale tab): open the login wall, as the guard would.
 */
export function reportPoopActionError(error: unknown, action: AccountAction): void {
  if (error instanceof ApiError && error.code === 'account_required') {
    openLoginWall(action);
    return;
  }
  toast.error(messageForError(error));
}

const likesInFlight = new Set<string>();

/**
 * Likes or unlikes a post everywhere it is shown, at once, then settles on the server's count;
 * a failure puts the like back as it was. A second tap while one is on its way is ignored.
 */
export async function togglePoopLike(id: string): Promise<void> {
  const before = getPoop(id);
  if (before === undefined || likesInFlight.has(id)) return;
  likesInFlight.add(id);
  // Start from what the button shows: a like still in the outbox counts (after an offline reload).
  const pending = pendingToggle(getOutboxEntries(), id, 'poop-like', 'poop-unlike');
  const { on, count } = overlayCount(before.likes, before.likedByMe, pending);
  const liked = !on;
  updatePoop(id, (poop) => toggledLike({ ...poop, likedByMe: on, likes: count }));
  try {
    const answer = await setPoopLike(id, liked);
    // Queued (offline): the optimistic state stays, marked pending, until the outbox sends it.
    if (!isQueued(answer)) updatePoop(id, (poop) => ({ ...poop, likedByMe: answer.liked, likes: answer.likes }));
  } catch (error) {
    updatePoop(id, (poop) => ({ ...poop, likedByMe: before.likedByMe, likes: before.likes }));
    reportPoopActionError(error, 'like');
  } finally {
    likesInFlight.delete(id);
  }
}
