import { describe, expect, it } from 'vitest';
import { EMPTY_HEALTH_DETAILS } from './diary';
import { hasHealthDetails, noneOfTheQuestions, saidNoToEveryQuestion, tapQuestion } from './health-details';

describe('the answers of "what applied"', () => {
  it('a first tap makes that question yes and every other one a real no', () => {
    expect(tapQuestion(EMPTY_HEALTH_DETAILS, 'straining')).toEqual({
      ...EMPTY_HEALTH_DETAILS,
      urgency: false,
      straining: true,
      incompleteEmptying: false,
      blood: false,
      mucus: false,
      atNight: false,
      medicine: false,
    });
  });

  it('a second tap turns a yes into no, keeping the other answers', () => {
    const once = tapQuestion({ ...EMPTY_HEALTH_DETAILS, urgency: true, pain: 3 }, 'straining');
    const twice = tapQuestion(once, 'straining');
    expect(twice).toMatchObject({ urgency: true, straining: false, blood: false, pain: 3 });
    expect(saidNoToEveryQuestion(twice)).toBe(false);
    expect(saidNoToEveryQuestion(tapQuestion(twice, 'urgency'))).toBe(true);
  });

  it('"None of these" answers no to all, which still counts as details given', () => {
    const none = noneOfTheQuestions({ ...EMPTY_HEALTH_DETAILS, blood: true });
    expect(none).toMatchObject({ urgency: false, straining: false, blood: false, medicine: false });
    expect(saidNoToEveryQuestion(none)).toBe(true);
    expect(saidNoToEveryQuestion(EMPTY_HEALTH_DETAILS)).toBe(false);
    expect(hasHealthDetails(none)).toBe(true);
  });
});
