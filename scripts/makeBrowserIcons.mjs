// Makes the browser extension's toolbar and store icons (16, 32, 48, 128 px) from media/icon.png, resampled by
// Chromium's canvas (high-quality smoothing). Run it when the icon changes; the PNGs are committed.
// Usage: node scripts/makeBrowserIcons.mjs   (CHROME_PATH, else Debian's Chromium)
/* global Image, document -- the resampling runs in the page */
import { Buffer } from 'node:buffer';
import { readFileSync, writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const SIZES = [16, 32, 48, 128];
const source = `data:image/png;base64,${readFileSync('media/icon.png').toString('base64')}`;
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/lib/chromium/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage();
  const images = await page.evaluate(
    async ({ source, sizes }) => {
      const image = new Image();
      image.src = source;
      await image.decode();
      return sizes.map((size) => {
        const canvas = document.createElement('canvas');
        canvas.width = canvas.height = size;
        const context = canvas.getContext('2d');
        context.imageSmoothingQuality = 'high';
        context.drawImage(image, 0, 0, size, size);
        return canvas.toDataURL('image/png');
      });
    },
    { source, sizes: SIZES },
  );
  images.forEach((url, index) => {
    const path = `browser-extension/static/icons/icon${SIZES[index]}.png`;
    writeFileSync(path, Buffer.from(url.split(',')[1], 'base64'));
    console.log(path);
  });
} finally {
  await browser.close();
}
