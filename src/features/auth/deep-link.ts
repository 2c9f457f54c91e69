/** The mobile app's deep link carrying the id_token that /oauthredirect received. */
export function deepLinkUrl(mobileDeepLink: string, idToken: string): string {
  return `${mobileDeepLink}?id_token=${encodeURIComponent(idToken)}`;
}

/** The id_token search parameter, when it is a non-empty string. */
export function readIdToken(search: Record<string, unknown>): string | undefined {
  const token = search.id_token;
  return typeof token === 'string' && token.length > 0 ? token : undefined;
}
