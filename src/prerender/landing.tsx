/**
 * The landing page rendered ahead of time, once, at build (vite.config.ts, prerenderLanding): the
 * page `GET /` sends to a visitor (dist/landing.html) has the landing, its sign-in form included,
 * in #landing, so it paints and reads before any script; its own small script (src/landing/)
 * hydrates it when the visitor starts to use the form. Its styles are collected by
 * @emotion/server, MUI's documented way, under a key of their own. It is rendered once per
 * language, each page declaring its own (`<html lang>`); the server sends a visitor the one their
 * browser asks for, and the page's script switches to a language chosen on the device once
 * hydrated (src/landing/hydrate.tsx).
 */
import { renderToString } from 'react-dom/server';
import createCache from '@emotion/cache';
import createEmotionServer from '@emotion/server/create-instance';
import { activateLocale } from '../i18n/i18n';
import type { Locale } from '../i18n/locale';
import { LandingDocument, PRERENDERED_AUTH } from '../landing/LandingDocument';
import { setAuthState } from '../state/app.state';
import { PRERENDER_STYLE_KEY } from './prerendered-styles';

/** Where landing.html holds the landing (its script hydrates the same element). */
const LANDING_ELEMENT = '<div id="landing"></div>';

/** The language landing.html is written in. */
const TEMPLATE_HTML = '<html lang="en">';

/** `landingHtml` (the built dist/landing.html) with the landing, as a visitor first sees it, in #landing, in `locale`. */
export async function renderLandingPage(landingHtml: string, locale: Locale): Promise<string> {
  if (landingHtml.split(LANDING_ELEMENT).length !== 2 || !landingHtml.includes('</head>') || !landingHtml.includes(TEMPLATE_HTML)) {
    throw new Error(`landing.html must have one ${LANDING_ELEMENT}, a </head> and ${TEMPLATE_HTML}`);
  }
  // The server sends this page to visitors only (a signed-in user gets the app's page).
  setAuthState(PRERENDERED_AUTH);
  await activateLocale(locale);
  const cache = createCache({ key: PRERENDER_STYLE_KEY });
  const emotionServer = createEmotionServer(cache);
  const markup = renderToString(<LandingDocument cache={cache} enter={() => undefined} />);
  const styles = emotionServer.constructStyleTagsFromChunks(emotionServer.extractCriticalToChunks(markup));
  /* eslint-disable lingui/no-unlocalized-strings -- HTML markup, not words. */
  return landingHtml
    .replace(TEMPLATE_HTML, () => `<html lang="${locale}">`)
    .replace('</head>', () => `${styles}</head>`)
    .replace(LANDING_ELEMENT, () => `<div id="landing">${markup}</div>`);
  /* eslint-enable lingui/no-unlocalized-strings */
}
