/**
 * Most reads answered by one statement. A batch that holds this many goes at once, without waiting
 * for the end of the turn: the reads after it gather while the database answers it, so the server
 * and the database work at the same time instead of in turn. With 16 feed readers at once (`npm run
 * bench`), 8 read the signed-in feed ~5% faster than one batch of 16 and the anonymous one alike;
 * batches of 6 or 4 cost the anonymous feed more statements than they saved.
 */
export const READ_BATCH_MAX = 8;

interface Waiting<P, R> {
  params: P;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

/**
 * Gathers the reads of one shape asked for in the same turn of the event loop (the requests that
 * arrived together) and sends them to the database as one statement, the way DataLoader batches
 * loads: a busy feed then costs one round trip, one wake-up of a backend and one executor start per
 * batch instead of per request. Every read runs in a statement sent after it was asked for, so it
 * sees every write committed before it was asked for (nothing is kept from one statement to the
 * next: this is not a cache). A read alone waits one turn of the loop (setImmediate); a
 * full batch (READ_BATCH_MAX) goes at once.
 *
 * `run` answers one result per params, in their order; if it throws, every read of that batch fails with it.
 */
export class ReadBatcher<P, R> {
  private readonly waiting = new Map<string, Array<Waiting<P, R>>>();

  constructor(private readonly run: (shape: string, params: P[]) => Promise<R[]>) {}

  /** Queues a read of `shape` (reads of one shape share a statement) with its own parameters. */
  load(shape: string, params: P): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      let queue = this.waiting.get(shape);
      if (!queue) {
        const fresh: Array<Waiting<P, R>> = [];
        queue = fresh;
        this.waiting.set(shape, fresh);
        setImmediate(() => {
          if (this.waiting.get(shape) === fresh) this.send(shape, fresh);
        });
      }
      queue.push({ params, resolve, reject });
      if (queue.length >= READ_BATCH_MAX) this.send(shape, queue);
    });
  }

  private send(shape: string, batch: Array<Waiting<P, R>>): void {
    this.waiting.delete(shape);
    // A read already answered ignores a later reject: only a failed or short batch rejects.
    this.run(
      shape,
      batch.map((read) => read.params),
    )
      .then((results) => {
        if (results.length !== batch.length) throw new Error(`a batch of ${batch.length} reads answered ${results.length} results`);
        batch.forEach((read, i) => read.resolve(results[i]!));
      })
      .catch((error: unknown) => {
        for (const read of batch) read.reject(error);
      });
  }
}

/**
 * A Postgres array literal of text values (`{"a","b",NULL}`), to bind as one `$n::type[]` parameter.
 * Quoted elements escape `"` and `\`; NUL cannot be in a Postgres string at all.
 */
export function arrayLiteral(values: ReadonlyArray<string | null>): string {
  const elements = values.map((value) => {
    if (value === null) return 'NULL';
    if (value.includes('\0')) throw new RangeError('a string with NUL cannot be sent to Postgres');
    return `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
  });
  return `{${elements.join(',')}}`;
}
