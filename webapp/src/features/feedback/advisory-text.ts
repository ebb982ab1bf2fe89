import type { Advisory } from '@gebere/contract';
import type { Language } from '../../lib/i18n';

/** Spec §9: an advisory without a label is named by the first 80 characters of its text. */
const LABEL_CHARS = 80;

/** The advisory's text in the user's language: the Amharic version when there is one. */
export function advisoryParagraphs(advisory: Advisory, lang: Language): string[] {
  const am = advisory.template_content_am?.filter((p) => p.trim());
  const paragraphs = lang === 'am' && am?.length ? am : advisory.template_content;
  return paragraphs.map((p) => p.trim()).filter(Boolean);
}

/**
 * Spec §2 advisory label rule: its label; else the first 80 characters of its text followed by
 * an ellipsis; else '' (the caller shows a generic word).
 */
export function advisoryLabel(advisory: Advisory, lang: Language): string {
  const label = advisory.label?.trim();
  if (label) return label;
  const text = advisoryParagraphs(advisory, lang).join(' ');
  if (!text) return '';
  const chars = Array.from(text);
  return chars.length > LABEL_CHARS ? `${chars.slice(0, LABEL_CHARS).join('')}…` : text;
}
