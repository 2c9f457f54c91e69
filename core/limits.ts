/** Input limits of our own (the spec leaves them open); the app and the API both read them here. */
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 30;
export const SUPPORT_MESSAGE_MAX_LENGTH = 2000;
/** Items per page of account/activity. */
export const ACTIVITY_PAGE_SIZE = 20;
