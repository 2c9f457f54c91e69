import dns from 'node:dns';
import fs from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
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

/** What a name resolves to: every address (a rebinding name may mix a public one with an inside one). */
export type ResolveAll = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

const systemResolve: ResolveAll = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

/** The push endpoint's address is not one the server may reach (loopback, private, link-local, metadata...). */
export class PushAddressRefusedError extends Error {
  constructor(hostname: string, address: string) {
    super(`push endpoint ${hostname} resolves to ${address}, an address inside the network: not sent`);
    this.name = 'PushAddressRefusedError';
  }
}

/** Addresses that are never a push service: this machine, private networks, link-local (cloud metadata), multicast, reserved. */
const INSIDE = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT; Alibaba's metadata service is 100.100.100.200
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local: AWS, GCP and Azure metadata at 169.254.169.254
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  INSIDE.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96], // NAT64: may lead to any IPv4 address, the inside ones included
  ['100::', 64],
  ['fc00::', 7], // unique-local (AWS's IPv6 metadata is fd00:ec2::254)
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  INSIDE.addSubnet(network, prefix, 'ipv6');
}

/** Whether `address` is inside the network (IPv4-mapped IPv6 is judged as the IPv4 it carries). */
export function isInsideAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return INSIDE.check(mapped[1]!, 'ipv4');
  const family = net.isIP(address);
  if (family === 0) return true;
  return INSIDE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

function isLoopbackAddress(address: string): boolean {
  return address === '::1' || /^(::ffff:)?127\./i.test(address);
}

export interface SendOptions {
  /** Resolves the endpoint's host; the system resolver by default (tests stand in for DNS). */
  resolve?: ResolveAll;
  /** Local testing (WEB_PUSH_ALLOW_HTTP=1): loopback addresses may be reached. */
  allowLoopback?: boolean;
}

/**
 * Resolves the endpoint's host once and checks every address it answers; answers the one to
 * connect to. A literal address is checked as it is.
 */
export async function checkedAddress(hostname: string, options: SendOptions = {}): Promise<{ address: string; family: number }> {
  const bare = hostname.replace(/^\[|\]$/g, '');
  const answers = net.isIP(bare) !== 0 ? [{ address: bare, family: net.isIP(bare) }] : await (options.resolve ?? systemResolve)(bare);
  if (answers.length === 0) throw new PushAddressRefusedError(hostname, 'nothing');
  for (const { address } of answers) {
    if (isInsideAddress(address) && !(options.allowLoopback && isLoopbackAddress(address))) {
      throw new PushAddressRefusedError(hostname, address);
    }
  }
  return answers[0]!;
}

/**
 * Sends one encrypted (aes128gcm, RFC 8291) push with a VAPID header (RFC 8292) built by
 * `web-push`; answers the push service's status (redirects are not followed), or throws on
 * network errors and timeouts. The host is resolved and checked here, at send time, and the
 * connection goes to that checked address (the request's lookup is pinned to it): a name that
 * rebinds between the check and the connection cannot lead inside. TLS still verifies the name.
 */
export async function sendWebPush(
  target: PushTarget,
  payload: string,
  vapid: VapidKeys,
  ttlSeconds: number,
  options: SendOptions = {},
): Promise<number> {
  const details = webpush.generateRequestDetails(
    { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
    payload,
    { vapidDetails: vapid, TTL: ttlSeconds, contentEncoding: 'aes128gcm', urgency: 'normal' },
  );
  const url = new URL(details.endpoint);
  const pinned = await checkedAddress(url.hostname, options);
  const headers = Object.fromEntries(Object.entries(details.headers).map(([k, v]) => [k, String(v)]));
  const body = details.body ?? Buffer.alloc(0);
  const client = url.protocol === 'http:' ? http : https;
  return new Promise<number>((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: details.method,
        headers: { ...headers, 'content-length': String(body.length) },
        agent: false,
        timeout: 10_000,
        // Every lookup of this request answers the checked address, never a new resolution.
        lookup: ((_hostname: string, lookupOptions: dns.LookupOptions, callback: (...args: unknown[]) => void) => {
          if (lookupOptions.all) callback(null, [pinned]);
          else callback(null, pinned.address, pinned.family);
        }) as unknown as net.LookupFunction,
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error('push service did not answer within 10 s')));
    request.on('error', reject);
    request.end(body);
  });
}
