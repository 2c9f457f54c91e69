import { randomBytes } from 'node:crypto';
import {
  LEAGUE_CODE_LENGTH,
  LEAGUE_MAX_JOINED,
  LEAGUE_MAX_MEMBERS,
  LEAGUE_MAX_OWNED,
  LEAGUE_WIN_POINTS,
  leagueCodeFrom,
  leagueWeekOf,
  leagueWinners,
  rankLeague,
  type LeagueWeek,
} from '../../core/league';
import {
  LEAGUE_MESSAGES,
  type LeagueBoardResponse,
  type LeagueInviteResponse,
  type LeagueSummary,
  type LeaguesResponse,
} from '../../core/league-api';
import { notificationLink, notificationParams } from '../../core/notification-kinds';
import { readCurrentStreak, streakFromActivity } from '../../core/streak';
import { visibleText } from '../../core/visible-text';
import { AppError, ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../errors';
import type { LeagueRecord, LeagueRepository } from '../repositories/league.repository';
import type { AchievementService } from './achievement.service';

/** Attempts at a code no league uses (31^8 codes: a clash is already rare). */
const CODE_ATTEMPTS = 5;

const newCode = () => leagueCodeFrom(randomBytes(LEAGUE_CODE_LENGTH));

function summary(league: LeagueRecord, uid: string): LeagueSummary {
  return { id: league.id, name: league.name, memberCount: league.memberCount, isOwner: league.ownerUid === uid, code: league.code };
}

/**
 * Weekly leagues (core/league.ts): members only see a league; the board shows counts, never posts.
 * A week is closed once, by the Monday job alone (the board only reads), giving the winners
 * LEAGUE_WIN_POINTS (once a week per person), a win (the badge), a notification and their achievements.
 */
export class LeagueService {
  constructor(
    private readonly leagues: LeagueRepository,
    private readonly achievements: AchievementService,
    private readonly now: () => Date,
  ) {}

  /** Creates a league under the device's id (a replay answers the same league). */
  async create(uid: string, id: string, name: string): Promise<{ created: boolean; league: LeagueSummary }> {
    const clean = visibleText(name);
    if (clean.length === 0) throw new ValidationError(LEAGUE_MESSAGES.nameRequired);
    const existing = await this.leagues.findById(id);
    if (existing) return { created: false, league: this.ownLeague(existing, uid) };
    const result = await this.leagues.create(
      { id, name: clean, ownerUid: uid, code: await this.freeCode() },
      { joined: LEAGUE_MAX_JOINED, owned: LEAGUE_MAX_OWNED },
      this.now(),
    );
    if ('kind' in result)
      throw new LeagueLimitError(result.kind === 'too-many-owned' ? LEAGUE_MESSAGES.tooManyOwned : LEAGUE_MESSAGES.tooManyJoined);
    return { created: result.created, league: this.ownLeague(result.league, uid) };
  }

  private ownLeague(league: LeagueRecord, uid: string): LeagueSummary {
    if (league.ownerUid !== uid) throw new ConflictError(LEAGUE_MESSAGES.idTaken);
    return summary(league, uid);
  }

  private async freeCode(): Promise<string> {
    for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt += 1) {
      const code = newCode();
      if (!(await this.leagues.codeTaken(code))) return code;
    }
    throw new AppError(503, 'unavailable', 'Could not make an invitation code; try again.');
  }

  async list(uid: string): Promise<LeaguesResponse> {
    return { leagues: (await this.leagues.listFor(uid)).map((league) => summary(league, uid)) };
  }

  async invite(uid: string, code: string): Promise<LeagueInviteResponse> {
    const league = await this.leagues.findByCode(code.toUpperCase());
    if (!league) throw new NotFoundError(LEAGUE_MESSAGES.noSuchCode);
    return {
      id: league.id,
      name: league.name,
      memberCount: league.memberCount,
      maxMembers: LEAGUE_MAX_MEMBERS,
      isMember: await this.leagues.isMember(league.id, uid),
    };
  }

  /** Joins by code; joining again answers the same league; a full league is a 409. */
  async join(uid: string, code: string): Promise<LeagueSummary> {
    const outcome = await this.leagues.join(
      code.toUpperCase(),
      uid,
      { maxMembers: LEAGUE_MAX_MEMBERS, maxJoined: LEAGUE_MAX_JOINED, at: this.now() },
      ({ league, username }) => {
        const subject = { actorUid: uid, actorName: username, leagueId: league.id, leagueName: league.name };
        return {
          uid: league.ownerUid,
          kind: 'league_joined',
          params: notificationParams('league_joined', subject),
          link: notificationLink('league_joined', subject),
          actorUid: uid,
          poopId: null,
          dedupeKey: `league_joined:${league.id}:${uid}`,
          createdDate: this.now(),
        };
      },
    );
    if (outcome.kind === 'no-league') throw new NotFoundError(LEAGUE_MESSAGES.noSuchCode);
    if (outcome.kind === 'full') throw new LeagueFullError();
    if (outcome.kind === 'too-many-joined') throw new LeagueLimitError(LEAGUE_MESSAGES.tooManyJoined);
    return summary(outcome.league, uid);
  }

  /** Leaving is harmless to repeat (a replay, or a league gone meanwhile). */
  async leave(uid: string, id: string): Promise<void> {
    await this.leagues.leave(id, uid);
  }

  async removeMember(uid: string, id: string, memberUid: string): Promise<void> {
    await this.ownedBy(uid, id);
    if (memberUid === uid) throw new ValidationError(LEAGUE_MESSAGES.ownerCannotBeRemoved);
    await this.leagues.removeMember(id, memberUid);
  }

  async rotateCode(uid: string, id: string): Promise<LeagueSummary> {
    await this.ownedBy(uid, id);
    await this.leagues.setCode(id, await this.freeCode());
    return summary((await this.leagues.findById(id))!, uid);
  }

  /** A member's view: 404 to anyone else (a league's existence is not told to strangers). */
  private async memberOf(uid: string, id: string): Promise<LeagueRecord> {
    const league = await this.leagues.findById(id);
    if (!league || !(await this.leagues.isMember(id, uid))) throw new NotFoundError(LEAGUE_MESSAGES.notFound);
    return league;
  }

  private async ownedBy(uid: string, id: string): Promise<LeagueRecord> {
    const league = await this.memberOf(uid, id);
    if (league.ownerUid !== uid) throw new ForbiddenError(LEAGUE_MESSAGES.ownerOnly);
    return league;
  }

  /** This week's board (New York week) and the last closed week's result: a read only (the job closes weeks). */
  async board(uid: string, id: string): Promise<LeagueBoardResponse> {
    const now = this.now();
    const league = await this.memberOf(uid, id);
    const week = leagueWeekOf(now);
    const standings = (await this.leagues.standings(id, week)).map((row) => ({ ...row, currentStreak: readCurrentStreak(row, now) }));
    const board = rankLeague(standings).map((row) => ({
      rank: row.rank,
      uid: row.uid,
      username: row.username,
      photoURL: row.photoUrl,
      daysLogged: row.daysLogged,
      currentStreak: row.currentStreak,
      wins: row.wins,
      isOwner: row.uid === league.ownerUid,
    }));
    const last = await this.leagues.lastClosedWeek(id);
    const names = new Map(standings.map((row) => [row.uid, row.username]));
    return {
      league: { ...summary(league, uid), ownerUid: league.ownerUid, maxMembers: LEAGUE_MAX_MEMBERS },
      week: { week: week.week, start: week.start.toISOString(), end: week.end.toISOString() },
      board,
      lastWinners: last ? { week: last.week, usernames: last.uids.flatMap((u) => names.get(u) ?? []) } : null,
    };
  }

  /** Closes `week` in every league that has not closed it (the Monday job). */
  async closeWeek(week: LeagueWeek): Promise<void> {
    for (const id of await this.leagues.openLeagueIds(week)) await this.closeLeagueWeek(id, week);
  }

  /** Closes one league's week once: winners by the board's rule, streaks as they stood at the week's end. */
  private async closeLeagueWeek(id: string, week: LeagueWeek): Promise<void> {
    const now = this.now();
    const league = await this.leagues.findById(id);
    if (!league) return;
    const winners = await this.leagues.closeWeek(
      id,
      week,
      (standings, postTimes) =>
        leagueWinners(
          standings.map((row) => ({
            ...row,
            currentStreak: readCurrentStreak(streakFromActivity(postTimes.get(row.uid) ?? []), new Date(week.end.getTime() - 1)),
          })),
        ),
      (winner) => {
        const subject = { actorUid: winner, actorName: '', leagueId: id, leagueName: league.name };
        return {
          points: LEAGUE_WIN_POINTS,
          notification: {
            uid: winner,
            kind: 'league_won',
            params: notificationParams('league_won', subject),
            link: notificationLink('league_won', subject),
            actorUid: winner,
            poopId: null,
            dedupeKey: `league_won:${id}:${week.week}`,
            createdDate: now,
          },
        };
      },
    );
    for (const uid of winners ?? []) await this.achievements.evaluate(uid);
  }
}

/** 409 with its own code, so the app can say the league is full. */
class LeagueFullError extends AppError {
  constructor() {
    super(409, 'league_full', LEAGUE_MESSAGES.full);
  }
}

/** 409 league_limit: a person's leagues are at LEAGUE_MAX_JOINED, or those they own at LEAGUE_MAX_OWNED. */
class LeagueLimitError extends AppError {
  constructor(message: string) {
    super(409, 'league_limit', message);
  }
}
