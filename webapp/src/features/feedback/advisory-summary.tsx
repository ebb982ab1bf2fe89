import type { Advisory } from '@gebere/contract';
import { advisoryLabel, advisoryParagraphs } from '@gebere/contract/rules';
import { Section } from '@telegram-apps/telegram-ui';
import { currentLanguage, useT } from '../../lib/i18n/texts';

/** A text this short is shown open: folding it would hide less than it costs a tap. */
const OPEN_CHARS = 240;

/**
 * The advisory being rated, above its questions, so the DA knows what the feedback is about:
 * its label as the summary line and its text (in Amharic when written) folded under it.
 */
export function AdvisorySummary({ advisory }: { advisory: Advisory }) {
  const t = useT();
  const lang = currentLanguage();
  const label = advisoryLabel(advisory, lang) || t('feedback.advisory');
  const paragraphs = advisoryParagraphs(advisory, lang);
  const length = paragraphs.reduce((n, p) => n + p.length, 0);
  return (
    <Section header={t('feedback.advisory')}>
      {paragraphs.length ? (
        <details className="feedback-advisory" open={length <= OPEN_CHARS}>
          <summary className="feedback-advisory-label">{label}</summary>
          {paragraphs.map((p, i) => (
            // Paragraphs have no ids and never reorder: the index is their identity.
            <p key={i}>{p}</p>
          ))}
        </details>
      ) : (
        <p className="feedback-advisory feedback-advisory-label">{label}</p>
      )}
    </Section>
  );
}
