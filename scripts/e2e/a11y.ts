// axe-core in a mini-app's frame: the serious and critical violations, described precisely.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import axe from 'axe-core';
import type { Frame } from 'playwright-core';
import { ARTIFACTS } from './harness';

export interface A11yFinding {
  screen: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/** Every serious or critical violation axe finds in the frame as it is now. */
export async function axeSerious(frame: Frame, screen: string): Promise<A11yFinding[]> {
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
