// The contrast of an element that floats over the page (a toast), which axe leaves undecided.
import type { Frame } from 'playwright-core';

/**
 * The contrast of an element's text on its own background, for a toast floating over the form
 * (axe leaves it undecided: it cannot tell what is behind). A background not quite opaque is
 * composited over black and over white, whatever scrolls under it lies between: the worse counts.
 */
export async function ownContrast(app: Frame, selector: string): Promise<number> {
  return app
    .locator(selector)
    .first()
    .evaluate((el) => {
      const rgba = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number);
      const cs = getComputedStyle(el);
      const [br = 0, bg = 0, bb = 0, ba = 1] = rgba(cs.backgroundColor);
      const [fr = 0, fg = 0, fb = 0] = rgba(cs.color);
      const lum = (rgb: number[]) => {
        const ch = (v: number) => {
          const s = v / 255;
          return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
        };
        const [r = 0, g = 0, b = 0] = rgb.map(ch);
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
      };
      const ratio = (x: number, y: number) => (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
      const text = lum([fr, fg, fb]);
      return Math.min(
        ...[0, 255].map((under) => ratio(text, lum([br, bg, bb].map((c) => c * ba + under * (1 - ba))))),
      );
    });
}
