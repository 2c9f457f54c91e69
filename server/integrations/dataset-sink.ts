import { createSign } from 'node:crypto';
import fs from 'node:fs';
import type { ObjectStorage } from '../storage/object-storage';
import { storageKey } from '../storage/storage-keys';

/** Where verified images go to build the training dataset ("save to drive", spec section 7). */
export interface DatasetSink {
  readonly kind: 'drive' | 'storage';
  /** Saves the image as `{id}.webp` under the folder of `type`; answers where it went. */
  save(id: string, type: string, bytes: Uint8Array, contentType: string): Promise<string>;
  /** Deletes what `save` answered as `location`; a file already gone is not an error. */
  remove(location: string): Promise<void>;
}

export class DatasetSinkError extends Error {}

/** The default: the app's own storage at `dataset/{type}/{id}.webp` (DATA_DIR/files on disk, or the S3 bucket). */
export function storageSink(storage: ObjectStorage): DatasetSink {
  return {
    kind: 'storage',
    async save(id, type, bytes, contentType) {
      const key = storageKey('dataset', type, `${id}.webp`);
      await storage.put(key, bytes, contentType);
      return key;
    },
    async remove(location) {
      await storage.delete(location);
    },
  };
}

/** A Google service account: the fields of its JSON key file that the JWT bearer flow needs. */
export interface ServiceAccount {
  client_email: string;
  private_key: string;
  token_uri?: string;
}

export interface DriveConfig {
  /** GOOGLE_DRIVE_CREDENTIALS: the service account key, as JSON or as the path of its file. */
  credentials: string;
  /** GOOGLE_DRIVE_FOLDER_ID: the folder (shared with the service account) holding a folder per type. */
  folderId: string;
  /** GOOGLE_DRIVE_API_URL: https://www.googleapis.com, or a local stand-in in tests. */
  apiUrl: string;
  /** GOOGLE_TOKEN_URL: overrides the key's token_uri (a local stand-in in tests). */
  tokenUrl: string | undefined;
}

const DRIVE_SCOPE = 'https://www.googleapis.com/auth/drive.file';
const FOLDER_MIME = 'application/vnd.google-apps.folder';

export function readServiceAccount(credentials: string): ServiceAccount {
  const text = credentials.trim().startsWith('{') ? credentials : fs.readFileSync(credentials, 'utf8');
  const parsed = JSON.parse(text) as Partial<ServiceAccount>;
  if (!parsed.client_email || !parsed.private_key) throw new Error('GOOGLE_DRIVE_CREDENTIALS needs client_email and private_key');
  return { client_email: parsed.client_email, private_key: parsed.private_key, token_uri: parsed.token_uri };
}

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** A service-account JWT (RS256) for the OAuth 2.0 JWT bearer grant (RFC 7523), signed with node:crypto. */
export function serviceAccountJwt(account: ServiceAccount, audience: string, nowSeconds: number): string {
  const header = base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
  const claims = base64url(
    JSON.stringify({ iss: account.client_email, scope: DRIVE_SCOPE, aud: audience, iat: nowSeconds, exp: nowSeconds + 3600 }),
  );
  const signature = createSign('RSA-SHA256').update(`${header}.${claims}`).sign(account.private_key);
  return `${header}.${claims}.${base64url(signature)}`;
}

async function expectOk(res: Response, what: string): Promise<unknown> {
  if (!res.ok) throw new DatasetSinkError(`${what}: ${res.status} ${(await res.text()).slice(0, 200)}`);
  return res.json();
}

/**
 * Google Drive through its documented REST API (no client library: googleapis needs Node 22):
 * an access token from the service account's JWT, a folder per type under `folderId` (found with
 * files.list, else made with files.create), and the image sent with a multipart files.create.
 */
export function driveSink(config: DriveConfig, now: () => Date = () => new Date()): DatasetSink {
  const account = readServiceAccount(config.credentials);
  const tokenUrl = config.tokenUrl ?? account.token_uri ?? 'https://oauth2.googleapis.com/token';
  const api = config.apiUrl.replace(/\/$/, '');
  let token: { value: string; until: number } | undefined;
  const folders = new Map<string, Promise<string>>();

  const accessToken = async (): Promise<string> => {
    if (token && token.until > now().getTime()) return token.value;
    const assertion = serviceAccountJwt(account, tokenUrl, Math.floor(now().getTime() / 1000));
    const res = await fetch(tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }),
    });
    const body = (await expectOk(res, 'Google token endpoint')) as { access_token?: string; expires_in?: number };
    if (!body.access_token) throw new DatasetSinkError('Google token endpoint: no access_token');
    // Renewed a minute before it expires.
    token = { value: body.access_token, until: now().getTime() + ((body.expires_in ?? 3600) - 60) * 1000 };
    return token.value;
  };

  const findOrCreateFolder = async (name: string): Promise<string> => {
    const auth = { authorization: `Bearer ${await accessToken()}` };
    const q = `name = '${name.replace(/['\\]/g, '\\$&')}' and mimeType = '${FOLDER_MIME}' and '${config.folderId}' in parents and trashed = false`;
    const listed = (await expectOk(
      await fetch(`${api}/drive/v3/files?${new URLSearchParams({ q, fields: 'files(id,name)', spaces: 'drive' }).toString()}`, {
        headers: auth,
      }),
      'Drive files.list',
    )) as { files?: { id: string }[] };
    const found = listed.files?.[0]?.id;
    if (found) return found;
    const created = (await expectOk(
      await fetch(`${api}/drive/v3/files?fields=id`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ name, mimeType: FOLDER_MIME, parents: [config.folderId] }),
      }),
      'Drive files.create (folder)',
    )) as { id?: string };
    if (!created.id) throw new DatasetSinkError('Drive files.create (folder): no id');
    return created.id;
  };

  const folderOf = (type: string): Promise<string> => {
    let folder = folders.get(type);
    if (!folder) {
      folder = findOrCreateFolder(type);
      folders.set(type, folder);
      folder.catch(() => folders.delete(type));
    }
    return folder;
  };

  return {
    kind: 'drive',
    async save(id, type, bytes, contentType) {
      const parent = await folderOf(type);
      const boundary = `plop-${id}`;
      const metadata = JSON.stringify({ name: `${id}.webp`, parents: [parent] });
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Type: application/json; charset=UTF-8\r\n\r\n${metadata}\r\n--${boundary}\r\nContent-Type: ${contentType}\r\n\r\n`,
        ),
        Buffer.from(bytes),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const uploaded = (await expectOk(
        await fetch(`${api}/upload/drive/v3/files?uploadType=multipart&fields=id`, {
          method: 'POST',
          headers: { authorization: `Bearer ${await accessToken()}`, 'content-type': `multipart/related; boundary=${boundary}` },
          body,
        }),
        'Drive files.create (upload)',
      )) as { id?: string };
      if (!uploaded.id) throw new DatasetSinkError('Drive files.create (upload): no id');
      return `drive:${uploaded.id}`;
    },
    async remove(location) {
      const fileId = location.replace(/^drive:/, '');
      const res = await fetch(`${api}/drive/v3/files/${encodeURIComponent(fileId)}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${await accessToken()}` },
      });
      // 204 deleted; 404 already gone (a retry after a crash).
      if (!res.ok && res.status !== 404)
        throw new DatasetSinkError(`Drive files.delete: ${res.status} ${(await res.text()).slice(0, 200)}`);
    },
  };
}
