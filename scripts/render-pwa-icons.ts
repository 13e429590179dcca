// `npx tsx scripts/render-pwa-icons.ts`: draws the web app's icons (packages/web/public/icons)
// from packages/web/icons/alarm-clock.svg with the system Chromium. The PNGs are committed; run
// this again only when the drawing changes.
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium } from 'playwright-core';

const web = resolve(import.meta.dirname, '../packages/web');
const drawing = readFileSync(resolve(web, 'icons/alarm-clock.svg'), 'utf8');
const clock = /<g id="clock">[\s\S]*?<\/g>/.exec(drawing)?.[0];
if (!clock) throw new Error('alarm-clock.svg has no <g id="clock">');

const BRAND = '#5b4bdb';
const svg = (body: string) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">${body}</svg>`;

// "any": a rounded tile, drawn to the edges. "maskable": a full square whose drawing stays inside
// the safe circle (80 % of the width) that launchers may cut the icon to.
const tile = svg(`<rect width="512" height="512" rx="112" fill="${BRAND}"/>${clock}`);
const maskable = svg(
  `<rect width="512" height="512" fill="${BRAND}"/><g transform="translate(256 262) scale(0.68) translate(-256 -282)">${clock}</g>`,
);

const outputs: { file: string; source: string; size: number }[] = [
  { file: 'icon-192.png', source: tile, size: 192 },
  { file: 'icon-512.png', source: tile, size: 512 },
  { file: 'icon-maskable-512.png', source: maskable, size: 512 },
  { file: 'apple-touch-icon-180.png', source: maskable, size: 180 },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  const page = await browser.newPage();
  for (const { file, source, size } of outputs) {
    await page.setViewportSize({ width: size, height: size });
    const sized = source.replace('<svg ', `<svg width="${size}" height="${size}" `);
    await page.setContent(`<!doctype html><body style="margin:0">${sized}</body>`);
    const png = await page.locator('svg').screenshot({ omitBackground: true });
    writeFileSync(resolve(web, 'public/icons', file), png);
    console.log(`${file}: ${size}×${size}, ${png.length} bytes`);
  }
  writeFileSync(resolve(web, 'public/icons/icon.svg'), `${tile}\n`);
} finally {
  await browser.close();
}
