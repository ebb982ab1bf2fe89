import { notificationPayload, notificationSettings } from '@gebere/contract';
import { describe, expect, it } from 'vitest';
import { notificationForm } from './form-schema';
import {
  createPayload,
  emptyValues,
  type NotificationFormValues,
  updatePayload,
  valuesOf,
} from './form-values';
import { stored } from './test-kit';

const values = (over: Partial<NotificationFormValues>): NotificationFormValues => ({
  ...emptyValues,
  name: 'N',
  message: 'M',
  content_type: 'advisory',
  frequency: 'weekly',
  interval: '3',
  ...over,
});

describe('notification form values', () => {
  it('every payload it builds is valid for the contract', () => {
    for (const v of [
      values({ region: 'all' }),
      values({ region: '1', zone: 'all' }),
      values({ region: '1', zone: '11', woreda: '111', kebele: '1111' }),
      values({ region: '1', send_now: true }),
    ]) {
      expect(notificationPayload.safeParse(createPayload(v, 5)).success).toBe(true);
      expect(notificationSettings.safeParse(updatePayload(v)).success).toBe(true);
    }
  });

  it('round-trips a stored notification', () => {
    const n = stored({ location_type: 'woreda', location_id: 111, woreda_id: 111 }) as never;
    const v = valuesOf(n);
    expect(v).toMatchObject({ region: '1', zone: '11', woreda: '111', kebele: 'all', interval: '2' });
    expect(updatePayload(v)).toMatchObject({
      location_type: 'woreda',
      location_id: 111,
      region_id: 1,
      zone_id: 11,
    });
  });

  it('the schema allows no frequency or interval with send now, and requires both otherwise', () => {
    expect(
      notificationForm.safeParse(values({ region: 'all', send_now: true, frequency: '', interval: '' }))
        .success,
    ).toBe(true);
    const r = notificationForm.safeParse(
      values({ region: '', content_type: '', frequency: '', interval: 'x' }),
    );
    expect(r.error?.issues.map((i) => i.path.join('.')).sort()).toEqual([
      'content_type',
      'frequency',
      'interval',
      'region',
    ]);
  });
});
