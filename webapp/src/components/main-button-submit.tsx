import { Button } from '@telegram-apps/telegram-ui';
import { type MainButtonOptions, useMainButton } from '../telegram';

/**
 * The screen's submit button: Telegram's main button inside Telegram, an in-page button at
 * the bottom of the screen elsewhere (a plain browser, tests).
 */
export function MainButtonSubmit(props: MainButtonOptions) {
  const { native } = useMainButton(props);
  const { text, onClick, visible = true, loading = false, disabled = false } = props;
  if (native || !visible) return null;
  return (
    <div className="inpage-main-button">
      <Button
        type="button"
        size="l"
        stretched
        loading={loading}
        disabled={disabled || loading}
        aria-busy={loading}
        onClick={() => {
          if (!loading && !disabled) onClick();
        }}
      >
        {text}
      </Button>
    </div>
  );
}
