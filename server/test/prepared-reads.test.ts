import { describe, expect, it, onTestFinished } from 'vitest';
import { openTestDatabase } from './helpers';

const PLAN_MODE = "SELECT current_setting('plan_cache_mode')";

/** The plan mode queries outside prepared reads run with. */
async function ordinaryPlanMode(database: Awaited<ReturnType<typeof openTestDatabase>>): Promise<unknown> {
  const { rows } = await database.executeSql(`${PLAN_MODE} AS mode`);
  return (rows[0] as { mode: unknown }).mode;
}

describe('prepared reads (Database.queryPrepared)', () => {
  it('are planned once, with a generic plan, while every other query keeps PostgreSQL’s choice of plan', async () => {
    const database = await openTestDatabase();
    onTestFinished(() => database.close());

    for (let i = 0; i < 3; i++) {
      expect(await database.queryPrepared({ name: 'plan_mode_probe', text: PLAN_MODE }, [])).toEqual([['force_generic_plan']]);
      expect(await ordinaryPlanMode(database)).toBe('auto');
    }
  });

  it('that fail leave the other queries’ plan mode as it was, and answer the next read', async () => {
    const database = await openTestDatabase();
    onTestFinished(() => database.close());
    const divide = { name: 'divide_probe', text: 'SELECT (10 / $1::int)::text' };

    await expect(database.queryPrepared(divide, ['0'])).rejects.toMatchObject({ code: '22012' });
    expect(await ordinaryPlanMode(database)).toBe('auto');
    expect(await database.queryPrepared(divide, ['5'])).toEqual([['2']]);
  });
});
