import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AdvisoryText,
  advisoryLabel,
  advisoryParagraphs,
  advisoryTitle,
  clip,
  localName,
  shorten,
} from './rules';

describe('clip', () => {
  it('keeps text that fits, and cuts the rest to max UTF-16 units, mark included', () => {
    expect(clip('Abebe', 5)).toBe('Abebe');
    expect(clip('Abebe Kebede', 5)).toBe('Abebe');
    expect(clip('Abebe Kebede', 6, '…')).toBe('Abebe…');
    expect(clip('a'.repeat(100), 64, '…')).toHaveLength(64);
  });

  it('never leaves half of a surrogate pair', () => {
    expect(clip('ab😀cd', 3)).toBe('ab');
    expect(clip('ab😀cd', 4, '…')).toBe('ab…');
    expect(clip('ab😀cd', 4)).toBe('ab😀');
  });

  it('always fits, and is a prefix of the text (before the mark)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme' }),
        fc.nat(40),
        fc.constantFrom('', '…'),
        (text, max, mark) => {
          const out = clip(text, max + mark.length, mark);
          expect(out.length).toBeLessThanOrEqual(max + mark.length);
          if (out !== text) expect(text.startsWith(out.slice(0, out.length - mark.length))).toBe(true);
          expect(out).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
        },
      ),
    );
  });
});

describe('shorten', () => {
  it('keeps the first characters and adds an ellipsis only when there was more', () => {
    expect(shorten('ሀ'.repeat(21), 20)).toBe(`${'ሀ'.repeat(20)}…`);
    expect(shorten('ሀ'.repeat(20), 20)).toBe('ሀ'.repeat(20));
    expect(shorten('😀'.repeat(3), 2)).toBe('😀😀…');
  });
});

describe('advisory text', () => {
  const advisory = (over: Partial<AdvisoryText>): AdvisoryText => ({
    label: null,
    template_content: ['English text.'],
    template_content_am: ['የአማርኛ ጽሑፍ።'],
    ...over,
  });

  it('is the Amharic version in Amharic when written, else the English one', () => {
    expect(advisoryParagraphs(advisory({}), 'am')).toEqual(['የአማርኛ ጽሑፍ።']);
    expect(advisoryParagraphs(advisory({}), 'en')).toEqual(['English text.']);
    expect(advisoryParagraphs(advisory({ template_content_am: null }), 'am')).toEqual(['English text.']);
    expect(advisoryParagraphs(advisory({ template_content_am: [' ', ''] }), 'am')).toEqual(['English text.']);
    expect(advisoryParagraphs(advisory({ template_content: [' a ', '', 'b'] }), 'en')).toEqual(['a', 'b']);
  });

  it('label: its label, else the text (first 80 characters and an ellipsis when longer), else empty', () => {
    expect(advisoryLabel(advisory({ label: ' Teff ' }), 'en')).toBe('Teff');
    expect(advisoryLabel(advisory({}), 'en')).toBe('English text.');
    expect(advisoryLabel(advisory({ template_content: ['a'.repeat(81)] }), 'en')).toBe(`${'a'.repeat(80)}…`);
    expect(advisoryLabel(advisory({ template_content: ['x'.repeat(80)] }), 'en')).toBe('x'.repeat(80));
    expect(advisoryLabel(advisory({ template_content: [], template_content_am: [] }), 'am')).toBe('');
  });

  it('is the Amharic label for Amharic readers; English only where no Amharic was written', () => {
    const labelled = advisory({ label: 'Teff seed rate', label_am: 'የጤፍ ዘር መጠን' });
    expect(advisoryLabel(labelled, 'am')).toBe('የጤፍ ዘር መጠን');
    expect(advisoryLabel(labelled, 'en')).toBe('Teff seed rate');
    // An English title over an Amharic text: the Amharic text names it.
    expect(advisoryLabel(advisory({ label: 'Teff seed rate' }), 'am')).toBe('የአማርኛ ጽሑፍ።');
    expect(advisoryTitle(advisory({ label: 'Teff seed rate' }), 'am')).toBe('');
    // No Amharic at all: the operator's English.
    expect(advisoryLabel(advisory({ label: 'Teff', template_content_am: null }), 'am')).toBe('Teff');
    expect(advisoryTitle(advisory({ label: null, label_am: ' ' }), 'en')).toBe('');
  });

  it('reads the Oromo label and text for Oromo readers, the English where none is written', () => {
    const om = advisory({
      label: 'Teff seed rate',
      label_om: 'Hamma sanyii xaafii',
      template_content_om: ['Barreeffama Afaan Oromoo.'],
    });
    expect(advisoryLabel(om, 'om')).toBe('Hamma sanyii xaafii');
    expect(advisoryParagraphs(om, 'om')).toEqual(['Barreeffama Afaan Oromoo.']);
    expect(advisoryLabel(om, 'am')).toBe('የአማርኛ ጽሑፍ።');
    // Oromo text without an Oromo title: the Oromo text names it, not the English title.
    expect(advisoryLabel({ ...om, label_om: null }, 'om')).toBe('Barreeffama Afaan Oromoo.');
    // Nothing in Oromo: the operator's English, as before.
    expect(advisoryLabel(advisory({ label: 'Teff' }), 'om')).toBe('Teff');
    expect(advisoryParagraphs(advisory({}), 'om')).toEqual(['English text.']);
  });

  it('names a thing in the reader’s language where written, else by its name', () => {
    const teff = { name: 'Teff', name_am: 'ጤፍ', name_om: 'Xaafii' };
    expect([localName(teff, 'en'), localName(teff, 'am'), localName(teff, 'om')]).toEqual([
      'Teff',
      'ጤፍ',
      'Xaafii',
    ]);
    expect(localName({ name: 'Dale', name_om: ' ' }, 'om')).toBe('Dale');
    expect(localName({ name: 'Dale', name_am: null }, 'am')).toBe('Dale');
  });

  it('joins the paragraphs with one space and folds white space inside them', () => {
    expect(
      advisoryLabel(advisory({ template_content: ['Apply urea', 'at  tillering\nand booting'] }), 'en'),
    ).toBe('Apply urea at tillering and booting');
  });

  it('counts Ethiopic characters, and reads the Amharic text for Amharic readers', () => {
    const am = 'በ'.repeat(100);
    expect(advisoryLabel(advisory({ template_content_am: [am] }), 'am')).toBe(`${'በ'.repeat(80)}…`);
    expect(advisoryLabel(advisory({ template_content_am: [am] }), 'en')).toBe('English text.');
  });
});
