import { create } from 'zustand';

export interface ConfirmRequest {
  message: string;
  confirmText: string;
  cancelText: string;
  destructive: boolean;
  resolve: (confirmed: boolean) => void;
}

/** The in-page confirmation dialog's state, for clients without Telegram popups. */
export const useConfirmStore = create<{ request: ConfirmRequest | null }>(() => ({ request: null }));

/** Opens the in-page dialog (rendered by <ConfirmHost>) and resolves with the choice. */
export function confirmInPage(options: Omit<ConfirmRequest, 'resolve'>): Promise<boolean> {
  return new Promise((resolve) => {
    useConfirmStore.getState().request?.resolve(false);
    useConfirmStore.setState({
      request: {
        ...options,
        resolve: (confirmed) => {
          useConfirmStore.setState({ request: null });
          resolve(confirmed);
        },
      },
    });
  });
}
