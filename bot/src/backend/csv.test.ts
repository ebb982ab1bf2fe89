import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CsvError, formatCsv, parseCsv, parseCsvRecords } from './csv';

describe('parseCsv', () => {
  it('reads the quoted-comma kebele row of the source data as three fields', () => {
    expect(parseCsv('ET041405888011,"Bobe,a Uke",ET041405\n')).toEqual([
      ['ET041405888011', 'Bobe,a Uke', 'ET041405'],
    ]);
  });

  it('unescapes doubled quotes and keeps line breaks inside quotes', () => {
    expect(parseCsv('a,"say ""hi""","two\nlines"\n')).toEqual([['a', 'say "hi"', 'two\nlines']]);
  });

  it('keeps empty fields, including trailing and quoted-empty ones', () => {
    expect(parseCsv('a,,c,\n"",x\n')).toEqual([
      ['a', '', 'c', ''],
      ['', 'x'],
    ]);
  });

  it('accepts CRLF, a missing final newline and a byte-order mark', () => {
    expect(parseCsv('\uFEFFh1,h2\r\n1,2\r\n3,4')).toEqual([
      ['h1', 'h2'],
      ['1', '2'],
      ['3', '4'],
    ]);
  });

  it('keeps apostrophes and backslashes in unquoted fields as data', () => {
    expect(parseCsv("Domo'o,Baherg\\worgise\n")).toEqual([["Domo'o", 'Baherg\\worgise']]);
  });

  it('returns no rows for empty text', () => {
    expect(parseCsv('')).toEqual([]);
  });

  it('rejects an unterminated quote, a stray quote and text after a closing quote', () => {
    expect(() => parseCsv('a,"open\n')).toThrow(CsvError);
    expect(() => parseCsv('a,b"c\n')).toThrow(/Invalid Opening Quote/);
    expect(() => parseCsv('"a"b,c\n')).toThrow(/Invalid Closing Quote/);
  });
});

describe('parseCsvRecords', () => {
  it('keys rows by header and skips blank lines', () => {
    expect(parseCsvRecords('code,name\nET14,Addis Ababa\n\nET15,Dire Dawa\n', ['code', 'name'])).toEqual([
      { code: 'ET14', name: 'Addis Ababa' },
      { code: 'ET15', name: 'Dire Dawa' },
    ]);
  });

  it('rejects a missing column and a short row', () => {
    expect(() => parseCsvRecords('code\nET14\n', ['code', 'name'])).toThrow(/lacks column/);
    expect(() => parseCsvRecords('code,name\nET14\n', ['code'])).toThrow(/got 1 on line 2/);
    expect(() => parseCsvRecords('', ['code'])).toThrow(/no header row/);
  });
});

describe('formatCsv', () => {
  it('quotes only what needs quoting and round-trips through the parser', () => {
    const rows = [
      ['code', 'name'],
      ['ET041405888011', 'Bobe,a Uke'],
      ['x', 'say "hi"'],
      ['y', ' edge '],
      ['z', "Domo'o"],
    ];
    const text = formatCsv(rows);
    expect(text).toBe('code,name\nET041405888011,"Bobe,a Uke"\nx,"say ""hi"""\ny," edge "\nz,Domo\'o\n');
    expect(parseCsv(text)).toEqual(rows);
  });

  it('writes a lone empty field so that it is not read back as a blank line', () => {
    expect(parseCsv(formatCsv([['h'], ['']]))).toEqual([['h'], ['']]);
  });

  it('round-trips any table of strings', () => {
    const row = fc.array(fc.string({ unit: fc.constantFrom('a', 'b', ',', '"', '\n', '\r', ' ', "'") }), {
      minLength: 1,
      maxLength: 4,
    });
    fc.assert(
      fc.property(fc.array(row, { maxLength: 6 }), (rows) => {
        expect(parseCsv(formatCsv(rows))).toEqual(rows);
      }),
    );
  });
});
