import { LIMITS, shorten } from './constants';
import type { Advisory } from './entities/advisory';

/**
 * How an advisory reads, for the bot's messages and the screens alike (zod-free, so first-load
 * code can import it as `@gebere/contract/advisory-text`).
 */
export type AdvisoryText = Pick<Advisory, 'label' | 'template_content' | 'template_content_am'>;

/** Its paragraphs in the reader's language (Amharic when any is written), trimmed, blank ones dropped. */
export function advisoryParagraphs(advisory: AdvisoryText, lang: string): string[] {
  const am = advisory.template_content_am;
  const paragraphs = lang === 'am' && am?.some((p) => p.trim()) ? am : advisory.template_content;
  return paragraphs.map((p) => p.trim()).filter(Boolean);
}

/**
 * Spec §2, the advisory label: its label; else the first 80 characters of its text (paragraphs
 * joined, white space folded) and an ellipsis when there is more; else '' (the caller names it).
 */
export function advisoryLabel(advisory: AdvisoryText, lang: string): string {
  const label = advisory.label?.trim();
  if (label) return label;
  return shorten(
    advisoryParagraphs(advisory, lang).join(' ').replace(/\s+/g, ' '),
    LIMITS.advisoryLabelChars,
  );
}
