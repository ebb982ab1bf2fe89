import type { DemoNamed, DemoPracticeTree } from './types';

// Short constructors so the content files read as one line per practice or sub-practice.
export const sub = (ref: string, name: string, name_am: string): DemoNamed => ({ ref, name, name_am });

export const practice = (
  ref: string,
  name: string,
  name_am: string,
  sub_practices: DemoNamed[],
): DemoPracticeTree => ({ ref, name, name_am, sub_practices });
