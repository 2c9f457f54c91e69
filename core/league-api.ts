import { Type, type Static } from 'typebox';
import { ACHIEVEMENT_KEYS } from './achievements';
import { LEAGUE_CODE_ALPHABET, LEAGUE_CODE_LENGTH, LEAGUE_NAME_MAX_LENGTH } from './league';
import { Uuid } from './poop-api';

/* --- Leagues (issue 44, part 3) ------------------------------------------------------------- */

/** What the league routes answer in their errors (and the app shows). */
export const LEAGUE_MESSAGES = {
  full: 'This league is full.',
  noSuchCode: 'No league has this code. Ask for a new link.',
  notFound: 'This league does not exist or you are not in it.',
  ownerOnly: 'Only the league owner can do this.',
  ownerCannotBeRemoved: 'The owner cannot be removed; leave the league instead.',
  idTaken: 'This league id is taken.',
  nameRequired: 'Give the league a name.',
  tooManyJoined: 'You are in 10 leagues already. Leave one to join another.',
  tooManyOwned: 'You own 3 leagues already. Leave one to create another.',
} as const;

export const LeagueIdParams = Type.Object({ id: Uuid });
export type LeagueIdParams = Static<typeof LeagueIdParams>;

/** Codes are matched without regard to case (share links may be retyped). */
export const LeagueCodeParams = Type.Object({
  code: Type.String({ pattern: `^[${LEAGUE_CODE_ALPHABET}${LEAGUE_CODE_ALPHABET.toLowerCase()}]{${LEAGUE_CODE_LENGTH}}$` }),
});
export type LeagueCodeParams = Static<typeof LeagueCodeParams>;

export const LeagueMemberParams = Type.Object({ id: Uuid, uid: Type.String({ minLength: 1, maxLength: 128 }) });
export type LeagueMemberParams = Static<typeof LeagueMemberParams>;

export const CreateLeagueBody = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: LEAGUE_NAME_MAX_LENGTH }) },
  { additionalProperties: false },
);
export type CreateLeagueBody = Static<typeof CreateLeagueBody>;

export const LeagueSummary = Type.Object({
  id: Type.String(),
  name: Type.String(),
  memberCount: Type.Integer({ minimum: 0 }),
  isOwner: Type.Boolean(),
  /** The invitation code (members share it). */
  code: Type.String(),
});
export type LeagueSummary = Static<typeof LeagueSummary>;

export const LeaguesResponse = Type.Object({ leagues: Type.Array(LeagueSummary) });
export type LeaguesResponse = Static<typeof LeaguesResponse>;

export const LeagueSummaryResponse = Type.Object({ league: LeagueSummary });
export type LeagueSummaryResponse = Static<typeof LeagueSummaryResponse>;

/** A member's line: counts only, never a post, its type or anything private. */
export const LeagueBoardRow = Type.Object({
  rank: Type.Integer({ minimum: 1 }),
  uid: Type.String(),
  username: Type.String(),
  photoURL: Type.String(),
  daysLogged: Type.Integer({ minimum: 0 }),
  currentStreak: Type.Integer({ minimum: 0 }),
  /** Weeks this member won in this league (the badge). */
  wins: Type.Integer({ minimum: 0 }),
  isOwner: Type.Boolean(),
});
export type LeagueBoardRow = Static<typeof LeagueBoardRow>;

export const LeagueBoardResponse = Type.Object({
  league: Type.Intersect([LeagueSummary, Type.Object({ ownerUid: Type.String(), maxMembers: Type.Integer() })]),
  /** The week shown: its Monday's New York date and its bounds (ISO instants, end exclusive). */
  week: Type.Object({ week: Type.String(), start: Type.String(), end: Type.String() }),
  board: Type.Array(LeagueBoardRow),
  /** The latest closed week and its winners (none when fewer than three members logged a day); null before any. */
  lastWinners: Type.Union([Type.Object({ week: Type.String(), usernames: Type.Array(Type.String()) }), Type.Null()]),
});
export type LeagueBoardResponse = Static<typeof LeagueBoardResponse>;

/** What the join page shows before joining. */
export const LeagueInviteResponse = Type.Object({
  id: Type.String(),
  name: Type.String(),
  memberCount: Type.Integer({ minimum: 0 }),
  maxMembers: Type.Integer(),
  isMember: Type.Boolean(),
});
export type LeagueInviteResponse = Static<typeof LeagueInviteResponse>;

/* --- Achievements (issue 44, part 4) --------------------------------------------------------- */

export const AchievementKeyParams = Type.Object({ key: Type.Unsafe<string>({ type: 'string', enum: [...ACHIEVEMENT_KEYS] }) });
export type AchievementKeyParams = Static<typeof AchievementKeyParams>;

export const ShowAchievementBody = Type.Object({ shown: Type.Boolean() }, { additionalProperties: false });
export type ShowAchievementBody = Static<typeof ShowAchievementBody>;

/** One entry of the catalogue as its owner sees it: locked ones have no date. */
export const MyAchievement = Type.Object({
  key: Type.String(),
  title: Type.String(),
  description: Type.String(),
  revealsHealth: Type.Boolean(),
  earnedAt: Type.Union([Type.String(), Type.Null()]),
  /** Others see it: always for a public one, by choice for one that reveals health. */
  visibleToOthers: Type.Boolean(),
  /** How far toward one that counts something ("30-day streak: 8 of 30"); null for the others. */
  progress: Type.Union([Type.Object({ current: Type.Integer({ minimum: 0 }), target: Type.Integer({ minimum: 1 }) }), Type.Null()]),
});
export type MyAchievement = Static<typeof MyAchievement>;

export const MyAchievementsResponse = Type.Object({ achievements: Type.Array(MyAchievement) });
export type MyAchievementsResponse = Static<typeof MyAchievementsResponse>;

/** An achievement as others see it on a profile. */
export const PublicAchievement = Type.Object({
  key: Type.String(),
  title: Type.String(),
  description: Type.String(),
  earnedAt: Type.String(),
});
export type PublicAchievement = Static<typeof PublicAchievement>;
