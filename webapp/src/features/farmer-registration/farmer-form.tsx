import type { DevelopmentGroup } from '@gebere/contract';
import { GENDERS, LIMITS } from '@gebere/contract/rules';
import { Button, Cell, List, Section } from '@telegram-apps/telegram-ui';
import { useEffect, useState } from 'react';
import { type Resolver, useWatch } from 'react-hook-form';
import { MainButtonSubmit } from '../../components/main-button-submit';
import { SelectField } from '../../components/select-field';
import { SubmitForm } from '../../components/submit-form';
import { TextField } from '../../components/text-field';
import { useDraftedForm } from '../../lib/forms/drafted-form';
import { lazyZodResolver } from '../../lib/forms/resolver';
import { useFormSaveThenHandBack } from '../../lib/forms/save-then-hand-back';
import { useBusy } from '../../lib/forms/use-busy';
import { t as translate, useT } from '../../lib/i18n/texts';
import { type ToastOptions, toast } from '../../lib/ui/toast';
import { handBack } from '../../telegram';
import type { FarmerFormOutput } from './form-schema';
import {
  batchResult,
  buildFarmerPayload,
  createdGroup,
  EMPTY_FARMER_FORM,
  type FarmerFormValues,
  type FarmerRegistered,
  farmerRegisteredResult,
  initialValues,
  nextFarmerValues,
  noFarmerYet,
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

const PERSON = ['farmer_name', 'father_name', 'grand_father_name', 'phone_number', 'gender'] as const;

/**
 * The register-farmer form, once the kebele's groups are known (spec §2–§5). Register saves
 * and hands back, as the spec has it; "Register another" saves and starts the next farmer in the
 * same group, and the chat gets one summary for all of them when the DA is done (Register for
 * the last one, or Done once the next one is left blank).
 */
export function FarmerForm({ daId, kebeleId, groups: loaded }: FarmerFormProps) {
  const t = useT();
  // The kebele's groups, and those the farmers of this batch created.
  const [groups, setGroups] = useState(loaded);
  const [batch, setBatch] = useState<readonly FarmerRegistered[]>([]);
  // What the DA typed survives a reload or a closed app (a group no longer listed is dropped).
  const { form, draft } = useDraftedForm<FarmerFormValues, FarmerFormOutput>(
    {
      screen: 'farmerRegistration',
      params: { daId, kebeleId },
      base: initialValues({}, loaded),
      restore: (typed) => initialValues(typed, loaded),
    },
    { resolver },
  );
  const person = useWatch({ control: form.control, name: [...PERSON] });
  const finishing = batch.length > 0 && noFarmerYet(Object.fromEntries(PERSON.map((f, i) => [f, person[i]])));
  const more = batch.length < LIMITS.farmerBatchMax - 1;

  // The rules' chunk (with zod, usually already fetched by prefetchApi) before the first press.
  useEffect(() => {
    void import('./form-schema').catch(() => undefined);
  }, []);

  const handBackAll = (saved: readonly FarmerRegistered[]) => {
    const result = batchResult(saved);
    return result ? handBack(result, FARMER_TOAST) : Promise.resolve(false);
  };
  // Done: the batch is saved already; only its summary goes.
  const done = useBusy(() => handBackAll(batch));

  const { submit, submitNext, busy, saved } = useFormSaveThenHandBack(form, {
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
          if (!r.ok) return r;
          const registered = farmerRegisteredResult(r.data, built.groupName);
          const created = createdGroup(registered, values, { daId, kebeleId });
          if (created) setGroups((all) => [...all, created]);
          return { ok: true, data: registered };
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
    // The key lives in the draft: a resubmit after a reload replays instead of registering twice.
    keySlot: draft.keySlot,
    // Saved: the draft goes (and `saved` locks the fields: no editing into another farmer).
    onSaved: draft.drop,
    // Kept in the outbox (no signal): the draft goes too, or a reload would offer it again;
    // after "Register another" the next farmer starts blank in the same group.
    onKept: (next) => {
      draft.drop();
      if (next) form.reset({ ...EMPTY_FARMER_FORM, development_group: form.getValues('development_group') });
    },
    handBack: (result) => handBackAll([...batch, result]),
    // Register another: the next farmer, blank, in the same group.
    onNext: (result) => {
      setBatch((all) => [...all, result]);
      form.reset(nextFarmerValues(result));
      toast.success(t('farmer.next_in_group', { name: result.name }), FARMER_TOAST);
    },
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
        {!saved && more && (
          <div className="screen-actions">
            <Button
              type="button"
              size="l"
              mode="bezeled"
              stretched
              onClick={() => void submitNext()}
              disabled={busy}
            >
              {t('farmer.register_another')}
            </Button>
          </div>
        )}
        {batch.length > 0 && (
          <Section header={t('farmer.registered_now')}>
            {batch.map((f) => (
              <Cell key={f.farmer_id} multiline subtitle={f.group_name}>
                {f.name}
              </Cell>
            ))}
          </Section>
        )}
      </List>
      {/* A hidden submit lets the keyboard's Go submit the form. */}
      <button type="submit" hidden tabIndex={-1} aria-hidden="true" />
      {finishing ? (
        <MainButtonSubmit text={t('farmer.done')} onClick={() => void done.run()} loading={done.busy} />
      ) : (
        <MainButtonSubmit text={t('common.register')} onClick={() => void submit()} loading={busy} />
      )}
    </SubmitForm>
  );
}
