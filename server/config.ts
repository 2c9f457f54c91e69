import path from 'node:path';
import { CHAT_PUSH_DELAY_MS } from '../core/chat-api';
import { PUSH_SERVICE_HOSTS } from '../core/push-api';

/** Settings read once from the environment; every one has a working local default (see .env.example). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL server URL; undefined means embedded PGlite under `dataDir`. */
  databaseUrl: string | undefined;
  publicUrl: string;
  /** Directory with the built PWA; undefined serves no static files (API only). */
  staticDir: string | undefined;
  firebase: {
    projectId: string;
    apiKey: string;
    authDomain: string;
    /** host:port of the Firebase Auth emulator, or undefined for real Firebase. */
    authEmulatorHost: string | undefined;
  };
  mobileDeepLink: string;
  adminEmails: string[];
  reviewerEmails: string[];
  rateLimitMax: number;
  /** Per-route limits (sign-in, uploads, comments, follows) on top of the global one; RATE_LIMIT_ROUTES=off drops them. */
  routeRateLimits: boolean;
  // --- issue 27 (scale) ---
  /**
   * INSTANCES: how many API servers share the traffic. Rate limits are counted per server (in memory),
   * so each enforces its share, ceil(limit / instances): behind a proxy that spreads requests evenly the
   * sum stays the stated limit (server/README.md, several servers).
   */
  instances: number;
  // --- end issue 27 ---
  /**
   * MAP_STYLE_URL: the remote MapLibre style the map uses while online (default OpenFreeMap's
   * "liberty"); undefined (`off`): only the built-in offline world basemap.
   */
  mapStyleUrl: string | undefined;
  /**
   * The in-process cache of feed pages (services/feed-page-cache.ts): FEED_CACHE=on or off; unset, the
   * database decides (feedCacheFor): on with the embedded PGlite, off with PostgreSQL (server/README.md).
   */
  feedCache: boolean | undefined;
  /** How many reverse proxies sit in front (their X-Forwarded-For is believed); 0 for none. */
  trustProxyHops: number;
  sessionDays: number;
  logLevel: string;
  version: string;
  /** Uploaded files: an S3-compatible bucket when `s3` is set, else local disk under `dataDir/files`. */
  storage: {
    s3: S3Config | undefined;
    /** Stored files no row records are removed by the sweep once older than this. */
    orphanMinAgeMs: number;
    /**
     * EXPORTS_DISK_BUDGET_MB: what all "Download my data" archives together may take; past it new
     * exports wait their turn (0: one archive at a time). Unset: a fifth of the free space at start.
     */
    exportsBudgetBytes: number | undefined;
  };
  /** Reverse geocoding through a Nominatim-compatible service (`url` empty: none, the shipped place list answers). */
  nominatim: { url: string; userAgent: string; timeoutMs: number };
  /** Web Push (VAPID). Keys from the environment, else generated once and kept in `dataDir/vapid.json`. */
  webPush: {
    publicKey: string | undefined;
    privateKey: string | undefined;
    subject: string | undefined;
    /** Local testing only: also accept http:// endpoints on loopback addresses. */
    allowHttp: boolean;
    /**
     * Hosts push endpoints may name (`host`, `*.domain` or `host:port`; port 443 unless given):
     * the browsers' push services (core PUSH_SERVICE_HOSTS) plus WEB_PUSH_HOSTS.
     */
    hosts: string[];
    /** First retry delay of a failed delivery (doubles each time). */
    retryDelaySeconds: number;
  };
  /** Upload admission (plugins/upload-gate.ts): bytes of upload bodies in flight, and uploads per user at once. */
  uploads: { maxBytesInFlight: number; maxPerUser: number };
  /** How often the background jobs look for work (the push outbox sweep, pg-boss polling). */
  jobsPollMs: number;
  /** How long a chat message may stay unread before its recipient gets a push (CHAT_PUSH_DELAY_MS). */
  chatPushDelayMs: number;
  // --- moderation (issue 24) ---
  /** AI screening: an OpenAI-compatible endpoint (AI_BASE_URL, AI_API_KEY, AI_MODEL); undefined skips screening. */
  ai: { baseUrl: string; apiKey: string; model: string; timeoutMs: number } | undefined;
  /** The dataset sink: Google Drive when GOOGLE_DRIVE_CREDENTIALS and GOOGLE_DRIVE_FOLDER_ID are set, else storage `dataset/`. */
  drive: { credentials: string; folderId: string; apiUrl: string; tokenUrl: string | undefined } | undefined;
  // --- end moderation ---
  /**
   * Backups (docs/deployment.md): the nightly archive into `dir` (BACKUP_DIR, default DATA_DIR/backups) on the
   * pg-boss cron `cron` (BACKUP_CRON, UTC), keeping the newest `keep` (BACKUP_KEEP); BACKUPS=off: none scheduled.
   */
  backup: { scheduled: boolean; cron: string; keep: number; dir: string };
  /** METRICS_TOKEN: GET /metrics with this bearer token from anywhere; unset, from loopback only. */
  metricsToken: string | undefined;
  /** Stripe (premium): undefined until STRIPE_SECRET_KEY, STRIPE_PRICE_ID and STRIPE_WEBHOOK_SECRET are all set. */
  stripe: StripeConfig | undefined;
}

/** Premium payments through Stripe (issue 25). */
export interface StripeConfig {
  secretKey: string;
  /** The recurring price the subscribe button buys (price_...). */
  priceId: string;
  /** The signing secret of the webhook endpoint (whsec_...). */
  webhookSecret: string;
  /** STRIPE_API_URL: another address for Stripe's API (a local stand-in in tests); undefined: api.stripe.com. */
  apiUrl: string | undefined;
}

/** STRIPE_*: all three secrets or none (a half-configured Stripe would take money it cannot record). */
function stripeConfigOf(env: Env): StripeConfig | undefined {
  const secretKey = env.STRIPE_SECRET_KEY || '';
  const priceId = env.STRIPE_PRICE_ID || '';
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET || '';
  if (!secretKey && !priceId && !webhookSecret) return undefined;
  if (!secretKey || !priceId || !webhookSecret) {
    throw new Error('Stripe needs STRIPE_SECRET_KEY, STRIPE_PRICE_ID and STRIPE_WEBHOOK_SECRET together (or none of them)');
  }
  return { secretKey, priceId, webhookSecret, apiUrl: env.STRIPE_API_URL || undefined };
}

export interface S3Config {
  bucket: string;
  region: string;
  endpoint: string | undefined;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
}

type Env = Record<string, string | undefined>;

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
}

function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got "${value}"`);
  return n;
}

/** The map's style when MAP_STYLE_URL is unset: OpenFreeMap's "liberty" (free, no key; credited by its own attribution). */
const DEFAULT_MAP_STYLE_URL = 'https://tiles.openfreemap.org/styles/liberty';

/**
 * MAP_STYLE_URL, checked: an absolute http(s) URL (the CSP allows its origin); unset or empty:
 * OpenFreeMap's style; `off`: undefined (the map shows only the app's own offline basemap).
 */
function mapStyleUrlOf(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return DEFAULT_MAP_STYLE_URL;
  if (value.trim().toLowerCase() === 'off') return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`MAP_STYLE_URL must be an absolute URL, got "${value}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`MAP_STYLE_URL must be http(s), got "${value}"`);
  return url.href;
}

function publicUrlOf(env: Env, port: number): string {
  return (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, '');
}

/** True for an address that only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^127(\.\d{1,3}){3}$/.test(bare) || bare === '::ffff:127.0.0.1';
}

/**
 * The Auth emulator does not check ID-token signatures, so in emulator mode anyone who can reach
 * the server can sign in as anyone: the server must then listen on loopback only.
 */
export const EMULATOR_HOST_REFUSED =
  'HOST must be a loopback address (127.0.0.1, ::1 or localhost) while the Firebase Auth emulator is in use: ' +
  'the emulator is development identity that trusts every token. For a shared or public deployment, ' +
  'use a real Firebase project (docs/deployment.md, "A real Firebase project").';

export function loadConfig(env: Env = process.env): Config {
  const port = int(env.PORT, 3000, 'PORT');
  const projectId = env.FIREBASE_PROJECT_ID || 'demo-plop';
  // A demo- project id only exists in the emulator, so it implies the emulator by default.
  const defaultEmulator = projectId.startsWith('demo-') ? '127.0.0.1:9099' : '';
  const emulator = env.FIREBASE_AUTH_EMULATOR_HOST ?? defaultEmulator;
  const host = env.HOST || '127.0.0.1';
  if (emulator && !isLoopbackHost(host)) throw new Error(`${EMULATOR_HOST_REFUSED} Got HOST=${host}.`);
  return {
    port,
    host,
    dataDir: path.resolve(env.DATA_DIR || '.data'),
    databaseUrl: env.DATABASE_URL || undefined,
    publicUrl: publicUrlOf(env, port),
    staticDir: env.STATIC_DIR === '' ? undefined : path.resolve(env.STATIC_DIR || 'dist'),
    firebase: {
      projectId,
      apiKey: env.FIREBASE_API_KEY || 'demo-api-key',
      authDomain: env.FIREBASE_AUTH_DOMAIN || `${projectId}.firebaseapp.com`,
      authEmulatorHost: emulator || undefined,
    },
    mobileDeepLink: env.MOBILE_DEEP_LINK || 'plop://oauth',
    adminEmails: list(env.ADMIN_EMAILS),
    reviewerEmails: list(env.REVIEWER_EMAILS),
    rateLimitMax: int(env.RATE_LIMIT_MAX, 600, 'RATE_LIMIT_MAX'),
    routeRateLimits: env.RATE_LIMIT_ROUTES !== 'off',
    instances: Math.max(1, int(env.INSTANCES, 1, 'INSTANCES')),
    feedCache: env.FEED_CACHE === 'on' ? true : env.FEED_CACHE === 'off' ? false : undefined,
    mapStyleUrl: mapStyleUrlOf(env.MAP_STYLE_URL),
    trustProxyHops: int(env.TRUST_PROXY_HOPS, 0, 'TRUST_PROXY_HOPS'),
    sessionDays: int(env.SESSION_DAYS, 14, 'SESSION_DAYS'),
    logLevel: env.LOG_LEVEL || 'info',
    version: env.npm_package_version || '0.1.0',
    storage: {
      s3: env.S3_BUCKET
        ? {
            bucket: env.S3_BUCKET,
            region: env.S3_REGION || 'us-east-1',
            endpoint: env.S3_ENDPOINT || undefined,
            accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
          }
        : undefined,
      orphanMinAgeMs: int(env.STORAGE_ORPHAN_MIN_AGE_SECONDS, 3600, 'STORAGE_ORPHAN_MIN_AGE_SECONDS') * 1000,
      exportsBudgetBytes:
        env.EXPORTS_DISK_BUDGET_MB === undefined || env.EXPORTS_DISK_BUDGET_MB === ''
          ? undefined
          : int(env.EXPORTS_DISK_BUDGET_MB, 0, 'EXPORTS_DISK_BUDGET_MB') * 1024 * 1024,
    },
    nominatim: {
      // Empty: place names come from the shipped GeoNames list alone, with no network.
      url: (env.NOMINATIM_URL || '').replace(/\/$/, ''),
      // Nominatim's usage policy requires a User-Agent that identifies the application.
      userAgent: env.NOMINATIM_USER_AGENT || `Plop/${env.npm_package_version || '0.1.0'} (${publicUrlOf(env, port)})`,
      timeoutMs: int(env.NOMINATIM_TIMEOUT_MS, 5000, 'NOMINATIM_TIMEOUT_MS'),
    },
    webPush: {
      publicKey: env.VAPID_PUBLIC_KEY || undefined,
      privateKey: env.VAPID_PRIVATE_KEY || undefined,
      subject: env.VAPID_SUBJECT || undefined,
      allowHttp: env.WEB_PUSH_ALLOW_HTTP === '1',
      hosts: [...PUSH_SERVICE_HOSTS, ...list(env.WEB_PUSH_HOSTS)],
      retryDelaySeconds: int(env.WEB_PUSH_RETRY_DELAY_SECONDS, 10, 'WEB_PUSH_RETRY_DELAY_SECONDS'),
    },
    uploads: {
      maxBytesInFlight: int(env.UPLOADS_IN_FLIGHT_MAX_MB, 192, 'UPLOADS_IN_FLIGHT_MAX_MB') * 1024 * 1024,
      maxPerUser: int(env.UPLOADS_PER_USER, 2, 'UPLOADS_PER_USER'),
    },
    jobsPollMs: int(env.JOBS_POLL_MS, 1000, 'JOBS_POLL_MS'),
    chatPushDelayMs: int(env.CHAT_PUSH_DELAY_MS, CHAT_PUSH_DELAY_MS, 'CHAT_PUSH_DELAY_MS'),
    // --- moderation (issue 24) ---
    ai:
      env.AI_BASE_URL && env.AI_MODEL
        ? {
            baseUrl: env.AI_BASE_URL.replace(/\/$/, ''),
            // Local model servers take any key; the SDK insists on one.
            apiKey: env.AI_API_KEY || 'not-needed',
            model: env.AI_MODEL,
            timeoutMs: int(env.AI_TIMEOUT_MS, 60_000, 'AI_TIMEOUT_MS'),
          }
        : undefined,
    drive:
      env.GOOGLE_DRIVE_CREDENTIALS && env.GOOGLE_DRIVE_FOLDER_ID
        ? {
            credentials: env.GOOGLE_DRIVE_CREDENTIALS,
            folderId: env.GOOGLE_DRIVE_FOLDER_ID,
            apiUrl: env.GOOGLE_DRIVE_API_URL || 'https://www.googleapis.com',
            tokenUrl: env.GOOGLE_TOKEN_URL || undefined,
          }
        : undefined,
    // --- end moderation ---
    stripe: stripeConfigOf(env),
    backup: {
      scheduled: env.BACKUPS !== 'off',
      cron: env.BACKUP_CRON || '30 3 * * *',
      keep: Math.max(1, int(env.BACKUP_KEEP, 7, 'BACKUP_KEEP')),
      dir: path.resolve(env.BACKUP_DIR || path.join(env.DATA_DIR || '.data', 'backups')),
    },
    metricsToken: env.METRICS_TOKEN || undefined,
  };
}
