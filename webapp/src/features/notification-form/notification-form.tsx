import type { DeliveryProgress, LocationNotification } from '@gebere/contract';
import { PAID_BROADCAST, paidBroadcastStars } from '@gebere/contract/rules';
import { Button, List, Section } from '@telegram-apps/telegram-ui';
import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { AdminCascade } from '../../components/admin-cascade';
import { MainButtonSubmit } from '../../components/main-button-submit';
import { SelectField } from '../../components/select-field';
import { TextField } from '../../components/text-field';
import type { ManagerGrant } from '../../lib/api/my-grants';
import { useDraftedForm } from '../../lib/forms/drafted-form';
import { useFormSaveThenHandBack, useSaveThenHandBack } from '../../lib/forms/save-then-hand-back';
import { type TFunction, useT } from '../../lib/i18n/texts';
import { handBack, showConfirm } from '../../telegram';
import { createNotification, updateNotification } from './calls';
import { DeliveryCounts } from './delivery-counts';
import {
  CONTENT_TYPES,
  createPayload,
  emptyValues,
  FIELDS,
  FREQUENCIES,
  type NotificationFormValues,
  RENAME,
  updatePayload,
  valuesOf,
} from './form-values';
import { grantOffer } from './grant-offer';
import { RecipientsHint, useRecipients } from './recipients-hint';
import { notificationResolver } from './resolver';
import { SwitchField } from './switch-field';
import { TextAreaField } from './text-area-field';
import './notification-form.css';
import { SubmitForm } from '../../components/submit-form';

/** The hand-back's name field holds at most 200 characters; a stored name may hold 255. */
const resultName = (name: string) => Array.from(name).slice(0, 200).join('');

/**
 * What a paid broadcast does and costs, shown before it is chosen: Telegram's rate and price
 * (PAID_BROADCAST) and the Stars per 1,000 DAs at that rate (paidBroadcastStars).
 */
const paidHint = (t: TFunction) =>
  t('notification.paid_hint', {
    rate: PAID_BROADCAST.maxPerSecond,
    free: PAID_BROADCAST.freePerSecond,
    stars: PAID_BROADCAST.starsPerMessage,
    per1000: paidBroadcastStars(1000, PAID_BROADCAST.maxPerSecond),
  });

export type NotificationFormProps = (
  | { mode: 'create'; createdBy: number }
  | {
      mode: 'update';
      notification: LocationNotification;
      deliveries?: DeliveryProgress;
    }
) & {
  /** The manager's grants: the cascade offers only their areas (null: not known, every area). */
  grants?: readonly ManagerGrant[] | null;
};

/**
 * Spec §2 notification form, add and update: name, message, content type, the target area
 * (region → kebele with 'All', which hides the levels below), send now or a schedule
 * (frequency and interval). Update mode also shows the delivery counts and a Remove button, and
 * for a paused notification why it is not sent and who can resume it (Remove works without a
 * grant; an update needs one covering the target, as a create does). The cascade offers only
 * what the manager's grants cover; saving a notification that reaches no DA asks first.
 */
export function NotificationForm(props: NotificationFormProps) {
  const t = useT();
  const update = props.mode === 'update';
  // What the manager typed survives a reload or a closed app, until it is saved or removed.
  const { form, draft } = useDraftedForm<NotificationFormValues>(
    update
      ? {
          screen: 'notificationUpdate',
          params: { id: props.notification.id },
          base: valuesOf(props.notification),
        }
      : { screen: 'notificationCreate', params: { createdBy: props.createdBy }, base: emptyValues },
    { resolver: notificationResolver },
  );
  const sendNow = useWatch({ control: form.control, name: 'send_now' });
  const offer = useMemo(() => (props.grants ? grantOffer(props.grants) : null), [props.grants]);
  const recipients = useRecipients(form.control);

  const save = useFormSaveThenHandBack(form, {
    submission: (values: NotificationFormValues) => {
      if (props.mode === 'update') {
        const { id } = props.notification;
        const body = updatePayload(values);
        return { payload: body, send: (send) => updateNotification(send, id, body) };
      }
      const body = createPayload(values, props.createdBy);
      return { payload: body, send: (send) => createNotification(send, body) };
    },
    fields: { names: FIELDS, rename: RENAME },
    failureText: () =>
      t(update ? 'notification.error_updating_notification' : 'notification.error_registering_notification'),
    button: t(update ? 'common.update' : 'common.submit'),
    draft,
    successText: () =>
      t(
        update
          ? 'notification.notification_updated_successfully'
          : 'notification.notification_created_successfully',
      ),
    handBack: (n: LocationNotification) =>
      handBack({ kind: 'notification_saved', notification_id: n.id, name: resultName(n.name), update }),
  });

  // Removing saves `active: false` (spec §4: soft removal), then hands the removal back.
  const remove = useSaveThenHandBack({
    submission: () => {
      if (props.mode !== 'update') return null;
      const { id } = props.notification;
      const body = { active: false } as const;
      return { payload: body, send: (send) => updateNotification(send, id, body) };
    },
    failureText: () => t('notification.error_removing_notification'),
    button: t('notification.remove'),
    onSaved: draft.drop,
    successText: () => t('notification.notification_removed_successfully'),
    handBack: (n: LocationNotification) =>
      handBack({ kind: 'notification_removed', notification_id: n.id, name: resultName(n.name) }),
  });
  const busy = save.busy || remove.busy;

  // A target no DA of the bot is in yet would send nothing: said before it is saved, and saved
  // only if the manager still wants it (a region's DAs may join later). Asked once the form is
  // valid, and not again when only the hand-back is left to retry.
  const submit = async () => {
    if (busy) return;
    if (!save.saved && (await form.trigger()) && (await recipients.current())?.recipients === 0) {
      const anyway = await showConfirm(t('notification.no_recipients_confirm'), {
        confirmText: t('notification.save_anyway'),
        cancelText: t('notification.cancel'),
        destructive: false,
      });
      if (!anyway) return;
    }
    await save.submit();
  };

  // Asked before the busy part, so nothing spins while the question is on screen; once removed,
  // a second press only retries the hand-back and needs no second question.
  const confirmRemove = async () => {
    if (busy) return;
    const confirmed =
      remove.saved ||
      (await showConfirm(t('notification.confirm_remove'), {
        confirmText: t('notification.remove'),
        cancelText: t('notification.cancel'),
        destructive: true,
      }));
    if (confirmed) await remove.run();
  };

  return (
    <SubmitForm onSubmit={submit}>
      <List>
        {update && props.notification.paused && (
          <Section>
            <p className="notification-paused" role="status">
              <strong className="notification-paused-badge">{t('notification.paused')}</strong>{' '}
              {t(
                props.notification.paused === 'operator'
                  ? 'notification.paused_operator'
                  : 'notification.paused_grant',
              )}
            </p>
          </Section>
        )}
        {update && props.deliveries && <DeliveryCounts deliveries={props.deliveries} />}
        <Section>
          <TextField control={form.control} name="name" label={t('notification.fields.name')} />
          <TextAreaField control={form.control} name="message" label={t('notification.fields.message')} />
          <SelectField
            control={form.control}
            name="content_type"
            label={t('notification.fields.content_type')}
            options={CONTENT_TYPES.map((value) => ({
              value,
              label: t(`notification.content_types.${value}`),
            }))}
          />
        </Section>
        <AdminCascade form={form} allowAll offer={offer} header={t('notification.fields.location_type')} />
        <Section footer={sendNow ? t('notification.send_now_hint') : t('notification.interval_hint')}>
          <SwitchField control={form.control} name="send_now" label={t('notification.fields.send_now')} />
          {!sendNow && (
            <SelectField
              control={form.control}
              name="frequency"
              label={t('notification.fields.frequency')}
              options={FREQUENCIES.map((value) => ({ value, label: t(`notification.frequencies.${value}`) }))}
            />
          )}
          {!sendNow && (
            <TextField
              control={form.control}
              name="interval"
              label={t('notification.fields.interval')}
              inputMode="numeric"
            />
          )}
        </Section>
        {sendNow && (
          <Section footer={paidHint(t)}>
            <SwitchField
              control={form.control}
              name="paid_broadcast"
              label={t('notification.fields.paid_broadcast')}
            />
          </Section>
        )}
        <RecipientsHint recipients={recipients} />
        {update && (
          <Section>
            <Button
              type="button"
              mode="plain"
              size="l"
              stretched
              className="notification-remove"
              disabled={busy}
              loading={remove.busy}
              onClick={() => void confirmRemove()}
            >
              {t('notification.remove')}
            </Button>
          </Section>
        )}
      </List>
      <MainButtonSubmit
        text={t(update ? 'common.update' : 'common.submit')}
        onClick={() => void submit()}
        loading={save.busy}
        disabled={remove.busy}
      />
    </SubmitForm>
  );
}
