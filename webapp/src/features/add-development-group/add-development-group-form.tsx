import type { DevelopmentGroup, GroupType, NewGroupFields } from '@gebere/contract';
import { GROUP_TYPES } from '@gebere/contract/rules';
import { List, Section } from '@telegram-apps/telegram-ui';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
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
import { createDevelopmentGroup } from './calls';

/** What the inputs hold; the contract's `newGroupFields` turns it into NewGroupFields. */
export interface GroupFormValues {
  group_name: string;
  group_type: GroupType | '';
}

const FIELDS = ['group_name', 'group_type'] as const;

// The contract schema (and zod) load on first validation, not with the screen.
const resolver = lazyZodResolver<GroupFormValues, NewGroupFields>(() =>
  import('@gebere/contract').then((m) => m.newGroupFields),
);

/** The form itself: loaded beside the screen so react-hook-form stays off the first load. */
export function AddDevelopmentGroupForm({ daId, kebeleId }: { daId: number; kebeleId: number }) {
  const t = useT();
  const form = useForm<GroupFormValues, unknown, NewGroupFields>({
    defaultValues: { group_name: '', group_type: '' },
    resolver,
  });

  // Once created, a second press only retries the hand-back: it must not add the group twice.
  const created = useRef<DevelopmentGroup | null>(null);
  // One Idempotency-Key per intended group: kept while the values stay the same.
  const keySlot = useRef(memorySlot()).current;

  const onValid = async (values: NewGroupFields) => {
    if (!created.current) {
      const payload = { ...values, kebele: kebeleId, created_by: daId };
      const result = await createDevelopmentGroup(payload, keyFor(keySlot, payload));
      if (!result.ok) {
        // No answer even after the retries: maybe saved, maybe not. Say so; pressing again is safe.
        if (noAnswer(result.error)) {
          toast.error(t('errors.not_confirmed_kept', { button: t('common.add') }));
          return;
        }
        applyFieldErrors(form.setError, result.error.fieldErrors, FIELDS);
        toast.error(withRefusal(t('group.error_adding_development_group'), result.error));
        return;
      }
      created.current = result.data;
      forgetKey(keySlot);
    }
    const group = created.current;
    await handBack({ kind: 'group_added', group_id: group.id, group_name: group.group_name });
  };
  const { run: submit, busy } = useBusy(form.handleSubmit(onValid));

  return (
    <SubmitForm onSubmit={submit}>
      <List>
        <Section>
          <TextField
            control={form.control}
            name="group_name"
            label={t('group.fields.group_name')}
            autoComplete="off"
          />
        </Section>
        <RadioGroupField
          control={form.control}
          name="group_type"
          label={t('group.fields.group_type')}
          options={GROUP_TYPES.map((value) => ({ value, label: t(`group.types.${value}`) }))}
        />
      </List>
      <MainButtonSubmit text={t('common.add')} onClick={() => void submit()} loading={busy} />
    </SubmitForm>
  );
}
