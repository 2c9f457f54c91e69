import { USERNAME_NUMBER_MAX, USERNAME_NUMBER_MIN } from './constants';

const ADJECTIVES = [
  'Brave', 'Calm', 'Cheery', 'Cosy', 'Daring', 'Eager', 'Fuzzy', 'Gentle', 'Happy', 'Jolly',
  'Lucky', 'Mellow', 'Nimble', 'Plucky', 'Quiet', 'Rapid', 'Sunny', 'Swift', 'Tidy', 'Witty',
] as const;
const NOUNS = [
  'Badger', 'Beaver', 'Bison', 'Otter', 'Panda', 'Pelican', 'Penguin', 'Puffin', 'Quokka', 'Rabbit',
  'Raccoon', 'Seal', 'Sloth', 'Squirrel', 'Tapir', 'Toucan', 'Turtle', 'Walrus', 'Wombat', 'Yak',
] as const;

/** A source of uniform numbers in [0, 1); injected so tests are repeatable. */
export type Random = () => number;

function pick<T>(list: readonly T[], random: Random): T {
  return list[Math.floor(random() * list.length)]!;
}

/** A random username of two words plus a number from 1 to 999 (spec section 5). */
export function generateUsername(random: Random): string {
  const adjective = pick(ADJECTIVES, random);
  const noun = pick(NOUNS, random);
  const span = USERNAME_NUMBER_MAX - USERNAME_NUMBER_MIN + 1;
  return `${adjective}${noun}${USERNAME_NUMBER_MIN + Math.floor(random() * span)}`;
}

/** The form by which usernames are unique: lowercased and trimmed. */
export function normalizeUsername(username: string): string {
  return username.trim().toLowerCase();
}

export const USERNAME_PATTERN = /^[A-Za-z0-9_.]{3,30}$/;
