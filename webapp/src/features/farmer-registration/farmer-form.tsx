import type { DevelopmentGroup, HandBackResult } from '@gebere/contract';
import { GENDERS, LIMITS } from '@gebere/contract/rules';
import { List, Section } from '@telegram-apps/telegram-ui';
import { useEffect, useMemo, useRef, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { MainButtonSubmit } from '../../components/main-button-submit';
import { SelectField } from '../../components/select-field';
import { SubmitForm } from '../../components/submit-form';
import { TextField } from '../../components/text-field';
import type { ApiError } from '../../lib/api';
import { noAnswer, withRefusal } from '../../lib/api-errors';
import { applyFieldErrors } from '../../lib/field-errors';
import { lazyZodResolver } from '../../lib/form-resolver';
import { t as translate, useT } from '../../lib/i18n';
import { keyFor } from '../../lib/idempotent-call';
import { type ToastOptions, toast } from '../../lib/toast';
import { useBusy } from '../../lib/use-busy';
import { handBack } from '../../telegram';
import { createFarmer } from './calls';
import { clearDraft, draftKey, draftKeySlot, loadDraft, saveDraft } from './draft';
import type { FarmerFormOutput } from './form-schema';
import {
  buildFarmerPayload,
  type FarmerFormValues,
  farmerRegisteredResult,
  initialValues,
  serverErrorFields,
  serverErrorRename,
} from './form-values';
import { GroupFields } from './group-fields';

/** Spec §9: toasts on the farmer screen sit top-right for 5000 ms. */
export const FARMER_TOAST: Omit<ToastOptions, 'kind'> = {
  placement: 'top-right',
  duration: LIMITS.toastMsFarmer,
};

// The schema (and zod) load on the first validation, not with the screen.
const schemaResolver = lazyZodResolver<FarmerFormValues, FarmerFormOutput>(
  () => import('./form-schema').then((m) => m.farmerFormSchema),
  { phone_number: 'validation.phone_number_validation' },
);

/** Spec §5 gives the phone one rule, its pattern: an empty phone gets the pattern's message too. */
const resolver: Resolver<FarmerFormValues, unknown, FarmerFormOutput> = async (values, context, options) => {
  const result = await schemaResolver(values, context, options);
  if (result.errors.phone_number)
    result.errors.phone_number.message = translate('validation.phone_number_validation');
  return result;
};

interface FarmerFormProps {
  daId: number;
  kebeleId: number;
  groups: readonly DevelopmentGroup[];
}

/** The register-farmer form, once the kebele's groups are known (spec §2–§5). */
export function FarmerForm({ daId, kebeleId, groups }: FarmerFormProps) {
  const t = useT();
  const key = draftKey(daId, kebeleId);
  const [defaultValues] = useState(() => initialValues(loadDraft(key), groups));
  const form = useForm<FarmerFormValues, unknown, FarmerFormOutput>({ defaultValues, resolver });

  // The rules' chunk (with zod, usually already fetched by prefetchApi) before the first press.
  useEffect(() => {
    void import('./form-schema').catch(() => undefined);
  }, []);

  // Keep what the DA types, so a WebView reload does not lose it.
  useEffect(() => {
    const subscription = form.watch((values) => saveDraft(key, values as Partial<FarmerFormValues>));
    return () => subscription.unsubscribe();
  }, [form, key]);

  // Once saved, a second press only retries the hand-back: the farmer must not be registered twice.
  const saved = useRef<HandBackResult | null>(null);
  const keySlot = useMemo(() => draftKeySlot(key), [key]);
  const [locked, setLocked] = useState(false);

  const reportFailure = (error: ApiError, addDevGroup: boolean) => {
    if (error.status === 401) return; // the screen switches to "open it again from the bot"
    // No answer even after the retries: maybe saved, maybe not; the draft and its key are kept.
    if (noAnswer(error)) {
      toast.error(t('errors.not_confirmed_kept', { button: t('common.register') }), FARMER_TOAST);
      return;
    }
    if (error.status === 400) {
      const unmatched = applyFieldErrors(
        form.setError,
        error.fieldErrors,
        serverErrorFields(addDevGroup),
        serverErrorRename(addDevGroup),
      );
      // Field errors speak for themselves; anything else (non_field_errors, a bare 400) is toasted.
      if (unmatched.length === 0 && Object.keys(error.fieldErrors).length > 0) return;
      toast.error([t('farmer.error_registering_farmer'), ...unmatched].join(' '), FARMER_TOAST);
      return;
    }
    toast.error(withRefusal(t('farmer.error_registering_farmer'), error), FARMER_TOAST);
  };

  const onValid = async (values: FarmerFormOutput) => {
    if (!saved.current) {
      const built = buildFarmerPayload(values, groups, { daId, kebeleId });
      if (!built.ok) {
        const message =
          built.field === 'phone_number' ? t('validation.phone_number_validation') : t('validation.required');
        form.setError(built.field, { type: 'validate', message }, { shouldFocus: true });
        return;
      }
      const result = await createFarmer(built.payload, keyFor(keySlot, built.payload));
      if (!result.ok) {
        reportFailure(result.error, values.add_dev_group);
        return;
      }
      saved.current = farmerRegisteredResult(result.data, built.groupName);
      clearDraft(key);
      setLocked(true);
    }
    await handBack(saved.current, FARMER_TOAST);
  };

  const submitForm = form.handleSubmit(onValid);
  const { run: submit, busy } = useBusy(async () => {
    try {
      await submitForm();
    } catch {
      // e.g. the validation chunk could not be fetched on a weak signal: the values stay, try again
      toast.error(t('farmer.error_registering_farmer'), FARMER_TOAST);
    }
  });

  return (
    <SubmitForm onSubmit={submit}>
      <List>
        <Section>
          <TextField
            control={form.control}
            name="farmer_name"
            label={t('farmer.fields.farmer_name')}
            autoComplete="off"
            disabled={locked}
          />
          <TextField
            control={form.control}
            name="father_name"
            label={t('farmer.fields.father_name')}
            autoComplete="off"
            disabled={locked}
          />
          <TextField
            control={form.control}
            name="grand_father_name"
            label={t('farmer.fields.grand_father_name')}
            autoComplete="off"
            disabled={locked}
          />
          <TextField
            control={form.control}
            name="phone_number"
            label={t('farmer.fields.phone_number')}
            type="tel"
            inputMode="tel"
            autoComplete="off"
            placeholder={t('common.phone_placeholder')}
            disabled={locked}
          />
          <SelectField
            control={form.control}
            name="gender"
            label={t('farmer.fields.gender')}
            options={GENDERS.map((value) => ({ value, label: t(`common.gender.${value}`) }))}
            disabled={locked}
          />
        </Section>
        <GroupFields form={form} groups={groups} disabled={locked} />
      </List>
      {/* A hidden submit lets the keyboard's Go submit the form. */}
      <button type="submit" hidden tabIndex={-1} aria-hidden="true" />
      <MainButtonSubmit text={t('common.register')} onClick={() => void submit()} loading={busy} />
    </SubmitForm>
  );
}
