import { create } from 'zustand';
import type { OutboxRecord, Refusal } from './record';

/**
 * What the screens show of the outbox (components/outbox-status.tsx) and what the closing
 * confirmation watches: how many records wait for signal, and the refused ones. Static and
 * tiny; the outbox itself (live.ts) loads after the first paint and publishes here.
 */
export interface RefusedView extends Refusal {
  key: string;
  route: string;
  capturedAt: string;
}

export interface OutboxView {
  /** False until the outbox has loaded (nothing is said before: no "All saved" on a guess). */
  loaded: boolean;
  /** Pending records: kept, not yet answered by the server. */
  waiting: number;
  refused: RefusedView[];
}

export const useOutboxStore = create<OutboxView>(() => ({ loaded: false, waiting: 0, refused: [] }));

export function publish(records: readonly OutboxRecord[]): void {
  useOutboxStore.setState({
    loaded: true,
    waiting: records.filter((r) => r.state === 'pending').length,
    refused: records.flatMap((r) =>
      r.state === 'refused' && r.refusal
        ? [{ key: r.key, route: r.route, capturedAt: r.capturedAt, ...r.refusal }]
        : [],
    ),
  });
}

export function resetOutboxViewForTests(): void {
  useOutboxStore.setState({ loaded: false, waiting: 0, refused: [] });
}
