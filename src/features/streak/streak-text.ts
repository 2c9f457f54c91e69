import { plural, t } from '@lingui/core/macro';
import { STREAK_FREEZE_MAX_HELD, STREAK_FREEZE_PRICE_POINTS } from '../../../core/constants';
import { STREAK_DAYS_SHOWN } from '../../../core/streak-api';

const price = STREAK_FREEZE_PRICE_POINTS;
const most = STREAK_FREEZE_MAX_HELD;
const shown = STREAK_DAYS_SHOWN;

/** The streak card's and the reminder switch's texts, each read from the active catalog when used (issue 62). */
export const STREAK_TEXT = {
  get bought() {
    return t`Streak freeze bought.`;
  },
  get queued() {
    return t`Streak freeze saved: it is bought when you are back online.`;
  },
  get heading() {
    return t`Your streak`;
  },
  get loading() {
    return t`Loading your streak…`;
  },
  get unavailable() {
    return t`Your streak could not be loaded. Try again when you are online.`;
  },
  get calendarLabel() {
    return plural(shown, { one: 'The last day', other: 'The last # days' });
  },
  get posted() {
    return t`Posted`;
  },
  get frozen() {
    return t`Frozen`;
  },
  get noPost() {
    return t`No post`;
  },
  get freezeHeading() {
    return t`Streak freeze`;
  },
  get freezeHelp() {
    return t`A freeze keeps your streak on a day without a post; it is used automatically. You can hold ${most}.`;
  },
  held: (held: number) => t`Held: ${held} of ${most}`,
  waiting: (count: number) => plural(count, { one: '# waiting to be sent', other: '# waiting to be sent' }),
  get buy() {
    return plural(price, { one: 'Buy for # point', other: 'Buy for # points' });
  },
  get full() {
    return t`You hold ${most}, the most you can.`;
  },
  short: (points: number) =>
    plural(points, { one: `You have # point; a freeze costs ${price}.`, other: `You have # points; a freeze costs ${price}.` }),
  get reminders() {
    return t`Streak reminders`;
  },
  get remindersHelp() {
    return t`One notification when your streak is about to end (never at night: 22:00-08:00 your time).`;
  },
};
