// The chat page's controller: picks a user, draws their private chat with the bot and turns
// clicks into the emulator's user actions (api/…); server-sent events trigger redraws.

(() => {
  const ns = window.tgEmulator || {};
  window.tgEmulator = ns;
  const $ = (id) => document.getElementById(id);
  const el = ns.el;
  const state = {
    bot: null,
    themes: null,
    users: [],
    userId: null,
    chat: null,
    theme: 'light',
    keyboardOpen: true,
  };
  ns.state = state;

  ns.api = async (path, body) => {
    const init =
      body === undefined
        ? {}
        : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
    const res = await fetch(path, init);
    const json = await res.json().catch(() => ({}));
    if (!res.ok) throw new Error(json.error || `HTTP ${res.status}`);
    return json;
  };

  let toastTimer;
  ns.toast = (text, ms = 2500) => {
    const t = $('toast');
    t.textContent = text;
    t.hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => {
      t.hidden = true;
    }, ms);
  };
  ns.report = (error) => ns.toast(error instanceof Error ? error.message : String(error), 4000);

  /** A Telegram-style dialog; resolves with the clicked button's id, undefined when dismissed. */
  ns.showModal = ({ title, text, buttons }) =>
    new Promise((resolve) => {
      const modal = $('modal');
      const finish = (id) => {
        modal.hidden = true;
        modal.onclick = null;
        resolve(id);
      };
      $('modal-title').textContent = title || '';
      $('modal-text').textContent = text || '';
      $('modal-buttons').replaceChildren(
        ...buttons.map((b) =>
          el('button', {
            type: 'button',
            class: b.type === 'destructive' ? 'destructive' : undefined,
            text: b.text,
            onclick: (e) => {
              e.stopPropagation();
              finish(b.id);
            },
          }),
        ),
      );
      modal.onclick = (e) => e.target === modal && finish(undefined);
      modal.hidden = false;
    });

  /** Telegram's contact-sharing prompt; on OK the user's contact goes to the bot. */
  ns.askContact = async () => {
    const choice = await ns.showModal({
      title: 'Share your phone number?',
      text: `${state.bot.first_name} will know your phone number. This can be useful for integration with other services.`,
      buttons: [
        { id: 'cancel', text: 'Cancel' },
        { id: 'ok', text: 'OK' },
      ],
    });
    if (choice !== 'ok') return false;
    await ns.api(`api/users/${state.userId}/contact`, {}).catch(ns.report);
    return true;
  };

  const userPath = (suffix) => `api/users/${state.userId}/${suffix}`;

  async function send(text) {
    if (!text.trim() || !state.userId) return;
    await ns.api(userPath('send'), { text }).catch(ns.report);
  }

  async function pressReply(button, row, column) {
    if (button.request_contact) {
      await ns.askContact();
      return;
    }
    const r = await ns
      .api(userPath('reply-button'), { button: { row, column }, theme: state.theme })
      .catch(ns.report);
    if (r?.kind === 'web_app') ns.openApp(r.launch);
  }

  async function pressInline(message, row, column) {
    const body = { message_id: message.message_id, button: { row, column }, theme: state.theme };
    const r = await ns.api(userPath('inline-button'), body).catch(ns.report);
    if (r?.kind === 'web_app') ns.openApp(r.launch);
    if (r?.kind === 'url') {
      const choice = await ns.showModal({
        title: 'Open this link?',
        text: r.url,
        buttons: [
          { id: 'cancel', text: 'Cancel' },
          { id: 'open', text: 'Open' },
        ],
      });
      if (choice === 'open') window.open(r.url, '_blank', 'noopener');
    }
  }

  function renderCommands(filter) {
    const popup = $('commands-popup');
    const list = (state.chat?.commands || []).filter(
      (c) => filter === undefined || `/${c.command}`.startsWith(filter),
    );
    popup.replaceChildren(
      ...list.map((c) =>
        el(
          'button',
          {
            type: 'button',
            onclick: () => {
              popup.hidden = true;
              $('text').value = '';
              send(`/${c.command}`);
            },
          },
          el('span', { class: 'cmd', text: `/${c.command}` }),
          el('span', { class: 'desc', text: c.description }),
        ),
      ),
    );
    popup.hidden = list.length === 0;
  }

  function render() {
    const chat = state.chat;
    $('bot-name').textContent = state.bot.first_name;
    $('bot-avatar').textContent = (state.bot.first_name[0] || 'B').toUpperCase();
    $('no-user').hidden = Boolean(chat);
    const status = $('bot-status');
    status.textContent =
      chat?.action === 'typing' ? 'typing…' : chat?.action ? `${chat.action.replace(/_/g, ' ')}…` : 'bot';
    status.classList.toggle('typing', Boolean(chat?.action));
    const box = $('messages');
    const atBottom = box.scrollHeight - box.scrollTop - box.clientHeight < 40;
    const ctx = { onInline: pressInline, onCommand: send };
    box.replaceChildren(...(chat?.messages || []).map((m) => ns.renderMessage(m, ctx)));
    if (atBottom || state.scrollToEnd) box.scrollTop = box.scrollHeight;
    state.scrollToEnd = false;

    const blocked = Boolean(chat?.user.blocked);
    $('composer').hidden = !chat || blocked;
    $('restart-bar').hidden = !blocked;
    $('block-btn').textContent = blocked ? 'Unblock bot' : 'Block bot';

    const menu = chat?.menu_button;
    const menuButton = $('menu-button');
    menuButton.hidden = !chat || (menu?.type !== 'web_app' && !(chat.commands || []).length);
    menuButton.textContent = menu?.type === 'web_app' ? menu.text : '☰ Menu';

    const keyboard = chat?.keyboard;
    const kb = $('reply-keyboard');
    $('keyboard-toggle').hidden = !keyboard || blocked;
    $('text').placeholder = keyboard?.markup.input_field_placeholder || 'Message';
    kb.hidden = !keyboard || blocked || keyboard.hidden || !state.keyboardOpen;
    if (keyboard) ns.renderReplyKeyboard(kb, keyboard.markup, pressReply);
    if (chat?.action) setTimeout(refresh, 5200);
  }

  let refreshing = null;
  let again = false;
  async function refresh() {
    if (refreshing) {
      again = true;
      return refreshing;
    }
    refreshing = (async () => {
      do {
        again = false;
        state.chat = state.userId ? await ns.api(userPath('chat')).catch(() => null) : null;
        render();
      } while (again);
    })();
    await refreshing;
    refreshing = null;
  }
  ns.refresh = refresh;

  function renderUsers() {
    const select = $('user-select');
    select.replaceChildren(
      ...state.users.map((u) =>
        el('option', {
          value: u.id,
          selected: u.id === state.userId,
          text: `${u.first_name}${u.last_name ? ` ${u.last_name}` : ''} (${u.language_code || '–'})${u.note ? ` — ${u.note}` : ''}`,
        }),
      ),
    );
  }

  async function loadUsers() {
    state.users = (await ns.api('api/bootstrap')).users;
    renderUsers();
  }

  function selectUser(id) {
    state.userId = id;
    state.keyboardOpen = true;
    state.scrollToEnd = true;
    if (id) localStorage.setItem('tg-emulator:user', String(id));
    const url = new URL(location.href);
    if (id) url.searchParams.set('user', String(id));
    history.replaceState(null, '', url);
    ns.closeApp(true);
    renderUsers();
    return refresh();
  }

  function applyTheme(name) {
    state.theme = name;
    document.body.dataset.theme = name;
    $('theme-toggle').textContent = name === 'dark' ? 'Light theme' : 'Dark theme';
    localStorage.setItem('tg-emulator:theme', name);
  }

  function wire() {
    const input = $('text');
    const submit = () => {
      const text = input.value;
      input.value = '';
      $('commands-popup').hidden = true;
      send(text);
    };
    $('send').onclick = submit;
    input.addEventListener('keydown', (e) => e.key === 'Enter' && submit());
    input.addEventListener('input', () => {
      if (input.value.startsWith('/')) renderCommands(input.value.split(' ')[0]);
      else $('commands-popup').hidden = true;
    });
    $('menu-button').onclick = async () => {
      if (state.chat?.menu_button?.type === 'web_app') {
        const r = await ns.api(userPath('menu'), { theme: state.theme }).catch(ns.report);
        if (r) ns.openApp(r.launch);
      } else if ($('commands-popup').hidden) renderCommands(undefined);
      else $('commands-popup').hidden = true;
    };
    $('keyboard-toggle').onclick = () => {
      if (state.chat?.keyboard?.hidden) state.chat.keyboard.hidden = false;
      else state.keyboardOpen = !state.keyboardOpen;
      render();
    };
    $('chat-menu-btn').onclick = () => {
      $('chat-menu').hidden = !$('chat-menu').hidden;
    };
    $('block-btn').onclick = async () => {
      $('chat-menu').hidden = true;
      await ns.api(userPath('block'), { blocked: !state.chat?.user.blocked }).catch(ns.report);
    };
    $('restart-btn').onclick = async () => {
      await ns.api(userPath('block'), { blocked: false }).catch(ns.report);
      await send('/start');
    };
    $('user-select').onchange = (e) => selectUser(Number(e.target.value));
    $('new-user-toggle').onclick = () => {
      $('new-user').hidden = !$('new-user').hidden;
    };
    $('new-user').onsubmit = async (e) => {
      e.preventDefault();
      const body = Object.fromEntries(new FormData(e.target));
      const user = await ns.api('api/users', body).catch(ns.report);
      if (!user) return;
      e.target.reset();
      e.target.hidden = true;
      await loadUsers();
      await selectUser(user.id);
    };
    $('theme-toggle').onclick = () => {
      applyTheme(state.theme === 'dark' ? 'light' : 'dark');
      ns.onThemeChange();
    };
  }

  function listen() {
    const events = new EventSource('api/events');
    events.addEventListener('chat', (e) => JSON.parse(e.data).userId === state.userId && refresh());
    events.addEventListener('users', () => loadUsers());
    events.addEventListener('callback_answer', (e) => {
      const { userId, answer } = JSON.parse(e.data);
      if (userId !== state.userId) return;
      if (answer.show_alert && answer.text)
        ns.showModal({ text: answer.text, buttons: [{ id: 'ok', text: 'OK' }] });
      else if (answer.text) ns.toast(answer.text);
      if (answer.url) window.open(answer.url, '_blank', 'noopener');
    });
  }

  async function start() {
    const boot = await ns.api('api/bootstrap');
    state.bot = boot.bot;
    state.themes = boot.themes;
    state.users = boot.users;
    applyTheme(localStorage.getItem('tg-emulator:theme') === 'dark' ? 'dark' : 'light');
    wire();
    listen();
    const wanted = Number(
      new URLSearchParams(location.search).get('user') || localStorage.getItem('tg-emulator:user'),
    );
    const initial = state.users.find((u) => u.id === wanted) || state.users[0];
    if (!initial) $('new-user').hidden = false;
    await selectUser(initial ? initial.id : null);
    document.body.dataset.ready = 'true';
  }

  start().catch(ns.report);
})();
