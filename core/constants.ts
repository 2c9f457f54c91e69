/** Business constants and limits, named after the product spec (section 9). */

export const FEED_PAGE_SIZE = 5;
export const TOAST_DURATION_MS = 3000;
export const TOAST_OFFSET_BOTTOM_PX = 80;
export const POOP_TIMEZONE = 'America/New_York';
export const STREAK_WINDOW_HOURS = 28;
/**
 * A post carries the time it was made (offline posts sync later); the server accepts it within
 * [now - POST_TIME_MAX_AGE_DAYS, now + POST_TIME_MAX_AHEAD_MINUTES] and clamps it into that
 * window otherwise (a post that waited longer is kept, not refused; a fast clock is not trusted).
 */
export const POST_TIME_MAX_AGE_DAYS = 7;
export const POST_TIME_MAX_AHEAD_MINUTES = 5;
export const NEW_USER_CURRENT_POINTS = 300;
export const NEW_USER_ACCUMULATED_POINTS = 0;
export const PASSWORD_MIN_LENGTH = 6;
export const EMAIL_MIN_LENGTH = 5;
export const USERNAME_NUMBER_MIN = 1;
export const USERNAME_NUMBER_MAX = 999;

/* Input limits of our own (the spec leaves them open); the app and the API both read them here. */
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 30;
export const SUPPORT_MESSAGE_MAX_LENGTH = 2000;
/** Items per page of account/activity. */
export const ACTIVITY_PAGE_SIZE = 20;
export const MOST_LIKED_LIMIT = 50;
export const MOST_FOLLOWED_LIMIT = 50;
export const STREAK_BOARD_LIMIT = 50;
export const NOTIFICATION_MARK_READ_LIMIT = 50;
export const UNVERIFIED_LIST_LIMIT = 200;
export const VERIFICATION_QUEUE_LIMIT = 100;
/** Above this many unread notifications the badge reads '9+'. */
export const NOTIFICATION_BADGE_CAP = 9;
export const PUSH_TOKEN_REFRESH_DAYS = 7;
export const BUTTON_THEME_COLOR = '#C66427';
/** theme-color meta values that follow the light/dark theme. */
export const THEME_COLOR_LIGHT = '#FFF8F3';
export const THEME_COLOR_DARK = '#1C1410';
/** System fonts: nothing to download, so the shell looks the same offline (the theme's, and index.html's skeleton). */
export const FONT_STACK = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

/* Posting and the feed. The spec leaves the form's limits open; these are ours. */
export const POOP_TITLE_MAX_LENGTH = 100;
export const POOP_DESCRIPTION_MAX_LENGTH = 1000;
export const POOP_PLACE_NAME_MAX_LENGTH = 300;
export const COMMENT_MAX_LENGTH = 500;
export const COMMENTS_PAGE_SIZE = 20;
export const COMMENTS_PAGE_MAX = 100;
/** A profile's grid of posts loads more per page than the feed. */
export const USER_POOPS_PAGE_SIZE = 30;
/** Characters of a post's geohash (~1 m cells); the map queries by prefix. */
export const GEOHASH_PRECISION = 10;

/* Uploaded photos (server/media): refused above these before decoding. */
export const PHOTO_MAX_BYTES = 15 * 1024 * 1024;
export const PHOTO_MAX_MEGAPIXELS = 40;
export const PHOTO_MAX_PIXELS = PHOTO_MAX_MEGAPIXELS * 1_000_000;
/** Longest side of the stored display image, of the thumbnail and of the inline placeholder. */
export const PHOTO_DISPLAY_MAX_SIDE = 2048;
export const PHOTO_THUMB_MAX_SIDE = 480;
export const PHOTO_PLACEHOLDER_MAX_SIDE = 16;
export const PHOTO_DISPLAY_WEBP_QUALITY = 82;
export const PHOTO_THUMB_WEBP_QUALITY = 75;
export const PHOTO_PLACEHOLDER_WEBP_QUALITY = 30;

/* Reverse geocoding: Nominatim's usage policy asks for at most 1 request/s and for caching. */
export const GEOCODE_MIN_INTERVAL_MS = 1000;
/**
 * Coordinates are rounded to this many decimals (~1.1 km) before a place name is looked up: the
 * cache key, and all the precision sent upstream (a city-level name needs no more).
 */
export const GEOCODE_CACHE_DECIMALS = 2;
/** Nominatim's reverse `zoom` for a place name: 10 is the city level (never a street or a building). */
export const GEOCODE_NOMINATIM_ZOOM = 10;
/** The shipped place list's nearest populated place counts only within this distance; farther (the sea) is no place. */
export const GEOCODE_OFFLINE_MAX_KM = 50;
/** Lookups waiting for the upstream beyond this many answer an empty place name at once. */
export const GEOCODE_MAX_QUEUED = 10;

/*
 * Photos are compressed in the browser before upload, to PHOTO_DISPLAY_MAX_SIDE (the most the
 * server keeps anyway): a 12 MP phone photo re-encoded this way is a few hundred KB.
 */
/** Encoder qualities (0..1) tried in order until the photo fits PHOTO_UPLOAD_TARGET_BYTES. */
export const PHOTO_UPLOAD_QUALITIES = [0.8, 0.65, 0.5] as const;
export const PHOTO_UPLOAD_TARGET_BYTES = 1024 * 1024;

/* Social: follow lists, search, notifications and stats (our own limits; the spec leaves them open). */
export const FOLLOW_LIST_PAGE_SIZE = 30;
export const NOTIFICATIONS_PAGE_SIZE = 20;
export const SEARCH_QUERY_MAX_LENGTH = 50;
export const SEARCH_RESULTS_LIMIT = 20;
/** pg_trgm word similarity at or above which a name counts as a fuzzy match. */
export const SEARCH_SIMILARITY_THRESHOLD = 0.5;
/** Terms this long are also searched as typo variants (core/username-typos.ts); shorter variants are never used. */
export const SEARCH_TYPO_MIN_LENGTH = 4;
export const SEARCH_TYPO_MAX_LENGTH = 12;
/** The find screen waits this long after the last keystroke before searching. */
export const SEARCH_DEBOUNCE_MS = 300;
/** Personal stats cover this many days, today included. */
export const STATS_DAYS = 90;
/** The unread badge polls at this interval, doubling on failure up to the maximum. */
export const UNREAD_POLL_MS = 5_000;
export const UNREAD_POLL_MAX_MS = 5 * 60_000;

/* The map (spec section 7: a geohash prefix range, approved, not deleted, showInMap). */
/** Characters of the geohash cell others see a post in (~1.2 km x 0.6 km); the marker sits at its centre. */
export const MAP_COARSE_GEOHASH_PRECISION = 6;
/** Characters of the "home area" cell (~4.9 km x 4.9 km): once it is where its author posts most, hidden from others for good. */
export const MAP_HOME_GEOHASH_PRECISION = 5;
/** At most this many geohash cells cover one viewport (fewer, larger cells when zoomed out). */
export const MAP_COVER_MAX_CELLS = 32;
/** Posts per page of the map query, by default and at most. */
export const MAP_PAGE_SIZE = 200;
export const MAP_PAGE_MAX = 500;
/** The app reads at most this many pages for one view (MAP_PAGE_SIZE x this posts). */
export const MAP_MAX_PAGES = 5;

// --- moderation (issue 24), spec section 9 ---
/** (VERIFICATION_QUEUE_LIMIT and UNVERIFIED_LIST_LIMIT are above, with the other limits of section 9.) */
/** Pending and flagged posts shown for a decision at once (oldest first, so none waits forever). */
export const REVIEW_QUEUE_LIMIT = 100;
/** Days of daily reports the report screen charts. */
export const REPORT_TREND_DAYS = 30;
/** The dashboard's default date range, in days up to today. */
export const OVERVIEW_DEFAULT_DAYS = 30;
/** The longest date range the dashboard counts. */
export const OVERVIEW_MAX_DAYS = 366;
// --- end moderation ---

/* Streak habits (issue 44): reminders and freezes. */
/** A reminder is due this long after the last post (the streak ends at STREAK_WINDOW_HOURS). */
export const STREAK_REMINDER_AFTER_MINUTES = 23 * 60 + 30;
/** Quiet hours in the user's own time zone, [start, end) as minutes after midnight: 22:00-08:00. */
export const STREAK_QUIET_START_MINUTES = 22 * 60;
export const STREAK_QUIET_END_MINUTES = 8 * 60;
/** "Snooze 1 hour" on a streak reminder. */
export const STREAK_REMINDER_SNOOZE_MINUTES = 60;
/** A streak freeze costs this many points (currentPoints). */
export const STREAK_FREEZE_PRICE_POINTS = 100;
/** At most this many freezes held at once. */
export const STREAK_FREEZE_MAX_HELD = 2;
/** Each freeze keeps a streak alive this much longer (one missed day). */
export const STREAK_FREEZE_HOURS = 24;

/** The app reconnects its chat socket after this long, doubling up to the maximum. */
export const CHAT_RECONNECT_MS = 1_000;
export const CHAT_RECONNECT_MAX_MS = 30_000;
/** The realtime chat endpoint (a WebSocket). */
export const CHAT_SOCKET_PATH = '/api/chat/socket';
/** `/root/poop/{id}?reply=1` opens the post with the comment field focused (a comment's "Reply"). */
export const COMMENT_REPLY_PARAM = 'reply';
/** "Download my data": a finished export is offered to its owner for this long. */
export const DATA_EXPORT_LINK_HOURS = 24;
/** "Download my data": a new archive at most once this often per account (issue 61). */
export const DATA_EXPORT_MIN_INTERVAL_MINUTES = 60;
