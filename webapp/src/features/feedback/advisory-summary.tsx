import type { Advisory } from '@gebere/contract';
import { advisoryParagraphs, advisoryTitle } from '@gebere/contract/rules';
import { Section } from '@telegram-apps/telegram-ui';
import { currentLanguage, useT } from '../../lib/i18n/texts';

/** A text this short is shown open: folding it would hide less than it costs a tap. */
const OPEN_CHARS = 240;

/**
 * The advisory being rated, above its questions, so the DA knows what the feedback is about:
 * its title (in Amharic when written) as the summary line and its text folded under it. Without
 * a title its text shows open and once: spec §2's fallback label, the start of that same text,
 * would only repeat it.
 */
export function AdvisorySummary({ advisory }: { advisory: Advisory }) {
  const t = useT();
  const lang = currentLanguage();
  const title = advisoryTitle(advisory, lang);
  const paragraphs = advisoryParagraphs(advisory, lang).map((p, i) => (
    // Paragraphs have no ids and never reorder: the index is their identity.
    <p key={i}>{p}</p>
  ));
  const length = advisoryParagraphs(advisory, lang).reduce((n, p) => n + p.length, 0);
  if (!title && !paragraphs.length) return null;
  return (
    <Section header={t('feedback.advisory')}>
      {!title ? (
        <div className="feedback-advisory">{paragraphs}</div>
      ) : paragraphs.length ? (
        <details className="feedback-advisory" open={length <= OPEN_CHARS}>
          <summary className="feedback-advisory-label">{title}</summary>
          {paragraphs}
        </details>
      ) : (
        <p className="feedback-advisory feedback-advisory-label">{title}</p>
      )}
    </Section>
  );
}
