import type { DevelopmentGroup } from '@gebere/contract';
import { GENDERS, LIMITS } from '@gebere/contract/rules';
import { List, Section } from '@telegram-apps/telegram-ui';
import { useEffect, useMemo, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { MainButtonSubmit } from '../../components/main-button-submit';
import { SelectField } from '../../components/select-field';
import { SubmitForm } from '../../components/submit-form';
import { TextField } from '../../components/text-field';
import { lazyZodResolver } from '../../lib/forms/resolver';
import { useFormSaveThenHandBack } from '../../lib/forms/save-then-hand-back';
import { t as translate, useT } from '../../lib/i18n/texts';
import type { ToastOptions } from '../../lib/ui/toast';
import { handBack } from '../../telegram';
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

  // The key lives in the draft: a resubmit after a WebView reload replays instead of registering twice.
  const keySlot = useMemo(() => draftKeySlot(key), [key]);

  const { submit, busy, saved } = useFormSaveThenHandBack(form, {
    submission: (values: FarmerFormOutput) => {
      const built = buildFarmerPayload(values, groups, { daId, kebeleId });
      if (!built.ok) {
        const message =
          built.field === 'phone_number' ? t('validation.phone_number_validation') : t('validation.required');
        form.setError(built.field, { type: 'validate', message }, { shouldFocus: true });
        return null;
      }
      const body = built.payload;
      return {
        payload: body,
        send: async (send) => {
          const r = await send('createFarmer', { body });
          return r.ok ? { ok: true, data: farmerRegisteredResult(r.data, built.groupName) } : r;
        },
      };
    },
    // Hidden fields take no errors: theirs are toasted.
    fields: (values) => ({
      names: serverErrorFields(values.add_dev_group),
      rename: serverErrorRename(values.add_dev_group),
    }),
    // Field errors speak for themselves; anything else (non_field_errors, a bare 400) is toasted.
    quietFieldErrors: true,
    failureText: () => t('farmer.error_registering_farmer'),
    button: t('common.register'),
    keySlot,
    // Saved: the draft goes (and `saved` locks the fields: no editing into another farmer).
    onSaved: () => clearDraft(key),
    // Kept in the outbox (no signal): the draft goes too, or a reload would offer it again.
    onKept: () => clearDraft(key),
    handBack: (result) => handBack(result, FARMER_TOAST),
    toastOptions: FARMER_TOAST,
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
            disabled={saved}
          />
          <TextField
            control={form.control}
            name="father_name"
            label={t('farmer.fields.father_name')}
            autoComplete="off"
            disabled={saved}
          />
          <TextField
            control={form.control}
            name="grand_father_name"
            label={t('farmer.fields.grand_father_name')}
            autoComplete="off"
            disabled={saved}
          />
          <TextField
            control={form.control}
            name="phone_number"
            label={t('farmer.fields.phone_number')}
            type="tel"
            inputMode="tel"
            autoComplete="off"
            placeholder={t('common.phone_placeholder')}
            disabled={saved}
          />
          <SelectField
            control={form.control}
            name="gender"
            label={t('farmer.fields.gender')}
            options={GENDERS.map((value) => ({ value, label: t(`common.gender.${value}`) }))}
            disabled={saved}
          />
        </Section>
        <GroupFields form={form} groups={groups} disabled={saved} />
      </List>
      {/* A hidden submit lets the keyboard's Go submit the form. */}
      <button type="submit" hidden tabIndex={-1} aria-hidden="true" />
      <MainButtonSubmit text={t('common.register')} onClick={() => void submit()} loading={busy} />
    </SubmitForm>
  );
}
