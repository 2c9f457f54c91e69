/** The texts of 'For you' (ready for translation). */
export const FEED_TEXT = {
  name: 'For you',
  refresh: 'Refresh',
  refreshing: 'Refreshing the feed',
  loading: 'Loading posts',
  loadMore: 'Load more',
  tryAgain: 'Try again',
  firstPageFailed: (reason: string) => `The feed did not load. ${reason}`,
  nextPageFailed: (reason: string) => `The next posts did not load. ${reason}`,
} as const;
