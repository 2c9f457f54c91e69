import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { LEAGUE_MIN_ACTIVE_MEMBERS } from '../../../core/league';

// The leagues' sentences that more than one screen says, or that take a number (issue 44, 62).

/** What a league is, on the list and on an invitation. */
export const LEAGUES_INTRO = msg`Compete with friends each week: the board counts the days you logged, Monday to Sunday (New York time). Never how many, never any details.`;

/** "3 of 50 members" (English says "members" for one too; Italian does not). */
export function membersText(count: number, max: number): MessageDescriptor {
  return msg`${plural(count, { one: `# of ${max} members`, other: `# of ${max} members` })}`;
}

/** The time left in the week, from its remaining milliseconds: "2 days left", "5 hours left". */
export function timeLeftText(ms: number): MessageDescriptor {
  const hours = Math.floor(ms / 3_600_000);
  const days = Math.floor(hours / 24);
  if (hours >= 24) return msg`${plural(days, { one: '# day left', other: '# days left' })}`;
  if (hours >= 1) return msg`${plural(hours, { one: '# hour left', other: '# hours left' })}`;
  return msg`Less than an hour left`;
}

/** Last week's winners, their names joined as the reader's language lists them; none: why. */
export function lastWinnersText(names: readonly string[], locale: string): MessageDescriptor {
  if (names.length === 0) return msg`No winner last week: a week needs ${LEAGUE_MIN_ACTIVE_MEMBERS} members who logged a day.`;
  const winners = new Intl.ListFormat(locale, { type: 'conjunction', style: 'narrow' }).format(names);
  return msg`${plural(names.length, { one: `Last week's winner: ${winners}`, other: `Last week's winners: ${winners}` })}`;
}

/** "1 week won", "3 weeks won". */
export function winsText(count: number): MessageDescriptor {
  return msg`${plural(count, { one: '# week won', other: '# weeks won' })}`;
}
