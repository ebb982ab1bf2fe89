import type { ReportUser } from '@gebere/contract';
import { GENDERS } from '@gebere/contract/rules';
import { List, Section } from '@telegram-apps/telegram-ui';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { AdminCascade } from '../../components/admin-cascade';
import { MainButtonSubmit } from '../../components/main-button-submit';
import { RadioGroupField } from '../../components/radio-group-field';
import { SubmitForm } from '../../components/submit-form';
import { TextField } from '../../components/text-field';
import { noAnswer, withRefusal } from '../../lib/api-errors';
import { applyFieldErrors } from '../../lib/field-errors';
import { lazyZodResolver } from '../../lib/form-resolver';
import { useT } from '../../lib/i18n';
import { forgetKey, keyFor, memorySlot } from '../../lib/idempotent-call';
import { toast } from '../../lib/toast';
import { useBusy } from '../../lib/use-busy';
import { handBack } from '../../telegram';
import { saveReportUser } from './calls';
import type { ReportUserFormOutput } from './report-user-schema';
import {
  emptyReportUserValues,
  REPORT_USER_FIELDS,
  type ReportUserFormValues,
  reportUserValues,
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
  const form = useForm<ReportUserFormValues, unknown, ReportUserFormOutput>({
    defaultValues: profile ? reportUserValues(profile) : emptyReportUserValues,
    resolver,
  });

  // Once saved, a second press only retries the hand-back: no second profile.
  const saved = useRef<ReportUser | null>(null);
  // One Idempotency-Key per intended save: kept while the values stay the same.
  const keySlot = useRef(memorySlot()).current;

  const onValid = async (values: ReportUserFormOutput) => {
    if (!saved.current) {
      const payload = toReportUserPayload(values, createdBy);
      const result = await saveReportUser(payload, profile?.id, keyFor(keySlot, payload));
      if (!result.ok) {
        // No answer even after the retries: not "check the form" — the form is fine and kept.
        if (noAnswer(result.error)) {
          toast.error(
            t('errors.not_confirmed_kept', { button: t(update ? 'common.update' : 'common.register') }),
          );
          return;
        }
        const unmatched = applyFieldErrors(form.setError, result.error.fieldErrors, REPORT_USER_FIELDS);
        toast.error(
          withRefusal(
            t(update ? 'reportUser.error_updating_report_user' : 'reportUser.error_registering_report_user'),
            result.error,
          ),
        );
        if (unmatched.length) toast.error(unmatched.join(', '));
        return;
      }
      saved.current = result.data;
      forgetKey(keySlot);
    }
    const stored = saved.current;
    toast.success(
      t(
        update
          ? 'reportUser.report_user_updated_successfully'
          : 'reportUser.report_user_registered_successfully',
      ),
    );
    await handBack({ kind: 'report_user_saved', report_user_id: stored.id, name: stored.name, update });
  };
  const { run: submit, busy } = useBusy(form.handleSubmit(onValid));

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
          <TextField
            control={form.control}
            name="phone_no"
            label={t('reportUser.fields.phone_no')}
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            placeholder={t('common.phone_placeholder')}
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
