// Renders the installable app's icons (web manifest) from web/public/favicon.svg:
//   npx tsx scripts/make-app-icons.ts
// "any" icons keep the sign edge to edge; the maskable icon pads it into the safe zone (80 %)
// on the brand colour, so launchers that crop to a circle or squircle never cut the sign.
import { join } from 'node:path';
import sharp from 'sharp';
import { projectRoot } from '../lambdas/core/roads/load';

const root = projectRoot();
const svg = join(root, 'web', 'public', 'favicon.svg');
const out = (name: string) => join(root, 'web', 'public', 'icons', name);
const BRAND = '#0f2f4f';

for (const size of [192, 512]) {
  await sharp(svg, { density: 1200 }).resize(size, size).png().toFile(out(`icon-${size}.png`));
}
const inner = Math.round(512 * 0.62);
const sign = await sharp(svg, { density: 1200 }).resize(inner, inner).png().toBuffer();
await sharp({ create: { width: 512, height: 512, channels: 4, background: BRAND } })
  .composite([{ input: sign, gravity: 'center' }])
  .png()
  .toFile(out('maskable-512.png'));
await sharp(svg, { density: 1200 }).resize(180, 180).flatten({ background: '#ffffff' }).png().toFile(out('apple-touch-icon-180.png'));
console.log('icons written to web/public/icons/');
