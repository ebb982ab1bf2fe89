import { create } from 'zustand';
import type { OutboxRecord, OutboxRef, Refusal } from './record';

/**
 * What the screens show of the outbox (components/outbox-status.tsx) and what the closing
 * confirmation watches: how many records wait for signal, the refused ones, and the groups and
 * farmers it keeps (the lists show them beside the server's). Static and tiny; the outbox itself
 * (live.ts) loads after the first paint and publishes here.
 */
export interface RefusedView extends Refusal {
  key: string;
  route: string;
  capturedAt: string;
  origin?: string;
}

/** A development group the outbox keeps: created offline (or saved lately, `id`). */
export interface KeptGroup {
  /** Its record's key (a farmer's, for a group typed on the farmer form). */
  key: string;
  name: string;
  kebele: number;
  /** Once saved. */
  id?: number;
  /** What a farmer into it holds in place of its id until it is saved. */
  ref: OutboxRef;
  /** Not saved yet. */
  waiting: boolean;
}

/** A farmer the outbox keeps: registered offline (or saved lately, `id`). */
export interface KeptFarmer {
  key: string;
  /** The full name, as the lists show farmers. */
  name: string;
  kebele: number;
  /** Its group's id, or `@<key>` of a kept group not saved yet ('' when unknown). */
  group: number | string;
  id?: number;
  waiting: boolean;
  /** A reach record for it is kept too: the adoption list offers it. */
  reached: boolean;
}

export interface KeptEntities {
  groups: KeptGroup[];
  farmers: KeptFarmer[];
  /** Farmers of the server's (ids) a kept reach record names: reached offline, the adoption list offers them. */
  reached: number[];
}

export interface OutboxView {
  /** False until the outbox has loaded (nothing is said before: no "All saved" on a guess). */
  loaded: boolean;
  /** Pending records: kept, not yet saved by the server. */
  waiting: number;
  /**
   * Of those, the ones the server answered without saving (a 5xx…): they wait to be sent again,
   * not for signal; `serverStatus` is the latest such answer's HTTP status.
   */
  serverErrors: number;
  serverStatus?: number;
  /** Which records wait (their keys and batches): a screen's "kept" toast goes once its own do not. */
  pending: { key: string; batch: string }[];
  refused: RefusedView[];
  kept: KeptEntities;
  /**
   * Sync passes finished in this document: what a test waits on to read "nothing was sent" (the
   * pass sends and tells before it ends), shown as `data-passes` on the status.
   */
  passes: number;
}

const EMPTY: OutboxView = {
  loaded: false,
  waiting: 0,
  serverErrors: 0,
  pending: [],
  refused: [],
  kept: { groups: [], farmers: [], reached: [] },
  passes: 0,
};

export const useOutboxStore = create<OutboxView>(() => EMPTY);

export function publish(records: readonly OutboxRecord[], kept: KeptEntities = EMPTY.kept): void {
  const pending = records.filter((r) => r.state === 'pending');
  const failing = pending.filter((r) => r.serverError !== undefined);
  const serverStatus = failing[failing.length - 1]?.serverError;
  useOutboxStore.setState({
    loaded: true,
    waiting: pending.length,
    serverErrors: failing.length,
    serverStatus,
    pending: pending.map(({ key, batch }) => ({ key, batch })),
    refused: records.flatMap((r) =>
      r.state === 'refused' && r.refusal
        ? [
            {
              key: r.key,
              route: r.route,
              capturedAt: r.capturedAt,
              ...(r.origin ? { origin: r.origin } : {}),
              ...r.refusal,
            },
          ]
        : [],
    ),
    kept,
  });
}

/** A sync pass has ended. */
export function passed(): void {
  useOutboxStore.setState((s) => ({ passes: s.passes + 1 }));
}

export function resetOutboxViewForTests(): void {
  useOutboxStore.setState(EMPTY);
}
