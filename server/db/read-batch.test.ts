import { describe, expect, it } from 'vitest';
import { arrayLiteral, READ_BATCH_MAX, ReadBatcher } from './read-batch';

/** A batcher whose statement doubles each value, recording the batches it was given. */
function doubling() {
  const batches: Array<{ shape: string; params: number[] }> = [];
  const batcher = new ReadBatcher<number, number>(async (shape, params) => {
    batches.push({ shape, params });
    return params.map((value) => value * 2);
  });
  return { batcher, batches };
}

describe('ReadBatcher', () => {
  it('sends the reads of one shape asked for in the same turn as one batch, in order, and each shape apart', async () => {
    const { batcher, batches } = doubling();
    const answers = await Promise.all([batcher.load('a', 1), batcher.load('b', 2), batcher.load('a', 3)]);
    expect(answers).toEqual([2, 4, 6]);
    expect(batches).toEqual([
      { shape: 'a', params: [1, 3] },
      { shape: 'b', params: [2] },
    ]);
  });

  it('starts a new batch for a read asked for after the previous one was sent', async () => {
    const { batcher, batches } = doubling();
    const first = batcher.load('a', 1);
    await new Promise((resolve) => setImmediate(resolve));
    const second = batcher.load('a', 2);
    expect(await Promise.all([first, second])).toEqual([2, 4]);
    expect(batches.map((batch) => batch.params)).toEqual([[1], [2]]);
  });

  it(`splits more than ${READ_BATCH_MAX} reads into batches of at most that many`, async () => {
    const { batcher, batches } = doubling();
    const values = Array.from({ length: READ_BATCH_MAX * 2 + 1 }, (_, i) => i);
    expect(await Promise.all(values.map((value) => batcher.load('a', value)))).toEqual(values.map((value) => value * 2));
    expect(batches.map((batch) => batch.params.length)).toEqual([READ_BATCH_MAX, READ_BATCH_MAX, 1]);
  });

  it(`sends a batch of ${READ_BATCH_MAX} at once, before the turn ends`, () => {
    const { batcher, batches } = doubling();
    for (let i = 0; i < READ_BATCH_MAX - 1; i++) void batcher.load('a', i);
    expect(batches).toEqual([]);
    void batcher.load('a', READ_BATCH_MAX - 1);
    expect(batches.map((batch) => batch.params.length)).toEqual([READ_BATCH_MAX]);
  });

  it('fails every read of a batch whose statement fails, or answers the wrong number of results', async () => {
    const failing = new ReadBatcher<number, number>(async () => {
      throw new Error('connection lost');
    });
    const outcomes = await Promise.allSettled([failing.load('a', 1), failing.load('a', 2)]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    const short = new ReadBatcher<number, number>(async () => [1]);
    await expect(Promise.all([short.load('a', 1), short.load('a', 2)])).rejects.toThrow('a batch of 2 reads answered 1 results');
  });
});

describe('arrayLiteral', () => {
  it('quotes every element, escaping quotes and backslashes, and writes NULL bare', () => {
    expect(arrayLiteral([])).toBe('{}');
    expect(arrayLiteral(['a', null, 'b"c\\d', 'NULL', ' {x,y} '])).toBe('{"a",NULL,"b\\"c\\\\d","NULL"," {x,y} "}');
  });

  it('refuses NUL, which no Postgres string can hold', () => {
    expect(() => arrayLiteral(['a\0b'])).toThrow(RangeError);
  });
});
