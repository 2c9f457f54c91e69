/** The letter an avatar without a photo shows: the username's first character, upper-cased. */
export function avatarInitial(username: string): string {
  const first = Array.from(username.trim())[0];
  return first === undefined ? '?' : first.toUpperCase();
}

/** '1 follower', '3 followers', '0 following': a count with its noun, pluralised. */
export function countLabel(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}
