/**
 * The script of the page `GET /` sends to a visitor (landing.html): the landing paints from its
 * HTML and CSS (src/prerender/), and this file, kept small, only waits for the visitor to start
 * using the form. Then hydrate.tsx (React and the form's code) loads and hydrates the page, and
 * Firebase Auth loads beside it; the app's own code starts once the visitor is signed in. When the
 * page is idle, the service worker is registered, and precaches the app.
 */
import { hasPendingRedirect } from '../features/auth/google-redirect-intent';
import { hadSession } from '../features/auth/session-hint';
import { currentLocale, prerenderedLocale } from '../i18n/locale';
import { whenIdle } from '../lib/when-idle';

const landing = document.getElementById('landing');
if (!landing) throw new Error('landing.html has no #landing element');

/** What the visitor did before the form's code had loaded, done again once it has. */
let replay: (() => void) | undefined;
let hydration: Promise<void> | undefined;

const EVENTS = ['focusin', 'pointerdown', 'click', 'submit'] as const;

function hydrate(): void {
  hydration ??= import('./hydrate').then(({ hydrateLanding }) =>
    hydrateLanding(landing!, () => {
      for (const type of EVENTS) landing!.removeEventListener(type, onFirstUse, { capture: true });
      replay?.();
    }),
  );
}

/** Starts the form's code; a press or a submit made before it is ready waits for it. */
function onFirstUse(event: Event): void {
  hydrate();
  const target = event.target instanceof Element ? event.target : null;
  if (event.type === 'submit' && target instanceof HTMLFormElement) {
    event.preventDefault();
    replay = () => target.requestSubmit();
  } else if (event.type === 'click') {
    const control = target?.closest<HTMLElement>('button, a');
    if (!control) return;
    event.preventDefault();
    replay = () => control.click();
  }
}

for (const type of EVENTS) landing.addEventListener(type, onFirstUse, { capture: true });
// Back from Google, or a session this browser had that Firebase may reopen: no need to wait. Nor
// for a visitor who reads another language than the page was rendered in: hydrated, it speaks theirs.
if (hasPendingRedirect() || hadSession() || currentLocale() !== prerenderedLocale(document)) hydrate();

if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  whenIdle(() => {
    navigator.serviceWorker.register(`${import.meta.env.BASE_URL}sw.js`, { scope: import.meta.env.BASE_URL }).catch((error: unknown) => {
      // The page works without a worker; the app registers it again (src/lib/sw-register.ts).
      console.warn('Service worker registration failed', error);
    });
  }, 2000);
}
