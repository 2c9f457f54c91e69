/**
 * The landing page rendered ahead of time, at build (vite.config.ts, prerenderLanding): the page
 * `GET /` sends has the landing in #root, so it paints before the app's JS has loaded; the app
 * then replaces it on its first commit (src/main.tsx). Runs in Node: with no document, emotion
 * writes each component's rules as a <style data-emotion="css …"> tag beside it, which the app's
 * emotion cache moves into <head> at start-up and does not insert again (same class names).
 */
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { CheckingSignIn, LandingView } from '../features/landing/LandingView';
import { LANDING_TEXT } from '../features/landing/landing.text';
import { SignInChoices } from '../features/landing/SignInChoices';
import { createAppTheme, type ColorMode } from '../features/theme/app-theme';
import { collectedStyles, collectingCache } from './collected-styles';

/** The system preference the app's theme follows for a visitor with no stored choice (AppThemeProvider). */
const DARK_QUERY = '(prefers-color-scheme: dark)';
const LIGHT_QUERY = `not all and ${DARK_QUERY}`;
const MODES: Record<ColorMode, string> = { light: LIGHT_QUERY, dark: DARK_QUERY };
/** Marks the prerendered copies (one per mode; CSS shows the system's). */
const COPY_CLASS = 'plop-prerender';
const ROOT = '<div id="root"></div>';

function inTheme(mode: ColorMode, children: ReactNode) {
  return <ThemeProvider theme={createAppTheme(mode)}>{children}</ThemeProvider>;
}

/** The landing as the app first renders it for a visitor: the auth state not known yet. */
function landingMarkup(mode: ColorMode): string {
  const page = (
    <LandingView heading={LANDING_TEXT.signInHeading} busy>
      <CheckingSignIn />
    </LandingView>
  );
  // A prefix per mode, so the two copies do not share element ids (useId).
  return renderToString(inTheme(mode, page), { identifierPrefix: `${COPY_CLASS}-${mode}-` });
}

/**
 * CssBaseline's global rules (body margin, box-sizing, font, colours) for a mode, as CSS text.
 * The app renders them with emotion's <Global>; here both modes' rules are kept, each under its
 * media query, so the prerender is laid out exactly as the app's first commit is.
 */
function baselineCss(mode: ColorMode): string {
  const html = renderToString(inTheme(mode, <CssBaseline enableColorScheme />));
  const rules = [...html.matchAll(/<style data-emotion="css-global [^"]*"[^>]*>([^<]*)<\/style>/g)].map((match) => match[1]).join('');
  if (rules === '') throw new Error(`CssBaseline rendered no global styles for ${mode}`);
  return rules;
}

/** The prerender's own CSS: each mode's baseline under its media query, and only the system's copy shown. */
function prerenderCss(): string {
  const modes = Object.entries(MODES) as [ColorMode, string][];
  const baselines = modes.map(([mode, query]) => `@media ${query}{${baselineCss(mode)}}`).join('');
  const visibility = modes.map(([mode, query]) => `@media ${query}{.${COPY_CLASS}:not(.${COPY_CLASS}-${mode}){display:none}}`).join('');
  return baselines + visibility;
}

/**
 * The styles of the ways in (the e-mail form, Google, 'Try it first'), in both modes, which a
 * first visit shows as soon as the app has started: the app's emotion cache adopts them, so its
 * first commit builds and inserts none of these rules (stylis alone was 20-35 ms of it here).
 * Only their styles: a form in the HTML would take typing that the app's first commit then drops.
 */
function choicesCss(): string {
  const cache = collectingCache();
  for (const mode of Object.keys(MODES) as ColorMode[]) {
    renderToString(
      <CacheProvider value={cache}>
        {inTheme(mode, <SignInChoices onSignedIn={() => undefined} guestBusy={false} onTryFirst={() => undefined} />)}
      </CacheProvider>,
    );
  }
  return collectedStyles(cache);
}

/** `indexHtml` (the built dist/index.html) with the landing, in light and dark, in #root. */
export function renderLandingPage(indexHtml: string): string {
  if (indexHtml.split(ROOT).length !== 2 || !indexHtml.includes('</head>')) {
    throw new Error(`index.html must have one empty ${ROOT} and a </head>`);
  }
  const copies = (Object.keys(MODES) as ColorMode[])
    .map((mode) => `<div class="${COPY_CLASS} ${COPY_CLASS}-${mode}">${landingMarkup(mode)}</div>`)
    .join('');
  return indexHtml
    .replace('</head>', () => `<style id="${COPY_CLASS}-style">${prerenderCss()}</style>${choicesCss()}</head>`)
    .replace(ROOT, () => `<div id="root">${copies}</div>`);
}
