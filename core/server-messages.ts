/**
 * Texts the API answers in `error.message` (beyond the posting texts of `POOP_MESSAGES` in
 * `messages.ts`). The server spells them only here; the client may show them as they come.
 */
export const SERVER_MESSAGES = {
  signIn: 'Please sign in.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  signInTooOld: 'Please sign in again: that sign-in is too old.',
  accountRequired: 'Create an account to do that.',
  forbidden: 'You are not allowed to do that.',
  notFound: 'Not found.',
  routeNotFound: 'That no longer exists.',
  crossSite: 'Cross-site requests are not allowed.',
  nulInText: 'Text may not contain NUL characters.',
  internal: 'Something went wrong. Please try again.',
  /** 503 `unavailable`: the database cannot be reached right now (a dropped connection, a restart). */
  databaseUnavailable: 'The service is briefly unavailable. Please try again in a few seconds.',
  /** 503 `storage_unavailable`: the photo storage could not be written. */
  storageUnavailable: 'Photos cannot be saved right now; nothing was stored. Please try again later.',
  tooManyRequests: 'Too many requests, try again later.',
  noSuchUser: 'No such user.',
  noAvatar: 'No avatar.',
  noSuchMessage: 'No such message.',
  messageIdTaken: 'That message id belongs to someone else.',
  cannotFollowSelf: 'You cannot follow yourself.',
  // --- Premium and chat (issue 25) ---
  premiumRequired: 'Chat is for premium members. Get premium to chat.',
  otherNotPremium: 'You can only chat with premium members.',
  paymentsNotConfigured: 'Payments are not set up on this server.',
  chatBlocked: 'You cannot send messages in this conversation.',
  cannotChatWithSelf: 'You cannot chat with yourself.',
  emptyMessage: 'Write a message first.',
  invalidSignature: 'Invalid webhook signature.',
  notYourReceipt: 'That receipt is not yours.',
  /** 429 `export_too_soon` (issue 61); the client words the time from Retry-After itself. */
  exportTooSoon: 'You can prepare a new archive once an hour. Please try again later.',
  exportUnavailable: 'This download is not available. Ask for a new one.',
  chatSocketUpgrade: 'This is the chat WebSocket: open it with an Upgrade: websocket request.',
} as const;
