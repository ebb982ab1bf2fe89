/** An uploaded image's type and pixel size, as Telegram reports a photo's (0×0 when unknown). */
export interface ImageInfo {
  mime: 'image/png' | 'image/jpeg' | 'image/gif' | undefined;
  width: number;
  height: number;
}

const UNKNOWN: ImageInfo = { mime: undefined, width: 0, height: 0 };

/**
 * Reads PNG (IHDR), GIF (logical screen) and JPEG (the first start-of-frame marker) headers: the
 * formats a bot sends as photos. Anything else is unknown, never an error.
 */
export function imageInfo(b: Uint8Array): ImageInfo {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  if (b.length >= 24 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47)
    return { mime: 'image/png', width: view.getUint32(16), height: view.getUint32(20) };
  if (b.length >= 10 && b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46)
    return { mime: 'image/gif', width: view.getUint16(6, true), height: view.getUint16(8, true) };
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8) {
    // Segments: FF marker, 2-byte length; SOF0–SOF15 (not DHT C4, JPG C8, DAC CC) carry the size.
    let i = 2;
    while (i + 9 < b.length && b[i] === 0xff) {
      const marker = b[i + 1] as number;
      if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker))
        return { mime: 'image/jpeg', width: view.getUint16(i + 7), height: view.getUint16(i + 5) };
      i += 2 + view.getUint16(i + 2);
    }
    return { ...UNKNOWN, mime: 'image/jpeg' };
  }
  return UNKNOWN;
}
