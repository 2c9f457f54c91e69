import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { build, signIn } from './helpers';
import { isErrorEnvelope } from './error-envelope';
import { buildWithFiles, putPoop } from './poop-helpers';
import { until } from './poll';
import { browserKeys, decrypt, pushEndpoint } from './push-stand-in';

describe("the account's language (issue 62)", () => {
  it('is null on a new account (each device follows its own), is kept once chosen, and can go back to null', async () => {
    const { app } = await build();
    const { cookie, user } = await signIn(app);
    expect(user.language).toBeNull();

    const chosen = await app.inject({ method: 'PATCH', url: '/api/me', headers: { cookie }, payload: { language: 'it' } });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().user.language).toBe('it');
    expect((await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json().user.language).toBe('it');

    const device = await app.inject({ method: 'PATCH', url: '/api/me', headers: { cookie }, payload: { language: null } });
    expect(device.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json().user.language).toBeNull();
  });

  it.each([['fr'], ['it-IT'], [1]])('refuses %j with a 400 envelope and changes nothing', async (language) => {
    const { app } = await build();
    const { cookie } = await signIn(app);
    await app.inject({ method: 'PATCH', url: '/api/me', headers: { cookie }, payload: { language: 'en' } });

    const res = await app.inject({ method: 'PATCH', url: '/api/me', headers: { cookie }, payload: { language } });
    expect(res.statusCode).toBe(400);
    expect(isErrorEnvelope(res.json())).toBe(true);
    expect(res.json().error.code).toBe('bad_request');
    expect((await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json().user.language).toBe('en');
  });
});

/** Signs in, turns notifications on and subscribes one device (its app in `deviceLanguage`) at the stand-in. */
async function subscriber(app: FastifyInstance, endpoint: string, accountLanguage: 'en' | 'it' | null, deviceLanguage?: 'en' | 'it') {
  const session = await signIn(app);
  const patch = await app.inject({
    method: 'PATCH',
    url: '/api/me',
    headers: { cookie: session.cookie },
    payload: { enableNotifications: true, language: accountLanguage },
  });
  expect(patch.statusCode, patch.body).toBe(200);
  const keys = browserKeys();
  const res = await app.inject({
    method: 'POST',
    url: '/api/push/subscriptions',
    headers: { cookie: session.cookie },
    payload: { endpoint, keys: keys.json, ...(deviceLanguage ? { language: deviceLanguage } : {}) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { ...session, keys };
}

/** Posts as `owner`, and `commenter` comments on it: the real path that writes the notification. */
async function commentOnPostOf(app: FastifyInstance, owner: { cookie: string }, commenter: { cookie: string }, text: string) {
  const poopId = randomUUID();
  expect((await putPoop(app, owner.cookie, poopId)).statusCode).toBe(201);
  const res = await app.inject({
    method: 'POST',
    url: `/api/poops/${poopId}/comments`,
    headers: { cookie: commenter.cookie },
    payload: { id: randomUUID(), text },
  });
  expect(res.statusCode, res.body).toBe(201);
  return poopId;
}

describe('pushes in the recipient’s language (issue 62)', () => {
  it("an Italian account's comment push is in Italian, an English account's in English, and a device's language counts when the account chose none", async () => {
    const { app } = await buildWithFiles({ WEB_PUSH_ALLOW_HTTP: '1', JOBS_POLL_MS: '200' });
    const service = await pushEndpoint();
    const giulia = await subscriber(app, `${service.origin}/giulia`, 'it', 'en');
    const john = await subscriber(app, `${service.origin}/john`, 'en', 'it');
    const marco = await subscriber(app, `${service.origin}/marco`, null, 'it');
    const ada = await signIn(app);
    const adaName = ada.user.username;

    // The comment's push (posting first earns an achievement, pushed too): the one quoting the comment.
    const pushTo = (who: { keys: ReturnType<typeof browserKeys> }, path: string, quoting: string) =>
      until(`the comment's push to ${path}`, () =>
        service.received
          .filter((r) => r.url === path)
          .map((r) => JSON.parse(decrypt(r.body, who.keys)) as { title: string; body: string; actions: { title: string }[] })
          .find((push) => push.body.includes(quoting)),
      );

    await commentOnPostOf(app, giulia, ada, 'Bellissimo');
    expect(await pushTo(giulia, '/giulia', 'Bellissimo')).toMatchObject({
      title: 'Nuovo commento',
      body: `${adaName} ha commentato il tuo post: “Bellissimo”`,
      actions: [{ action: 'reply', title: 'Rispondi' }],
    });

    // Her first post earned Giulia an achievement: its push names it in Italian, by its key.
    expect(await pushTo(giulia, '/giulia', 'Primo post')).toMatchObject({ body: 'Hai ottenuto "Primo post"' });

    await commentOnPostOf(app, john, ada, 'Lovely one');
    expect(await pushTo(john, '/john', 'Lovely one')).toMatchObject({
      title: 'New comment',
      body: `${adaName} commented on your post: “Lovely one”`,
      actions: [{ action: 'reply', title: 'Reply' }],
    });

    await commentOnPostOf(app, marco, ada, 'Che bello');
    expect(await pushTo(marco, '/marco', 'Che bello')).toMatchObject({
      title: 'Nuovo commento',
      body: `${adaName} ha commentato il tuo post: “Che bello”`,
    });
  });

  it("a streak reminder's buttons are in the account's language", async () => {
    const test = await buildWithFiles({ WEB_PUSH_ALLOW_HTTP: '1', JOBS_POLL_MS: '200' });
    const service = await pushEndpoint();
    const giulia = await subscriber(test.app, `${service.origin}/giulia`, 'it');
    await test.database.db.execute(
      sql`INSERT INTO notifications (id, uid, kind, params, is_read, link)
          VALUES (${randomUUID()}, ${giulia.user.uid}, 'streak_reminder', ${JSON.stringify({ days: 5, minutesLeft: 120 })}::jsonb, false, '/root/create')`,
    );
    const request = await until('the reminder', () => service.received[0]);
    expect(JSON.parse(decrypt(request.body, giulia.keys))).toMatchObject({
      title: 'Non perdere la tua serie',
      body: 'La tua serie di 5 giorni finisce tra 2 ore',
      actions: [
        { action: 'open', title: 'Pubblica ora', link: '/root/create' },
        { action: 'snooze', title: 'Rimanda di un’ora', link: '/root/create' },
      ],
    });
  });
});
