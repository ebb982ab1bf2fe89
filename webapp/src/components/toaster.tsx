import { type Toast, type ToastPlacement, useToastStore } from '../lib/ui/toast';

const placements: ToastPlacement[] = ['top-center', 'top-right'];

function ToastItem({ item }: { item: Toast }) {
  return (
    <div className={`toast toast-${item.kind}`} role={item.kind === 'error' ? 'alert' : 'status'}>
      {item.message}
    </div>
  );
}

/** Renders the toast store: top-center (spec §8) or top-right (the farmer screen, §9). */
export function Toaster() {
  const toasts = useToastStore((s) => s.toasts);
  return (
    <>
      {placements.map((placement) => {
        const items = toasts.filter((t) => t.placement === placement);
        if (!items.length) return null;
        return (
          <div key={placement} className={`toaster toaster-${placement}`} aria-live="polite">
            {items.map((item) => (
              <ToastItem key={item.id} item={item} />
            ))}
          </div>
        );
      })}
    </>
  );
}
