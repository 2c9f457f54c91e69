import type { HealthDetails } from './diary';

/**
 * Whether any detail was answered (a post without any carries no details row). Apart from
 * diary.ts's schemas: the app's start sends details with a post and need not load TypeBox for it.
 */
export function hasHealthDetails(details: HealthDetails): boolean {
  return Object.entries(details).some(([key, value]) => (key === 'note' ? value !== '' : value !== null));
}
