import type { DevelopmentGroup } from '@gebere/contract';
import { GROUP_TYPES } from '@gebere/contract/rules';
import { Cell, Section, Switch } from '@telegram-apps/telegram-ui';
import { type UseFormReturn, useController, useWatch } from 'react-hook-form';
import { RadioGroupField } from '../../components/radio-group-field';
import { SelectField } from '../../components/select-field';
import { TextField } from '../../components/text-field';
import { sortByShownName, useT } from '../../lib/i18n/texts';
import type { FarmerFormOutput } from './form-schema';
import type { FarmerFormValues } from './form-values';

interface GroupFieldsProps {
  form: UseFormReturn<FarmerFormValues, unknown, FarmerFormOutput>;
  groups: readonly DevelopmentGroup[];
  disabled: boolean;
}

/**
 * The farmer's development group (spec §2): an existing group of the kebele, or — with
 * 'Add a new development group' (add_dev_group) — a new group's name and type. Switching
 * clears the errors of the fields it hides; their values stay, so switching back loses nothing.
 */
export function GroupFields({ form, groups, disabled }: GroupFieldsProps) {
  const t = useT();
  const { field: toggle } = useController({ control: form.control, name: 'add_dev_group' });
  const addDevGroup = useWatch({ control: form.control, name: 'add_dev_group' });
  // No group in the kebele yet: a new one is the only way.
  const noGroups = groups.length === 0;

  return (
    <>
      {/* No header: the select below carries the 'Development group' label itself. */}
      <Section footer={noGroups ? t('farmer.no_groups') : undefined}>
        <Cell
          Component="label"
          multiline
          after={
            <Switch
              ref={toggle.ref}
              name={toggle.name}
              checked={toggle.value}
              onChange={(e) => {
                toggle.onChange(e.target.checked);
                form.clearErrors(['development_group', 'group_name', 'group_type']);
              }}
              onBlur={toggle.onBlur}
              aria-label={t('farmer.fields.add_dev_group')}
              disabled={disabled || noGroups}
            />
          }
        >
          {t('farmer.fields.add_dev_group')}
        </Cell>
        {addDevGroup ? (
          <TextField
            control={form.control}
            name="group_name"
            label={t('farmer.fields.group_name')}
            autoComplete="off"
            disabled={disabled}
          />
        ) : (
          <SelectField
            control={form.control}
            name="development_group"
            label={t('farmer.fields.development_group')}
            options={sortByShownName(groups, (g) => g.group_name).map((g) => ({
              value: String(g.id),
              label: g.group_name,
            }))}
            disabled={disabled}
          />
        )}
      </Section>
      {addDevGroup && (
        <RadioGroupField
          control={form.control}
          name="group_type"
          label={t('farmer.fields.group_type')}
          options={GROUP_TYPES.map((value) => ({ value, label: t(`group.types.${value}`) }))}
          disabled={disabled}
        />
      )}
    </>
  );
}
