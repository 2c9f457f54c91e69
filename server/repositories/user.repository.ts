import { eq, sql } from 'drizzle-orm';
import type { Language } from '../../core/language';
import { NEW_USER_DEFAULTS } from '../../core/user';
import type { Db } from '../db/database';
import { isUniqueViolation } from '../db/pg-errors';
import { users, type UserRow } from '../db/schema';

export type { UserRow };

export interface NewUser {
  uid: string;
  email: string;
  username: string;
  usernameSearchable: string;
  admin: boolean;
  /**
   * When the person's identity was created (server/integrations/firebase-auth.ts `createdAt`): the
   * account's `created_at` is the earlier of it and now (the database's clock), so an identity made
   * before its first sign-in (or a provider's clock ahead of ours) never dates the account after
   * now. Unset: now.
   */
  since?: Date;
  /** The account's IANA zone from its first sign-in's device (core/personal-day.ts); absent or null: New York until recorded. */
  timeZone?: string | null;
}

export class UserRepository {
  constructor(private readonly db: Db) {}

  async findByUid(uid: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.uid, uid)).limit(1);
    return row;
  }

  /**
   * Inserts the user unless the uid already exists. Answers 'created', 'exists' (same uid,
   * e.g. two tabs signing in at once) or 'username-taken' (try another name).
   */
  async insertIfAbsent(user: NewUser): Promise<'created' | 'exists' | 'username-taken'> {
    return this.db.transaction(async (tx) => {
      const existing = await tx.select({ uid: users.uid }).from(users).where(eq(users.uid, user.uid));
      if (existing.length > 0) return 'exists';
      const inserted = await tx
        .insert(users)
        .values({
          uid: user.uid,
          email: user.email,
          username: user.username,
          usernameSearchable: user.usernameSearchable,
          admin: user.admin,
          createdAt: user.since ? sql`least(${user.since.toISOString()}::timestamptz, now())` : undefined,
          timeZone: user.timeZone,
          photoUrl: NEW_USER_DEFAULTS.photoURL,
          premium: NEW_USER_DEFAULTS.premium,
          followers: NEW_USER_DEFAULTS.followers,
          followings: NEW_USER_DEFAULTS.followings,
          accumulatedPoints: NEW_USER_DEFAULTS.points.accumulatedPoints,
          currentPoints: NEW_USER_DEFAULTS.points.currentPoints,
          subscriptionStatus: '',
          fcmToken: '',
          enableNotifications: false,
          // No choice yet: the app follows the device's light/dark setting until the user picks one.
          darkMode: null,
          alwaysView: false,
          currentStreak: 0,
          longestStreak: 0,
          receipt: '',
        })
        .onConflictDoNothing()
        .returning({ uid: users.uid });
      if (inserted.length > 0) return 'created';
      const raced = await tx.select({ uid: users.uid }).from(users).where(eq(users.uid, user.uid));
      return raced.length > 0 ? 'exists' : 'username-taken';
    });
  }

  /**
   * Keeps the e-mail in step with the identity provider (e.g. after linking) and grants the admin
   * flag to a configured admin address. A flag granted otherwise (`npm run admin`) is kept while
   * the e-mail stays the same, and dropped when the account's e-mail changes.
   */
  async syncIdentity(uid: string, email: string, configuredAdmin: boolean): Promise<void> {
    await this.db
      .update(users)
      .set({ email, admin: sql`(${configuredAdmin} OR (${users.admin} AND ${users.email} = ${email}))`, updatedAt: sql`now()` })
      .where(sql`${users.uid} = ${uid} AND (${users.email} <> ${email} OR (${configuredAdmin} AND NOT ${users.admin}))`);
  }

  /** Applies profile changes; answers 'username-taken' when the lowercased name is someone else's. */
  async updateProfile(uid: string, patch: ProfilePatch): Promise<UserRow | undefined | 'username-taken'> {
    try {
      const [row] = await this.db
        .update(users)
        .set({
          ...patch,
          // The first time the welcome ended is kept: another device finishing it later changes nothing.
          welcomedAt: patch.welcomed ? sql`coalesce(${users.welcomedAt}, now())` : undefined,
          updatedAt: sql`now()`,
        })
        .where(eq(users.uid, uid))
        .returning();
      return row;
    } catch (error) {
      if (isUniqueViolation(error)) return 'username-taken';
      throw error;
    }
  }

  /** Whether someone other than `uid` has this username (compared in its lowercased, trimmed form). */
  async usernameTakenByOther(uid: string, usernameSearchable: string): Promise<boolean> {
    const rows = await this.db
      .select({ uid: users.uid })
      .from(users)
      .where(sql`${users.usernameSearchable} = ${usernameSearchable} AND ${users.uid} <> ${uid}`)
      .limit(1);
    return rows.length > 0;
  }

  /** Copies the author's current name and avatar onto their posts (denormalised there). */
  async refreshAuthorOnPosts(uid: string): Promise<void> {
    await this.db.execute(sql`
      UPDATE poops SET username = u.username, user_photo_url = u.photo_url
      FROM users u WHERE u.uid = ${uid} AND poops.uid = u.uid`);
  }
}

export interface ProfilePatch {
  username?: string;
  usernameSearchable?: string;
  darkMode?: boolean | null;
  language?: Language | null;
  alwaysView?: boolean;
  enableNotifications?: boolean;
  leaderboardSeen?: true;
  photoUrl?: string;
  avatarKey?: string;
  /** Records the end of the new-account welcome (once). */
  welcomed?: true;
}
