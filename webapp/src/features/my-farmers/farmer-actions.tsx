import type { FarmerPage, FarmerRecordEntry } from '@gebere/contract';
import { clip, farmerFullName, LIMITS, RETIRE_REASONS, type RetireReason } from '@gebere/contract/rules';
import { Button, Cell, Section, Select } from '@telegram-apps/telegram-ui';
import { useState } from 'react';
import { useSaveThenHandBack } from '../../lib/forms/save-then-hand-back';
import { useT } from '../../lib/i18n/texts';
import { handBack, showConfirm } from '../../telegram';
import { retireFarmer, takeBack } from './calls';

const TAKE_BACK_REASONS = ['mistake', 'wrong_farmer', 'wrong_advisory'] as const;

/** A name as a hand-back carries it: the lists' rule (spec §2), within the result's bound. */
export const resultName = (text: string) => clip(text, LIMITS.handBackNameMax);

/** Retire: the reason, asked again before it goes; then the chat hears of it. */
export function RetireFarmer({ farmer, done }: { farmer: FarmerPage; done: () => void }) {
  const t = useT();
  const [reason, setReason] = useState<RetireReason>('moved');
  const retire = useSaveThenHandBack({
    submission: () => ({
      payload: { id: farmer.id, reason },
      send: (send) => retireFarmer(send, farmer.id, reason),
    }),
    failureText: () => t('registry.error_retiring'),
    button: t('registry.retire'),
    successText: () => t('registry.retired_now'),
    onSaved: done,
    handBack: () =>
      handBack({
        kind: 'registry_changed',
        change: 'retired',
        farmer_id: farmer.id,
        name: resultName(farmerFullName(farmer)),
        reason,
      }),
  });
  const ask = async () => {
    if (
      retire.saved ||
      (await showConfirm(t('registry.retire_confirm', { name: farmerFullName(farmer) }), {
        confirmText: t('registry.retire'),
      }))
    )
      await retire.run();
  };
  return (
    <Section>
      <Select
        header={t('registry.retire_reason')}
        aria-label={t('registry.retire_reason')}
        value={reason}
        onChange={(e) => setReason(e.target.value as RetireReason)}
        disabled={retire.busy || retire.saved}
      >
        {RETIRE_REASONS.map((r) => (
          <option key={r} value={r}>
            {t(`registry.reasons.${r}`)}
          </option>
        ))}
      </Select>
      <div className="screen-actions">
        <Button
          size="m"
          mode="bezeled"
          stretched
          loading={retire.busy}
          disabled={retire.saved}
          onClick={() => void ask()}
        >
          {t('registry.retire')}
        </Button>
      </div>
    </Section>
  );
}

/** A record that can still be taken back: its reason, then the write; the chat hears of it. */
export function TakeBack({
  farmer,
  kind,
  record,
  done,
}: {
  farmer: FarmerPage;
  kind: 'reach' | 'adoption';
  record: FarmerRecordEntry;
  done: () => void;
}) {
  const t = useT();
  const [reason, setReason] = useState<(typeof TAKE_BACK_REASONS)[number]>('mistake');
  const back = useSaveThenHandBack({
    submission: () => {
      // Kept as the DA reads it: the reason is for people, in the audit trail.
      const text = t(`registry.take_back_reasons.${reason}`);
      return {
        payload: { id: record.id, kind, reason: text },
        send: (send) => takeBack(send, kind, record.id, text),
      };
    },
    failureText: () => t('registry.error_taking_back'),
    button: t('registry.take_back'),
    successText: () => t('registry.taken_back'),
    onSaved: done,
    handBack: () =>
      handBack({
        kind: 'registry_changed',
        change: kind === 'reach' ? 'reach_taken_back' : 'adoption_taken_back',
        farmer_id: farmer.id,
        name: resultName(farmerFullName(farmer)),
        advisory: resultName(record.advisory_label),
      }),
  });
  return (
    <Cell multiline className="mf-take-back">
      <Select
        header={t('registry.take_back_reason')}
        aria-label={t('registry.take_back_reason')}
        value={reason}
        onChange={(e) => setReason(e.target.value as (typeof TAKE_BACK_REASONS)[number])}
        disabled={back.busy || back.saved}
      >
        {TAKE_BACK_REASONS.map((r) => (
          <option key={r} value={r}>
            {t(`registry.take_back_reasons.${r}`)}
          </option>
        ))}
      </Select>
      <Button
        size="s"
        mode="bezeled"
        loading={back.busy}
        disabled={back.saved}
        onClick={() => void back.run()}
      >
        {t('registry.take_back')}
      </Button>
    </Cell>
  );
}
