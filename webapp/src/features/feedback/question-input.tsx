import type { FeedbackQuestion } from '@gebere/contract';
import { Cell, Checkbox, Radio, Section, Textarea } from '@telegram-apps/telegram-ui';
import { type ReactNode, useId } from 'react';
import { useT } from '../../lib/i18n/texts';
import type { Draft } from './answers';
import { StarRating } from './star-rating';

interface QuestionInputProps {
  question: FeedbackQuestion;
  number: number;
  draft: Draft | undefined;
  onChange: (draft: Draft) => void;
  disabled?: boolean;
}

function QuestionSection({
  labelId,
  number,
  question,
  hint,
  children,
}: {
  labelId: string;
  number: number;
  question: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <Section
      header={
        <div className="feedback-question">
          <span id={labelId} className="feedback-question-text">
            {number}. {question}
          </span>
          {hint && <span className="feedback-question-hint">{hint}</span>}
        </div>
      }
    >
      {children}
    </Section>
  );
}

/**
 * One feedback question with the input of its type (spec §2): SELECT_MULTIPLE checkboxes,
 * SELECT_ONE radios, RATING 5 whole stars, TEXT a multiline field labelled 'Detail'. Each
 * group is named by its question, so a screen reader reads "question, choice".
 */
export function QuestionInput({ question, number, draft, onChange, disabled }: QuestionInputProps) {
  const t = useT();
  const labelId = useId();
  const section = (hint: string | undefined, body: ReactNode) => (
    <QuestionSection labelId={labelId} number={number} question={question.question} hint={hint}>
      {body}
    </QuestionSection>
  );

  // Checkboxes and radios are the same rows: the whole cell is the label of its own input.
  const choiceRows = (
    Input: typeof Checkbox | typeof Radio,
    isChosen: (id: number) => boolean,
    choose: (id: number, checked: boolean) => void,
  ) =>
    question.choices.map((c) => (
      <Cell
        key={c.id}
        Component="label"
        multiline
        before={
          <Input
            name={`q${question.id}`}
            value={c.id}
            checked={isChosen(c.id)}
            disabled={disabled}
            aria-label={c.name}
            onChange={(e) => choose(c.id, e.target.checked)}
          />
        }
      >
        {c.name}
      </Cell>
    ));

  switch (question.type) {
    case 'SELECT_MULTIPLE': {
      const chosen = Array.isArray(draft) ? draft : [];
      return section(
        t('feedback.choose_multiple'),
        <fieldset className="feedback-choices" aria-labelledby={labelId}>
          {choiceRows(
            Checkbox,
            (id) => chosen.includes(id),
            (id, checked) => onChange(checked ? [...chosen, id] : chosen.filter((other) => other !== id)),
          )}
        </fieldset>,
      );
    }
    case 'SELECT_ONE':
      return section(
        t('feedback.choose_single'),
        <div role="radiogroup" aria-labelledby={labelId}>
          {choiceRows(
            Radio,
            (id) => draft === id,
            // A radio's change event only ever means "chosen".
            (id) => onChange(id),
          )}
        </div>,
      );
    case 'RATING':
      return section(
        undefined,
        <StarRating
          name={`q${question.id}`}
          labelledBy={labelId}
          value={typeof draft === 'number' ? draft : 0}
          onChange={onChange}
          disabled={disabled}
        />,
      );
    case 'TEXT':
      return section(
        undefined,
        <Textarea
          header={t('feedback.detail')}
          aria-label={t('feedback.detail')}
          aria-describedby={labelId}
          placeholder={t('feedback.detail_placeholder')}
          value={typeof draft === 'string' ? draft : ''}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value)}
          rows={3}
        />,
      );
  }
}
