import { describe, expect, it } from 'vitest';
import { needsStage, VERIFICATION_STAGES, type VerificationState } from '../../../core/moderation';
import { ModerationRepository } from '../../repositories/moderation.repository';
import { addPoop, addUser, minutesAfter, repositoryDatabase } from './fixtures';

const T0 = new Date('2026-11-01T10:00:00.000Z');

/** Every combination of the five verification fields (a type or nothing, each flag or not). */
function everyState(): VerificationState[] {
  const states: VerificationState[] = [];
  for (const first of ['', 'Type 4'])
    for (const second of ['', 'Type 4'])
      for (const third of ['', 'Type 4'])
        for (const needSecond of [false, true])
          for (const needThird of [false, true])
            states.push({
              firstVerification: first,
              secondVerification: second,
              thirdVerification: third,
              needSecondVerification: needSecond,
              needThirdVerification: needThird,
            });
  return states;
}

describe('ModerationRepository', () => {
  it("each stage's queue (SQL) holds exactly the posts core/moderation.ts needsStage says wait for it", async () => {
    const database = await repositoryDatabase();
    const uid = await addUser(database);
    const states = everyState();
    const ids: string[] = [];
    for (const [i, state] of states.entries()) ids.push(await addPoop(database, uid, minutesAfter(T0, i), state));
    const repository = new ModerationRepository(database.db);
    for (const stage of VERIFICATION_STAGES) {
      const queued = new Set((await repository.stageQueue(stage, 1000)).map((row) => row.id));
      const expected = new Set(ids.filter((_, i) => needsStage(states[i]!, stage)));
      expect(queued, `stage ${stage}`).toEqual(expected);
    }
  });
});
