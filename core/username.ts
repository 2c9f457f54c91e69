import { USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH, USERNAME_NUMBER_MAX, USERNAME_NUMBER_MIN } from './constants';
import { visibleText } from './visible-text';

const ADJECTIVES = [
  'Brave',
  'Calm',
  'Cheery',
  'Cosy',
  'Daring',
  'Eager',
  'Fuzzy',
  'Gentle',
  'Happy',
  'Jolly',
  'Lucky',
  'Mellow',
  'Nimble',
  'Plucky',
  'Quiet',
  'Rapid',
  'Sunny',
  'Swift',
  'Tidy',
  'Witty',
] as const;
const NOUNS = [
  'Badger',
  'Beaver',
  'Bison',
  'Otter',
  'Panda',
  'Pelican',
  'Penguin',
  'Puffin',
  'Quokka',
  'Rabbit',
  'Raccoon',
  'Seal',
  'Sloth',
  'Squirrel',
  'Tapir',
  'Toucan',
  'Turtle',
  'Walrus',
  'Wombat',
  'Yak',
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

const USERNAME_CHARS = /^[A-Za-z0-9_.]+$/;

export const USERNAME_MESSAGES = {
  length: `Usernames are ${USERNAME_MIN_LENGTH} to ${USERNAME_MAX_LENGTH} characters long.`,
  chars: 'Usernames may use letters, digits, "_" and "." only.',
  taken: 'That username is already taken.',
} as const;

/** Why a username cannot be had: too short or long, a character outside the rules, or someone else has it. */
export type UsernameProblem = keyof typeof USERNAME_MESSAGES;

/** The trimmed username (`visibleText`), or why it cannot be used (its code, and the English words for the server). */
export function checkUsername(
  raw: string,
): { ok: true; username: string } | { ok: false; problem: Exclude<UsernameProblem, 'taken'>; message: string } {
  const username = visibleText(raw);
  if (username.length < USERNAME_MIN_LENGTH || username.length > USERNAME_MAX_LENGTH) {
    return { ok: false, problem: 'length', message: USERNAME_MESSAGES.length };
  }
  if (!USERNAME_CHARS.test(username)) return { ok: false, problem: 'chars', message: USERNAME_MESSAGES.chars };
  return { ok: true, username };
}
