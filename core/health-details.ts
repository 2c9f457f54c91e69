import type { HealthDetails } from './diary';

/**
 * Whether any detail was answered (a post without any carries no details row). Apart from
 * diary.ts's schemas: the app's start sends details with a post and need not load TypeBox for it.
 */
export function hasHealthDetails(details: HealthDetails): boolean {
  return Object.entries(details).some(([key, value]) => (key === 'note' ? value !== '' : value !== null));
}

/** The yes/no questions of "what applied", in the order the form shows them. */
export const HEALTH_QUESTION_KEYS = ['urgency', 'straining', 'incompleteEmptying', 'blood', 'mucus', 'atNight', 'medicine'] as const;
export type HealthQuestion = (typeof HEALTH_QUESTION_KEYS)[number];

/**
 * A tap on one question of "what applied" (a list of what applies): it turns yes, or back to no
 * when it was yes, and every question still unanswered becomes no, so the report can count a real
 * "no" instead of reading an untouched list as "not answered". Untouched, all stay null.
 */
export function tapQuestion(details: HealthDetails, key: HealthQuestion): HealthDetails {
  const next = { ...details };
  for (const question of HEALTH_QUESTION_KEYS) if (next[question] === null) next[question] = false;
  next[key] = details[key] !== true;
  return next;
}

/** "None of these": every question answered no. */
export function noneOfTheQuestions(details: HealthDetails): HealthDetails {
  const next = { ...details };
  for (const question of HEALTH_QUESTION_KEYS) next[question] = false;
  return next;
}

/** Whether the entry says no to every question (what "None of these" shows pressed). */
export function saidNoToEveryQuestion(details: HealthDetails): boolean {
  return HEALTH_QUESTION_KEYS.every((question) => details[question] === false);
}
