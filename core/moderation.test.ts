import { describe, expect, it } from 'vitest';
import {
  aiSuggestedType,
  consensus,
  needsStage,
  recordStage,
  reviewerStage,
  screeningFlags,
  type ConsensusInput,
  type VerificationState,
} from './moderation';

const fresh: VerificationState = {
  firstVerification: '',
  secondVerification: '',
  thirdVerification: '',
  needSecondVerification: false,
  needThirdVerification: false,
};

function input(overrides: Partial<ConsensusInput>): ConsensusInput {
  return {
    chosenType: 'Type 4',
    aiType: undefined,
    existingType: 'Type 1',
    firstVerification: 'Type 1',
    secondVerification: 'Type 1',
    ...overrides,
  };
}

describe('consensus', () => {
  // The four weights add up to exactly 0.75: only agreement of all four reaches the threshold.
  it('adopts the type when all four agree: exactly the 0.75 threshold', () => {
    expect(
      consensus(input({ aiType: 'Type 4', existingType: 'Type 4', firstVerification: 'Type 4', secondVerification: 'Type 4' })),
    ).toEqual({
      score: 0.75,
      datasetType: 'Type 4',
      newPostType: 'Type 4',
    });
  });

  it('saves as Indecise just under the threshold (0.625: everything but the AI or the existing type)', () => {
    expect(consensus(input({ existingType: 'Type 4', firstVerification: 'Type 4', secondVerification: 'Type 4' }))).toEqual({
      score: 0.625,
      datasetType: 'Indecise',
      newPostType: undefined,
    });
    expect(consensus(input({ aiType: 'Type 4', firstVerification: 'Type 4', secondVerification: 'Type 4' })).datasetType).toBe('Indecise');
  });

  it('saves as Indecise at 0.5 (one reviewer, the AI and the existing type agree)', () => {
    expect(consensus(input({ aiType: 'Type 4', existingType: 'Type 4', firstVerification: 'Type 4' }))).toMatchObject({
      score: 0.5,
      datasetType: 'Indecise',
    });
    expect(consensus(input({ firstVerification: 'Type 4', secondVerification: 'Type 4' })).score).toBe(0.5);
  });

  it('with the AI screening missing the threshold cannot be reached', () => {
    expect(
      consensus(input({ aiType: undefined, existingType: 'Type 4', firstVerification: 'Type 4', secondVerification: 'Type 4' })),
    ).toEqual({
      score: 0.625,
      datasetType: 'Indecise',
      newPostType: undefined,
    });
  });

  it('saves as Indecise when nobody agrees (score 0)', () => {
    expect(consensus(input({}))).toEqual({ score: 0, datasetType: 'Indecise', newPostType: undefined });
  });

  it('an Indecise winner goes to the dataset as Indecise and leaves the post type alone', () => {
    expect(
      consensus(
        input({
          chosenType: 'Indecise',
          aiType: 'Indecise',
          firstVerification: 'Indecise',
          secondVerification: 'Indecise',
          existingType: 'Indecise',
        }),
      ),
    ).toEqual({ score: 0.75, datasetType: 'Indecise', newPostType: undefined });
  });

  it('an Other winner changes the post type to Other', () => {
    expect(
      consensus(
        input({ chosenType: 'Other', aiType: 'other', existingType: 'Other', firstVerification: 'Other', secondVerification: 'Other' }),
      ).newPostType,
    ).toBe('Other');
  });

  it('ignores case and spaces when comparing the AI type', () => {
    expect(consensus(input({ aiType: ' type 4 ', existingType: 'Type 4' })).score).toBe(0.25);
  });
});

describe('verification chain', () => {
  it('runs stage 1, 2, 3 in order with the spec flags', () => {
    expect(needsStage(fresh, 1)).toBe(true);
    expect(needsStage(fresh, 2)).toBe(false);
    expect(needsStage(fresh, 3)).toBe(false);
    const one = recordStage(fresh, 1, 'Type 3')!;
    expect(one).toMatchObject({ firstVerification: 'Type 3', needSecondVerification: true, needThirdVerification: false });
    expect(needsStage(one, 1)).toBe(false);
    const two = recordStage(one, 2, 'Type 4')!;
    expect(two).toMatchObject({ secondVerification: 'Type 4', needSecondVerification: false, needThirdVerification: true });
    const three = recordStage(two, 3, 'Type 5')!;
    expect(three).toEqual({
      firstVerification: 'Type 3',
      secondVerification: 'Type 4',
      thirdVerification: 'Type 5',
      needSecondVerification: false,
      needThirdVerification: false,
    });
    expect([1, 2, 3].map((s) => needsStage(three, s as 1 | 2 | 3))).toEqual([false, false, false]);
  });

  it('refuses a stage recorded twice or out of order', () => {
    expect(recordStage(fresh, 2, 'Type 1')).toBeUndefined();
    expect(recordStage(fresh, 3, 'Type 1')).toBeUndefined();
    const one = recordStage(fresh, 1, 'Type 1')!;
    expect(recordStage(one, 1, 'Type 2')).toBeUndefined();
    expect(recordStage(one, 3, 'Type 2')).toBeUndefined();
  });
});

describe('reviewers and screening', () => {
  const reviewers = ['one@x.org', 'two@x.org', 'three@x.org'];

  it('names the stage by the position of the e-mail', () => {
    expect(reviewerStage('one@x.org', reviewers)).toBe(1);
    expect(reviewerStage('TWO@x.org', reviewers)).toBe(2);
    expect(reviewerStage('three@x.org', reviewers)).toBe(3);
    expect(reviewerStage('admin@x.org', reviewers)).toBeUndefined();
    expect(reviewerStage('four@x.org', [...reviewers, 'four@x.org'])).toBeUndefined();
  });

  it('reads the AI type only when it is one of the nine', () => {
    expect(aiSuggestedType({ general: { type: 'type 6' } })).toBe('Type 6');
    expect(aiSuggestedType({ general: { type: 'Type 12' } })).toBeUndefined();
    expect(aiSuggestedType(null)).toBeUndefined();
    expect(aiSuggestedType({ general: 'x' })).toBeUndefined();
  });

  it('flags no stool, low confidence or another type; not a confident match', () => {
    expect(screeningFlags({ general: { type: 'Type 4', confidence: 0.9, isStool: true } }, 'Type 4')).toBe(false);
    expect(screeningFlags({ general: { type: 'Type 4', confidence: 0.9, isStool: false } }, 'Type 4')).toBe(true);
    expect(screeningFlags({ general: { type: 'Type 4', confidence: 0.3, isStool: true } }, 'Type 4')).toBe(true);
    expect(screeningFlags({ general: { type: 'Type 2', confidence: 0.9, isStool: true } }, 'Type 4')).toBe(true);
    expect(screeningFlags(null, 'Type 4')).toBe(false);
  });
});
