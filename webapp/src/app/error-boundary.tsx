import { Component, type ReactNode } from 'react';
import { Screen } from '../components/screen';
import { t } from '../lib/i18n/texts';

/**
 * Last resort: a screen that throws (or a chunk that fails to download on a weak signal)
 * shows a message with a retry instead of a blank Telegram window.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('screen failed', error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Screen
        needsProof={false}
        error={{
          message: t('errors.unknown'),
          onRetry: () => window.location.reload(),
          retryText: t('common.try_again'),
        }}
      />
    );
  }
}
