import type { DevelopmentGroup } from '@gebere/contract';
import { GROUP_TYPES } from '@gebere/contract/rules';
import { Cell, Section, Switch } from '@telegram-apps/telegram-ui';
import { type UseFormReturn, useController, useWatch } from 'react-hook-form';
import { RadioGroupField } from '../../components/radio-group-field';
import { SelectField } from '../../components/select-field';
import { TextField } from '../../components/text-field';
import { sortByShownName, useT } from '../../lib/i18n/texts';
import type { KeptGroup } from '../../lib/outbox/view';
import type { FarmerFormOutput } from './form-schema';
import { type FarmerFormValues, keptGroupValue } from './form-values';

interface GroupFieldsProps {
  form: UseFormReturn<FarmerFormValues, unknown, FarmerFormOutput>;
  groups: readonly DevelopmentGroup[];
  /** The kebele's groups the outbox keeps (created offline, or saved since the list was fetched). */
  kept: readonly KeptGroup[];
  disabled: boolean;
}

/**
 * The select's options: the kebele's groups, those saved lately that the list does not have yet
 * (by their new id), and those waiting for signal (`@key`, marked so).
 */
function groupOptions(groups: readonly DevelopmentGroup[], kept: readonly KeptGroup[], mark: string) {
  const listed = new Set(groups.map((g) => g.id));
  const options = groups.map((g) => ({ value: String(g.id), label: g.group_name }));
  for (const g of kept) {
    if (g.id !== undefined && !listed.has(g.id)) options.push({ value: String(g.id), label: g.name });
    else if (g.id === undefined) options.push({ value: keptGroupValue(g), label: `${g.name} (${mark})` });
  }
  return sortByShownName(options, (o) => o.label);
}

/**
 * The farmer's development group (spec §2): an existing group of the kebele, or — with
 * 'Add a new development group' (add_dev_group) — a new group's name and type. Switching
 * clears the errors of the fields it hides; their values stay, so switching back loses nothing.
 */
export function GroupFields({ form, groups, kept, disabled }: GroupFieldsProps) {
  const t = useT();
  const { field: toggle } = useController({ control: form.control, name: 'add_dev_group' });
  const addDevGroup = useWatch({ control: form.control, name: 'add_dev_group' });
  // No group in the kebele yet: a new one is the only way.
  const noGroups = groups.length === 0 && kept.length === 0;

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
            disabled={disabled}
          />
        ) : (
          <SelectField
            control={form.control}
            name="development_group"
            label={t('farmer.fields.development_group')}
            options={groupOptions(groups, kept, t('common.outbox.waiting_mark'))}
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
