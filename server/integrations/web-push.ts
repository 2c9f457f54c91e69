import fs from 'node:fs/promises';
import path from 'node:path';
import webpush from 'web-push';
import type { Config } from '../config';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * The server's VAPID identity (RFC 8292): from VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY when set,
 * else a pair generated on first start and kept in `dataDir/vapid.json` (created exclusively,
 * so two processes starting at once agree on one pair).
 */
export async function loadVapidKeys(config: Config): Promise<VapidKeys> {
  const subject = config.webPush.subject ?? `mailto:admin@${new URL(config.publicUrl).hostname}`;
  if (config.webPush.publicKey && config.webPush.privateKey) {
    return { publicKey: config.webPush.publicKey, privateKey: config.webPush.privateKey, subject };
  }
  const file = path.join(config.dataDir, 'vapid.json');
  await fs.mkdir(config.dataDir, { recursive: true });
  const generated = webpush.generateVAPIDKeys();
  try {
    await fs.writeFile(file, JSON.stringify(generated), { flag: 'wx', mode: 0o600 });
    return { ...generated, subject };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const stored = JSON.parse(await fs.readFile(file, 'utf8')) as { publicKey: string; privateKey: string };
  return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject };
}

/**
 * Sends one encrypted (aes128gcm, RFC 8291) push with a VAPID header (RFC 8292) built by
 * `web-push`, over fetch (no redirects followed); answers the push service's status, or
 * throws on network errors and timeouts.
 */
export async function sendWebPush(target: PushTarget, payload: string, vapid: VapidKeys, ttlSeconds: number): Promise<number> {
  const details = webpush.generateRequestDetails(
    { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
    payload,
    { vapidDetails: vapid, TTL: ttlSeconds, contentEncoding: 'aes128gcm', urgency: 'normal' },
  );
  const headers = Object.fromEntries(Object.entries(details.headers).map(([k, v]) => [k, String(v)]));
  const response = await fetch(details.endpoint, {
    method: details.method,
    headers,
    body: details.body ?? null,
    redirect: 'manual',
    signal: AbortSignal.timeout(10_000),
  });
  await response.arrayBuffer();
  return response.status;
}
