import { DateTime } from 'luxon';
import { POOP_TIMEZONE } from './constants';

/**
 * Weekly leagues with friends (issue 44, part 3). A league ranks its members by the days they
 * logged this week (a post, private ones included, or a diary-only entry), never by how many
 * movements: three posts on a Tuesday are one day. Nothing about health is scored.
 */

/** Members a league holds at most (the owner included). */
export const LEAGUE_MAX_MEMBERS = 50;
/** Leagues one person may belong to (owned ones included), and may own (issue 61: one-person leagues farmed points). */
export const LEAGUE_MAX_JOINED = 10;
export const LEAGUE_MAX_OWNED = 3;
/** Members who must log a day in a week for it to have winners (issue 61: one-person leagues farmed points). */
export const LEAGUE_MIN_ACTIVE_MEMBERS = 3;
/** Longest league name, in characters. */
export const LEAGUE_NAME_MAX_LENGTH = 40;
/**
 * Points the week's winner (each of them, on a tie) receives: once a week per person, however many
 * leagues they top (each win still counts as a trophy).
 */
export const LEAGUE_WIN_POINTS = 100;
/** An invitation code: this many characters of LEAGUE_CODE_ALPHABET (no 0/O, 1/I/L to misread). */
export const LEAGUE_CODE_LENGTH = 8;
export const LEAGUE_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** The in-app path a share link opens. */
export function leagueJoinPath(code: string): string {
  return `/root/league/join/${encodeURIComponent(code)}`;
}

/** An invitation code from random bytes (one byte per character; the caller supplies the randomness). */
export function leagueCodeFrom(bytes: ArrayLike<number>): string {
  let code = '';
  for (let i = 0; i < LEAGUE_CODE_LENGTH; i += 1) code += LEAGUE_CODE_ALPHABET[(bytes[i] ?? 0) % LEAGUE_CODE_ALPHABET.length];
  return code;
}

/** A league week: Monday 00:00 to the next Monday 00:00 (Sunday 24:00), New York time. */
export interface LeagueWeek {
  /** Its Monday's New York date, e.g. '2026-11-23': the week's name. */
  week: string;
  start: Date;
  /** Exclusive. */
  end: Date;
}

/** The week `at` falls in (New York time, the spec's date zone; DST weeks are 167 or 169 hours). */
export function leagueWeekOf(at: Date): LeagueWeek {
  const monday = DateTime.fromJSDate(at, { zone: POOP_TIMEZONE }).startOf('week');
  return { week: monday.toISODate() ?? '', start: monday.toJSDate(), end: monday.plus({ weeks: 1 }).toJSDate() };
}

/** The week a name from `leagueWeekOf` stands for ('2026-11-23'). */
export function leagueWeekNamed(week: string): LeagueWeek {
  return leagueWeekOf(DateTime.fromISO(week, { zone: POOP_TIMEZONE }).plus({ hours: 12 }).toJSDate());
}

/** The week before the one `at` falls in: the one a week close at `at` records. */
export function previousLeagueWeek(at: Date): LeagueWeek {
  return leagueWeekOf(new Date(leagueWeekOf(at).start.getTime() - 1));
}

export interface LeagueStanding {
  uid: string;
  username: string;
  daysLogged: number;
  currentStreak: number;
}

export type RankedStanding<T extends LeagueStanding> = T & { rank: number };

/** Higher days first, then the longer current streak; equal on both is a tie. */
function compareStandings(a: LeagueStanding, b: LeagueStanding): number {
  return b.daysLogged - a.daysLogged || b.currentStreak - a.currentStreak;
}

/**
 * The board: by days logged this week, ties broken by the longer current streak; members equal
 * on both share a rank (1, 1, 3) and are listed by name.
 */
export function rankLeague<T extends LeagueStanding>(standings: readonly T[]): RankedStanding<T>[] {
  const sorted = [...standings].sort(
    (a, b) => compareStandings(a, b) || a.username.localeCompare(b.username) || a.uid.localeCompare(b.uid),
  );
  const ranked: RankedStanding<T>[] = [];
  sorted.forEach((standing, index) => {
    const previous = ranked[index - 1];
    const rank = previous && compareStandings(previous, standing) === 0 ? previous.rank : index + 1;
    ranked.push({ ...standing, rank });
  });
  return ranked;
}

/**
 * The week's winners: every member ranked first (a tie on days and streak shares the win), or
 * nobody when fewer than LEAGUE_MIN_ACTIVE_MEMBERS members logged a day.
 */
export function leagueWinners<T extends LeagueStanding>(standings: readonly T[]): T[] {
  if (standings.filter((s) => s.daysLogged > 0).length < LEAGUE_MIN_ACTIVE_MEMBERS) return [];
  const ranked = rankLeague(standings);
  if (!ranked[0]) return [];
  return standings.filter((s) => ranked.some((r) => r.uid === s.uid && r.rank === 1));
}
