// Mixed traffic from signed-in users: feed reads, likes, comments and photo posts, at a fixed
// number of connections for a fixed time. Every answer is kept (status, time, when) and every
// successful write is recorded, so the caller can compare them with the rows.
import { randomUUID } from 'node:crypto';
import { call, postBody, type Answer, type User } from './lib';

export type Kind = 'feed' | 'like' | 'comment' | 'post';

export interface Sample extends Answer {
  kind: Kind;
  /** Milliseconds since the traffic started, when the request was sent. */
  at: number;
}

export interface Writes {
  /** `${uid}/${postId}` of every 2xx like. */
  likes: Set<string>;
  /** Ids of every 2xx comment. */
  comments: Set<string>;
  /** Ids of every 2xx post. */
  posts: Set<string>;
}

export interface TrafficOptions {
  base: string;
  users: User[];
  /** Posts likes and comments go to; grows with every successful post. */
  postIds: string[];
  jpegs: Buffer[];
  seconds: number;
  connections: number;
  /** Share of each kind (they need not add up to 1). */
  mix?: Record<Kind, number>;
  timeoutMs?: number;
}

const DEFAULT_MIX: Record<Kind, number> = { feed: 0.55, like: 0.2, comment: 0.15, post: 0.1 };

export function newWrites(): Writes {
  return { likes: new Set(), comments: new Set(), posts: new Set() };
}

/** Runs the traffic; answers every sample, and records successful writes in `writes`. */
export async function traffic(options: TrafficOptions, writes: Writes): Promise<Sample[]> {
  const mix = options.mix ?? DEFAULT_MIX;
  const total = Object.values(mix).reduce((a, b) => a + b, 0);
  const samples: Sample[] = [];
  const started = performance.now();
  const until = started + options.seconds * 1000;
  const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)]!;
  const kindOf = (): Kind => {
    let r = Math.random() * total;
    for (const [kind, share] of Object.entries(mix) as Array<[Kind, number]>) {
      r -= share;
      if (r < 0) return kind;
    }
    return 'feed';
  };
  const worker = async (n: number) => {
    let i = 0;
    while (performance.now() < until) {
      const user = options.users[(n + i++) % options.users.length]!;
      const kind = options.postIds.length === 0 ? 'post' : kindOf();
      const at = performance.now() - started;
      const timeoutMs = options.timeoutMs ?? 15_000;
      let answer: Answer;
      if (kind === 'feed') {
        // Half signed in, half anonymous.
        answer = await call(options.base, 'GET', '/api/poops/feed', { cookie: i % 2 ? user.cookie : undefined, timeoutMs });
      } else if (kind === 'like') {
        const postId = pick(options.postIds);
        answer = await call(options.base, 'PUT', `/api/poops/${postId}/like`, { cookie: user.cookie, timeoutMs });
        if (answer.status >= 200 && answer.status < 300) writes.likes.add(`${user.uid}/${postId}`);
      } else if (kind === 'comment') {
        const id = randomUUID();
        answer = await call(options.base, 'POST', `/api/poops/${pick(options.postIds)}/comments`, {
          cookie: user.cookie,
          json: { id, text: `Resilience comment ${id.slice(0, 8)}` },
          timeoutMs,
        });
        if (answer.status >= 200 && answer.status < 300) writes.comments.add(id);
      } else {
        const id = randomUUID();
        const { body, type } = postBody(pick(options.jpegs));
        answer = await call(options.base, 'PUT', `/api/poops/${id}`, { cookie: user.cookie, body, type, timeoutMs });
        if (answer.status >= 200 && answer.status < 300) {
          writes.posts.add(id);
          options.postIds.push(id);
        }
      }
      // Bodies are not kept (a load run makes tens of thousands of answers); errors keep theirs.
      samples.push({ ...answer, text: answer.status >= 400 ? answer.text : '', kind, at });
    }
  };
  await Promise.all(Array.from({ length: options.connections }, (_, n) => worker(n)));
  return samples;
}

/** `feed p50 12 ms p99 80 ms (n=...)` per kind, and overall req/s. */
export function figures(samples: Sample[], seconds: number): string {
  const lines = [`${samples.length} requests in ${seconds} s = ${(samples.length / seconds).toFixed(1)} req/s`];
  for (const kind of ['feed', 'like', 'comment', 'post'] as Kind[]) {
    const ms = samples.filter((s) => s.kind === kind).map((s) => s.ms);
    if (ms.length === 0) continue;
    const sorted = [...ms].sort((a, b) => a - b);
    const p = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]!.toFixed(0);
    lines.push(`${kind}: n=${ms.length} p50 ${p(0.5)} ms p99 ${p(0.99)} ms`);
  }
  return lines.join('; ');
}
