/** The most feed reads one query answers; a longer wait is split into several queries. */
export const LIKED_BATCH_MAX = 256;

interface Waiting {
  uid: string;
  poopIds: string[];
  resolve: (liked: Set<string>) => void;
  reject: (error: unknown) => void;
}

/**
 * Which posts of a page each viewer liked, for the feed reads that arrive together: asked by each
 * signed-in read, answered for all of those waiting at the end of this turn of the event loop by
 * one query (DataLoader's batching). The page's posts are the same for everyone and read once
 * (PoopService); only the likes are a viewer's own. On PostgreSQL each statement waits its turn for
 * a pooled connection, so 16 readers' likes in one statement, not 16 (docs/performance.md: x1.79
 * anonymous, x1.25 signed in; PGlite unchanged).
 */
export class LikedPostsBatch {
  private waiting: Waiting[] = [];

  constructor(private readonly read: (uids: string[], poopIds: string[]) => Promise<Array<{ uid: string; poopId: string }>>) {}

  /** The ids among `poopIds` that `uid` liked. */
  likedBy(uid: string, poopIds: string[]): Promise<Set<string>> {
    if (poopIds.length === 0) return Promise.resolve(new Set());
    return new Promise((resolve, reject) => {
      if (this.waiting.length === 0) setImmediate(() => this.flush());
      this.waiting.push({ uid, poopIds, resolve, reject });
    });
  }

  private flush(): void {
    const waiting = this.waiting;
    this.waiting = [];
    for (let start = 0; start < waiting.length; start += LIKED_BATCH_MAX) void this.answer(waiting.slice(start, start + LIKED_BATCH_MAX));
  }

  private async answer(batch: Waiting[]): Promise<void> {
    try {
      const rows = await this.read([...new Set(batch.map((w) => w.uid))], [...new Set(batch.flatMap((w) => w.poopIds))]);
      const byViewer = new Map<string, Set<string>>();
      for (const row of rows) {
        const liked = byViewer.get(row.uid) ?? new Set<string>();
        liked.add(row.poopId);
        byViewer.set(row.uid, liked);
      }
      for (const w of batch) {
        const liked = byViewer.get(w.uid);
        w.resolve(new Set(w.poopIds.filter((id) => liked?.has(id) === true)));
      }
    } catch (error) {
      for (const w of batch) w.reject(error);
    }
  }
}
