import { describe, expect, it } from 'vitest';
import { THEME_COLOR_DARK, THEME_COLOR_LIGHT } from '../../core/constants';
import { renderLandingPage } from './landing';

const INDEX_HTML =
  '<!doctype html><html lang="en"><head><title>Plop</title><script type="module" src="/assets/index-abc.js"></script></head>' +
  '<body><noscript>Plop needs JavaScript to run.</noscript><div id="root"></div></body></html>';

const ROOT_TAG = '<div id="root">';

/** What #root holds (up to the end of the body). */
function rootOf(html: string): string {
  return html.slice(html.indexOf(ROOT_TAG) + ROOT_TAG.length, html.indexOf('</body>'));
}

describe('renderLandingPage', () => {
  const html = renderLandingPage(INDEX_HTML);

  it('puts the landing, as it first renders for a visitor, into #root of the built page', () => {
    const root = rootOf(html);
    expect(root).toContain('>Plop</h1>');
    expect(root).toContain('The social app for your daily business.');
    expect(root).toContain('>Sign in or sign up</h2>');
    expect(root).toContain('aria-label="Checking whether you are signed in"');
    expect(root).toContain('aria-busy="true"');
    expect(html).toContain('<script type="module" src="/assets/index-abc.js"></script>');
  });

  it('renders it once per colour mode, with distinct ids, and only the system one is shown', () => {
    const root = rootOf(html);
    expect(root.match(/<div class="plop-prerender plop-prerender-(light|dark)">/g)).toEqual([
      '<div class="plop-prerender plop-prerender-light">',
      '<div class="plop-prerender plop-prerender-dark">',
    ]);
    const ids = [...root.matchAll(/ id="([^"]+)"/g)].map((match) => match[1]);
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(2);
    for (const id of ids) expect(root).toContain(`aria-labelledby="${id}"`);

    const css = html.slice(html.indexOf('<style id="plop-prerender-style">'), html.indexOf('</head>'));
    expect(css).toContain('@media not all and (prefers-color-scheme: dark){.plop-prerender:not(.plop-prerender-light){display:none}}');
    expect(css).toContain('@media (prefers-color-scheme: dark){.plop-prerender:not(.plop-prerender-dark){display:none}}');
  });

  it("gives each mode its components' own rules inline, and CssBaseline's page rules under its media query instead of inline", () => {
    const root = rootOf(html);
    expect(root).toMatch(/<style data-emotion="css [^"]+">/);
    expect(root).not.toContain('css-global');
    const css = html.slice(html.indexOf('<style id="plop-prerender-style">'), html.indexOf('</head>'));
    // Each mode's page rules: CssBaseline's layout and the app's background (core/constants.ts).
    const lightStart = css.indexOf('@media not all and (prefers-color-scheme: dark){html{');
    const darkStart = css.indexOf('@media (prefers-color-scheme: dark){html{');
    const light = css.slice(lightStart, darkStart);
    const dark = css.slice(darkStart, css.indexOf('.plop-prerender:not'));
    for (const [rules, mode, background] of [
      [light, 'light', THEME_COLOR_LIGHT],
      [dark, 'dark', THEME_COLOR_DARK],
    ] as const) {
      expect(rules).toContain(`color-scheme:${mode};`);
      expect(rules).toContain('body{margin:0;');
      expect(rules).toContain(`background-color:${background};`);
    }
    expect(css).toContain('box-sizing:inherit');
  });

  it('carries the rules of the ways in (the sign-in form and its buttons) in <head> for the app to adopt, but not the form', () => {
    const head = html.slice(0, html.indexOf('</head>'));
    const tag = head.match(/<style data-emotion="css ([^"]+)">([^<]+)<\/style>/);
    expect(tag).not.toBeNull();
    const [, ids, css] = tag!;
    // The app's cache skips the ids the tag names: those of the form's classes, among others.
    const classIds = [...css!.matchAll(/\.css-([\w-]+)\{/g)].map((match) => match[1]);
    expect(classIds.length).toBeGreaterThan(20);
    expect(ids!.split(' ')).toEqual(expect.arrayContaining(classIds));
    expect(css).toContain('.MuiOutlinedInput-notchedOutline');
    const root = rootOf(html);
    expect(root).not.toContain('<input');
    expect(root).not.toContain('<form');
  });

  it('refuses a page without one empty #root', () => {
    expect(() => renderLandingPage('<html><head></head><body><div id="app"></div></body></html>')).toThrow(/#root|id="root"/);
    expect(() => renderLandingPage(html)).toThrow(/id="root"/);
  });
});
