import type { DaProfile, DaRole } from '@gebere/contract';
import { GENDERS } from '@gebere/contract/rules';
import { List, Section } from '@telegram-apps/telegram-ui';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { AdminCascade } from '../../components/admin-cascade';
import { MainButtonSubmit } from '../../components/main-button-submit';
import { RadioGroupField } from '../../components/radio-group-field';
import { SelectField } from '../../components/select-field';
import { SubmitForm } from '../../components/submit-form';
import { TextField } from '../../components/text-field';
import { describeApiError, noAnswer, withRefusal } from '../../lib/api-errors';
import { applyFieldErrors } from '../../lib/field-errors';
import { lazyZodResolver } from '../../lib/form-resolver';
import { localName, useT } from '../../lib/i18n';
import { forgetKey, keyFor, memorySlot } from '../../lib/idempotent-call';
import { toast } from '../../lib/toast';
import { useBusy } from '../../lib/use-busy';
import { handBack } from '../../telegram';
import { saveDa, verifyBotUser } from './calls';
import type { DaFormOutput } from './da-form-schema';
import {
  DA_FIELD_RENAMES,
  DA_FIELDS,
  type DaFormValues,
  daFullName,
  daValuesFromProfile,
  emptyDaValues,
  toDaPayload,
} from './da-values';

// The schema (and zod) load on first validation, not with the screen.
const resolver = lazyZodResolver<DaFormValues, DaFormOutput>(
  () => import('./da-form-schema').then((m) => m.daFormSchema),
  {
    phone_number: 'validation.phone_number_validation',
    telegram_phone_number: 'validation.telegram_phone_number_validation',
  },
);

export interface DaFormProps {
  mode: 'register' | 'update';
  /** The bot user of the link: the payload's created_by and the user made VERIFIED. */
  userId: number;
  /** The number Telegram shared (the link's phone_number), prefilled on a new registration. */
  phoneParam: string | null;
  /** update_outbound: a 404 from the update registers instead. */
  outbound: boolean;
  roles: DaRole[];
  /** The stored profile to update (update and update_outbound modes), if one was found. */
  profile: DaProfile | null;
}

export function DaForm({ mode, userId, phoneParam, outbound, roles, profile }: DaFormProps) {
  const t = useT();
  const form = useForm<DaFormValues, unknown, DaFormOutput>({
    defaultValues: profile ? daValuesFromProfile(profile, roles) : emptyDaValues(phoneParam),
    resolver,
  });

  // Each step that succeeded is kept, so a second press after a failed VERIFIED patch or
  // hand-back does not register the DA twice.
  const saved = useRef<{ da: DaProfile; updated: boolean } | null>(null);
  const verified = useRef(false);
  // One Idempotency-Key per intended save: kept while the values stay the same.
  const keySlot = useRef(memorySlot()).current;

  const notConfirmed = () =>
    t('errors.not_confirmed_kept', { button: t(mode === 'update' ? 'common.update' : 'common.register') });

  const onValid = async (values: DaFormOutput) => {
    if (!saved.current) {
      const payload = toDaPayload(values, userId);
      const target = { existingId: profile?.id, outbound };
      const result = await saveDa(payload, target, keyFor(keySlot, { payload, target }));
      if (!result.ok) {
        // No answer even after the retries: not "check the form" — the form is fine and kept.
        if (noAnswer(result.error)) {
          toast.error(notConfirmed());
          return;
        }
        const unmatched = applyFieldErrors(
          form.setError,
          result.error.fieldErrors,
          DA_FIELDS,
          DA_FIELD_RENAMES,
        );
        toast.error(
          withRefusal(t(result.updated ? 'da.error_updating_da' : 'da.error_registering_da'), result.error),
        );
        if (unmatched.length) toast.error(unmatched.join(', '));
        return;
      }
      saved.current = { da: result.da, updated: result.updated };
      forgetKey(keySlot);
    }
    if (!verified.current) {
      const patched = await verifyBotUser(userId);
      if (!patched.ok) {
        if (noAnswer(patched.error)) {
          toast.error(notConfirmed());
          return;
        }
        const messages = Object.values(patched.error.fieldErrors);
        toast.error(messages.length ? messages.join(', ') : describeApiError(patched.error));
        return;
      }
      verified.current = true;
    }
    const { da, updated } = saved.current;
    toast.success(t(updated ? 'da.update_successful' : 'da.registration_successful'));
    await handBack({ kind: 'da_registered', da_id: da.id, name: daFullName(da), update: updated });
  };
  const { run: submit, busy } = useBusy(form.handleSubmit(onValid));

  const text = (name: 'first_name' | 'father_name' | 'grand_father_name') => (
    <TextField control={form.control} name={name} label={t(`da.fields.${name}`)} autoComplete="off" />
  );
  const phone = (name: 'phone_number' | 'telegram_phone_number') => (
    <TextField
      control={form.control}
      name={name}
      label={t(`da.fields.${name}`)}
      type="tel"
      inputMode="tel"
      autoComplete="tel-national"
      placeholder={t('common.phone_placeholder')}
    />
  );

  return (
    <SubmitForm onSubmit={submit}>
      <List>
        <Section>
          {text('first_name')}
          {text('father_name')}
          {text('grand_father_name')}
          {phone('phone_number')}
          {phone('telegram_phone_number')}
        </Section>
        <RadioGroupField
          control={form.control}
          name="gender"
          label={t('da.fields.gender')}
          options={GENDERS.map((value) => ({ value, label: t(`common.gender.${value}`) }))}
        />
        <AdminCascade form={form} />
        <Section>
          <SelectField
            control={form.control}
            name="role"
            label={t('da.fields.role')}
            // The Amharic name on an Amharic form (the option's value, and the update's match by
            // specialization, stay on the role itself).
            options={roles.map((r) => ({
              value: String(r.id),
              label: localName(r),
            }))}
          />
        </Section>
      </List>
      <MainButtonSubmit
        text={t(mode === 'update' ? 'common.update' : 'common.register')}
        onClick={() => void submit()}
        loading={busy}
      />
    </SubmitForm>
  );
}
