// axe-core in a mini-app's frame: the serious and critical violations, described precisely.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import axe from 'axe-core';
import type { Frame } from 'playwright-core';
import { ARTIFACTS } from './test-kit';

export interface A11yFinding {
  screen: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/** Every serious or critical violation axe finds in the frame as it is now. */
async function axeAsIs(frame: Frame, screen: string): Promise<A11yFinding[]> {
  const loaded = await frame.evaluate(() => 'axe' in window);
  if (!loaded) await frame.evaluate(axe.source);
  const results = (await frame.evaluate(() =>
    (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ['violations'] }),
  )) as axe.AxeResults;
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      screen,
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
}

export function writeFindings(name: string, findings: A11yFinding[]) {
  mkdirSync(ARTIFACTS, { recursive: true });
  writeFileSync(join(ARTIFACTS, `axe-${name}.json`), `${JSON.stringify(findings, null, 2)}\n`);
}

/**
 * Every serious or critical violation axe finds in the frame, seeing through layers that paint
 * nothing. telegram-ui puts an empty,
 * transparent, absolutely positioned ripple layer over every cell; axe then cannot tell the text's
 * background and leaves its contrast undecided ("incomplete"), so most of a screen's text would go
 * unchecked. Hiding such layers changes no pixel; they are restored afterwards.
 */
export async function axeSerious(app: Frame, screen: string): Promise<A11yFinding[]> {
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
    return await axeAsIs(app, screen);
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
