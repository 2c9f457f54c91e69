import type { ConfigResponse } from '../../core/api';
import { PUBLIC_CONFIG_ELEMENT_ID } from '../../core/api-paths';
import { apiFetch } from './api-client';
import { dataBlockText } from './page-data';

/** localStorage key of the last config the server sent, used when the fetch fails (offline). */
export const CONFIG_CACHE_KEY = 'plop.config';

function isConfig(value: unknown): value is ConfigResponse {
  if (typeof value !== 'object' || value === null) return false;
  const config = value as Partial<Record<keyof ConfigResponse, unknown>>;
  const firebase = config.firebase as Partial<Record<string, unknown>> | null | undefined;
  return (
    typeof firebase === 'object' &&
    firebase !== null &&
    typeof firebase.apiKey === 'string' &&
    typeof firebase.authDomain === 'string' &&
    typeof firebase.projectId === 'string' &&
    (config.authEmulatorUrl === null || typeof config.authEmulatorUrl === 'string') &&
    typeof config.mobileDeepLink === 'string' &&
    typeof config.version === 'string'
  );
}

/** The cached config, or undefined when there is none or it is not a config. */
export function parseCachedConfig(text: string | null): ConfigResponse | undefined {
  if (text === null) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return isConfig(value) ? value : undefined;
  } catch {
    // A corrupt entry is as good as none: the next successful fetch overwrites it.
    return undefined;
  }
}

/** The config the server wrote into the page (absent when the service worker served its copy). */
function configInPage(): ConfigResponse | undefined {
  return parseCachedConfig(dataBlockText(PUBLIC_CONFIG_ELEMENT_ID));
}

async function fetchConfig(): Promise<ConfigResponse> {
  const inPage = configInPage();
  if (inPage) {
    localStorage.setItem(CONFIG_CACHE_KEY, JSON.stringify(inPage));
    return inPage;
  }
  try {
    const config = await apiFetch<ConfigResponse>('/api/config');
    localStorage.setItem(CONFIG_CACHE_KEY, JSON.stringify(config));
    return config;
  } catch (error) {
    const cached = parseCachedConfig(localStorage.getItem(CONFIG_CACHE_KEY));
    if (cached) return cached;
    throw error;
  }
}

let pending: Promise<ConfigResponse> | undefined;

/** The runtime config, fetched once per page load (a failure is retried on the next call). */
export function loadConfig(): Promise<ConfigResponse> {
  pending ??= fetchConfig().catch((error: unknown) => {
    pending = undefined;
    throw error;
  });
  return pending;
}
