import { Button } from '@telegram-apps/telegram-ui';
import { useEffect, useId, useRef } from 'react';
import { useConfirmStore } from '../lib/ui/confirm-store';

export interface ConfirmDialogProps {
  message: string;
  confirmText: string;
  cancelText: string;
  destructive?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A small modal dialog in plain React, for clients without Telegram popups. */
export function ConfirmDialog({
  message,
  confirmText,
  cancelText,
  destructive,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const messageId = useId();
  const cancelRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    cancelRef.current?.querySelector('button')?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onCancel();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onCancel]);
  return (
    <div className="dialog-backdrop">
      <div className="dialog" role="alertdialog" aria-modal="true" aria-describedby={messageId}>
        <p id={messageId} className="dialog-message">
          {message}
        </p>
        <div className="dialog-actions">
          <div ref={cancelRef}>
            <Button mode="plain" size="m" onClick={onCancel}>
              {cancelText}
            </Button>
          </div>
          <Button
            mode="plain"
            size="m"
            className={destructive ? 'dialog-destructive' : undefined}
            onClick={onConfirm}
          >
            {confirmText}
          </Button>
        </div>
      </div>
    </div>
  );
}

/** Mounted once by the app: shows the dialog that showConfirm asked for, when no popup could. */
export function ConfirmHost() {
  const request = useConfirmStore((s) => s.request);
  if (!request) return null;
  return (
    <ConfirmDialog
      message={request.message}
      confirmText={request.confirmText}
      cancelText={request.cancelText}
      destructive={request.destructive}
      onConfirm={() => request.resolve(true)}
      onCancel={() => request.resolve(false)}
    />
  );
}
