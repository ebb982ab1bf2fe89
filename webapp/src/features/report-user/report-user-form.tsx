import type { ReportUser } from '@gebere/contract';
import { GENDERS } from '@gebere/contract/rules';
import { List, Section } from '@telegram-apps/telegram-ui';
import { AdminCascade } from '../../components/admin-cascade';
import { MainButtonSubmit } from '../../components/main-button-submit';
import { RadioGroupField } from '../../components/radio-group-field';
import { SubmitForm } from '../../components/submit-form';
import { PhoneField, TextField } from '../../components/text-field';
import { useDraftedForm } from '../../lib/forms/drafted-form';
import { lazyZodResolver } from '../../lib/forms/resolver';
import { useFormSaveThenHandBack } from '../../lib/forms/save-then-hand-back';
import { useT } from '../../lib/i18n/texts';
import { handBack } from '../../telegram';
import { saveReportUser } from './calls';
import type { ReportUserFormOutput } from './report-user-schema';
import {
  emptyReportUserValues,
  REPORT_USER_FIELDS,
  type ReportUserFormValues,
  reportUserValues,
  reportUserValuesFromPayload,
  toReportUserPayload,
} from './report-user-values';

// The schema (and zod) load on first validation, not with the screen.
const resolver = lazyZodResolver<ReportUserFormValues, ReportUserFormOutput>(
  () => import('./report-user-schema').then((m) => m.reportUserFormSchema),
  { phone_no: 'validation.phone_number_validation' },
);

const LEVELS = ['region', 'zone', 'woreda'] as const;

export function ReportUserForm({ createdBy, profile }: { createdBy: number; profile: ReportUser | null }) {
  const t = useT();
  const update = profile !== null;
  // What the user typed survives a reload or a closed app, until it is saved.
  const { form, draft } = useDraftedForm<ReportUserFormValues, ReportUserFormOutput>(
    {
      screen: 'registerReportUser',
      params: { createdBy, profile: profile?.id },
      base: profile ? reportUserValues(profile) : emptyReportUserValues,
    },
    { resolver },
  );

  const { submit, busy } = useFormSaveThenHandBack(form, {
    submission: (values: ReportUserFormOutput) => {
      const payload = toReportUserPayload(values, createdBy);
      return { payload, send: (send) => saveReportUser(send, payload, profile?.id) };
    },
    fields: { names: REPORT_USER_FIELDS },
    failureText: () =>
      t(update ? 'reportUser.error_updating_report_user' : 'reportUser.error_registering_report_user'),
    button: t(update ? 'common.update' : 'common.register'),
    draft,
    successText: () =>
      t(
        update
          ? 'reportUser.report_user_updated_successfully'
          : 'reportUser.report_user_registered_successfully',
      ),
    handBack: (stored: ReportUser) =>
      handBack({ kind: 'report_user_saved', report_user_id: stored.id, name: stored.name, update }),
    // Opened to fix a profile the server refused on sync: the kept payload on the fields.
    fix: (input) => reportUserValuesFromPayload(input.body),
  });

  return (
    <SubmitForm onSubmit={submit}>
      <List>
        <Section>
          <TextField
            control={form.control}
            name="name"
            label={t('reportUser.fields.name')}
            autoComplete="name"
          />
          <PhoneField
            control={form.control}
            name="phone_no"
            label={t('reportUser.fields.phone_no')}
            autoComplete="tel-national"
          />
        </Section>
        <RadioGroupField
          control={form.control}
          name="gender"
          label={t('reportUser.fields.gender')}
          options={GENDERS.map((value) => ({ value, label: t(`common.gender.${value}`) }))}
        />
        <AdminCascade form={form} levels={LEVELS} />
      </List>
      <MainButtonSubmit
        text={t(update ? 'common.update' : 'common.register')}
        onClick={() => void submit()}
        loading={busy}
      />
    </SubmitForm>
  );
}
