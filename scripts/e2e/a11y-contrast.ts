// Contrast the sweep can decide: axe seeing through layers that paint nothing, and the contrast of
// an element that floats over the page (a toast), which axe leaves undecided.
import type { Frame } from 'playwright-core';
import { type A11yFinding, axeSerious } from './a11y';

/**
 * axe on the screen as it is, seeing through layers that paint nothing. telegram-ui puts an empty,
 * transparent, absolutely positioned ripple layer over every cell; axe then cannot tell the text's
 * background and leaves its contrast undecided ("incomplete"), so most of a screen's text would go
 * unchecked. Hiding such layers changes no pixel; they are restored afterwards.
 */
export async function axeSeeingThrough(app: Frame, screen: string): Promise<A11yFinding[]> {
  const hidden = await app.evaluate(() => {
    const paintsNothing = (el: Element) => {
      const cs = getComputedStyle(el);
      return (
        (cs.position === 'absolute' || cs.position === 'fixed') &&
        el.childElementCount === 0 &&
        !el.textContent?.trim() &&
        !['INPUT', 'IMG', 'SVG', 'CANVAS', 'IFRAME', 'VIDEO', 'svg'].includes(el.tagName) &&
        cs.backgroundColor === 'rgba(0, 0, 0, 0)' &&
        cs.backgroundImage === 'none' &&
        cs.boxShadow === 'none' &&
        ['0px', ''].includes(cs.borderTopWidth) &&
        ['0px', ''].includes(cs.borderBottomWidth) &&
        ['0px', ''].includes(cs.borderLeftWidth) &&
        ['0px', ''].includes(cs.borderRightWidth) &&
        cs.visibility !== 'hidden'
      );
    };
    const layers = Array.from(document.querySelectorAll('body *')).filter(paintsNothing) as HTMLElement[];
    for (const el of layers) {
      el.dataset.axeSeeThrough = el.style.visibility;
      el.style.visibility = 'hidden';
    }
    return layers.length;
  });
  try {
    return await axeSerious(app, screen);
  } finally {
    if (hidden)
      await app.evaluate(() => {
        for (const el of Array.from(document.querySelectorAll<HTMLElement>('[data-axe-see-through]'))) {
          el.style.visibility = el.dataset.axeSeeThrough ?? '';
          delete el.dataset.axeSeeThrough;
        }
      });
  }
}

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
