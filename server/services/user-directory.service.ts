import {
  FOLLOW_LIST_PAGE_SIZE,
  MOST_FOLLOWED_LIMIT,
  SEARCH_RESULTS_LIMIT,
  SEARCH_SIMILARITY_THRESHOLD,
  STREAK_BOARD_LIMIT,
} from '../../core/constants';
import { POOP_MESSAGES } from '../../core/messages';
import type { LeaderboardsResponse, PublicUser, UserPageResponse } from '../../core/social-api';
import { streakAliveSince } from '../../core/streak';
import { decodeUidCursor, encodeUidCursor } from '../../core/uid-cursor';
import { normalizeUsername } from '../../core/username';
import { typoVariants } from '../../core/username-typos';
import { NotFoundError, ValidationError } from '../errors';
import type { UserDirectoryRepository } from '../repositories/user-directory.repository';
import { toPublicUser } from './public-user.mapper';
import type { SessionPrincipal } from './session.service';

/** User pages, follow lists, most-followed, streak leaderboards and username search. Public reads. */
export class UserDirectoryService {
  constructor(
    private readonly users: UserDirectoryRepository,
    private readonly now: () => Date,
  ) {}

  async profile(uid: string, principal: SessionPrincipal | undefined): Promise<PublicUser> {
    const row = await this.users.findPublic(uid, principal?.uid);
    if (!row) throw new NotFoundError('No such user.');
    return toPublicUser(row, this.now());
  }

  async followList(
    uid: string,
    side: 'followers' | 'followings',
    cursor: string | undefined,
    principal: SessionPrincipal | undefined,
  ): Promise<UserPageResponse> {
    let after;
    if (cursor !== undefined && cursor !== '') {
      after = decodeUidCursor(cursor);
      if (!after) throw new ValidationError(POOP_MESSAGES.badCursor);
    }
    if (!(await this.users.findPublic(uid))) throw new NotFoundError('No such user.');
    const limit = FOLLOW_LIST_PAGE_SIZE;
    const rows = await this.users.followList({ uid, side, after, limit: limit + 1, viewerUid: principal?.uid });
    const items = rows.slice(0, limit);
    const last = items[items.length - 1];
    const nextCursor = rows.length > limit && last ? (encodeUidCursor({ at: last.followedAt, uid: last.uid }) ?? null) : null;
    const now = this.now();
    return { users: items.map((row) => toPublicUser(row, now)), nextCursor };
  }

  async mostFollowed(principal: SessionPrincipal | undefined): Promise<PublicUser[]> {
    const now = this.now();
    return (await this.users.mostFollowed(MOST_FOLLOWED_LIMIT, principal?.uid)).map((row) => toPublicUser(row, now));
  }

  async leaderboards(principal: SessionPrincipal | undefined): Promise<LeaderboardsResponse> {
    const now = this.now();
    const [current, longest] = await Promise.all([
      this.users.bestCurrentStreaks(streakAliveSince(now), STREAK_BOARD_LIMIT, principal?.uid),
      this.users.bestLongestStreaks(STREAK_BOARD_LIMIT, principal?.uid),
    ]);
    return {
      currentStreaks: current.map((row) => toPublicUser(row, now)),
      longestStreaks: longest.map((row) => toPublicUser(row, now)),
    };
  }

  /**
   * Prefix matches on the lowercased, trimmed name first, then names with the term's slip undone
   * (two letters swapped, one too many: core/username-typos.ts), then similar ones; nothing for an empty term.
   */
  async search(query: string, principal: SessionPrincipal | undefined): Promise<PublicUser[]> {
    const term = normalizeUsername(query);
    if (term === '') return [];
    const now = this.now();
    const rows = await this.users.search(term, typoVariants(term), SEARCH_SIMILARITY_THRESHOLD, SEARCH_RESULTS_LIMIT, principal?.uid);
    return rows.map((row) => toPublicUser(row, now));
  }
}
