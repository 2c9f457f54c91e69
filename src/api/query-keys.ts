/**
 * Every query key of the app, one factory per resource (TanStack Query's key-factory pattern):
 * invalidations and optimistic updates name keys through these, never as literal arrays.
 * Much of it depends on who is signed in (likedByMe, private posts): sign-out clears the whole
 * cache (and its persisted copy), not just the keys under `private`.
 */
export const queryKeys = {
  all: ['plop'] as const,
  config: () => [...queryKeys.all, 'config'] as const,
  feed: () => [...queryKeys.all, 'feed'] as const,
  poops: () => [...queryKeys.all, 'poops'] as const,
  poop: (id: string) => [...queryKeys.poops(), id] as const,
  comments: (poopId: string) => [...queryKeys.poop(poopId), 'comments'] as const,
  /** Mutation key: a like of this post on its way (a second tap is ignored until it settles). */
  poopLike: (id: string) => [...queryKeys.poop(id), 'like'] as const,
  users: () => [...queryKeys.all, 'users'] as const,
  user: (uid: string) => [...queryKeys.users(), uid] as const,
  userPoops: (uid: string) => [...queryKeys.user(uid), 'poops'] as const,
  followers: (uid: string) => [...queryKeys.user(uid), 'followers'] as const,
  followings: (uid: string) => [...queryKeys.user(uid), 'followings'] as const,
  mostFollowed: () => [...queryKeys.users(), 'most-followed'] as const,
  leaderboards: () => [...queryKeys.all, 'leaderboards'] as const,
  mostLiked: () => [...queryKeys.leaderboards(), 'most-liked'] as const,
  search: (term: string) => [...queryKeys.users(), 'search', term] as const,
  /** The caller's own hidden cells and located posts per cell (the create screen's "Show on map"). */
  ownMapPlaces: () => [...queryKeys.all, 'map', 'own-places'] as const,
  /** The map's posts in a snapped viewport (features/map/map-view.ts). */
  map: (viewport: { west: number; south: number; east: number; north: number }) =>
    [...queryKeys.all, 'map', viewport.west, viewport.south, viewport.east, viewport.north] as const,
  private: () => [...queryKeys.all, 'private'] as const,
  me: () => [...queryKeys.private(), 'me'] as const,
  activity: () => [...queryKeys.private(), 'activity'] as const,
  stats: () => [...queryKeys.private(), 'stats'] as const,
  /** The health diary (issue 43): the author's own, never anyone else's. */
  diary: () => [...queryKeys.private(), 'diary'] as const,
  postHealth: (poopId: string) => [...queryKeys.diary(), 'post', poopId] as const,
  notifications: () => [...queryKeys.private(), 'notifications'] as const,
  /** The author's diary over days from..to in the time zone tz (the Activity charts and the doctor's report). */
  diaryReport: (from: string, to: string, tz: string) => [...queryKeys.diary(), 'report', from, to, tz] as const,
  /** The caller's newest "Download my data" archive (issue 43). */
  dataExport: () => [...queryKeys.private(), 'data-export'] as const,
  unreadCount: () => [...queryKeys.notifications(), 'unread'] as const,
  notificationList: () => [...queryKeys.notifications(), 'list'] as const,
  // --- Premium and chat (issue 25) ---
  premiumPlan: () => [...queryKeys.all, 'premium-plan'] as const,
  /** The user record as the confirmation page polls it after Stripe Checkout. */
  premiumConfirmation: () => [...queryKeys.private(), 'premium-confirmation'] as const,
  /** validateStripeReceipt's answer for a receipt, once per page load (`load` tells loads apart). */
  premiumReceipt: (receiptId: string, load: string) => [...queryKeys.private(), 'premium-receipt', receiptId, load] as const,
  chat: () => [...queryKeys.private(), 'chat'] as const,
  chatConversations: () => [...queryKeys.chat(), 'conversations'] as const,
  chatConversation: (peerUid: string) => [...queryKeys.chat(), 'with', peerUid] as const,
  chatHistory: (peerUid: string) => [...queryKeys.chat(), 'with', peerUid, 'messages'] as const,
  // --- Streak habits (issue 44) ---
  streak: () => [...queryKeys.private(), 'streak'] as const,
  // --- Leagues and achievements (issue 44) ---
  leagues: () => [...queryKeys.private(), 'leagues'] as const,
  league: (id: string) => [...queryKeys.leagues(), id] as const,
  leagueInvite: (code: string) => [...queryKeys.leagues(), 'invite', code] as const,
  achievements: () => [...queryKeys.private(), 'achievements'] as const,
};
