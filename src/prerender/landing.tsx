/**
 * The landing page rendered ahead of time, once, at build (vite.config.ts, prerenderLanding): the
 * page `GET /` sends has the landing in #root, so it paints before the app's JS has loaded; the
 * app then replaces it on its first commit (src/main.tsx). One rendering serves light and dark:
 * the theme's colours are CSS variables that `prefers-color-scheme` switches. Its styles are
 * collected by @emotion/server, MUI's documented way, under a key of their own.
 */
import { renderToString } from 'react-dom/server';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { CheckingSignIn, LandingView } from '../features/landing/LandingView';
import { LANDING_TEXT } from '../features/landing/landing.text';
import { createColorSchemesTheme } from '../features/theme/app-theme';
import { PRERENDER_STYLE_KEY } from './prerendered-styles';

/** #root and what index.html puts in it (the app's skeleton), up to the tag after it. */
const ROOT = /<div id="root">[\s\S]*?<\/div>(?=\s*(?:<script|<\/body>))/;

/** `indexHtml` (the built dist/index.html) with the landing, as the app first renders it for a visitor, in #root. */
export function renderLandingPage(indexHtml: string): string {
  const roots = indexHtml.match(new RegExp(ROOT.source, 'g')) ?? [];
  if (roots.length !== 1 || !indexHtml.includes('</head>')) throw new Error('index.html must have one <div id="root"> and a </head>');
  const cache = createCache({ key: PRERENDER_STYLE_KEY });
  const emotionServer = createEmotionServer(cache);
  const markup = renderToString(
    <CacheProvider value={cache}>
      <ThemeProvider theme={createColorSchemesTheme()}>
        <CssBaseline enableColorScheme />
        {/* The auth state is not known yet: the way in shows once the app has started. */}
        <LandingView heading={LANDING_TEXT.signInHeading} busy>
          <CheckingSignIn />
        </LandingView>
      </ThemeProvider>
    </CacheProvider>,
  );
  const styles = emotionServer.constructStyleTagsFromChunks(emotionServer.extractCriticalToChunks(markup));
  return indexHtml.replace('</head>', () => `${styles}</head>`).replace(ROOT, () => `<div id="root">${markup}</div>`);
}
