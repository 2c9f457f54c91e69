/** The create screen's own texts (the API's error texts live in core/messages.ts POOP_MESSAGES). */
export const POST_MESSAGES = {
  posted: 'Posted!',
  postedPrivately: 'Posted privately. Only you can see it.',
  postedPending: 'Posted. "Other" posts are shown in the feed once a moderator has checked them.',
} as const;
