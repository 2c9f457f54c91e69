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
for (const [name, width, height] of [
  ['narrow', 1080, 1920],
  ['wide', 1920, 1080],
]) {
  const buffer = await sharp(Buffer.from(screenshotSvg(width, height)))
    .png({ compressionLevel: 9 })
    .toBuffer();
  await writeFile(`public/screenshots/${name}.png`, buffer);
}
