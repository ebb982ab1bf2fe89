import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkUrl, parseHtml } from './html-entities.js';

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const error = (html: string) => {
  try {
    parseHtml(html);
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error(`parsed without error: ${html}`);
};

describe('parseHtml (tdlib rules)', () => {
  it.each([
    ['🏟 🏟&lt;<abacaba', 'Unclosed start tag at byte offset 13'],
    ['🏟 🏟&lt;<abac aba>', 'Unsupported start tag "abac" at byte offset 13'],
    ['🏟 🏟&lt;<i   =aba>', 'Empty attribute name in the tag "i" at byte offset 13'],
    [
      '🏟 🏟&lt;<i    aba>',
      'Expected equal sign in declaration of an attribute of the tag "i" at byte offset 13',
    ],
    ['🏟 🏟&lt;<i    aba  =  ', 'Unclosed start tag "i" at byte offset 13'],
    ['🏟 🏟&lt;<i    aba  =  190azAz-.,', 'Unexpected end of name token at byte offset 27'],
    ['🏟 🏟&lt;<i    aba  =  "&lt;&gt;&quot;>', 'Unclosed start tag at byte offset 13'],
    ['🏟 🏟&lt;</', 'Unexpected end tag at byte offset 13'],
    ['🏟 🏟&lt;<b></b></', 'Unexpected end tag at byte offset 20'],
    ['🏟 🏟&lt;<i>a</i   ', 'Unclosed end tag at byte offset 17'],
    ['🏟 🏟&lt;<i>a</em   >', 'Unmatched end tag at byte offset 17, expected "</i>", found "</em>"'],
    ['<b>bold', "Can't find end tag corresponding to start tag b"],
    ['<b>x</i>', 'Unmatched end tag at byte offset 4, expected "</b>", found "</i>"'],
    ['a < b', 'Unsupported start tag "" at byte offset 2'],
    ['<br>', 'Unsupported start tag "br" at byte offset 0'],
    ['<div>x</div>', 'Unsupported start tag "div" at byte offset 0'],
    ['<span>x</span>', 'Tag "span" must have class "tg-spoiler" at byte offset 0'],
    [
      '&#xDFDF;',
      'Text contains invalid Unicode characters after decoding HTML entities, check for unmatched surrogate code units',
    ],
    ['<tg-emoji emoji-id="abc">x</tg-emoji>', 'Invalid custom emoji identifier specified'],
  ])('refuses %j with tdlib’s message', (html, message) => {
    expect(error(html)).toBe(message);
  });

  it('decodes the four named entities and numeric ones, keeps unknown ones literally', () => {
    expect(parseHtml('&lt;&gt;&amp;&quot;&laquo;&raquo;&#12345678;').text).toBe(
      '<>&"&laquo;&raquo;&#12345678;',
    );
    expect(parseHtml('&#4656;&#x1F600;&lt').text).toBe('ሰ😀<');
  });

  it('measures entities in UTF-16 code units after decoding', () => {
    expect(parseHtml('➡️ ➡️<i>➡️ ➡️</i>')).toEqual({
      text: '➡️ ➡️➡️ ➡️',
      entities: [{ type: 'italic', offset: 5, length: 5 }],
    });
    expect(parseHtml('🏟 🏟<i>🏟 &lt🏟</i>')).toEqual({
      text: '🏟 🏟🏟 <🏟',
      entities: [{ type: 'italic', offset: 5, length: 6 }],
    });
  });

  it('maps every allowed tag to its entity type and sorts like Telegram', () => {
    const { text, entities } = parseHtml(
      '<b>b</b><strong>s</strong><i>i</i><em>e</em><u>u</u><ins>n</ins><s>s</s><strike>k</strike><del>d</del>' +
        '<tg-spoiler>p</tg-spoiler><span class="tg-spoiler">q</span><code>c</code><blockquote>q</blockquote>' +
        '<blockquote expandable>x</blockquote><a href="https://gebere.et/a?b=1">l</a>',
    );
    expect(text).toBe('bsieunskdpqcqxl');
    expect(entities.map((e) => e.type)).toEqual([
      'bold',
      'bold',
      'italic',
      'italic',
      'underline',
      'underline',
      'strikethrough',
      'strikethrough',
      'strikethrough',
      'spoiler',
      'spoiler',
      'code',
      'blockquote',
      'expandable_blockquote',
      'text_link',
    ]);
    expect(entities.at(-1)).toEqual({
      type: 'text_link',
      offset: 14,
      length: 1,
      url: 'https://gebere.et/a?b=1',
    });
  });

  it('nests and orders like tdlib: same span sorts code < bold < italic', () => {
    expect(parseHtml('<code><i><b> </b></i></code>').entities).toEqual([
      { type: 'code', offset: 0, length: 1 },
      { type: 'bold', offset: 0, length: 1 },
      { type: 'italic', offset: 0, length: 1 },
    ]);
  });

  it('merges <pre><code class="language-x"> into one pre entity with a language', () => {
    expect(parseHtml('<pre><code class="language-ts">let a</code></pre>').entities).toEqual([
      { type: 'pre', offset: 0, length: 5, language: 'ts' },
    ]);
    expect(parseHtml('<pre>a <code class="language-ts">b</code></pre>').entities).toEqual([
      { type: 'pre', offset: 0, length: 3 },
      { type: 'code', offset: 2, length: 1 },
    ]);
  });

  it('accepts unquoted, single-quoted attributes, case-insensitive tags and the anonymous end tag', () => {
    expect(parseHtml('<A HREF=gebere.et>x</>').entities).toEqual([
      { type: 'text_link', offset: 0, length: 1, url: 'http://gebere.et/' },
    ]);
    expect(parseHtml("<a href='https://t.me/x'>y</a >").entities[0]).toMatchObject({ url: 'https://t.me/x' });
  });

  it('drops links Telegram would not accept and empty entities', () => {
    expect(parseHtml('<a href="javascript:alert(1)">x</a>').entities).toEqual([]);
    expect(parseHtml('<b></b>x').entities).toEqual([]);
    expect(checkUrl('gebere.et?q=1')).toBe('http://gebere.et/?q=1');
    expect(checkUrl('not a url')).toBeUndefined();
  });

  it('round-trips any escaped text with no entities (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (s) => {
        expect(parseHtml(escapeHtml(s))).toEqual({ text: s, entities: [] });
      }),
    );
  });

  it('a bold tag around any escaped text covers exactly its UTF-16 length (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', minLength: 1 }),
        fc.string({ unit: 'grapheme' }),
        (inner, before) => {
          const { text, entities } = parseHtml(`${escapeHtml(before)}<b>${escapeHtml(inner)}</b>`);
          expect(text).toBe(before + inner);
          expect(entities).toEqual([{ type: 'bold', offset: before.length, length: inner.length }]);
        },
      ),
    );
  });
});
