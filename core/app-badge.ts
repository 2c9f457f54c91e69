/** The Badging API's half of `Navigator` / `WorkerNavigator`; either method may be missing. */
export interface BadgeNavigator {
  setAppBadge?: (contents?: number) => Promise<void>;
  clearAppBadge?: () => Promise<void>;
}

/**
 * Shows the unread notification count on the installed app's icon (issue 45): the count when
 * there is one, cleared at zero, nothing where the browser has no Badging API. A refusal (not
 * installed, no permission) changes nothing the user sees, so it is not an error.
 */
export async function showUnreadOnAppIcon(navigator: BadgeNavigator, unread: number): Promise<void> {
  try {
    if (unread > 0) await navigator.setAppBadge?.(Math.floor(unread));
    else await navigator.clearAppBadge?.();
  } catch (error) {
    // The badge is a hint: a browser refusing it (DOMException) leaves the app as it was.
    if (!(error instanceof Error)) throw error;
  }
}
