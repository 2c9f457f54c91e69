import type { Config } from '../config';

/**
 * The app's Content-Security-Policy: our own scripts only; Firebase Auth (or its emulator)
 * for identity; images from ourselves, data: and blob: (previews of photos being posted).
 * No upgrade-insecure-requests: locally the app and the Auth emulator speak plain http.
 */
export function contentSecurityPolicy(config: Config): Record<string, string[]> {
  const firebaseHosts = ['https://*.googleapis.com', 'https://apis.google.com', `https://${config.firebase.authDomain}`];
  const emulator = config.firebase.authEmulatorHost ? [`http://${config.firebase.authEmulatorHost}`] : [];
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': ["'self'", 'https://apis.google.com'],
    // MUI (emotion) injects its styles at run time.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...firebaseHosts, ...emulator],
    'frame-src': [`https://${config.firebase.authDomain}`, ...emulator],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
  };
}
