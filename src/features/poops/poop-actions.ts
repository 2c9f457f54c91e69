import { isAccountRequired } from '../../api/error-text';
import { toast } from '../../components/toast/use-toast';
import { openLoginWall, type AccountAction } from '../../state/app.state';
import { messageForError } from '../auth/auth-errors';

/**
 * Tells the user why an action on a post failed. The server answers 403 `account_required` to
 * a guest whose client thought otherwise (a stale tab): open the login wall, as the guard would.
 */
export function reportPoopActionError(error: unknown, action: AccountAction): void {
  if (isAccountRequired(error)) {
    openLoginWall(action);
    return;
  }
  toast.error(messageForError(error));
}
