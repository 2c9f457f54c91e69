import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { build, signIn } from './helpers';
import { signInAndPost } from './poop-helpers';
import { avatarMultipart } from './route-world';

interface Listed {
  kind: string;
  link: string;
  excerpt: string | null;
  post: { title: string; placeholder: string } | null;
  actor: { uid: string; photoURL: string } | null;
}

describe('notifications say what happened', () => {
  it("a comment's notification quotes its first words, shows the post's title and placeholder, and opens the post at the comment", async () => {
    const { app, database } = await build();
    const author = await signInAndPost(app, { title: 'Monday morning' });
    await database.db.execute(sql`UPDATE poops SET status = 'approved' WHERE id = ${author.id}`);
    const fan = await signIn(app);
    const commentId = randomUUID();
    const long = 'What a wonderful specimen this is, truly one for the history books and the leaderboard too, well done';
    const posted = await app.inject({
      method: 'POST',
      url: `/api/poops/${author.id}/comments`,
      headers: { cookie: fan.cookie },
      payload: { id: commentId, text: long },
    });
    expect(posted.statusCode).toBe(201);

    const list = async (cookie: string) =>
      (await app.inject({ method: 'GET', url: '/api/notifications', headers: { cookie } })).json().notifications as Listed[];
    const [comment] = await list(author.cookie);
    expect(comment).toMatchObject({
      kind: 'poop_commented',
      link: `/root/poop/${author.id}#comment-${commentId}`,
      post: { title: 'Monday morning' },
      actor: { uid: fan.user.uid },
    });
    expect(comment!.excerpt).toBe('What a wonderful specimen this is, truly one for the history books and the…');
    expect(comment!.post!.placeholder).toMatch(/^data:image\//);

    // The author likes the fan's comment: the fan hears, with the comment and the post...
    await app.inject({ method: 'PUT', url: `/api/comments/${commentId}/like`, headers: { cookie: author.cookie } });
    const [liked] = await list(fan.cookie);
    expect(liked).toMatchObject({
      kind: 'comment_liked',
      link: `/root/poop/${author.id}#comment-${commentId}`,
      post: { title: 'Monday morning' },
    });
    expect(liked!.excerpt).toMatch(/^What a wonderful/);

    // ...until the post is made private: then nothing of it reaches the fan; its author still sees it.
    const made = await app.inject({
      method: 'PATCH',
      url: `/api/poops/${author.id}`,
      headers: { cookie: author.cookie },
      payload: { private: true },
    });
    expect(made.statusCode).toBe(200);
    const [hidden] = await list(fan.cookie);
    expect(hidden).toMatchObject({ kind: 'comment_liked', post: null, excerpt: null });
    const [own] = await list(author.cookie);
    expect(own).toMatchObject({ post: { title: 'Monday morning' } });
  });

  it("a follow's notification carries the follower's avatar", async () => {
    const { app } = await build();
    const followed = await signIn(app);
    const fan = await signIn(app);
    await app.inject({ method: 'PUT', url: `/api/users/${followed.user.uid}/follow`, headers: { cookie: fan.cookie } });
    const avatar = await avatarMultipart();
    const uploaded = await app.inject({
      method: 'PUT',
      url: '/api/me/avatar',
      headers: { cookie: fan.cookie, ...avatar.headers },
      payload: avatar.payload,
    });
    expect(uploaded.statusCode).toBe(200);
    const [follow] = (await app.inject({ method: 'GET', url: '/api/notifications', headers: { cookie: followed.cookie } })).json()
      .notifications as Listed[];
    expect(follow).toMatchObject({
      kind: 'followed',
      link: `/root/user/${fan.user.uid}`,
      actor: { uid: fan.user.uid },
      post: null,
      excerpt: null,
    });
    expect(follow!.actor!.photoURL).toBe(uploaded.json().user.photoURL);
    expect(follow!.actor!.photoURL).toMatch(/^\/api\/media\/users\//);
  });
});
