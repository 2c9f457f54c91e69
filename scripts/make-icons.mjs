// Generates the PWA icons and store screenshots in public/ from SVG, once; the PNGs are
// committed. Run again after changing the artwork: node scripts/make-icons.mjs
import { mkdir, writeFile } from 'node:fs/promises';
import sharp from 'sharp';

// Keep in step with core/constants.ts (this script is plain JS and cannot import it).
const BRAND = '#C66427'; // BUTTON_THEME_COLOR
const LIGHT = '#FFF8F3'; // THEME_COLOR_LIGHT
const BROWN = '#5C3319';
const BROWN_LIGHT = '#7A4526';

/** The friendly swirl, drawn in a 512 x 512 box. */
const swirl = `
  <g stroke="${BROWN}" stroke-width="6" stroke-linejoin="round">
    <path d="M246 96 C 300 104, 316 150, 292 178 L 224 178 C 204 150, 214 118, 246 96 Z" fill="${BROWN_LIGHT}"/>
    <ellipse cx="256" cy="200" rx="84" ry="44" fill="${BROWN_LIGHT}"/>
    <ellipse cx="256" cy="270" rx="124" ry="54" fill="${BROWN_LIGHT}"/>
    <ellipse cx="256" cy="350" rx="160" ry="62" fill="${BROWN_LIGHT}"/>
  </g>
  <g fill="#FFFFFF" opacity="0.22">
    <ellipse cx="222" cy="188" rx="30" ry="10"/>
    <ellipse cx="206" cy="254" rx="46" ry="12"/>
    <ellipse cx="190" cy="330" rx="58" ry="14"/>
  </g>
  <circle cx="216" cy="266" r="17" fill="#FFFFFF"/>
  <circle cx="296" cy="266" r="17" fill="#FFFFFF"/>
  <circle cx="220" cy="270" r="8" fill="#2B1608"/>
  <circle cx="300" cy="270" r="8" fill="#2B1608"/>
  <path d="M226 306 Q 256 336 286 306" fill="none" stroke="#2B1608" stroke-width="8" stroke-linecap="round"/>
`;

/** A rounded tile (purpose any) or a full-bleed square with the art in the safe zone (maskable). */
function iconSvg({ maskable = false } = {}) {
  const art = maskable ? `<g transform="translate(256 262) scale(0.72) translate(-256 -262)">${swirl}</g>` : swirl;
  const tile = maskable ? `<rect width="512" height="512" fill="${BRAND}"/>` : `<rect width="512" height="512" rx="112" fill="${BRAND}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">${tile}${art}</svg>`;
}

function text(x, y, size, content, { weight = 400, fill = '#2B1608', anchor = 'start' } = {}) {
  return `<text x="${x}" y="${y}" font-family="DejaVu Sans, sans-serif" font-size="${size}" font-weight="${weight}" fill="${fill}" text-anchor="${anchor}">${content}</text>`;
}

/** A drawing of the app shell: top bar, empty feed and bottom navigation. */
function screenshotSvg(width, height) {
  const s = width / 1080 < height / 1920 ? width / 1080 : height / 1920;
  const bar = 168 * s;
  const nav = 168 * s;
  const cx = width / 2;
  const tabs = ['Home', 'Map', 'Create', 'Find', 'Account'];
  const tabWidth = width / tabs.length;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
    <rect width="${width}" height="${height}" fill="${LIGHT}"/>
    <rect width="${width}" height="${bar}" fill="#FFFFFF"/>
    ${text(48 * s, bar * 0.62, 60 * s, 'For you', { weight: 700 })}
    ${['New', 'Pro', '3']
      .map((badge, i) => {
        const x = width - (3 - i) * 150 * s;
        return `<circle cx="${x}" cy="${bar / 2}" r="${34 * s}" fill="none" stroke="#2B1608" stroke-width="${6 * s}"/>
          <rect x="${x + 10 * s}" y="${bar / 2 - 60 * s}" width="${72 * s}" height="${40 * s}" rx="${20 * s}" fill="${i === 2 ? '#D32F2F' : BRAND}"/>
          ${text(x + 46 * s, bar / 2 - 31 * s, 26 * s, badge, { fill: '#FFFFFF', anchor: 'middle', weight: 700 })}`;
      })
      .join('')}
    <g transform="translate(${cx - 220 * s} ${height * 0.3}) scale(${(440 * s) / 512})">${iconSvg().replace(/^<svg[^>]*>|<\/svg>$/g, '')}</g>
    ${text(cx, height * 0.3 + 540 * s, 64 * s, 'No posts yet', { weight: 700, anchor: 'middle' })}
    ${text(cx, height * 0.3 + 620 * s, 40 * s, 'Be the first to share one.', { fill: '#6B5B52', anchor: 'middle' })}
    <rect x="${cx - 200 * s}" y="${height * 0.3 + 680 * s}" width="${400 * s}" height="${110 * s}" rx="${24 * s}" fill="${BRAND}"/>
    ${text(cx, height * 0.3 + 750 * s, 42 * s, 'Create a post', { fill: '#FFFFFF', anchor: 'middle', weight: 700 })}
    <rect y="${height - nav}" width="${width}" height="${nav}" fill="#FFFFFF"/>
    ${tabs
      .map((tab, i) => {
        const x = tabWidth * (i + 0.5);
        const colour = i === 0 ? BRAND : '#6B5B52';
        return `<circle cx="${x}" cy="${height - nav * 0.62}" r="${24 * s}" fill="none" stroke="${colour}" stroke-width="${6 * s}"/>
          ${text(x, height - nav * 0.2, 32 * s, tab, { fill: colour, anchor: 'middle' })}`;
      })
      .join('')}
  </svg>`;
}

/** Material Symbols glyphs (Apache-2.0, as @mui/icons-material ships them), 24 x 24. */
const GLYPHS = {
  'new-post':
    'M13 7h-2v4H7v2h4v4h2v-4h4v-2h-4zm-1-5C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m0 18c-4.41 0-8-3.59-8-8s3.59-8 8-8 8 3.59 8 8-3.59 8-8 8',
  notifications:
    'M12 22c1.1 0 2-.9 2-2h-4c0 1.1.9 2 2 2m6-6v-5c0-3.07-1.63-5.64-4.5-6.32V4c0-.83-.67-1.5-1.5-1.5s-1.5.67-1.5 1.5v.68C7.64 5.36 6 7.92 6 11v5l-2 2v1h16v-1zm-2 1H8v-6c0-2.48 1.51-4.5 4-4.5s4 2.02 4 4.5z',
  map: 'm20.5 3-.16.03L15 5.1 9 3 3.36 4.9c-.21.07-.36.25-.36.48V20.5c0 .28.22.5.5.5l.16-.03L9 18.9l6 2.1 5.64-1.9c.21-.07.36-.25.36-.48V3.5c0-.28-.22-.5-.5-.5M10 5.47l4 1.4v11.66l-4-1.4zm-5 .99 3-1.01v11.7l-3 1.16zm14 11.08-3 1.01V6.86l3-1.16z',
};

/** A manifest shortcut's icon: the glyph in white on the brand tile (full square: launchers mask it). */
function shortcutSvg(glyph) {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect width="96" height="96" fill="${BRAND}"/>
    <g transform="translate(24 24) scale(2)"><path d="${GLYPHS[glyph]}" fill="#FFFFFF"/></g></svg>`;
}

const png = (svg, size) => sharp(Buffer.from(svg)).resize(size, size).png({ compressionLevel: 9 }).toBuffer();

await mkdir('public/icons', { recursive: true });
await mkdir('public/screenshots', { recursive: true });
await writeFile('public/icons/favicon.svg', iconSvg());
await writeFile('public/icons/favicon-32.png', await png(iconSvg(), 32));
await writeFile('public/icons/icon-192.png', await png(iconSvg(), 192));
await writeFile('public/icons/icon-512.png', await png(iconSvg(), 512));
await writeFile('public/icons/icon-maskable-512.png', await png(iconSvg({ maskable: true }), 512));
// iOS rounds the corners itself and shows transparency as black: give it the full square.
await writeFile('public/icons/apple-touch-icon.png', await png(iconSvg({ maskable: true }), 180));
for (const glyph of Object.keys(GLYPHS)) {
  await writeFile(`public/icons/shortcut-${glyph}-96.png`, await png(shortcutSvg(glyph), 96));
}
// The phone screenshots (narrow-light.png, narrow-dark.png) are taken from the running app by
// e2e/installed-app.spec.ts (UPDATE_SCREENSHOTS=1, then build); the desktop one is drawn here.
for (const [name, width, height] of [['wide', 1920, 1080]]) {
  const buffer = await sharp(Buffer.from(screenshotSvg(width, height)))
    .png({ compressionLevel: 9 })
    .toBuffer();
  await writeFile(`public/screenshots/${name}.png`, buffer);
}
