import { LIMITS } from '@gebere/contract/rules';
import { create } from 'zustand';

/** Spec §8–§9: top-center by default; the farmer screen uses top-right for 5000 ms. */
export type ToastPlacement = 'top-center' | 'top-right';
export type ToastKind = 'info' | 'success' | 'error';

export interface Toast {
  id: number;
  message: string;
  kind: ToastKind;
  placement: ToastPlacement;
  duration: number;
}

export interface ToastOptions {
  kind?: ToastKind;
  placement?: ToastPlacement;
  /** Milliseconds before it closes by itself; default 3000 (spec §9). */
  duration?: number;
}

export const useToastStore = create<{ toasts: Toast[] }>(() => ({ toasts: [] }));

let nextId = 1;
/** When each shown toast appeared (Date.now() ms). */
const shownAt = new Map<number, number>();

function dismiss(id: number): void {
  shownAt.delete(id);
  useToastStore.setState((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) }));
}

function show(message: string, options: ToastOptions = {}): number {
  const toast: Toast = {
    id: nextId++,
    message,
    kind: options.kind ?? 'info',
    placement: options.placement ?? 'top-center',
    duration: options.duration ?? LIMITS.toastMs,
  };
  // The same message twice in a row (a double tap on submit) shows once.
  useToastStore.setState((s) => ({
    toasts: [...s.toasts.filter((t) => t.message !== message || t.placement !== toast.placement), toast],
  }));
  shownAt.set(toast.id, Date.now());
  setTimeout(() => dismiss(toast.id), toast.duration);
  return toast.id;
}

/**
 * How long until every success toast on screen has been shown for `readMs` (ms; 0 when none
 * is shown, or all have been read), never beyond when the toast closes by itself.
 */
function successUnreadMs(readMs: number): number {
  const now = Date.now();
  let left = 0;
  for (const t of useToastStore.getState().toasts) {
    if (t.kind !== 'success') continue;
    const since = now - (shownAt.get(t.id) ?? now);
    left = Math.max(left, Math.min(readMs, t.duration) - since);
  }
  return left;
}

/** Toasts from anywhere (components, calls, the telegram layer); rendered by <Toaster>. */
export const toast = {
  show,
  success: (message: string, options?: Omit<ToastOptions, 'kind'>) =>
    show(message, { ...options, kind: 'success' }),
  error: (message: string, options?: Omit<ToastOptions, 'kind'>) =>
    show(message, { ...options, kind: 'error' }),
  dismiss,
  successUnreadMs,
  clear: () => {
    shownAt.clear();
    useToastStore.setState({ toasts: [] });
  },
};
