import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';

/**
 * A virtual X screen (Debian's `xvfb`) for a headful Chromium: headless Chromium draws no window frame and no
 * tab strip. Xvfb's `-fbdir` keeps the screen's framebuffer in a file as an XWD image, so the screen is read
 * without any X client tool.
 */
export interface VirtualScreen {
  /** `:N`, for DISPLAY. */
  display: string;
  /** The screen as it is now. */
  picture(): PNG;
  close(): Promise<void>;
}

export const hasXvfb = () => spawnSync('sh', ['-c', 'command -v Xvfb'], { stdio: 'ignore' }).status === 0;

/** Starts Xvfb on a free display (it picks the number and tells it on fd 3), `width`×`height`×24. */
export async function startXvfb(width = 1280, height = 800): Promise<VirtualScreen> {
  const dir = mkdtempSync(join(tmpdir(), 'bd-xvfb-'));
  const xvfb: ChildProcess = spawn(
    'Xvfb',
    ['-displayfd', '3', '-screen', '0', `${width}x${height}x24`, '-fbdir', dir, '-nolisten', 'tcp'],
    { stdio: ['ignore', 'ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  xvfb.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const number = await new Promise<string>((resolve, reject) => {
    let said = '';
    xvfb.stdio[3]!.on('data', (chunk: Buffer) => {
      said += chunk.toString();
      if (said.includes('\n')) resolve(said.trim());
    });
    xvfb.on('exit', (code) =>
      reject(new Error(`Xvfb exited (${code}) before it chose a display: ${stderr.slice(-500)}`)),
    );
  });
  return {
    display: `:${number}`,
    picture: () => fromXwd(readFileSync(join(dir, 'Xvfb_screen0'))),
    close: async () => {
      if (xvfb.exitCode === null) {
        const exited = new Promise((resolve) => xvfb.once('exit', resolve));
        xvfb.kill();
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** An XWD image (X Window Dump, as Xvfb keeps its screen) of 24 or 32 bits per pixel, as RGBA. */
export function fromXwd(file: Buffer): PNG {
  const field = (index: number) => file.readUInt32BE(index * 4);
  const [headerSize, width, height, byteOrder, bitsPerPixel, bytesPerLine, ncolors] = [
    field(0),
    field(4),
    field(5),
    field(7),
    field(11),
    field(12),
    field(19),
  ];
  const masks = [field(14), field(15), field(16)];
  if (bitsPerPixel !== 32 && bitsPerPixel !== 24) throw new Error(`XWD with ${bitsPerPixel} bits per pixel`);
  const start = headerSize + ncolors * 12;
  const bytes = bitsPerPixel / 8;
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const at = start + y * bytesPerLine + x * bytes;
      const pixel = byteOrder === 0 ? file.readUIntLE(at, bytes) : file.readUIntBE(at, bytes);
      const out = (y * width + x) * 4;
      masks.forEach((mask, channel) => (png.data[out + channel] = (pixel & mask) >>> shiftOf(mask)));
      png.data[out + 3] = 255;
    }
  return png;
}

const shiftOf = (mask: number) => (mask ? 31 - Math.clz32(mask & -mask) : 0);

/** The top `rows` rows of a picture. */
export function topOf(picture: PNG, rows: number): PNG {
  const band = new PNG({ width: picture.width, height: rows });
  picture.data.copy(band.data, 0, 0, picture.width * rows * 4);
  return band;
}
