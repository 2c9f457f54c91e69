import { describe, expect, it } from 'vitest';
import { LIKED_BATCH_MAX, LikedPostsBatch } from '../services/liked-posts-batch';

/** A likes table of (uid, poopId) pairs, and the queries asked of it. */
function table(rows: Array<{ uid: string; poopId: string }>) {
  const queries: Array<{ uids: string[]; poopIds: string[] }> = [];
  const read = async (uids: string[], poopIds: string[]) => {
    queries.push({ uids, poopIds });
    return rows.filter((row) => uids.includes(row.uid) && poopIds.includes(row.poopId));
  };
  return { queries, batch: new LikedPostsBatch(read) };
}

describe('which posts of a page each viewer liked, for many reads at once', () => {
  it('answers the reads that arrive together with one query, each viewer only their own likes of their own page', async () => {
    const { queries, batch } = table([
      { uid: 'ann', poopId: 'p1' },
      { uid: 'ben', poopId: 'p2' },
      { uid: 'ben', poopId: 'p9' },
    ]);
    const [ann, ben, cat] = await Promise.all([
      batch.likedBy('ann', ['p1', 'p2']),
      batch.likedBy('ben', ['p1', 'p2']),
      batch.likedBy('cat', ['p1', 'p9']),
    ]);
    expect([...ann]).toEqual(['p1']);
    // ben liked p9 too, but it is not on the page he asked about.
    expect([...ben]).toEqual(['p2']);
    expect([...cat]).toEqual([]);
    expect(queries).toHaveLength(1);
  });

  it('asks nothing for an empty page, and again for reads that come later', async () => {
    const { queries, batch } = table([{ uid: 'ann', poopId: 'p1' }]);
    expect(await batch.likedBy('ann', [])).toEqual(new Set());
    expect(queries).toHaveLength(0);
    await batch.likedBy('ann', ['p1']);
    await batch.likedBy('ann', ['p1']);
    expect(queries).toHaveLength(2);
  });

  it(`splits a longer wait into queries of at most ${LIKED_BATCH_MAX} reads`, async () => {
    const { queries, batch } = table([]);
    await Promise.all(Array.from({ length: LIKED_BATCH_MAX + 1 }, (_, i) => batch.likedBy(`viewer-${i}`, ['p1'])));
    expect(queries.map((query) => query.uids.length)).toEqual([LIKED_BATCH_MAX, 1]);
  });

  it('fails every read of a batch whose query failed, and the next reads query again', async () => {
    let fail = true;
    const batch = new LikedPostsBatch(async () => {
      if (fail) throw new Error('database gone');
      return [];
    });
    const reads = [batch.likedBy('ann', ['p1']), batch.likedBy('ben', ['p1'])];
    await expect(reads[0]).rejects.toThrow('database gone');
    await expect(reads[1]).rejects.toThrow('database gone');
    fail = false;
    expect(await batch.likedBy('ann', ['p1'])).toEqual(new Set());
  });
});
