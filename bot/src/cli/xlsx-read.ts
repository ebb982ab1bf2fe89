import { readFile, stat } from 'node:fs/promises';
import { posix } from 'node:path';
import { IMPORT_MAX_ROWS } from '@gebere/contract';
import { unzipSync, zipSync } from 'fflate';
import { CliError, usageError } from './args';
import { mb } from './output';

/** Most bytes of an .xlsx file on disk (it is read whole). */
export const XLSX_MAX_FILE_BYTES = 32 * 1024 * 1024;
/**
 * Most bytes its XML parts may unpack to: 100,000 rows of a roster are about 35 MB of sheet and
 * strings, and the reader holds several times that while it parses.
 */
export const XLSX_MAX_XML_BYTES = 64 * 1024 * 1024;

const isXml = (name: string) => name.endsWith('.xml') || name.endsWith('.rels');

/**
 * The rows of one sheet of an .xlsx workbook as text, read by read-excel-file — but only after
 * its zip's central directory shows parts that unpack to at most {@link XLSX_MAX_XML_BYTES} and a
 * sheet of at most {@link IMPORT_MAX_ROWS} rows: a zip bomb (a few hundred KB that inflate to
 * gigabytes) is refused before anything is inflated. The XML parts are then inflated by fflate,
 * each into a buffer of the size its directory entry declares, so a part that lies about its size
 * cannot grow past it either, and handed to read-excel-file as a stored (uncompressed) zip.
 */
export async function readXlsx(path: string, sheet: string | undefined): Promise<string[][]> {
  const size = (await stat(path)).size;
  if (size > XLSX_MAX_FILE_BYTES)
    throw new CliError(
      `${path} is ${mb(size)}: an .xlsx import takes at most ${mb(XLSX_MAX_FILE_BYTES)}; split it`,
    );
  const zip = await readFile(path);
  let declared = 0;
  try {
    unzipSync(zip, {
      filter: (entry) => {
        if (isXml(entry.name)) declared += entry.originalSize;
        return false;
      },
    });
  } catch {
    throw new CliError(`${path} is not a readable .xlsx workbook (it is not a zip archive)`);
  }
  if (declared > XLSX_MAX_XML_BYTES)
    throw new CliError(
      `${path} unpacks to ${mb(declared)} of spreadsheet data: an import takes at most ${mb(XLSX_MAX_XML_BYTES)} ` +
        `(about ${IMPORT_MAX_ROWS.toLocaleString('en')} rows); split it, or save it as CSV UTF-8`,
    );
  let parts: Record<string, Uint8Array>;
  try {
    parts = unzipSync(zip, { filter: (entry) => isXml(entry.name) });
  } catch (err) {
    throw new CliError(`${path} is not a readable .xlsx workbook: ${(err as Error).message}`);
  }
  const sheets = sheetsOf(parts);
  if (sheets.length === 0) throw new CliError(`${path} is not a readable .xlsx workbook (it has no sheet)`);
  const names = sheets.map((s) => s.name);
  const list = names.map((n) => `"${n}"`).join(', ');
  let chosen = sheets[0] as Sheet;
  if (sheet !== undefined) {
    const found = sheets.find((s) => s.name === sheet) ?? sheets.find((s) => fold(s.name) === fold(sheet));
    if (!found) throw usageError(`${path} has no sheet "${sheet}": its sheets are ${list}`, 'import');
    chosen = found;
  } else if (sheets.length > 1)
    throw usageError(
      `${path} has ${sheets.length} sheets (${list}): say which to import with --sheet NAME`,
      'import',
    );
  const rows = countRows(chosen.part ? parts[chosen.part] : undefined);
  if (rows > IMPORT_MAX_ROWS + 1)
    throw new CliError(
      `${path}, sheet "${chosen.name}", has ${rows.toLocaleString('en')} rows: an import takes at most ` +
        `${IMPORT_MAX_ROWS.toLocaleString('en')}; split it`,
    );
  const { readSheet } = await import('read-excel-file/node');
  let data: unknown[][];
  try {
    // trim: false keeps paragraphs and spacing as typed; the server trims what it must.
    data = await readSheet(Buffer.from(zipSync(parts, { level: 0 })), chosen.name, { trim: false });
  } catch (err) {
    throw new CliError(`${path} is not a readable .xlsx workbook: ${(err as Error).message}`);
  }
  return data.map((row) => row.map(cellText));
}

interface Sheet {
  name: string;
  /** The part that holds it (`xl/worksheets/sheet1.xml`), when the workbook's relations say. */
  part: string | undefined;
}

const fold = (s: string) => s.trim().toLocaleLowerCase();

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const xmlUnescape = (s: string) =>
  s.replace(/&(amp|lt|gt|quot|apos|#x[0-9a-f]+|#\d+);/gi, (_, e: string) =>
    e[0] === '#'
      ? String.fromCodePoint(
          e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1)),
        )
      : (ENTITIES[e.toLowerCase()] ?? ''),
  );

/** The attributes of each `<tag …>` (any namespace prefix) in an XML text. */
function elements(xml: string, tag: string): Array<Record<string, string>> {
  const out: Array<Record<string, string>> = [];
  for (const m of xml.matchAll(new RegExp(`<(?:[\\w.-]+:)?${tag}\\b([^>]*)>`, 'g'))) {
    const attrs: Record<string, string> = {};
    for (const a of (m[1] ?? '').matchAll(/([\w.:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g))
      attrs[(a[1] as string).replace(/^[\w.-]+:/, '')] = xmlUnescape(a[2] ?? a[3] ?? '');
    out.push(attrs);
  }
  return out;
}

/** The workbook's sheets in order, each with its part (workbook.xml and its relations). */
function sheetsOf(parts: Record<string, Uint8Array>): Sheet[] {
  const text = (name: string) => {
    const part = parts[name];
    return part ? new TextDecoder().decode(part) : '';
  };
  const targets = new Map(
    elements(text('xl/_rels/workbook.xml.rels'), 'Relationship').map((r) => [r.Id, r.Target]),
  );
  return elements(text('xl/workbook.xml'), 'sheet').map((s) => {
    const target = targets.get(s.id ?? '');
    const part = target
      ? target.startsWith('/')
        ? target.slice(1)
        : posix.normalize(posix.join('xl', target))
      : undefined;
    return { name: s.name ?? '', part };
  });
}

/** The `<row>` elements of a sheet's XML, counted in its bytes before any parser reads them. */
function countRows(xml: Uint8Array | undefined): number {
  if (!xml) return 0;
  const bytes = Buffer.from(xml.buffer, xml.byteOffset, xml.byteLength);
  let n = 0;
  for (let at = bytes.indexOf('<row'); at >= 0; at = bytes.indexOf('<row', at + 4)) {
    const next = bytes[at + 4];
    if (next === 0x20 || next === 0x3e || next === 0x2f || next === 0x0a || next === 0x0d || next === 0x09)
      n++;
  }
  return n;
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
  }
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  return String(value);
}
