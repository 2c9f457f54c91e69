/**
 * Where the server serves the Firebase Auth emulator's fake sign-in page on the app's own
 * origin (local development only), for Google sign-in by redirect against the emulator.
 * Kept apart from the schemas (core/api.ts) so the app imports it without the schema library.
 */
export const AUTH_EMULATOR_HANDLER_PATH = '/api/auth-emulator/handler';

/**
 * The id of the JSON data block (`<script type="application/json">`, which the CSP does not
 * treat as script) in which the server writes the public config into the app's HTML.
 */
export const PUBLIC_CONFIG_ELEMENT_ID = 'plop-config';

/**
 * The id of the data block in which the server says, in a page it sends to a browser's
 * navigation, who the session cookie belongs to: `{"user": <the user record> | null}`. A page
 * without it (the service worker's copy) says nothing, and the app asks as before.
 */
export const PAGE_SESSION_ELEMENT_ID = 'plop-session';
