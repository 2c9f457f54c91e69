/** Business constants and limits, named after the product spec (section 9). */

export const FEED_PAGE_SIZE = 5;
export const TOAST_DURATION_MS = 3000;
export const TOAST_OFFSET_BOTTOM_PX = 80;
export const POOP_TIMEZONE = 'America/New_York';
export const STREAK_WINDOW_HOURS = 28;
export const NEW_USER_CURRENT_POINTS = 300;
export const NEW_USER_ACCUMULATED_POINTS = 0;
export const PASSWORD_MIN_LENGTH = 6;
export const EMAIL_MIN_LENGTH = 5;
export const USERNAME_NUMBER_MIN = 1;
export const USERNAME_NUMBER_MAX = 999;
export const MOST_LIKED_LIMIT = 50;
export const MOST_FOLLOWED_LIMIT = 50;
export const STREAK_BOARD_LIMIT = 50;
export const NOTIFICATION_MARK_READ_LIMIT = 50;
export const UNVERIFIED_LIST_LIMIT = 200;
export const VERIFICATION_QUEUE_LIMIT = 100;
export const LEADERBOARD_TOP_TEXT = 'top 100';
/** Above this many unread notifications the badge reads '9+'. */
export const NOTIFICATION_BADGE_CAP = 9;
export const CONSENSUS_THRESHOLD = 0.75;
export const PUSH_TOKEN_REFRESH_DAYS = 7;
export const BUTTON_THEME_COLOR = '#C66427';
/** theme-color meta values that follow the light/dark theme. */
export const THEME_COLOR_LIGHT = '#FFF8F3';
export const THEME_COLOR_DARK = '#1C1410';
