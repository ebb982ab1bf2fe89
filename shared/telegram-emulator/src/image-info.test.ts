import { describe, expect, it } from 'vitest';
import { imageInfo } from './image-info.js';

describe('imageInfo (a photo’s width and height, as Telegram reports them)', () => {
  it('reads PNG, GIF and JPEG headers', () => {
    const png = Buffer.alloc(24);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(png);
    png.writeUInt32BE(640, 16);
    png.writeUInt32BE(400, 20);
    expect(imageInfo(png)).toEqual({ mime: 'image/png', width: 640, height: 400 });

    const gif = Buffer.from('GIF89a\x20\x03\x58\x02', 'latin1'); // 800 × 600, little-endian
    expect(imageInfo(gif)).toEqual({ mime: 'image/gif', width: 800, height: 600 });

    // SOI, an APP0 segment to skip, a DHT (C4, no size) to skip, then SOF2 (progressive).
    const jpeg = Buffer.from([
      0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0, 0xff, 0xc4, 0, 3, 0, 0xff, 0xc2, 0, 17, 8, 0x01, 0xe0, 0x02, 0x80,
      3,
    ]);
    expect(imageInfo(jpeg)).toEqual({ mime: 'image/jpeg', width: 640, height: 480 });
  });

  it('says unknown (0×0) for anything else or a cut-off file, never throws', () => {
    expect(imageInfo(Buffer.from('%PDF-1.7'))).toEqual({ mime: undefined, width: 0, height: 0 });
    expect(imageInfo(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 200]))).toEqual({
      mime: 'image/jpeg',
      width: 0,
      height: 0,
    });
    expect(imageInfo(new Uint8Array(0))).toEqual({ mime: undefined, width: 0, height: 0 });
  });
});
