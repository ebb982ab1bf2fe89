import type { DevelopmentGroup, GroupType, NewGroupFields } from '@gebere/contract';
import { GROUP_TYPES } from '@gebere/contract/rules';
import { List, Section } from '@telegram-apps/telegram-ui';
import { MainButtonSubmit } from '../../components/main-button-submit';
import { RadioGroupField } from '../../components/radio-group-field';
import { SubmitForm } from '../../components/submit-form';
import { TextField } from '../../components/text-field';
import { useDraftedForm } from '../../lib/forms/drafted-form';
import { lazyZodResolver } from '../../lib/forms/resolver';
import { useFormSaveThenHandBack } from '../../lib/forms/save-then-hand-back';
import { useT } from '../../lib/i18n/texts';
import { handBack } from '../../telegram';

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
  const { form, draft } = useDraftedForm<GroupFormValues, NewGroupFields>(
    {
      screen: 'addDevelopmentGroup',
      params: { daId, kebeleId },
      base: { group_name: '', group_type: '' },
    },
    { resolver },
  );

  // Spec §8: error_adding_development_group on any failure.
  const { submit, busy } = useFormSaveThenHandBack(form, {
    submission: (values: NewGroupFields) => {
      const body = { ...values, kebele: kebeleId, created_by: daId };
      return { payload: body, send: (send) => send('createDevelopmentGroup', { body }) };
    },
    fields: { names: FIELDS },
    failureText: () => t('group.error_adding_development_group'),
    button: t('common.add'),
    draft,
    handBack: (group: DevelopmentGroup) =>
      handBack({ kind: 'group_added', group_id: group.id, group_name: group.group_name }),
    // Opened to fix a group the server refused on sync: its kept name and type on the fields.
    fix: (input) => {
      const body = input.body as Partial<Record<keyof GroupFormValues, unknown>> | undefined;
      const type: GroupType | '' = GROUP_TYPES.find((g) => g === body?.group_type) ?? '';
      return typeof body?.group_name === 'string' ? { group_name: body.group_name, group_type: type } : null;
    },
  });

  return (
    <SubmitForm onSubmit={submit}>
      <List>
        <Section>
          <TextField control={form.control} name="group_name" label={t('group.fields.group_name')} />
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
