import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { becomePremiumThroughWebhook, fakeStripe } from './fake-stripe';
import { signIn } from './helpers';
import { buildWithFiles, signInAndPost } from './poop-helpers';

// Issue 61: text made only of these passed for comments, chat and league names (one rule,
// core/visible-text.ts, on Unicode properties, decides for every text field).
const INVISIBLE: Array<[string, string]> = [
  ['\uFE0F\uFE0F\uFE0F', 'three emoji variation selectors'],
  ['\u{E0041}\u{E0042}\u{E0043}', 'tag characters'],
  ['\u180B\u180C\u180D', 'Mongolian free variation selectors'],
  ['\u{1BCA0}\u{1BCA1}', 'shorthand format controls'],
  ['\u{1D173}\u{1D174}', 'musical beam controls'],
  ['\u2800', 'the braille blank'],
  ['\u0301\u0308', 'combining marks with no base'],
];

describe('invisible-only text (issue 61)', () => {
  it('is refused as a comment, a chat message and a league name, each kind of it', async () => {
    const stripe = await fakeStripe();
    const { app } = await buildWithFiles(stripe.env);
    const author = await signInAndPost(app);
    const peer = await signIn(app);
    await becomePremiumThroughWebhook(app, stripe, author.user.uid);
    await becomePremiumThroughWebhook(app, stripe, peer.user.uid);
    for (const [invisible, what] of INVISIBLE) {
      const comment = await app.inject({
        method: 'POST',
        url: `/api/poops/${author.id}/comments`,
        headers: { cookie: author.cookie },
        payload: { id: randomUUID(), text: invisible },
      });
      expect([what, comment.statusCode, comment.json().error?.code]).toEqual([what, 400, 'bad_request']);
      const message = await app.inject({
        method: 'PUT',
        url: `/api/chat/with/${peer.user.uid}/messages/${randomUUID()}`,
        headers: { cookie: author.cookie },
        payload: { body: invisible },
      });
      expect([what, message.statusCode, message.json().error?.code]).toEqual([what, 400, 'bad_request']);
      const league = await app.inject({
        method: 'PUT',
        url: `/api/leagues/${randomUUID()}`,
        headers: { cookie: author.cookie },
        payload: { name: invisible },
      });
      expect([what, league.statusCode, league.json().error?.code]).toEqual([what, 400, 'bad_request']);
    }
    // Around visible text they are trimmed, and a flag's tag characters stay.
    const named = await app.inject({
      method: 'PUT',
      url: `/api/leagues/${randomUUID()}`,
      headers: { cookie: author.cookie },
      payload: { name: '\u2800Gut Club \u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}\u2800' },
    });
    expect(named.statusCode).toBe(201);
    expect(named.json().league.name).toBe('Gut Club \u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}');
  }, 120_000);
});
