import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { THEME_COLOR_DARK, THEME_COLOR_LIGHT } from '../../core/constants';
import { renderLandingPage } from './landing';

/** landing.html, as the build starts from it. */
const LANDING_HTML = fs.readFileSync(new URL('../../landing.html', import.meta.url), 'utf8');

const ROOT_TAG = '<div id="landing">';

/** What #landing holds (up to the end of the body). */
function rootOf(html: string): string {
  return html.slice(html.indexOf(ROOT_TAG) + ROOT_TAG.length, html.indexOf('</body>'));
}

describe('renderLandingPage', async () => {
  const html = await renderLandingPage(LANDING_HTML, 'en');

  it('puts the landing, with its sign-in form, as a visitor first sees it, into #landing', () => {
    const root = rootOf(html);
    expect(root).toContain('>Plop</h1>');
    expect(root).toContain('The social app for your daily business.');
    expect(root).toContain('>Sign in or sign up</h2>');
    expect(root).toContain('aria-busy="false"');
    expect(root).toContain('type="email"');
    expect(root).toContain('type="password"');
    expect(root).toContain('>Continue with Google<');
    expect(root).toContain('>Try it first<');
    expect(root).not.toContain('Checking whether you are signed in');
    expect(html).toContain('<script type="module" src="/src/landing/main.ts"></script>');
  });

  it('renders it once, with its colours as CSS variables that the system scheme switches', () => {
    const root = rootOf(html);
    expect(root.match(/>Sign in or sign up</g)).toHaveLength(1);
    const ids = [...root.matchAll(/ id="([^"]+)"/g)].map((match) => match[1]);
    expect(new Set(ids).size).toBe(ids.length);
    const head = html.slice(0, html.indexOf('</head>'));
    // The two schemes' backgrounds (core/constants.ts), the dark one under its media query.
    expect(head).toContain(`--mui-palette-background-default:${THEME_COLOR_LIGHT}`);
    const dark = head.slice(head.indexOf('@media (prefers-color-scheme: dark)'));
    expect(dark).toContain(`--mui-palette-background-default:${THEME_COLOR_DARK}`);
    expect(head).toContain('background-color:var(--mui-palette-background-default)');
  });

  it("keeps its styles in <head>, under a key of their own that the app's emotion cache leaves alone", () => {
    const head = html.slice(0, html.indexOf('</head>'));
    const keys = [...head.matchAll(/<style data-emotion="([\w-]+) /g)].map((match) => match[1]);
    expect(keys.length).toBeGreaterThan(1);
    expect(new Set(keys)).toEqual(new Set(['landing-global', 'landing']));
    // Every class the markup uses has its rule there.
    const classes = new Set([...rootOf(html).matchAll(/\blanding-([\w-]+)/g)].map((match) => match[1]));
    for (const name of classes) expect(head).toContain(`.landing-${name}`);
  });

  it('refuses a page without one #landing', async () => {
    await expect(renderLandingPage('<html lang="en"><head></head><body><div id="app"></div></body></html>', 'en')).rejects.toThrow(
      /id="landing"/,
    );
  });

  it('renders the Italian page in Italian, and says so in <html lang>', async () => {
    const italian = await renderLandingPage(LANDING_HTML, 'it');
    expect(italian).toContain('<html lang="it">');
    expect(rootOf(italian)).toContain('Il social per i tuoi bisogni quotidiani.');
    expect(rootOf(italian)).toContain('>Accedi o registrati</h2>');
    expect(rootOf(italian)).not.toContain('Sign in or sign up');
    expect(html).toContain('<html lang="en">');
  });
});
