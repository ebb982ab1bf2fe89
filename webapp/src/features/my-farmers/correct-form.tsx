import type { DevelopmentGroup, FarmerPage, FarmerRecord } from '@gebere/contract';
import { farmerFullName, GENDERS } from '@gebere/contract/rules';
import { normalizePhone, prefillPhone } from '@gebere/phone';
import { List, Section } from '@telegram-apps/telegram-ui';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { MainButtonSubmit } from '../../components/main-button-submit';
import { SelectField } from '../../components/select-field';
import { SubmitForm } from '../../components/submit-form';
import { PhoneField, TextField } from '../../components/text-field';
import { daReads } from '../../lib/api/da-reads';
import { lightGet } from '../../lib/api/light-get';
import { lazyZodResolver } from '../../lib/forms/resolver';
import { useFormSaveThenHandBack } from '../../lib/forms/save-then-hand-back';
import { useT } from '../../lib/i18n/texts';
import { handBack } from '../../telegram';
import { updateFarmer } from './calls';
import type { CorrectOutput } from './correct-schema';
import { resultName } from './farmer-actions';

interface CorrectValues {
  farmer_name: string;
  father_name: string;
  grand_father_name: string;
  phone_number: string;
  gender: string;
  development_group: string;
}

const resolver = lazyZodResolver<CorrectValues, CorrectOutput>(
  () => import('./correct-schema').then((m) => m.correctSchema),
  { phone_number: 'validation.phone_number_validation' },
);

/** The kebele's groups a farmer may move to (the registration's own read, kept for offline use). */
function useGroups(kebele: number) {
  const [groups, setGroups] = useState<DevelopmentGroup[] | null>(null);
  useEffect(() => {
    const [name, input] = daReads.kebeleGroups(kebele);
    void lightGet(name, input).then((r) => {
      const data = r.ok ? (r.data as DevelopmentGroup[] | { results?: DevelopmentGroup[] }) : [];
      setGroups(Array.isArray(data) ? data : (data.results ?? []));
    });
  }, [kebele]);
  return groups;
}

/**
 * Correct a farmer: names, phone, gender and group of their kebele, with the registration's
 * rules and texts (the server checks again, duplicates too), saved through the outbox like every
 * write; the chat hears of it.
 */
export function CorrectForm({ farmer, done }: { farmer: FarmerPage; done: () => void }) {
  const t = useT();
  const groups = useGroups(farmer.kebele);
  const form = useForm<CorrectValues, unknown, CorrectOutput>({
    resolver,
    defaultValues: {
      farmer_name: farmer.farmer_name,
      father_name: farmer.father_name,
      grand_father_name: farmer.grand_father_name,
      phone_number: prefillPhone(farmer.phone_number),
      gender: farmer.gender,
      development_group: String(farmer.development_group),
    },
  });
  const { submit, busy, saved } = useFormSaveThenHandBack(form, {
    submission: (values: CorrectOutput) => {
      const body = { ...values, phone_number: normalizePhone(values.phone_number) ?? values.phone_number };
      return { payload: { id: farmer.id, ...body }, send: (send) => updateFarmer(send, farmer.id, body) };
    },
    fields: {
      names: [
        'farmer_name',
        'father_name',
        'grand_father_name',
        'phone_number',
        'gender',
        'development_group',
      ],
    },
    failureText: () => t('registry.error_correcting'),
    button: t('registry.save'),
    successText: () => t('registry.corrected'),
    onSaved: done,
    handBack: (r: FarmerRecord) =>
      handBack({
        kind: 'registry_changed',
        change: 'corrected',
        farmer_id: r.id,
        name: resultName(farmerFullName(r)),
      }),
  });
  return (
    <SubmitForm onSubmit={submit}>
      <List>
        <Section header={farmerFullName(farmer)}>
          {(['farmer_name', 'father_name', 'grand_father_name'] as const).map((name) => (
            <TextField
              key={name}
              control={form.control}
              name={name}
              label={t(`registry.fields.${name}`)}
              disabled={saved}
            />
          ))}
          <PhoneField
            control={form.control}
            name="phone_number"
            label={t('registry.fields.phone_number')}
            disabled={saved}
          />
          <SelectField
            control={form.control}
            name="gender"
            label={t('registry.fields.gender')}
            options={GENDERS.map((value) => ({ value, label: t(`common.gender.${value}`) }))}
            disabled={saved}
          />
          <SelectField
            control={form.control}
            name="development_group"
            label={t('registry.fields.development_group')}
            options={(groups ?? [{ id: farmer.development_group, group_name: farmer.group_name }]).map(
              (g) => ({
                value: String(g.id),
                label: g.group_name,
              }),
            )}
            disabled={saved}
          />
        </Section>
      </List>
      <MainButtonSubmit
        text={t('registry.save')}
        onClick={() => void submit()}
        loading={busy}
        disabled={saved}
      />
    </SubmitForm>
  );
}
