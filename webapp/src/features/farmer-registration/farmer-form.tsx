import type { DevelopmentGroup } from '@gebere/contract';
import { NON_FIELD_ERRORS, POSSIBLE_DUPLICATE } from '@gebere/contract/route-paths';
import { farmerFullName, GENDERS, LIMITS } from '@gebere/contract/rules';
import { Button, Cell, List, Section } from '@telegram-apps/telegram-ui';
import { useEffect, useMemo, useRef, useState } from 'react';
import { type Resolver, useWatch } from 'react-hook-form';
import { MainButtonSubmit } from '../../components/main-button-submit';
import { SelectField } from '../../components/select-field';
import { SubmitForm } from '../../components/submit-form';
import { PhoneField, TextField } from '../../components/text-field';
import { useDraftedForm } from '../../lib/forms/drafted-form';
import { lazyZodResolver } from '../../lib/forms/resolver';
import { useFormSaveThenHandBack } from '../../lib/forms/save-then-hand-back';
import { useBusy } from '../../lib/forms/use-busy';
import { t as translate, useT } from '../../lib/i18n/texts';
import { loadOutbox } from '../../lib/outbox/load';
import { useOutboxStore } from '../../lib/outbox/view';
import { type ToastOptions, toast } from '../../lib/ui/toast';
import { handBack, showConfirm } from '../../telegram';
import { type BatchEntry, type FarmerBatch, newBatch, readBatch, savedFarmers } from './batch';
import type { FarmerFormOutput } from './form-schema';
import {
  batchResult,
  buildFarmerPayload,
  createdGroup,
  EMPTY_FARMER_FORM,
  type FarmerFormValues,
  type FarmerRegistered,
  farmerRegisteredResult,
  farmerValuesFromPayload,
  initialValues,
  keptGroupValue,
  nextFarmerValues,
  noFarmerYet,
  serverErrorFields,
  serverErrorRename,
} from './form-values';
import { GroupFields } from './group-fields';

/** Spec §9: toasts on the farmer screen sit top-right for 5000 ms. */
export const FARMER_TOAST: Omit<ToastOptions, 'kind'> = {
  placement: 'top-right',
  duration: LIMITS.toastMsFarmer,
};

// The schema (and zod) load on the first validation, not with the screen.
const schemaResolver = lazyZodResolver<FarmerFormValues, FarmerFormOutput>(
  () => import('./form-schema').then((m) => m.farmerFormSchema),
  { phone_number: 'validation.phone_number_validation' },
);

/** Spec §5 gives the phone one rule, its pattern: an empty phone gets the pattern's message too. */
const resolver: Resolver<FarmerFormValues, unknown, FarmerFormOutput> = async (values, context, options) => {
  const result = await schemaResolver(values, context, options);
  if (result.errors.phone_number)
    result.errors.phone_number.message = translate('validation.phone_number_validation');
  return result;
};

interface FarmerFormProps {
  daId: number;
  kebeleId: number;
  groups: readonly DevelopmentGroup[];
}

/** What a next farmer begun is made of (noFarmerYet). */
const PERSON = [
  'farmer_name',
  'father_name',
  'grand_father_name',
  'phone_number',
  'gender',
  'add_dev_group',
  'group_name',
] as const;

/**
 * The register-farmer form, once the kebele's groups are known (spec §2–§5). Register saves
 * and hands back, as the spec has it; "Register another" saves and starts the next farmer in the
 * same group, and the chat gets one summary for all of them when the DA is done (Register for
 * the last one, or Done once the next one is left blank).
 */
export function FarmerForm({ daId, kebeleId, groups: loaded }: FarmerFormProps) {
  const t = useT();
  // The kebele's groups, and those the farmers of this batch created; when the server's list
  // follows the one kept on the phone (use-form-data.ts), it replaces it, the created ones stay.
  const [groups, setGroups] = useState(loaded);
  const [listed, setListed] = useState(loaded);
  if (listed !== loaded) {
    setListed(loaded);
    const known = (g: DevelopmentGroup) =>
      listed.some((l) => l.id === g.id) || loaded.some((l) => l.id === g.id);
    setGroups((all) => [...loaded, ...all.filter((g) => !known(g))]);
  }
  // Groups kept offline in this kebele (lib/outbox): listed too, marked as waiting for signal.
  const keptAll = useOutboxStore((s) => s.kept.groups);
  const kept = useMemo(() => keptAll.filter((g) => g.kebele === kebeleId), [keptAll, kebeleId]);
  // What the DA typed survives a reload or a closed app (a group no longer listed is dropped).
  const { form, draft } = useDraftedForm<FarmerFormValues, FarmerFormOutput>(
    {
      screen: 'farmerRegistration',
      params: { daId, kebeleId },
      base: initialValues({}, loaded),
      restore: (typed) => initialValues(typed, loaded),
    },
    { resolver },
  );
  // The farmers of this visit ("Register another"), kept with the draft: a reload keeps the list.
  const [batch, setBatchState] = useState<FarmerBatch>(() => readBatch(draft.side.get()) ?? newBatch());
  const latestBatch = useRef(batch);
  const setBatch = (next: FarmerBatch | null) => {
    const value = next ?? newBatch();
    latestBatch.current = value;
    setBatchState(value);
    draft.side.set(next?.entries.length ? next : null);
  };
  const add = (entry: BatchEntry) => {
    const current = latestBatch.current;
    setBatch({ ...current, entries: [...current.entries, entry], at: Date.now() });
  };
  const [finished, setFinished] = useState(false);
  const person = useWatch({ control: form.control, name: [...PERSON] });
  const count = batch.entries.length;
  const finishing = count > 0 && noFarmerYet(Object.fromEntries(PERSON.map((f, i) => [f, person[i]])));
  const more = count < LIMITS.farmerBatchMax - 1;

  // The rules' chunk (with zod, usually already fetched by prefetchApi) before the first press;
  // the outbox, for the groups and farmers it keeps.
  useEffect(() => {
    void import('./form-schema').catch(() => undefined);
    void loadOutbox()
      .then((m) => m.outbox())
      .catch(() => undefined);
  }, []);

  /**
   * The batch is complete: with every farmer saved, one summary from here (the spec's hand-back);
   * with some still kept on the phone, the outbox sends one summary for all once they are sent.
   */
  const finish = async (last?: FarmerRegistered, quiet = false): Promise<boolean> => {
    const all = latestBatch.current;
    const entries = last
      ? [...all.entries, { name: last.name, group_name: last.group_name, saved: last }]
      : all.entries;
    const live = await loadOutbox().catch(() => null);
    const box = (await live?.outbox()) ?? null;
    const saved = await savedFarmers({ ...all, entries }, box);
    if (!saved) {
      await box?.closeBatch(all.id);
      void live?.syncSoon();
      if (!quiet) toast.success(t('farmer.batch_waits'), FARMER_TOAST);
      setBatch(null);
      setFinished(true);
      return true;
    }
    await box?.told(all.id);
    // Let go of the kept list first: sendData may close the app before anything after it runs.
    draft.side.set(null);
    const result = batchResult(saved);
    const handed = result ? await handBack(result, FARMER_TOAST) : false;
    if (handed) setBatch(null);
    return handed;
  };
  /**
   * Done: the batch is saved or kept already; only its summary goes. A next farmer begun and not
   * registered is never saved by Done: the DA is asked first, and what they typed is discarded.
   */
  const done = useBusy(async () => {
    const typed = !noFarmerYet(form.getValues());
    if (
      typed &&
      !(await showConfirm(t('farmer.discard_unfinished'), {
        confirmText: t('farmer.discard'),
        cancelText: t('farmer.keep_editing'),
      }))
    )
      return;
    // Nothing of the next farmer outlives Done: not its fields, not its draft.
    form.reset({ ...EMPTY_FARMER_FORM, development_group: form.getValues('development_group') });
    draft.drop();
    await finish();
  });

  const { submit, submitNext, busy, saved } = useFormSaveThenHandBack(form, {
    submission: async (values: FarmerFormOutput) => {
      const built = buildFarmerPayload(
        values,
        groups,
        { daId, kebeleId },
        kept.filter((g) => g.waiting),
      );
      if (!built.ok) {
        const message =
          built.field === 'phone_number' ? t('validation.phone_number_validation') : t('validation.required');
        form.setError(built.field, { type: 'validate', message }, { shouldFocus: true });
        return null;
      }
      // The server's duplicate checks, first against the kebele's farmers this phone keeps: the
      // only check there is without signal until sync (where a refusal lands in Fix).
      // Loaded at the press (the form's first load stays three files on 3G); a check that cannot
      // load never holds a registration back: the server checks again.
      const twin = await import('./kept-duplicates')
        .then((m) => m.keptDuplicate(kebeleId, built.payload))
        .catch(() => undefined);
      if (twin?.kind === 'phone') {
        const message = t('farmer.phone_registered_in_group', { group: twin.group });
        form.setError('phone_number', { type: 'validate', message }, { shouldFocus: true });
        return null;
      }
      if (
        twin &&
        !(await showConfirm(t('farmer.possible_duplicate', twin), {
          confirmText: t('farmer.register_anyway'),
          cancelText: t('common.cancel'),
          destructive: false,
        }))
      )
        return null;
      const sent = twin ? { ...built.payload, register_anyway: true } : built.payload;
      return {
        payload: sent,
        send: async (send) => {
          let r = await send('createFarmer', { body: sent });
          // The same three names in the kebele: the server asks (its text names the farmer and
          // their group); namesakes are common, so the DA may register anyway.
          const question =
            !r.ok && r.error.errorCode === POSSIBLE_DUPLICATE && r.error.fieldErrors[NON_FIELD_ERRORS];
          if (
            question &&
            (await showConfirm(question, {
              confirmText: t('farmer.register_anyway'),
              cancelText: t('common.cancel'),
              destructive: false,
            }))
          )
            r = await send('createFarmer', { body: { ...sent, register_anyway: true } });
          if (!r.ok) return r;
          const registered = farmerRegisteredResult(r.data, built.groupName);
          const created = createdGroup(registered, values, { daId, kebeleId });
          if (created) setGroups((all) => [...all, created]);
          return { ok: true, data: registered };
        },
      };
    },
    // Every farmer of the visit in one outbox batch, open until the DA is done.
    batch: () => ({ id: latestBatch.current.id, open: true }),
    // Hidden fields take no errors: theirs are toasted.
    fields: (values) => ({
      names: serverErrorFields(values.add_dev_group),
      rename: serverErrorRename(values.add_dev_group),
    }),
    // Field errors speak for themselves; anything else (non_field_errors, a bare 400) is toasted.
    quietFieldErrors: true,
    failureText: () => t('farmer.error_registering_farmer'),
    button: t('common.register'),
    // The key lives in the draft: a resubmit after a reload replays instead of registering twice.
    // Saved: the draft goes (and `saved` locks the fields: no editing into another farmer).
    draft,
    // Kept in the outbox (no signal): the draft goes too, or a reload would offer it again; the
    // farmer joins the batch's list. After "Register another" the next farmer starts blank in the
    // same group (a group this farmer created is then a group kept offline); after Register the
    // batch is complete.
    onKept: (next, key) => {
      const values = form.getValues();
      const group = values.add_dev_group
        ? values.group_name
        : (groups.find((g) => String(g.id) === values.development_group)?.group_name ??
          kept.find((g) => keptGroupValue(g) === values.development_group)?.name ??
          '');
      draft.drop();
      add({ name: farmerFullName(values), group_name: group.trim(), key });
      if (next) {
        const into = values.add_dev_group ? keptGroupValue({ key }) : values.development_group;
        form.reset({ ...EMPTY_FARMER_FORM, development_group: into });
      } else void finish(undefined, true);
    },
    handBack: (result) => finish(result),
    // Register another: the next farmer, blank, in the same group.
    onNext: (result) => {
      add({ name: result.name, group_name: result.group_name, saved: result });
      form.reset(nextFarmerValues(result));
      toast.success(t('farmer.next_in_group', { name: result.name }), FARMER_TOAST);
    },
    toastOptions: FARMER_TOAST,
    // Opened to fix a farmer the server refused on sync: its kept payload on the fields.
    fix: (input) => farmerValuesFromPayload(input.body),
  });
  const locked = saved || finished;
  const keptFarmers = useOutboxStore((s) => s.kept.farmers);
  const waiting = (entry: BatchEntry) => keptFarmers.some((f) => f.key === entry.key && f.waiting);

  return (
    <SubmitForm onSubmit={submit}>
      <List>
        <Section>
          {(['farmer_name', 'father_name', 'grand_father_name'] as const).map((name) => (
            <TextField
              key={name}
              control={form.control}
              name={name}
              label={t(`farmer.fields.${name}`)}
              disabled={locked}
            />
          ))}
          <PhoneField
            control={form.control}
            name="phone_number"
            label={t('farmer.fields.phone_number')}
            disabled={locked}
          />
          <SelectField
            control={form.control}
            name="gender"
            label={t('farmer.fields.gender')}
            options={GENDERS.map((value) => ({ value, label: t(`common.gender.${value}`) }))}
            disabled={locked}
          />
        </Section>
        <GroupFields form={form} groups={groups} kept={kept} disabled={locked} />
        {!locked && (more || (count > 0 && !finishing)) && (
          <div className="screen-actions">
            {more && (
              <Button
                type="button"
                size="l"
                mode="bezeled"
                stretched
                onClick={() => void submitNext()}
                disabled={busy || done.busy}
              >
                {t('farmer.register_another')}
              </Button>
            )}
            {/* A next farmer begun: Done is still at hand (the main button registers them). */}
            {count > 0 && !finishing && (
              <Button
                type="button"
                size="l"
                mode="bezeled"
                stretched
                onClick={() => void done.run()}
                disabled={busy || done.busy}
              >
                {t('farmer.done')}
              </Button>
            )}
          </div>
        )}
        {count > 0 && (
          <Section header={t('farmer.registered_now')}>
            {batch.entries.map((f, i) => (
              <Cell
                key={f.key ?? f.saved?.farmer_id ?? i}
                multiline
                subtitle={waiting(f) ? `${f.group_name} · ${t('common.outbox.waiting_mark')}` : f.group_name}
              >
                {f.name}
              </Cell>
            ))}
          </Section>
        )}
      </List>
      {/* A hidden submit lets the keyboard's Go submit the form. */}
      <button type="submit" hidden tabIndex={-1} aria-hidden="true" />
      {finished ? null : finishing ? (
        <MainButtonSubmit text={t('farmer.done')} onClick={() => void done.run()} loading={done.busy} />
      ) : (
        <MainButtonSubmit text={t('common.register')} onClick={() => void submit()} loading={busy} />
      )}
    </SubmitForm>
  );
}
