// Drawing for the chat page. Everything the bot or a user wrote goes in through textContent or
// attribute setters after a scheme check: bot text is never parsed as HTML here, its entities are
// turned into elements.

(() => {
  const ns = window.tgEmulator || {};
  window.tgEmulator = ns;

  /** el('a', { class: 'x', href, onclick }, child, …) — children are strings or nodes. */
  function el(tag, props, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(props || {})) {
      if (value === undefined || value === null || value === false) continue;
      if (key === 'class') node.className = value;
      else if (key === 'text') node.textContent = value;
      else if (key.startsWith('on')) node.addEventListener(key.slice(2), value);
      else node.setAttribute(key, String(value));
    }
    for (const child of children) if (child !== undefined && child !== null) node.append(child);
    return node;
  }
  ns.el = el;

  const SAFE_LINK = /^(https?:|tg:|mailto:)/i;

  function link(href, text) {
    if (!SAFE_LINK.test(href)) return el('span', { class: 'link' });
    return el('a', {
      href,
      target: '_blank',
      rel: 'noopener noreferrer',
      title: href === text ? undefined : href,
    });
  }

  function entityElement(entity, slice, onCommand) {
    switch (entity.type) {
      case 'bold':
        return el('b');
      case 'italic':
        return el('i');
      case 'underline':
        return el('u');
      case 'strikethrough':
        return el('s');
      case 'code':
        return el('code');
      case 'pre':
        return el('pre', { 'data-language': entity.language });
      case 'blockquote':
      case 'expandable_blockquote':
        return el('blockquote');
      case 'spoiler':
        return el('span', { class: 'spoiler', onclick: (e) => e.currentTarget.classList.toggle('revealed') });
      case 'text_link':
        return link(String(entity.url || ''), slice);
      case 'url':
        return link(/^[a-z][a-z0-9+.-]*:\/\//i.test(slice) ? slice : `http://${slice}`, slice);
      case 'email':
        return link(`mailto:${slice}`, slice);
      case 'mention':
        return link(`https://t.me/${slice.slice(1)}`, slice);
      case 'bot_command':
        return el('a', {
          href: '#',
          onclick: (e) => {
            e.preventDefault();
            onCommand(slice);
          },
        });
      default:
        return el('span', { class: entity.type === 'hashtag' ? 'link' : undefined });
    }
  }

  /** Text with Telegram entities (UTF-16 offsets, like JS strings) as nested elements. */
  function renderText(text, entities, onCommand, start = 0, end = text.length) {
    const frag = document.createDocumentFragment();
    const list = (entities || [])
      .filter((e) => e.offset >= start && e.offset < end)
      .sort((a, b) => a.offset - b.offset || b.length - a.length);
    let pos = start;
    for (const e of list) {
      if (e.offset < pos) continue; // nested in an entity already drawn
      const stop = Math.min(e.offset + e.length, end);
      frag.append(text.slice(pos, e.offset));
      const node = entityElement(e, text.slice(e.offset, stop), onCommand);
      const inner = list.filter((x) => x !== e && x.offset >= e.offset && x.offset < stop);
      node.append(renderText(text, inner, onCommand, e.offset, stop));
      frag.append(node);
      pos = stop;
    }
    frag.append(text.slice(pos, end));
    return frag;
  }
  ns.renderText = renderText;

  const time = (unix) => new Date(unix * 1000).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

  function kindBadge(button) {
    if (button.web_app) return '⧉';
    if (button.url) return '↗';
    return undefined;
  }

  function inlineKeyboard(message, onPress) {
    const rows = message.reply_markup.inline_keyboard.map((row, r) =>
      el(
        'div',
        { class: 'kb-row' },
        ...row.map((button, c) =>
          el(
            'button',
            { type: 'button', onclick: () => onPress(message, r, c, button) },
            button.text,
            kindBadge(button) ? el('span', { class: 'kind', text: kindBadge(button) }) : undefined,
          ),
        ),
      ),
    );
    return el('div', { class: 'inline-keyboard' }, ...rows);
  }

  /** 1234 → "1.2 KB", as Telegram's clients write a file's size. */
  function fileSize(bytes) {
    if (bytes < 1024) return `${bytes} B`;
    if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
    return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  }

  /** A photo the bot sent, at the bubble's width; it opens full size. Named by its caption's first line. */
  function photoElement(photo, caption) {
    const line = (caption || '').split('\n')[0];
    return el(
      'a',
      { class: 'photo', href: photo.url, target: '_blank', rel: 'noopener' },
      el('img', {
        src: photo.url,
        alt: line ? `Photo: ${line}` : 'Photo',
        width: photo.width || undefined,
        height: photo.height || undefined,
      }),
    );
  }

  /** A document: its type, name (a download under that name) and size, as a file row. */
  function documentElement(doc) {
    const extension = /\.([a-z0-9]{1,4})$/i.exec(doc.file_name)?.[1];
    return el(
      'div',
      { class: 'file' },
      el('span', { class: 'file-icon', 'aria-hidden': 'true', text: (extension || 'file').toUpperCase() }),
      el(
        'span',
        { class: 'file-info' },
        el('a', { class: 'file-name', href: doc.url, download: doc.file_name, text: doc.file_name }),
        el('span', { class: 'file-size', text: fileSize(doc.size) }),
      ),
    );
  }

  /** One message: a bubble (or a service line) plus its inline keyboard. */
  ns.renderMessage = (m, ctx) => {
    if (m.web_app_data) {
      return el('div', {
        class: 'service',
        text: `Data from the “${m.web_app_data.button_text}” button was transferred to the bot.`,
      });
    }
    const side = m.from === 'user' ? 'out' : 'in';
    const meta = el('span', {
      class: 'meta',
      text: `${m.edit_date ? 'edited ' : ''}${time(m.date)}${side === 'out' ? ' ✓✓' : ''}`,
    });
    let body;
    if (m.contact) {
      const name = [m.contact.first_name, m.contact.last_name].filter(Boolean).join(' ');
      body = el(
        'div',
        { class: 'bubble' },
        el(
          'div',
          { class: 'contact' },
          el('div', { class: 'avatar', text: (name[0] || '?').toUpperCase() }),
          el(
            'div',
            {},
            el('div', { class: 'name', text: name }),
            el('div', { text: m.contact.phone_number }),
          ),
        ),
        meta,
      );
    } else {
      body = el(
        'div',
        { class: `bubble${m.photo ? ' with-photo' : ''}`, 'data-message-id': m.message_id },
        m.via_bot ? el('div', { class: 'via', text: `via @${m.via_bot}` }) : undefined,
        m.photo ? photoElement(m.photo, m.text) : undefined,
        m.document ? documentElement(m.document) : undefined,
        renderText(m.text || '', m.entities, ctx.onCommand),
        meta,
      );
    }
    const row = el('div', { class: `row ${side}` }, body);
    if (m.reply_markup?.inline_keyboard) row.append(inlineKeyboard(m, ctx.onInline));
    return row;
  };

  /** The reply keyboard under the input field. */
  ns.renderReplyKeyboard = (container, markup, onPress) => {
    container.replaceChildren(
      ...markup.keyboard.map((row, r) =>
        el(
          'div',
          { class: 'kb-row' },
          ...row.map((raw, c) => {
            const button = typeof raw === 'string' ? { text: raw } : raw;
            const badge = button.web_app ? ' ⧉' : button.request_contact ? ' ☎' : '';
            return el(
              'button',
              { type: 'button', onclick: () => onPress(button, r, c) },
              button.text + badge,
            );
          }),
        ),
      ),
    );
    container.classList.toggle('tall', !markup.resize_keyboard);
  };
})();
