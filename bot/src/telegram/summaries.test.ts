import { type HandBackResult, handBackResult } from '@gebere/contract';
import { describe, expect, it } from 'vitest';
import { escapeHtml, renderSummary, summaryTitle } from './summaries';

const examples: HandBackResult[] = [
  { kind: 'farmer_registered', farmer_id: 1, name: 'Almaz', group_name: 'Lemlem' },
  {
    kind: 'farmers_registered',
    farmers: [
      { farmer_id: 1, name: 'Almaz', group_name: 'Lemlem' },
      { farmer_id: 2, name: 'Abebe', group_name: 'Lemlem' },
    ],
  },
  { kind: 'group_added', group_id: 1, group_name: 'Lemlem' },
  { kind: 'da_registered', da_id: 1, name: 'Kebede', update: false },
  { kind: 'da_registered', da_id: 1, name: 'Kebede', update: true },
  { kind: 'report_user_saved', report_user_id: 1, name: 'Sara', update: false },
  { kind: 'report_user_saved', report_user_id: 1, name: 'Sara', update: true },
  { kind: 'reach_recorded', farmers: 3, advisories: 2, recorded: 6, failed: 0 },
  { kind: 'reach_recorded', farmers: 3, advisories: 2, recorded: 5, failed: 1 },
  { kind: 'adoption_recorded', farmers: 1, advisories: 1, recorded: 1, failed: 0 },
  { kind: 'adoption_recorded', farmers: 1, advisories: 1, recorded: 0, failed: 1 },
  { kind: 'adoption_recorded', farmers: 3, advisories: 2, recorded: 2, failed: 2, unconfirmed: 2 },
  {
    kind: 'reach_recorded',
    farmers: 3,
    advisories: 2,
    recorded: 2,
    failed: 1,
    queued: 3,
    reason: 'Not in your kebele.',
  },
  { kind: 'feedback_sent', advisory_id: 4, answers: 2 },
  { kind: 'notification_saved', notification_id: 1, name: 'Weekly', update: false },
  { kind: 'notification_saved', notification_id: 1, name: 'Weekly', update: true },
  { kind: 'notification_removed', notification_id: 1, name: 'Weekly' },
  { kind: 'records_synced', saved: 3, refused: 0, reasons: [] },
  { kind: 'records_synced', saved: 1, refused: 2, reasons: ['This is outside your area.'] },
  { kind: 'registry_changed', change: 'corrected', farmer_id: 2, name: 'Almaz' },
  { kind: 'registry_changed', change: 'retired', farmer_id: 2, name: 'Almaz', reason: 'duplicate' },
  {
    kind: 'registry_changed',
    change: 'reach_taken_back',
    farmer_id: 2,
    name: 'Almaz',
    advisory: 'Seed rate',
  },
  {
    kind: 'registry_changed',
    change: 'adoption_taken_back',
    farmer_id: 2,
    name: 'Almaz',
    advisory: 'Seed rate',
  },
];

describe('renderSummary', () => {
  it('lists every farmer of a "Register another" batch under one count', () => {
    const text = renderSummary(
      {
        kind: 'farmers_registered',
        farmers: [
          { farmer_id: 1, name: 'Almaz Desta', group_name: 'Lemlem' },
          { farmer_id: 2, name: 'Abebe <b>', group_name: 'Tesfa' },
        ],
      },
      'en',
    );
    expect(text).toBe(
      '✅ 2 farmers registered:\n• Almaz Desta (group Lemlem)\n• Abebe &lt;b&gt; (group Tesfa)',
    );
  });

  it.each(examples)('words $kind in English and Amharic with every value filled in', (result) => {
    handBackResult.parse(result);
    const en = renderSummary(result, 'en');
    const am = renderSummary(result, 'am');
    for (const text of [en, am]) {
      expect(text).not.toMatch(/\{\{/);
      expect(text.length).toBeGreaterThan(5);
    }
    expect(am).not.toBe(en);
    expect(am).toMatch(/[\u1200-\u137F]/);
  });

  it.each(examples)('words $kind in Afaan Oromo, in Qubee, with every value filled in', (result) => {
    const en = renderSummary(result, 'en');
    const om = renderSummary(result, 'om');
    expect(om).not.toMatch(/\{\{/);
    expect(om).not.toBe(en);
    expect(om).not.toMatch(/[\u1200-\u137F]/);
  });

  it('says why reach was refused and that the rest is kept for the signal', () => {
    const text = renderSummary(
      {
        kind: 'reach_recorded',
        farmers: 3,
        advisories: 2,
        recorded: 2,
        failed: 1,
        queued: 3,
        reason: 'Not <yours>',
      },
      'en',
    );
    expect(text.split('\n').slice(1)).toEqual([
      '• Not &lt;yours&gt;',
      '📶 3 records are kept on the phone and will be sent when the signal returns; I will tell you then.',
    ]);
  });

  it('says what the outbox sent late, then each refusal and its reason, escaped', () => {
    const text = renderSummary(
      { kind: 'records_synced', saved: 2, refused: 1, reasons: ['Phone <b>taken</b>'] },
      'en',
    );
    expect(text).toBe(
      '📶 Sent when the signal returned: 2 records saved.\n' +
        '⚠️ 1 record was refused; it stays in the app until you remove it:\n' +
        '• Phone &lt;b&gt;taken&lt;/b&gt;',
    );
  });

  it('never says the word for group twice in Amharic when the group name ends with it', () => {
    const text = renderSummary(
      { kind: 'farmer_registered', farmer_id: 1, name: 'አልማዝ ከበደ', group_name: 'ተስፋ ቡድን' },
      'am',
    );
    expect(text).toContain('ተስፋ ቡድን');
    expect(text).not.toMatch(/ቡድን\s+ቡድን/);
    expect(text.match(/ቡድን/g)).toHaveLength(2); // the label and the name's own word
  });

  it('never says the word for group twice in Afaan Oromo when the group name has it', () => {
    const text = renderSummary(
      { kind: 'farmer_registered', farmer_id: 1, name: 'Caaltuu Dheeressaa', group_name: 'Garee Tasfaa' },
      'om',
    );
    expect(text).toBe('✅ Qonnaan bulaan Caaltuu Dheeressaa galmeeffameera (garee: Garee Tasfaa).');
  });

  it('names a farmer as the lists do: the literal nan left out (spec §2)', () => {
    const data = {
      id: 7,
      farmer_name: 'Almaz',
      father_name: 'nan',
      grand_father_name: 'Bekele',
      phone_number: '911223344',
      gender: 'female' as const,
      kebele: 3,
      development_group: 4,
      created_by: 5,
    };
    const one = renderSummary(
      {
        kind: 'farmer_registered',
        farmer_id: 7,
        name: 'Almaz nan Bekele',
        group_name: 'Abay',
        status_code: 201,
        data,
      },
      'en',
    );
    expect(one).toContain('Almaz Bekele');
    expect(one).not.toContain('nan');
    const two = renderSummary(
      {
        kind: 'farmers_registered',
        farmers: [
          { farmer_id: 7, name: 'Almaz nan Bekele', group_name: 'Abay', status_code: 201, data },
          { farmer_id: 8, name: 'Abebe', group_name: 'Abay' },
        ],
      },
      'en',
    );
    expect(two).toContain('Almaz Bekele');
    expect(two).not.toContain('nan');
  });

  it("says a DA's correction of the registry: what changed, whose, and why", () => {
    const say = (
      r: Partial<Extract<HandBackResult, { kind: 'registry_changed' }>>,
      lang: 'en' | 'am' = 'en',
    ) =>
      renderSummary(
        { kind: 'registry_changed', change: 'corrected', farmer_id: 2, name: 'Almaz <b>', ...r },
        lang,
      );
    expect(say({})).toBe('✏️ Corrected: <b>Almaz &lt;b&gt;</b>.');
    expect(say({ change: 'retired', reason: 'deceased' })).toBe(
      '🗂 <b>Almaz &lt;b&gt;</b> is no longer in the registry: deceased.',
    );
    expect(say({ change: 'retired', reason: 'duplicate' }, 'am')).toContain('ሁለት ጊዜ ተመዝግቧል');
    // Never worded without its reason: such a result is refused before it is said.
    expect(
      handBackResult.safeParse({ kind: 'registry_changed', change: 'retired', farmer_id: 2, name: 'Almaz' })
        .success,
    ).toBe(false);
    expect(say({ change: 'reach_taken_back', advisory: 'Seed & rate' })).toBe(
      '↩️ Taken back: the reach of “Seed &amp; rate” to <b>Almaz &lt;b&gt;</b>.',
    );
  });

  it('escapes user-provided names for HTML parse mode', () => {
    const text = renderSummary(
      { kind: 'farmer_registered', farmer_id: 1, name: '<a href="x">A&B</a>', group_name: '</b>' },
      'en',
    );
    expect(text).toContain('&lt;a href=&quot;x&quot;&gt;A&amp;B&lt;/a&gt;');
    expect(text).toContain('&lt;/b&gt;');
    expect(text).not.toMatch(/<a|<\/b>/);
  });

  it('words each count in its singular or plural form (Intl.PluralRules)', () => {
    const one = { farmers: 1, advisories: 1, recorded: 1, failed: 0 };
    expect(renderSummary({ kind: 'reach_recorded', ...one }, 'en')).toBe(
      '✅ Reach recorded: 1 farmer × 1 advisory (1 record).',
    );
    expect(renderSummary({ kind: 'adoption_recorded', ...one, recorded: 0, failed: 1 }, 'en')).toBe(
      '⚠️ Adoption recorded: 1 farmer × 1 advisory (0 records, 1 failed).',
    );
    expect(
      renderSummary({ kind: 'reach_recorded', farmers: 3, advisories: 2, recorded: 6, failed: 0 }, 'en'),
    ).toBe('✅ Reach recorded: 3 farmers × 2 advisories (6 records).');
    expect(renderSummary({ kind: 'reach_recorded', ...one }, 'am')).toBe(
      '✅ ተደራሽነት ተመዝግቧል፦ 1 አርሶ አደር × 1 ምክር (1 መዝገብ)።',
    );
    expect(
      renderSummary({ kind: 'reach_recorded', farmers: 3, advisories: 2, recorded: 6, failed: 0 }, 'am'),
    ).toBe('✅ ተደራሽነት ተመዝግቧል፦ 3 አርሶ አደሮች × 2 ምክሮች (6 መዝገቦች)።');
    // the failures' verb agrees with their count in Amharic ("failed" is the same in English)
    expect(renderSummary({ kind: 'adoption_recorded', ...one, recorded: 0, failed: 1 }, 'am')).toBe(
      '⚠️ ተቀባይነት ተመዝግቧል፦ 1 አርሶ አደር × 1 ምክር (0 መዝገብ፣ 1 አልተሳካም)።',
    );
    expect(
      renderSummary({ kind: 'reach_recorded', farmers: 3, advisories: 2, recorded: 4, failed: 2 }, 'am'),
    ).toBe('⚠️ ተደራሽነት ተመዝግቧል፦ 3 አርሶ አደሮች × 2 ምክሮች (4 መዝገቦች፣ 2 አልተሳኩም)።');
    expect(renderSummary({ kind: 'reach_recorded', ...one }, 'om')).toBe(
      "✅ Ga'iinsi galmeeffameera: qonnaan bulaa 1 × gorsa 1 (galmee 1).",
    );
    expect(
      renderSummary({ kind: 'adoption_recorded', farmers: 3, advisories: 2, recorded: 5, failed: 1 }, 'om'),
    ).toBe('⚠️ Fudhatamni galmeeffameera: qonnaan bultoota 3 × gorsawwan 2 (galmeewwan 5, 1 hin milkoofne).');
  });

  it('counts failures only when there are some', () => {
    const ok = renderSummary(
      { kind: 'reach_recorded', farmers: 3, advisories: 2, recorded: 6, failed: 0 },
      'en',
    );
    const bad = renderSummary(
      { kind: 'reach_recorded', farmers: 3, advisories: 2, recorded: 5, failed: 1 },
      'en',
    );
    expect(ok).not.toContain('failed');
    expect(bad).toContain('1 failed');
  });

  it('says apart the records that got no answer (they may be saved) from the refused ones', () => {
    const both = renderSummary(
      { kind: 'adoption_recorded', farmers: 3, advisories: 2, recorded: 2, failed: 2, unconfirmed: 1 },
      'en',
    );
    expect(both).toBe(
      '⚠️ Adoption recorded: 3 farmers × 2 advisories (2 records, 2 failed).\n' +
        '❔ 1 record could not be confirmed (no connection): it may already be saved. Record it again to be sure; it will not be recorded twice.',
    );
    const onlyUnanswered = renderSummary(
      { kind: 'reach_recorded', farmers: 3, advisories: 2, recorded: 4, failed: 0, unconfirmed: 2 },
      'am',
    );
    expect(onlyUnanswered.split('\n')).toHaveLength(2);
    expect(onlyUnanswered).toContain('2 መዝገቦች መቀመጣቸው ሊረጋገጥ አልቻለም');
    // Without the field (an older screen) nothing is added.
    expect(
      renderSummary({ kind: 'reach_recorded', farmers: 3, advisories: 2, recorded: 6, failed: 0 }, 'en'),
    ).not.toContain('❔');
  });
});

describe('summaryTitle', () => {
  it('is plain text, one line, bounded', () => {
    expect(summaryTitle('✅ Farmer A &amp; B <b>x</b>\nmore')).toBe('✅ Farmer A & B x');
    expect(summaryTitle('a'.repeat(100)).length).toBe(64);
    expect(escapeHtml('<&>"')).toBe('&lt;&amp;&gt;&quot;');
  });
});
