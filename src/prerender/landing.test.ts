import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { THEME_COLOR_DARK, THEME_COLOR_LIGHT } from '../../core/constants';
import { renderLandingPage } from './landing';

/** The app's own index.html (its skeleton in #root), as the build starts from it. */
const INDEX_HTML = fs.readFileSync(new URL('../../index.html', import.meta.url), 'utf8');

const ROOT_TAG = '<div id="root">';

/** What #root holds (up to the end of the body). */
function rootOf(html: string): string {
  return html.slice(html.indexOf(ROOT_TAG) + ROOT_TAG.length, html.indexOf('</body>'));
}

describe('renderLandingPage', () => {
  const html = renderLandingPage(INDEX_HTML);

  it('puts the landing, as it first renders for a visitor, into #root in place of the skeleton', () => {
    const root = rootOf(html);
    expect(root).toContain('>Plop</h1>');
    expect(root).toContain('The social app for your daily business.');
    expect(root).toContain('>Sign in or sign up</h2>');
    expect(root).toContain('aria-label="Checking whether you are signed in"');
    expect(root).toContain('aria-busy="true"');
    expect(root).not.toContain('plop-skeleton');
    expect(html).toContain('<script type="module" src="/src/main.tsx"></script>');
  });

  it('renders it once, with its colours as CSS variables that the system scheme switches', () => {
    const root = rootOf(html);
    expect(root.match(/>Sign in or sign up</g)).toHaveLength(1);
    expect(root.match(/ id="/g)).toHaveLength(1);
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

  it('refuses a page without one #root', () => {
    expect(() => renderLandingPage('<html><head></head><body><div id="app"></div></body></html>')).toThrow(/id="root"/);
  });
});
