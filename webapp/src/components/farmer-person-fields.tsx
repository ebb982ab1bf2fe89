import { GENDERS } from '@gebere/contract/rules';
import type { Control, FieldValues } from 'react-hook-form';
import { useT } from '../lib/i18n/texts';
import { SelectField } from './select-field';
import { TextField } from './text-field';

/** What a farmer is, as the inputs hold it: the fields registering and correcting share. */
export interface FarmerPersonValues extends FieldValues {
  farmer_name: string;
  father_name: string;
  grand_father_name: string;
  phone_number: string;
  gender: string;
}

/**
 * A farmer's three names, phone and gender (spec §2's farmer form), with its labels: the farmer
 * registration and a farmer's correction draw the same fields.
 */
export function FarmerPersonFields<T extends FarmerPersonValues, TOut extends FieldValues>({
  control,
  disabled,
}: {
  control: Control<T, unknown, TOut>;
  disabled?: boolean;
}) {
  const t = useT();
  // One control for the shared names (their values are FarmerPersonValues' in every such form).
  const c = control as unknown as Control<FarmerPersonValues, unknown, FieldValues>;
  return (
    <>
      {(['farmer_name', 'father_name', 'grand_father_name'] as const).map((name) => (
        <TextField
          key={name}
          control={c}
          name={name}
          label={t(`farmer.fields.${name}`)}
          autoComplete="off"
          disabled={disabled}
        />
      ))}
      <TextField
        control={c}
        name="phone_number"
        label={t('farmer.fields.phone_number')}
        type="tel"
        inputMode="tel"
        autoComplete="off"
        placeholder={t('common.phone_placeholder')}
        disabled={disabled}
      />
      <SelectField
        control={c}
        name="gender"
        label={t('farmer.fields.gender')}
        options={GENDERS.map((value) => ({ value, label: t(`common.gender.${value}`) }))}
        disabled={disabled}
      />
    </>
  );
}
