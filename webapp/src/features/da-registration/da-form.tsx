import type { DaRole, OutboundDa } from '@gebere/contract';
import { GENDERS } from '@gebere/contract/rules';
import { List, Section } from '@telegram-apps/telegram-ui';
import { AdminCascade } from '../../components/admin-cascade';
import { MainButtonSubmit } from '../../components/main-button-submit';
import { RadioGroupField } from '../../components/radio-group-field';
import { SelectField } from '../../components/select-field';
import { SubmitForm } from '../../components/submit-form';
import { PhoneField, TextField } from '../../components/text-field';
import { useDraftedForm } from '../../lib/forms/drafted-form';
import { lazyZodResolver } from '../../lib/forms/resolver';
import { useFormSaveThenHandBack } from '../../lib/forms/save-then-hand-back';
import { localName, useT } from '../../lib/i18n/texts';
import { handBack } from '../../telegram';
import { saveDa, verifyBotUser } from './calls';
import type { DaFormOutput } from './da-form-schema';
import {
  DA_FIELD_RENAMES,
  DA_FIELDS,
  type DaFormValues,
  daFullName,
  daValuesFromPayload,
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
  /**
   * What to update (update mode: the DA profile; update_outbound: the organisation's entry, a
   * profile or the roster's), if one was found: it prefills the form and the save tries its id.
   */
  profile: OutboundDa | null;
}

export function DaForm({ mode, userId, phoneParam, outbound, roles, profile }: DaFormProps) {
  const t = useT();
  // What the user typed survives a reload or a closed app, until it is saved.
  const { form, draft } = useDraftedForm<DaFormValues, DaFormOutput>(
    {
      screen: mode === 'update' ? 'daUpdateProfile' : 'daRegistration',
      params: { userId, profile: profile?.id },
      base: profile
        ? daValuesFromProfile(profile, roles, outbound ? phoneParam : null)
        : emptyDaValues(phoneParam),
    },
    { resolver },
  );

  // Saved once (the update, or the registration), then the bot user becomes VERIFIED: a second
  // press after a failed patch or hand-back sends only what is still missing.
  const { submit, busy } = useFormSaveThenHandBack(form, {
    submission: (values: DaFormOutput) => {
      const payload = toDaPayload(values, userId);
      const target = { existingId: profile?.id, outbound };
      return { payload: { payload, target }, send: (send) => saveDa(send, payload, target) };
    },
    fields: { names: DA_FIELDS, rename: DA_FIELD_RENAMES },
    failureText: ({ updated }) => t(updated ? 'da.error_updating_da' : 'da.error_registering_da'),
    button: t(mode === 'update' ? 'common.update' : 'common.register'),
    draft,
    afterSave: ({ da }) => verifyBotUser(userId, da),
    successText: ({ da, updated }) => {
      const done = t(updated ? 'da.update_successful' : 'da.registration_successful');
      // Waiting for the organisation's decision: who will decide, and that the chat will say.
      const waiting = da.enrolment?.status === 'PENDING' ? da.enrolment.waiting_for : null;
      return waiting ? `${done} ${t(`common.enrolment.pending_${waiting}`)}` : done;
    },
    handBack: ({ da, updated }) =>
      handBack({ kind: 'da_registered', da_id: da.id, name: daFullName(da), update: updated }),
    // Opened to fix a profile the server refused on sync: the kept payload on the fields.
    fix: (input) => daValuesFromPayload(input.body),
  });

  const text = (name: 'first_name' | 'father_name' | 'grand_father_name') => (
    <TextField control={form.control} name={name} label={t(`da.fields.${name}`)} />
  );
  const phone = (name: 'phone_number' | 'telegram_phone_number') => (
    <PhoneField
      control={form.control}
      name={name}
      label={t(`da.fields.${name}`)}
      autoComplete="tel-national"
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
