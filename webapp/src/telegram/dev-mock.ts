import { emitEvent, isTMA, mockTelegramEnv } from '@telegram-apps/sdk-react';

/**
 * DEVELOPMENT ONLY (main.tsx imports it behind `import.meta.env.DEV`, so it is not in the
 * production bundle). Outside Telegram and the emulator, pretends to be a Telegram client:
 * valid launch parameters (the SDK needs tgWebAppVersion, tgWebAppPlatform,
 * tgWebAppThemeParams, and initData with a `signature`), theme and viewport answers, a drawn
 * main button and back button, popups as window.confirm.
 *
 * Query parameters: `mock_theme=light|dark`, `mock_launch=keyboard|inline|menu` (keyboard: no
 * initData, so hand-back uses sendData; inline: initData with query_id), `mock=0` to stay a
 * plain browser (to see the outside-Telegram fallbacks).
 */
const light = {
  accent_text_color: '#168acd',
  bg_color: '#ffffff',
  button_color: '#40a7e3',
  button_text_color: '#ffffff',
  destructive_text_color: '#d14e4e',
  header_bg_color: '#ffffff',
  hint_color: '#999999',
  link_color: '#168acd',
  secondary_bg_color: '#f1f1f1',
  section_bg_color: '#ffffff',
  section_header_text_color: '#168acd',
  subtitle_text_color: '#999999',
  text_color: '#000000',
} as const;

const dark = {
  accent_text_color: '#6ab2f2',
  bg_color: '#17212b',
  button_color: '#5288c1',
  button_text_color: '#ffffff',
  destructive_text_color: '#ec3942',
  header_bg_color: '#17212b',
  hint_color: '#708499',
  link_color: '#6ab3f3',
  secondary_bg_color: '#232e3c',
  section_bg_color: '#17212b',
  section_header_text_color: '#6ab3f3',
  subtitle_text_color: '#708499',
  text_color: '#f5f5f5',
} as const;

function drawButton(id: string, style: string): HTMLButtonElement {
  let el = document.getElementById(id) as HTMLButtonElement | null;
  if (!el) {
    el = document.createElement('button');
    el.id = id;
    el.type = 'button';
    el.setAttribute('style', style);
    document.body.append(el);
  }
  return el;
}

function showNote(text: string): void {
  const note = drawButton(
    'dev-mock-note',
    'position:fixed;left:8px;right:8px;bottom:64px;z-index:10000;padding:8px;border:0;border-radius:8px;background:#222;color:#fff;font:12px monospace;text-align:left;white-space:pre-wrap',
  );
  note.textContent = text;
  note.onclick = () => note.remove();
}

export function installDevMock(): void {
  const query = new URLSearchParams(window.location.search);
  if (query.get('mock') === '0' || isTMA()) return;

  const wantsDark =
    query.get('mock_theme') === 'dark' ||
    (query.get('mock_theme') !== 'light' && window.matchMedia?.('(prefers-color-scheme: dark)').matches);
  const theme = wantsDark ? dark : light;
  const launch = query.get('mock_launch') ?? 'inline';
  const lang = query.get('lang') ?? 'en';

  const params = new URLSearchParams([
    ['tgWebAppVersion', '8.0'],
    ['tgWebAppPlatform', 'android'],
    ['tgWebAppThemeParams', JSON.stringify(theme)],
  ]);
  if (launch !== 'keyboard') {
    const initData = new URLSearchParams([
      ['user', JSON.stringify({ id: 1000001, first_name: 'Dev', last_name: 'Agent', language_code: lang })],
      ['auth_date', String(Math.floor(Date.now() / 1000))],
      ['signature', 'dev-signature'],
      ['hash', 'dev-hash'],
    ]);
    if (launch === 'inline') initData.set('query_id', 'AAdevquery');
    params.set('tgWebAppData', initData.toString());
  }

  mockTelegramEnv({
    launchParams: params,
    onEvent([name, payload]) {
      const p = (payload ?? {}) as Record<string, unknown>;
      switch (name) {
        case 'web_app_request_theme':
          return emitEvent('theme_changed', { theme_params: theme });
        case 'web_app_request_viewport':
          return emitEvent('viewport_changed', {
            height: window.innerHeight,
            width: window.innerWidth,
            is_expanded: true,
            is_state_stable: true,
          });
        case 'web_app_request_safe_area':
          return emitEvent('safe_area_changed', { top: 0, bottom: 0, left: 0, right: 0 });
        case 'web_app_request_content_safe_area':
          return emitEvent('content_safe_area_changed', { top: 0, bottom: 0, left: 0, right: 0 });
        case 'web_app_setup_main_button': {
          const button = drawButton(
            'dev-mock-main-button',
            'position:fixed;left:0;right:0;bottom:0;height:56px;z-index:9999;border:0;font:600 15px system-ui;letter-spacing:.02em',
          );
          button.style.display = p.is_visible ? 'block' : 'none';
          button.style.background = String(p.color ?? theme.button_color);
          button.style.color = String(p.text_color ?? theme.button_text_color);
          button.style.opacity = p.is_active === false ? '0.6' : '1';
          button.textContent = p.is_progress_visible ? '…' : String(p.text ?? '');
          button.onclick = () => emitEvent('main_button_pressed');
          document.body.style.paddingBottom = p.is_visible ? '56px' : '';
          return;
        }
        case 'web_app_setup_back_button': {
          const back = drawButton(
            'dev-mock-back-button',
            'position:fixed;left:8px;bottom:64px;z-index:9999;padding:6px 12px;border-radius:16px;border:0;background:#0008;color:#fff',
          );
          back.textContent = '‹ Back';
          back.style.display = p.is_visible ? 'block' : 'none';
          back.onclick = () => emitEvent('back_button_pressed');
          return;
        }
        case 'web_app_open_popup': {
          const buttons = (p.buttons as { id: string }[] | undefined) ?? [];
          const ok = window.confirm(String(p.message ?? ''));
          const chosen = ok ? buttons[buttons.length - 1] : buttons[0];
          return emitEvent('popup_closed', { button_id: chosen?.id });
        }
        case 'web_app_data_send':
          return showNote(`sendData → ${String(p.data)}\n(Telegram would close the mini-app)`);
        case 'web_app_close':
          return showNote('close → Telegram would close the mini-app');
        default:
          return;
      }
    },
  });
}
