import { Zip, ZipDeflate } from 'fflate';
import { neutralise } from '../csv';

/**
 * A one-sheet .xlsx workbook written as a stream, rows in, zip bytes out, so a national export
 * never sits in memory: the sheet's XML goes through fflate's streaming deflate as it is made.
 * Cells are typed: numbers, dates (a date-time style; values are the wall-clock time they are
 * given), and text as inline strings, neutralised like every CSV cell (csv.ts). README
 * "Decisions" says why this and not write-excel-file.
 */
export type XlsxCell = { number: number } | { date: string } | { text: string } | null;

/** Excel's limits: rows of a sheet (the header included), characters of a cell. */
export const XLSX_MAX_ROWS = 1_048_576;
const MAX_CELL_CHARS = 32_767;

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

const staticParts = (sheetName: string): Record<string, string> => ({
  '[Content_Types].xml':
    `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
    '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
    '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
    '</Types>',
  '_rels/.rels':
    `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
    `<Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  'xl/workbook.xml':
    `${XML}<workbook xmlns="${NS}" xmlns:r="${REL}"><sheets>` +
    `<sheet name="${xmlText(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  'xl/_rels/workbook.xml.rels':
    `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
    `<Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>` +
    `<Relationship Id="rId2" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
  // Style 1: the date-time format; style 2: the bold header.
  'xl/styles.xml':
    `${XML}<styleSheet xmlns="${NS}">` +
    '<numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy-mm-dd hh:mm:ss"/></numFmts>' +
    '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
    '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
    '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
    '<cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
    '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
    '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs>' +
    '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>',
});

// Characters XML 1.0 cannot hold (control characters, lone surrogates, U+FFFE/FFFF).
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const xmlText = (s: string) =>
  s
    .replace(NOT_XML, '')
    .replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string);

/** `A`, `B`, … `Z`, `AA`: a column's letters. */
function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** `YYYY-MM-DD HH:MM:SS` as Excel's serial day number (days since 1899-12-30, the time as a fraction). */
function serial(wallClock: string): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(wallClock);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s] = m.map(Number) as number[];
  return Date.UTC(y as number, (mo as number) - 1, d, h, mi, s) / 86_400_000 + 25_569;
}

function cellXml(cell: XlsxCell, ref: string): string {
  if (cell === null) return '';
  if ('number' in cell) return Number.isFinite(cell.number) ? `<c r="${ref}"><v>${cell.number}</v></c>` : '';
  if ('date' in cell) {
    const day = serial(cell.date);
    if (day !== undefined) return `<c r="${ref}" s="1"><v>${day}</v></c>`;
    return cellXml({ text: cell.date }, ref);
  }
  if (cell.text === '') return '';
  const text = neutralise(cell.text).slice(0, MAX_CELL_CHARS);
  return `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${xmlText(text)}</t></is></c>`;
}

/** A workbook of one sheet: `header()`, then `rows()` as often as needed, then `end()`; `take()` the bytes made so far. */
export function xlsxWriter(sheetName: string) {
  const out: Uint8Array[] = [];
  let failed: Error | null = null;
  const zip = new Zip((err, data) => {
    if (err) failed = err;
    else out.push(data);
  });
  const encoder = new TextEncoder();
  for (const [name, text] of Object.entries(staticParts(sheetName))) {
    const part = new ZipDeflate(name, { level: 6 });
    zip.add(part);
    part.push(encoder.encode(text), true);
  }
  const sheet = new ZipDeflate('xl/worksheets/sheet1.xml', { level: 6 });
  zip.add(sheet);
  let row = 0;
  const push = (text: string, final = false) => {
    sheet.push(encoder.encode(text), final);
    if (failed) throw failed;
  };
  return {
    header(names: readonly string[]) {
      row = 1;
      const cells = names.map(
        (n, i) => `<c r="${columnName(i)}1" t="inlineStr" s="2"><is><t>${xmlText(n)}</t></is></c>`,
      );
      push(
        `${XML}<worksheet xmlns="${NS}"><sheetViews><sheetView workbookViewId="0">` +
          '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>' +
          `<sheetData><row r="1">${cells.join('')}</row>`,
      );
    },
    rows(rows: ReadonlyArray<readonly XlsxCell[]>) {
      let xml = '';
      for (const cells of rows) {
        row++;
        xml += `<row r="${row}">${cells.map((c, i) => cellXml(c, `${columnName(i)}${row}`)).join('')}</row>`;
      }
      push(xml);
    },
    end() {
      push('</sheetData></worksheet>', true);
      zip.end();
    },
    take(): Uint8Array {
      const bytes = Buffer.concat(out.splice(0));
      return bytes;
    },
  };
}
