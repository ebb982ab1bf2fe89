import { LIMITS } from '@gebere/contract/rules';
import { useT } from '../../lib/i18n/texts';

// Spec §9: 5 stars, whole steps.
const STARS = Array.from({ length: LIMITS.ratingStars }, (_, i) => i + 1);

/** The star outline; filled by CSS when chosen (no icon font, no image request). */
function StarIcon() {
  return (
    <svg viewBox="0 0 24 24" width="36" height="36" aria-hidden="true" focusable="false">
      <path d="M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17.2l-5.7 3.1 1.2-6.4-4.7-4.4 6.4-.8z" />
    </svg>
  );
}

/**
 * Spec §2/§9: 5 stars, whole steps. Native radios under the stars, so arrow keys move between
 * them and a screen reader says "3 of 5 stars"; the chosen star's word ('Good') shows beside
 * them. Tapping the chosen star again clears the rating (an unanswered question is skipped).
 */
export function StarRating({
  name,
  labelledBy,
  value,
  onChange,
  disabled,
}: {
  name: string;
  labelledBy: string;
  value: number;
  onChange: (value: number) => void;
  disabled?: boolean;
}) {
  const t = useT();
  return (
    <div className="star-rating">
      <div role="radiogroup" aria-labelledby={labelledBy} className="star-rating-stars">
        {STARS.map((n) => (
          <label
            key={n}
            className={n <= value ? 'star star-on' : 'star'}
            title={t(`feedback.rating.star_${n}` as 'feedback.rating.star_1')}
          >
            <input
              type="radio"
              className="star-input"
              name={name}
              value={n}
              checked={value === n}
              disabled={disabled}
              aria-label={t('feedback.rating.value', { value: String(n) })}
              onChange={() => onChange(n)}
              onClick={() => {
                if (value === n) onChange(0);
              }}
            />
            <StarIcon />
          </label>
        ))}
      </div>
      <span className="star-rating-word" aria-live="polite">
        {value ? t(`feedback.rating.star_${value}` as 'feedback.rating.star_1') : ''}
      </span>
    </div>
  );
}
