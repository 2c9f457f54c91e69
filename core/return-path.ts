/** The search parameter that carries the screen a visitor asked for, across the sign-in on the landing. */
export const RETURN_PATH_PARAM = 'next';

/**
 * `value` when it is a path of this app (path, query and fragment), else undefined: only a
 * same-origin path is followed after sign-in, never another site ('//evil.example', '/\\evil',
 * 'https://...', 'javascript:'), so a shared link cannot send someone elsewhere once signed in.
 */
export function safeReturnPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 2048) return undefined;
  // Browsers read a backslash as a slash and drop tabs and newlines: '/\\host' and '/\t/host' are other sites.
  if ([...value].some((c) => c === '\\' || c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return undefined;
  // A path-absolute reference ('/x', not '//host/x') always resolves on the page's own origin.
  if (!value.startsWith('/') || value.startsWith('//')) return undefined;
  // The landing itself is where the visitor already is.
  return value === '/' ? undefined : value;
}
