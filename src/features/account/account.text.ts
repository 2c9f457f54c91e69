/** Texts of the account screens (ready for translation); more of them still sit in their components. */
export const ACCOUNT_TEXT = {
  activityTitle: 'Activity',
  activityList: 'Your activity',
  activityEmpty: 'Nothing here yet',
  activityLoading: 'Loading your activity',
  tryAgain: 'Try again',
  loadMore: 'Load more',
  usernameSaved: 'Username saved.',
  avatarSaved: 'Avatar updated.',
} as const;
