/**
 * The landing page rendered ahead of time, once, at build (vite.config.ts, prerenderLanding): the
 * page `GET /` sends to a visitor (dist/landing.html) has the landing, its sign-in form included,
 * in #landing, so it paints and reads before any script; its own small script (src/landing/)
 * hydrates it when the visitor starts to use the form. Its styles are collected by
 * @emotion/server, MUI's documented way, under a key of their own. It is rendered in English, the
 * language landing.html declares (`<html lang>`); the page's script shows it in the visitor's own
 * language once hydrated (src/landing/hydrate.tsx).
 */
import { renderToString } from 'react-dom/server';
import createCache from '@emotion/cache';
import createEmotionServer from '@emotion/server/create-instance';
import { activateLocale } from '../i18n/i18n';
import { LandingDocument, PRERENDERED_AUTH } from '../landing/LandingDocument';
import { setAuthState } from '../state/app.state';
import { PRERENDER_STYLE_KEY } from './prerendered-styles';

/** Where landing.html holds the landing (its script hydrates the same element). */
const LANDING_ELEMENT = '<div id="landing"></div>';

/** `landingHtml` (the built dist/landing.html) with the landing, as a visitor first sees it, in #landing. */
export async function renderLandingPage(landingHtml: string): Promise<string> {
  if (landingHtml.split(LANDING_ELEMENT).length !== 2 || !landingHtml.includes('</head>')) {
    throw new Error(`landing.html must have one ${LANDING_ELEMENT} and a </head>`);
  }
  // The server sends this page to visitors only (a signed-in user gets the app's page).
  setAuthState(PRERENDERED_AUTH);
  await activateLocale('en');
  const cache = createCache({ key: PRERENDER_STYLE_KEY });
  const emotionServer = createEmotionServer(cache);
  const markup = renderToString(<LandingDocument cache={cache} enter={() => undefined} />);
  const styles = emotionServer.constructStyleTagsFromChunks(emotionServer.extractCriticalToChunks(markup));
  // eslint-disable-next-line lingui/no-unlocalized-strings -- HTML markup, not words.
  return landingHtml.replace('</head>', () => `${styles}</head>`).replace(LANDING_ELEMENT, () => `<div id="landing">${markup}</div>`);
}
