/** The letter an avatar without a photo shows: the username's first character, upper-cased. */
export function avatarInitial(username: string): string {
  const first = Array.from(username.trim())[0];
  return first === undefined ? '?' : first.toUpperCase();
}
