// `npm run seed`: fills the configured database (PGlite under DATA_DIR, or DATABASE_URL) and the
// file storage with demo content: users with avatars, posts with generated photos of all nine
// types over the last 60 days, follows, likes, comments and the notifications they cause.
//
// Idempotent: every row has a fixed id (users 'seed-NN'), so a second run finds the first one's
// rows and adds nothing. It refuses a database that already has real users unless SEED_FORCE=1,
// and refuses to open PGlite while any process has the data folder open (the folder's lock,
// server/db/data-dir-lock.ts: PGlite is single-process).
import { createHash } from 'node:crypto';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import ngeohash from 'ngeohash';
import sharp from 'sharp';
import { GEOHASH_PRECISION } from '../../core/constants';
import { notificationLink, notificationMessage, type NotificationKind } from '../../core/notification-kinds';
import { POOP_TYPES, initialPoopStatus } from '../../core/poop';
import { pointsForPost, POINTS } from '../../core/points';
import { activityAt } from '../../core/personal-day';
import { streakFromActivity, streakRuns, type StreakState } from '../../core/streak';
import { loadConfig } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { chatConversations, chatMessages, comments, follows, likes, notifications, poops, users } from '../../server/db/schema';
import { pairOf } from '../../server/repositories/chat.repository';
import { processImage, type ProcessedImage } from '../../server/media/image-pipeline';
import { avatarUrl } from '../../server/services/profile.service';
import { createStorage } from '../../server/storage/create-storage';
import { avatarKey, poopImageKey, poopImagePrefix } from '../../server/storage/storage-keys';

const USERS = 36;
const POSTS = 300;
const DAYS = 60;
const SEED_PREFIX = 'seed-';
const say = (text: string) => process.stdout.write(`${text}\n`);

/**
 * Where demo posts are made: each person lives in one of these cities (most of their posts) and
 * travels to the others, so the map shows posts, in clusters, on a fresh install (the privacy
 * rule leaves each author's home area off everyone else's map: the travels show).
 */
const CITIES: ReadonlyArray<{ name: string; latitude: number; longitude: number }> = [
  { name: 'Milan, Italy', latitude: 45.4642, longitude: 9.19 },
  { name: 'Paris, France', latitude: 48.8566, longitude: 2.3522 },
  { name: 'New York, United States', latitude: 40.7128, longitude: -74.006 },
  { name: 'London, United Kingdom', latitude: 51.5072, longitude: -0.1276 },
  { name: 'Berlin, Germany', latitude: 52.52, longitude: 13.405 },
  { name: 'Madrid, Spain', latitude: 40.4168, longitude: -3.7038 },
  { name: 'Tokyo, Japan', latitude: 35.6762, longitude: 139.6503 },
  { name: 'São Paulo, Brazil', latitude: -23.5505, longitude: -46.6333 },
  { name: 'Sydney, Australia', latitude: -33.8688, longitude: 151.2093 },
  { name: 'Toronto, Canada', latitude: 43.6532, longitude: -79.3832 },
  { name: 'Cape Town, South Africa', latitude: -33.9249, longitude: 18.4241 },
  { name: 'Mexico City, Mexico', latitude: 19.4326, longitude: -99.1332 },
];

const ADJECTIVES = ['Brave', 'Sunny', 'Quiet', 'Lucky', 'Rapid', 'Mellow', 'Bold', 'Gentle', 'Witty', 'Jolly', 'Calm', 'Swift'];
const NOUNS = ['Otter', 'Panda', 'Falcon', 'Badger', 'Koala', 'Heron', 'Lynx', 'Walrus', 'Moose', 'Gecko', 'Bison', 'Robin'];
const TITLES = [
  'Morning routine',
  'After coffee',
  'Post-gym',
  'Sunday special',
  'Quick one',
  'Road trip stop',
  'Late night',
  'Office break',
];
const COMMENTS = [
  'Impressive!',
  'Textbook Type 4.',
  'Hydrate more 💧',
  'Streak goals!',
  'Respect.',
  'Fibre pays off.',
  'Classic.',
  'Same here today',
];

/** A deterministic pseudo-random stream, so every run builds the same content. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** A fixed UUID for a name (so a second run finds the same rows). */
function uuidFor(name: string): string {
  const hex = createHash('sha256').update(`plop-seed:${name}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

async function avatarImage(initial: string, hue: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256">
    <rect width="256" height="256" fill="hsl(${hue},55%,55%)"/>
    <text x="128" y="168" font-size="128" font-family="sans-serif" font-weight="700" text-anchor="middle" fill="#fff">${initial}</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A generated "photo" per type: a brown blob on a light background, shaped and shaded by type. */
async function poopImage(typeIndex: number): Promise<Buffer> {
  const shade = 40 + typeIndex * 12;
  const blobs = Array.from({ length: 8 - Math.min(typeIndex, 6) }, (_, i) => {
    const cx = 200 + i * 60 + (typeIndex % 3) * 10;
    return `<ellipse cx="${cx}" cy="${300 + ((i * 37) % 60)}" rx="${30 + typeIndex * 6}" ry="${22 + typeIndex * 3}" fill="rgb(${90 + shade},${55 + shade / 2},${25})"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">
    <rect width="800" height="600" fill="#f3efe7"/><circle cx="400" cy="300" r="260" fill="#e4e9ee"/>${blobs}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

async function count(database: Database, query: ReturnType<typeof sql>): Promise<number> {
  const rows = resultRows<{ n: number | string }>(await database.db.execute(query));
  return Number(rows[0]?.n ?? 0);
}

/** drizzle's execute answers `{ rows }` on both drivers. */
function resultRows<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: path.join(config.dataDir, 'pglite') });
  try {
    await migrate(database);
    await seed(database, config);
  } finally {
    await database.close();
  }
}

async function seed(database: Database, config: ReturnType<typeof loadConfig>): Promise<void> {
  const seeded = await count(database, sql`SELECT count(*) AS n FROM users WHERE uid LIKE ${`${SEED_PREFIX}%`}`);
  if (seeded > 0) {
    say(`Already seeded (${seeded} demo users): nothing to add.`);
    return;
  }
  const real = await count(database, sql`SELECT count(*) AS n FROM users WHERE uid NOT LIKE ${`${SEED_PREFIX}%`}`);
  if (real > 0 && process.env.SEED_FORCE !== '1') {
    throw new Error(`the database has ${real} real users; demo data is for empty databases (SEED_FORCE=1 adds it anyway)`);
  }

  const rand = random(20261122);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;
  const storage = createStorage(config);
  const now = new Date();
  const DAY = 86_400_000;

  say(`Seeding ${USERS} users, ${POSTS} posts, follows, likes, comments and notifications...`);
  const people = [] as Array<{
    uid: string;
    username: string;
    photoUrl: string;
    premium: boolean;
    streak: StreakState;
    postTimes: Date[];
    points: number;
  }>;
  for (let i = 0; i < USERS; i++) {
    const uid = `${SEED_PREFIX}${String(i).padStart(2, '0')}`;
    const username = `${ADJECTIVES[i % ADJECTIVES.length]}${NOUNS[(i * 5) % NOUNS.length]}${100 + i}`;
    const avatar = await processImage(await avatarImage(username[0]!, (i * 47) % 360));
    const key = avatarKey({ uid });
    await storage.put(key, avatar.thumb.bytes, avatar.thumb.contentType);
    const version = createHash('sha256').update(avatar.thumb.bytes).digest('base64url').slice(0, 16);
    people.push({
      uid,
      username,
      photoUrl: avatarUrl(uid, version),
      premium: i % 7 === 0,
      streak: { currentStreak: 0, longestStreak: 0, lastPoopPosted: null },
      postTimes: [],
      points: 0,
    });
    await database.db
      .insert(users)
      .values({
        uid,
        email: '',
        username,
        usernameSearchable: username.toLowerCase(),
        photoUrl: avatarUrl(uid, version),
        avatarKey: key,
        premium: i % 7 === 0,
        followers: 0,
        followings: 0,
        accumulatedPoints: 0,
        currentPoints: 300,
        subscriptionStatus: i % 7 === 0 ? 'active' : '',
        fcmToken: '',
        enableNotifications: false,
        darkMode: null,
        alwaysView: false,
        currentStreak: 0,
        longestStreak: 0,
        admin: false,
        receipt: '',
      })
      .onConflictDoNothing();
  }

  // One processed photo per type, stored under each post's own keys.
  const photos: ProcessedImage[] = [];
  for (let t = 0; t < POOP_TYPES.length; t++) photos.push(await processImage(await poopImage(t)));

  // Posts: five regulars post daily for 55, 45, 35, 25 and 15 days (the last one stopped three
  // days ago, so its streak has lapsed); the rest are spread at random over the last DAYS days.
  const planned: Array<{ id: string; author: (typeof people)[number]; at: Date; typeIndex: number }> = [];
  const plan = (author: (typeof people)[number], daysAgo: number) => {
    const i = planned.length;
    const at = new Date(now.getTime() - daysAgo * DAY - Math.floor(rand() * 6) * 3_600_000);
    planned.push({ id: uuidFor(`poop-${i}`), author, at, typeIndex: Math.floor(rand() * POOP_TYPES.length) });
  };
  for (let u = 0; u < 5; u++) {
    for (let d = 0; d < 55 - u * 10; d++) plan(people[u]!, d + (u === 4 ? 3 : 0));
  }
  while (planned.length < POSTS) plan(people[5 + Math.floor(rand() * (USERS - 5))]!, Math.floor(rand() * DAYS));
  planned.sort((a, b) => a.at.getTime() - b.at.getTime());

  // Where each post was made: a generator of its own, so the rest of the demo stays as it was.
  const where = random(20261126);
  const placeOf = (authorIndex: number) => {
    const roll = where();
    if (roll < 0.15) return undefined; // no location
    const home = roll < 0.65;
    const city = home ? CITIES[authorIndex % CITIES.length]! : CITIES[Math.floor(where() * CITIES.length)]!;
    const spread = home ? 0.02 : 0.06;
    const latitude = city.latitude + (where() - 0.5) * spread;
    const longitude = city.longitude + (where() - 0.5) * spread;
    return { latitude, longitude, placeName: city.name, showInMap: where() < 0.85 };
  };

  for (const post of planned) {
    const type = POOP_TYPES[post.typeIndex]!;
    const prefix = poopImagePrefix({ uid: post.author.uid }, type, post.id);
    const photo = photos[post.typeIndex]!;
    await storage.put(poopImageKey(prefix, 'display'), photo.display.bytes, photo.display.contentType);
    await storage.put(poopImageKey(prefix, 'thumb'), photo.thumb.bytes, photo.thumb.contentType);
    const place = placeOf(people.indexOf(post.author));
    const before = post.author.postTimes;
    post.author.postTimes = [...before, post.at];
    // Seeded accounts have no recorded zone: their days are New York's (core/personal-day.ts).
    const inZone = (times: readonly Date[]) => times.map((at) => activityAt(at, null));
    post.author.streak = streakFromActivity(inZone(post.author.postTimes));
    post.author.points += pointsForPost(streakRuns(inZone(before)), streakRuns(inZone(post.author.postTimes)));
    await database.db
      .insert(poops)
      .values({
        id: post.id,
        uid: post.author.uid,
        username: post.author.username,
        userPhotoUrl: post.author.photoUrl,
        isUserPremium: post.author.premium,
        type,
        title: pick(TITLES),
        description: 'Demo post generated by npm run seed.',
        status: initialPoopStatus(type),
        imageKey: prefix,
        placeholder: photo.placeholder,
        width: photo.display.width,
        height: photo.display.height,
        geohash: place ? ngeohash.encode(place.latitude, place.longitude, GEOHASH_PRECISION) : '',
        latitude: place?.latitude ?? null,
        longitude: place?.longitude ?? null,
        placeName: place?.placeName ?? '',
        createdDate: post.at,
        modifiedDate: post.at,
        private: false,
        showInMap: place?.showInMap ?? false,
      })
      .onConflictDoNothing();
  }

  const notify = async (
    kind: NotificationKind,
    recipient: (typeof people)[number],
    actor: (typeof people)[number],
    poopId: string | null,
    eventKey: string,
    at: Date,
  ) => {
    if (recipient.uid === actor.uid) return;
    const subject = { actorUid: actor.uid, actorName: actor.username, poopId: poopId ?? undefined };
    await database.db
      .insert(notifications)
      .values({
        id: uuidFor(`n-${kind}-${actor.uid}-${eventKey}`),
        uid: recipient.uid,
        createdDate: at,
        isRead: rand() < 0.5,
        kind,
        message: notificationMessage(kind, subject),
        link: notificationLink(kind, subject),
        actorUid: actor.uid,
        poopId,
        dedupeKey: `${kind}:${actor.uid}:${eventKey}`,
      })
      .onConflictDoNothing();
  };

  // Follows: everyone follows a handful; the first few are popular.
  for (const follower of people) {
    for (let k = 0; k < 6; k++) {
      const followee = people[k < 3 ? Math.floor(rand() * 6) : Math.floor(rand() * USERS)]!;
      if (followee.uid === follower.uid) continue;
      const added = await database.db
        .insert(follows)
        .values({ followerUid: follower.uid, followeeUid: followee.uid })
        .onConflictDoNothing()
        .returning({ uid: follows.followerUid });
      if (added.length > 0)
        await notify('followed', followee, follower, null, followee.uid, new Date(now.getTime() - Math.floor(rand() * DAYS) * DAY));
    }
  }

  // Likes and comments on the posts.
  for (const post of planned) {
    if (initialPoopStatus(POOP_TYPES[post.typeIndex]!) !== 'approved') continue;
    const fans = Math.floor(rand() * 8);
    for (let f = 0; f < fans; f++) {
      const fan = people[Math.floor(rand() * USERS)]!;
      if (fan.uid === post.author.uid) continue;
      const added = await database.db
        .insert(likes)
        .values({ uid: fan.uid, poopId: post.id })
        .onConflictDoNothing()
        .returning({ uid: likes.uid });
      if (added.length === 0) continue;
      post.author.points += POINTS.likeReceived;
      await notify('poop_liked', post.author, fan, post.id, post.id, new Date(post.at.getTime() + (f + 1) * 60_000));
    }
    if (rand() < 0.4) {
      const commenter = people[Math.floor(rand() * USERS)]!;
      const id = uuidFor(`comment-${post.id}`);
      const at = new Date(post.at.getTime() + 30 * 60_000);
      await database.db
        .insert(comments)
        .values({ id, poopId: post.id, uid: commenter.uid, text: pick(COMMENTS), created: at })
        .onConflictDoNothing();
      await notify('poop_commented', post.author, commenter, post.id, id, at);
    }
  }

  for (const person of people) {
    await database.db
      .update(users)
      .set({
        currentStreak: person.streak.currentStreak,
        longestStreak: person.streak.longestStreak,
        lastPoopPosted: person.streak.lastPoopPosted,
        accumulatedPoints: person.points,
        currentPoints: 300 + person.points,
      })
      .where(sql`${users.uid} = ${person.uid}`);
  }
  // --- Premium and chat (issue 25): the premium demo users talk to each other, so chat has history.
  const premiumPeople = people.filter((person) => person.premium);
  const CHAT_LINES = [
    'Hey! Nice streak 🔥',
    'Thanks! Coffee helps.',
    'Type 4 again today?',
    'Every day this week!',
    'See you on the leaderboard',
    '💩👍',
  ];
  for (let p = 0; p + 1 < premiumPeople.length; p++) {
    const [a, b] = [premiumPeople[p]!, premiumPeople[p + 1]!];
    const conversationId = uuidFor(`chat-${a.uid}-${b.uid}`);
    const lines = CHAT_LINES.length - (p % 3);
    const last = new Date(now.getTime() - p * 3_600_000);
    await database.db
      .insert(chatConversations)
      .values({ id: conversationId, ...pairOf(a.uid, b.uid), lastMessageAt: last })
      .onConflictDoNothing();
    for (let m = 0; m < lines; m++) {
      await database.db
        .insert(chatMessages)
        .values({
          id: uuidFor(`chat-${a.uid}-${b.uid}-${m}`),
          conversationId,
          senderUid: m % 2 === 0 ? a.uid : b.uid,
          body: CHAT_LINES[m]!,
          createdAt: new Date(last.getTime() - (lines - 1 - m) * 5 * 60_000),
        })
        .onConflictDoNothing();
    }
  }
  say(
    `Premium: ${premiumPeople.map((person) => person.username).join(', ')} (with conversations). ` +
      'To chat with them, make your account premium: npm run admin -- premium <your email>, then press Message on their profile.',
  );
  say('Done. Start the app (npm start) and open it: the feed, leaderboard and find screen now have people in them.');
}

main().catch((error: unknown) => {
  process.stderr.write(`seed failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
