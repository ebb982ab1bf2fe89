// The mini-app container: an iframe over the chat that speaks Telegram's web postMessage
// protocol. The app posts JSON strings {eventType, eventData} to window.parent; this page answers
// with the same shape through iframe.contentWindow.postMessage(…, '*') because the app's origin
// is usually not the page's.

(() => {
  const ns = window.tgEmulator || {};
  window.tgEmulator = ns;
  const $ = (id) => document.getElementById(id);
  const frame = $('app-frame');
  /** Every event in both directions, for the side panel and for Playwright tests. */
  ns.events = [];
  let session = null;

  function log(dir, type, data) {
    ns.events.push({ dir, type, data });
    const text = `${dir === 'in' ? '→' : '←'} ${type}${data === undefined ? '' : ` ${JSON.stringify(data)}`}`;
    const list = $('event-log');
    list.prepend(ns.el('li', { class: `dir-${dir}`, text: text.slice(0, 600) }));
    while (list.children.length > 200) list.lastChild.remove();
  }

  function post(eventType, eventData) {
    if (!session || !frame.contentWindow) return;
    log('out', eventType, eventData);
    frame.contentWindow.postMessage(JSON.stringify({ eventType, eventData }), '*');
  }
  ns.postToApp = post;

  const theme = () => ns.state.themes[ns.state.theme];
  const viewport = () => ({
    height: frame.clientHeight,
    width: frame.clientWidth,
    is_expanded: true,
    is_state_stable: true,
  });

  function paintButton(node, cfg, fallbackBg, fallbackText) {
    const visible = Boolean(cfg.is_visible && cfg.text);
    node.hidden = !visible;
    node.textContent = cfg.text || '';
    node.style.background = cfg.color || fallbackBg;
    node.style.color = cfg.text_color || fallbackText;
    node.disabled = cfg.is_active === false;
    node.classList.toggle('progress', Boolean(cfg.is_progress_visible));
    return visible;
  }

  function paint() {
    if (!session) return;
    const t = theme();
    const main = paintButton($('main-button'), session.main, t.button_color, t.button_text_color);
    const second = paintButton(
      $('secondary-button'),
      session.secondary,
      t.bottom_bar_bg_color,
      t.button_color,
    );
    $('bottom-bar').hidden = !main && !second;
    $('app-back').hidden = !session.back;
    $('app-close').hidden = session.back;
  }

  ns.openApp = (launch) => {
    if (session) ns.closeApp();
    session = { launch, main: {}, secondary: {}, back: false, confirmClose: false };
    $('app').hidden = false;
    $('app-title').textContent = ns.state.bot.first_name;
    $('app-header').style.background = '';
    paint();
    log('out', 'open', { url: launch.url, source: launch.source });
    frame.src = launch.url;
  };

  ns.closeApp = (notify = true) => {
    if (!session) return;
    const id = session.launch.id;
    session = null;
    $('app').hidden = true;
    frame.src = 'about:blank';
    log('out', 'close', undefined);
    if (notify) ns.api(`api/launches/${encodeURIComponent(id)}/close`, {}).catch(() => {});
  };

  ns.onThemeChange = () => {
    paint();
    post('theme_changed', { theme_params: theme() });
  };

  function popupButtons(buttons) {
    const defaults = { ok: 'OK', close: 'Close', cancel: 'Cancel' };
    const list = Array.isArray(buttons) && buttons.length > 0 ? buttons : [{ id: '', type: 'close' }];
    return list.map((b) => ({
      id: String(b.id ?? ''),
      text: b.text || defaults[b.type] || '',
      type: b.type,
    }));
  }

  // Mini-app CloudStorage, kept per bot and user in this browser.
  const storageKey = () => `tg-emulator:cloud:${ns.state.bot.username}:${ns.state.userId}`;
  const cloud = () => JSON.parse(localStorage.getItem(storageKey()) || '{}');
  function customMethod({ req_id, method, params }) {
    const store = cloud();
    const keys = Array.isArray(params?.keys) ? params.keys : [];
    let result;
    if (method === 'saveStorageValue') store[params.key] = String(params.value ?? '');
    else if (method === 'deleteStorageValues') for (const k of keys) delete store[k];
    if (method === 'saveStorageValue' || method === 'deleteStorageValues') {
      localStorage.setItem(storageKey(), JSON.stringify(store));
      result = true;
    } else if (method === 'getStorageValues')
      result = Object.fromEntries(keys.map((k) => [k, store[k] ?? '']));
    else if (method === 'getStorageKeys') result = Object.keys(store);
    post(
      'custom_method_invoked',
      result === undefined ? { req_id, error: 'UNSUPPORTED' } : { req_id, result },
    );
  }

  // Mini-app DeviceStorage (Bot API 9.0): per bot and user on this device (this browser), 5 MB,
  // answered by req_id as Telegram's clients answer (tdesktop's KEY_INVALID, VALUE_INVALID,
  // QUOTA_EXCEEDED). A value of null removes the key.
  const deviceKey = () => `tg-emulator:device:${ns.state.bot.username}:${ns.state.userId}`;
  const DEVICE_QUOTA = 5 * 1024 * 1024;
  function deviceStorage(kind, { req_id, key, value }) {
    const fail = (error) => post('device_storage_failed', { req_id, error });
    if (kind === 'clear') {
      localStorage.removeItem(deviceKey());
      return post('device_storage_cleared', { req_id });
    }
    if (typeof key !== 'string' || key.length === 0 || key.length > 128) return fail('KEY_INVALID');
    const store = JSON.parse(localStorage.getItem(deviceKey()) || '{}');
    if (kind === 'get') return post('device_storage_key_received', { req_id, value: store[key] ?? null });
    if (value === null || value === undefined) delete store[key];
    else if (typeof value !== 'string') return fail('VALUE_INVALID');
    else store[key] = value;
    const text = JSON.stringify(store);
    if (text.length > DEVICE_QUOTA) return fail('QUOTA_EXCEEDED');
    try {
      localStorage.setItem(deviceKey(), text);
    } catch {
      return fail('QUOTA_EXCEEDED');
    }
    post('device_storage_key_saved', { req_id });
  }

  const handlers = {
    web_app_setup_main_button: (d) => {
      session.main = { ...session.main, ...d };
      paint();
    },
    web_app_setup_secondary_button: (d) => {
      session.secondary = { ...session.secondary, ...d };
      paint();
    },
    web_app_setup_back_button: (d) => {
      session.back = Boolean(d.is_visible);
      paint();
    },
    web_app_setup_closing_behavior: (d) => {
      session.confirmClose = Boolean(d.need_confirmation);
    },
    web_app_data_send: (d) => {
      const id = session.launch.id;
      ns.api(`api/launches/${encodeURIComponent(id)}/data`, { data: String(d.data ?? '') })
        .then(() => ns.closeApp(false))
        .catch(ns.report);
    },
    web_app_close: () => ns.closeApp(),
    web_app_open_popup: (d) => {
      ns.showModal({ title: d.title, text: d.message, buttons: popupButtons(d.buttons) }).then((id) =>
        post('popup_closed', id === undefined ? {} : { button_id: id }),
      );
    },
    web_app_request_theme: () => post('theme_changed', { theme_params: theme() }),
    web_app_request_viewport: () => post('viewport_changed', viewport()),
    web_app_expand: () => post('viewport_changed', viewport()),
    web_app_request_safe_area: () => post('safe_area_changed', { top: 0, bottom: 0, left: 0, right: 0 }),
    web_app_request_content_safe_area: () =>
      post('content_safe_area_changed', { top: 0, bottom: 0, left: 0, right: 0 }),
    web_app_request_phone: () => {
      ns.askContact().then((shared) => post('phone_requested', { status: shared ? 'sent' : 'cancelled' }));
    },
    web_app_request_write_access: () => post('write_access_requested', { status: 'allowed' }),
    web_app_open_link: (d) => window.open(String(d.url || ''), '_blank', 'noopener'),
    web_app_open_tg_link: (d) => ns.toast(`Telegram link: t.me${d.path_full || ''}`),
    web_app_set_header_color: (d) => {
      $('app-header').style.background = d.color || theme()[d.color_key] || '';
    },
    web_app_set_background_color: (d) => {
      frame.style.background = d.color || '';
    },
    web_app_read_text_from_clipboard: (d) => post('clipboard_text_received', { req_id: d.req_id }),
    web_app_invoke_custom_method: customMethod,
    web_app_device_storage_save_key: (d) => deviceStorage('save', d),
    web_app_device_storage_get_key: (d) => deviceStorage('get', d),
    web_app_device_storage_clear: (d) => deviceStorage('clear', d),
    web_app_request_fullscreen: () => post('fullscreen_failed', { error: 'UNSUPPORTED' }),
    web_app_check_home_screen: () => post('home_screen_checked', { status: 'unsupported' }),
  };

  window.addEventListener('message', (event) => {
    if (!session || event.source !== frame.contentWindow) return;
    let message = event.data;
    if (typeof message === 'string') {
      try {
        message = JSON.parse(message);
      } catch {
        return;
      }
    }
    if (!message || typeof message.eventType !== 'string') return;
    const data = message.eventData && typeof message.eventData === 'object' ? message.eventData : {};
    log('in', message.eventType, message.eventData);
    // web_app_ready, iframe_ready, haptics, settings button, swipe behaviour…: nothing to draw.
    handlers[message.eventType]?.(data);
  });

  $('main-button').addEventListener('click', () => {
    if (session && session.main.is_active !== false) post('main_button_pressed');
  });
  $('secondary-button').addEventListener('click', () => {
    if (session && session.secondary.is_active !== false) post('secondary_button_pressed');
  });
  $('app-back').addEventListener('click', () => post('back_button_pressed'));
  $('app-close').addEventListener('click', async () => {
    if (!session) return;
    if (session.confirmClose) {
      const choice = await ns.showModal({
        title: 'Changes that you made may not be saved.',
        buttons: [
          { id: 'cancel', text: 'Cancel' },
          { id: 'close', text: 'Close anyway', type: 'destructive' },
        ],
      });
      if (choice !== 'close') return;
    }
    ns.closeApp();
  });

  let resizeTimer;
  new ResizeObserver(() => {
    clearTimeout(resizeTimer);
    resizeTimer = setTimeout(() => post('viewport_changed', viewport()), 50);
  }).observe(frame);
})();
