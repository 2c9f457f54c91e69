import { createRoot, hydrateRoot } from 'react-dom/client';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { ThemeProvider } from '@mui/material/styles';
import { I18nProvider } from '@lingui/react';
import { RETURN_PATH_PARAM, safeReturnPath } from '../../core/return-path';
import { ToastHost } from '../components/toast/ToastHost';
import { prepareSignIn, startAuth } from '../features/auth/auth-session';
import { createColorSchemesTheme } from '../features/theme/app-theme';
import { activateLocale, i18n } from '../i18n/i18n';
import { currentLocale, prerenderedLocale } from '../i18n/locale';
import { PRERENDER_STYLE_KEY } from '../prerender/prerendered-styles';
import { LandingDocument } from './LandingDocument';

/**
 * Hydrates the prerendered landing in `landing` (the same tree the build rendered, with the same
 * emotion key, whose styles are already in the page), so what was painted and focused stays, and
 * what was typed becomes the form's state.
 * Firebase Auth loads now: the visitor has started to use the form. Signed in, `enter` starts the
 * app in the same page (src/main.tsx, with the signed-in state and the toasts already there),
 * at the screen it asked for.
 * The page hydrates in the language it was rendered in (its `<html lang>`), so React keeps its
 * markup, then switches to the visitor's own (src/i18n/locale.ts) at once.
 */
export async function hydrateLanding(landing: HTMLElement, onHydrated: () => void): Promise<void> {
  const rendered = prerenderedLocale(document);
  await activateLocale(rendered);
  startAuth();
  prepareSignIn();
  const cache = createCache({ key: PRERENDER_STYLE_KEY });
  const toasts = document.createElement('div');
  document.body.append(toasts);
  const toastRoot = createRoot(toasts);
  toastRoot.render(
    <I18nProvider i18n={i18n}>
      <CacheProvider value={cache}>
        <ThemeProvider theme={createColorSchemesTheme()}>
          <ToastHost />
        </ThemeProvider>
      </CacheProvider>
    </I18nProvider>,
  );

  let entered = false;
  const enter = async (href: string) => {
    if (entered) return;
    entered = true;
    history.pushState(null, '', href);
    // The app's first commit replaces #root's content (the landing): then this page's roots go.
    const observer = new MutationObserver(() => {
      if (landing.isConnected) return;
      observer.disconnect();
      landingRoot.unmount();
      toastRoot.unmount();
      toasts.remove();
    });
    observer.observe(landing.parentElement!, { childList: true });
    try {
      (await import('../main')).startApp();
    } catch (error) {
      // The app's code could not be fetched here: the browser loads the page for it instead.
      console.warn('The app could not start in this page', error);
      location.assign(href);
    }
  };

  const next = safeReturnPath(new URLSearchParams(location.search).get(RETURN_PATH_PARAM));
  // What the visitor typed before this code ran becomes the form's state (read just before
  // hydrating; from then on React handles the fields' events).
  const field = (type: string) => landing.querySelector<HTMLInputElement>(`form input[type="${type}"]`)?.value ?? '';
  const typed = { email: field('email'), password: field('password') };
  const landingRoot = hydrateRoot(
    landing,
    <LandingDocument
      cache={cache}
      next={next}
      enter={enter}
      typed={typed}
      onHydrated={() => {
        onHydrated();
        const wanted = currentLocale();
        if (wanted !== rendered) activateLocale(wanted).catch((error: unknown) => console.warn('The language could not be loaded', error));
      }}
    />,
  );
}
