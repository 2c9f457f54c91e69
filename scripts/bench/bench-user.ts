// Shared by the browser benchmarks (web.bench.ts, launch.bench.ts): a signed-in user with a few
// real posts, made through the app's own API against the Auth emulator.
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';

/** Signs up a new e-mail user on the emulator and returns the app's session cookie. */
export async function signUp(baseUrl: string, emulatorHost: string, emailPrefix: string): Promise<string> {
  const res = await fetch(`http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `${emailPrefix}-${randomUUID().slice(0, 8)}@example.com`,
      password: 'secret123',
      returnSecureToken: true,
    }),
  });
  const { idToken } = (await res.json()) as { idToken: string };
  const session = await fetch(`${baseUrl}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ idToken }),
  });
  if (!session.ok) throw new Error(`POST /api/session: ${session.status}`);
  return (session.headers.get('set-cookie') ?? '').split(';')[0]!;
}

/** A few real posts (photos through the API), titled '{title} 1..n', so the feed has cards and images to paint. */
export async function postPhotos(baseUrl: string, cookie: string, count: number, title: string, description: string): Promise<void> {
  for (let i = 0; i < count; i++) {
    const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 120 + i * 20, g: 80, b: 40 } } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.set('type', 'Type 4');
    form.set('title', `${title} ${i + 1}`);
    form.set('description', description);
    form.set('photo', new Blob([photo], { type: 'image/jpeg' }), 'photo.jpg');
    const res = await fetch(`${baseUrl}/api/poops/${randomUUID()}`, { method: 'PUT', headers: { cookie, origin: baseUrl }, body: form });
    if (res.status !== 201) throw new Error(`PUT /api/poops: ${res.status} ${await res.text()}`);
  }
}

/** Finishes the new-account welcome, as a person reopening an app they have used has done. */
export async function finishWelcome(baseUrl: string, cookie: string): Promise<void> {
  const res = await fetch(`${baseUrl}/api/me`, {
    method: 'PATCH',
    headers: { cookie, origin: baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify({ welcomed: true }),
  });
  if (!res.ok) throw new Error(`PATCH /api/me: ${res.status} ${await res.text()}`);
}
