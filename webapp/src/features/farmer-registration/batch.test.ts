import { describe, expect, it } from 'vitest';
import { BATCH_OPEN_MS } from '../../lib/outbox/record';
import { readBatch } from './batch';

describe('the batch a draft kept (Register another)', () => {
  const at = Date.parse('2026-05-01T08:00:00Z');
  const kept = { id: 'b1', at, entries: [{ name: 'Almaz', group_name: 'Abay', key: 'k1' }, { bad: true }] };

  it('comes back with its well-formed farmers while the outbox still holds the batch open', () => {
    expect(readBatch(kept, at + 60_000)).toEqual({
      id: 'b1',
      at,
      entries: [{ name: 'Almaz', group_name: 'Abay', key: 'k1' }],
    });
  });

  it('is let go once the outbox has summed it up itself (or it is no batch at all)', () => {
    expect(readBatch(kept, at + BATCH_OPEN_MS + 1)).toBeNull();
    expect(readBatch({ id: 'b1', entries: [] })).toBeNull();
    expect(readBatch('nonsense')).toBeNull();
  });
});
