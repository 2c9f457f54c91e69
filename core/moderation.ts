/**
 * Human type verification (spec section 4, "Verification chain" and "Human type verification"):
 * the three stages, who performs which, and the consensus after the third. Pure rules: the
 * server's moderation service applies them, the unit tests check every case.
 */
import { POOP_TYPES, type PoopType } from './poop';

export const VERIFICATION_STAGES = [1, 2, 3] as const;
export type VerificationStage = (typeof VERIFICATION_STAGES)[number];

/** Spec section 9: a total of at least this many points makes the chosen type the consensus. */
export const CONSENSUS_THRESHOLD = 0.75;
/** Spec section 9: the weights, in the order the spec lists them. */
export const CONSENSUS_WEIGHTS = { aiScreening: 0.125, existingType: 0.125, firstVerification: 0.25, secondVerification: 0.25 } as const;
/** The type an image is saved as when the reviewers do not agree. */
export const INDECISE_TYPE: PoopType = 'Indecise';

/**
 * The stage an admin performs: the position of their e-mail in REVIEWER_EMAILS (1, 2 or 3),
 * or undefined for an admin who is not one of the three reviewers.
 */
export function reviewerStage(email: string, reviewerEmails: readonly string[]): VerificationStage | undefined {
  const index = reviewerEmails.slice(0, 3).indexOf(email.trim().toLowerCase());
  return index < 0 ? undefined : VERIFICATION_STAGES[index];
}

/** The verification fields of a post (spec section 3). Empty strings mean "not recorded yet". */
export interface VerificationState {
  firstVerification: string;
  secondVerification: string;
  thirdVerification: string;
  needSecondVerification: boolean;
  needThirdVerification: boolean;
}

/** Whether a post waits for this stage: the queue each reviewer sees. */
export function needsStage(state: VerificationState, stage: VerificationStage): boolean {
  switch (stage) {
    case 1:
      return state.firstVerification === '';
    case 2:
      return state.needSecondVerification && state.secondVerification === '';
    case 3:
      return state.needThirdVerification && state.thirdVerification === '';
  }
}

/**
 * Records `type` at `stage`: stage 1 sets needSecondVerification, stage 2 clears it and sets
 * needThirdVerification, stage 3 clears that. Answers undefined when the post does not wait
 * for this stage (already recorded, or an earlier stage is missing).
 */
export function recordStage(state: VerificationState, stage: VerificationStage, type: PoopType): VerificationState | undefined {
  if (!needsStage(state, stage)) return undefined;
  switch (stage) {
    case 1:
      return { ...state, firstVerification: type, needSecondVerification: true };
    case 2:
      return { ...state, secondVerification: type, needSecondVerification: false, needThirdVerification: true };
    case 3:
      return { ...state, thirdVerification: type, needThirdVerification: false };
  }
}

export interface ConsensusInput {
  /** The third reviewer's choice. */
  chosenType: PoopType;
  /** aiScreening.general.type, undefined when the post was never screened. */
  aiType: string | undefined;
  /** The post's type before the verification. */
  existingType: string;
  firstVerification: string;
  secondVerification: string;
}

export interface Consensus {
  score: number;
  /** The type the image is saved to the dataset as: the chosen type at the threshold, else Indecise. */
  datasetType: PoopType;
  /** The post's new type, or undefined when it keeps its type (no consensus, or an Indecise consensus). */
  newPostType: PoopType | undefined;
}

/** The consensus after the third verification (spec section 4, weights and threshold of section 9). */
export function consensus(input: ConsensusInput): Consensus {
  const same = (other: string | undefined) => other !== undefined && other.trim().toLowerCase() === input.chosenType.toLowerCase();
  const score =
    (same(input.aiType) ? CONSENSUS_WEIGHTS.aiScreening : 0) +
    (same(input.existingType) ? CONSENSUS_WEIGHTS.existingType : 0) +
    (same(input.firstVerification) ? CONSENSUS_WEIGHTS.firstVerification : 0) +
    (same(input.secondVerification) ? CONSENSUS_WEIGHTS.secondVerification : 0);
  // The weights are exact binary fractions, so the sum compares exactly with the threshold.
  if (score < CONSENSUS_THRESHOLD) return { score, datasetType: INDECISE_TYPE, newPostType: undefined };
  return {
    score,
    datasetType: input.chosenType,
    newPostType: input.chosenType === INDECISE_TYPE ? undefined : input.chosenType,
  };
}

/** The type AI screening suggested (aiScreening.general.type), when it is one of the nine. */
export function aiSuggestedType(aiScreening: unknown): PoopType | undefined {
  if (typeof aiScreening !== 'object' || aiScreening === null) return undefined;
  const general = (aiScreening as { general?: unknown }).general;
  if (typeof general !== 'object' || general === null) return undefined;
  const type = (general as { type?: unknown }).type;
  return typeof type === 'string' ? POOP_TYPES.find((t) => t.toLowerCase() === type.trim().toLowerCase()) : undefined;
}

/**
 * Whether screening flags a post for a human: it does not show stool, or the model is unsure
 * (confidence under this), or it names a type other than the author's.
 */
export const SCREENING_CONFIDENCE_FLOOR = 0.6;

export function screeningFlags(aiScreening: unknown, postType: string): boolean {
  if (typeof aiScreening !== 'object' || aiScreening === null) return false;
  const general = (aiScreening as { general?: Record<string, unknown> }).general ?? {};
  if (general.isStool === false) return true;
  if (typeof general.confidence === 'number' && general.confidence < SCREENING_CONFIDENCE_FLOOR) return true;
  const suggested = aiSuggestedType(aiScreening);
  return suggested !== undefined && suggested.toLowerCase() !== postType.trim().toLowerCase();
}
