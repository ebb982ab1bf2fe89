import type { TranslationKey } from '@gebere/i18n';
import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';
import { t } from '../i18n/texts';
import { once } from '../loading';

/** Per-field message keys for issues other than "empty" (e.g. a phone pattern). */
export type FieldMessages = Partial<Record<string, TranslationKey>>;

const isEmpty = (v: unknown) =>
  v === undefined ||
  v === null ||
  (typeof v === 'string' && v.trim() === '') ||
  (Array.isArray(v) && !v.length);

function valueAt(values: unknown, path: readonly PropertyKey[]): unknown {
  let node = values;
  for (const key of path)
    node = node && typeof node === 'object' ? (node as Record<PropertyKey, unknown>)[key] : undefined;
  return node;
}

function setNested(target: Record<string, unknown>, path: readonly PropertyKey[], error: FieldError): void {
  let node = target;
  path.forEach((key, i) => {
    const k = String(key);
    if (i === path.length - 1) {
      node[k] ??= error;
      return;
    }
    node[k] ??= {};
    node = node[k] as Record<string, unknown>;
  });
}

interface Issue {
  code?: string;
  path: PropertyKey[];
  maximum?: unknown;
  params?: { code?: unknown };
}

/**
 * The contract's text hygiene refusals (`text()`: NUL, lone surrogate, bidi control, a line break
 * or other control character in a name; `longText()`: a control character but a line break).
 */
const TEXT_CODES: Record<string, TranslationKey> = {
  text_nul: 'validation.text_nul',
  text_surrogate: 'validation.text_surrogate',
  text_bidi: 'validation.text_bidi',
  text_line: 'validation.text_line',
  text_control: 'validation.text_control',
};

function messageFor(issue: Issue, value: unknown, messages: FieldMessages): string {
  if (isEmpty(value)) return t('validation.required');
  const textCode = issue.code === 'custom' ? TEXT_CODES[String(issue.params?.code)] : undefined;
  if (textCode) return t(textCode as 'validation.required');
  if (issue.code === 'too_big' && typeof issue.maximum === 'number' && typeof value === 'string')
    return t('validation.too_long', { count: issue.maximum });
  const key = messages[issue.path.join('.')];
  return key ? t(key as 'validation.required') : t('validation.required');
}

/**
 * A react-hook-form resolver over a contract schema that is loaded on first validation, so the
 * schema (and zod) stay off the first load; by the time the user submits, prefetchApi has
 * usually fetched the chunk already. Zod's English messages are replaced by the spec's keys:
 * an empty value is `validation.required` ('Required'), a too-long text `validation.too_long`,
 * a refused character (NUL, lone surrogate, bidi control) its `validation.text_*` key,
 * anything else the field's key in `messages` (e.g. `{phone_number: 'validation.phone_number_validation'}`).
 */
export function lazyZodResolver<TValues extends FieldValues, TOutput extends FieldValues = TValues>(
  load: () => Promise<ZodType<TOutput>>,
  messages: FieldMessages = {},
): Resolver<TValues, unknown, TOutput> {
  const schema = once(load);
  return async (values) => {
    const result = (await schema()).safeParse(values);
    if (result.success) return { values: result.data, errors: {} };
    const errors: Record<string, unknown> = {};
    for (const issue of result.error.issues) {
      const message = messageFor(issue as Issue, valueAt(values, issue.path), messages);
      setNested(errors, issue.path, { type: issue.code ?? 'invalid', message });
    }
    return { values: {}, errors: errors as FieldErrors<TValues> };
  };
}
