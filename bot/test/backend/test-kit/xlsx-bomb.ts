// Test support (not product code): files that attack the importer.
import { once } from 'node:events';
import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

/**
 * An .xlsx-shaped zip bomb: a real workbook's parts and a sheet of `inflatedBytes` (blanks
 * between its tags) deflated to about a thousandth of that, streamed through zlib so the test
 * itself stays small. `declared` is the size its zip directory states for the sheet: the true
 * one (an honest bomb, the usual kind), or a small one (a part that lies about its size).
 */
export async function xlsxBomb(inflatedBytes: number, declared: 'true' | number = 'true'): Promise<Buffer> {
  const sheetHead = Buffer.from(
    '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>',
  );
  const sheetTail = Buffer.from('</sheetData></worksheet>');
  const blanks = Buffer.alloc(1024 * 1024, 0x20);
  const deflater = createDeflateRaw({ level: 9 });
  const compressed: Buffer[] = [];
  deflater.on('data', (d: Buffer) => compressed.push(d));
  let crc = crc32(sheetHead);
  deflater.write(sheetHead);
  for (let left = inflatedBytes - sheetHead.length - sheetTail.length; left > 0; left -= blanks.length) {
    const chunk = left >= blanks.length ? blanks : blanks.subarray(0, left);
    crc = crc32(chunk, crc);
    if (!deflater.write(chunk)) await once(deflater, 'drain');
  }
  crc = crc32(sheetTail, crc);
  deflater.end(sheetTail);
  await once(deflater, 'end');
  const sheet = {
    name: 'xl/worksheets/sheet1.xml',
    data: Buffer.concat(compressed),
    crc,
    size: declared === 'true' ? inflatedBytes : declared,
  };
  const part = (name: string, text: string) => {
    const raw = Buffer.from(text);
    return { name, data: deflateRawSync(raw), crc: crc32(raw), size: raw.length };
  };
  const NS = 'http://schemas.openxmlformats.org';
  const entries = [
    part(
      '[Content_Types].xml',
      `<Types xmlns="${NS}/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>`,
    ),
    part(
      '_rels/.rels',
      `<Relationships xmlns="${NS}/package/2006/relationships"><Relationship Id="rId1" Type="${NS}/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    part(
      'xl/workbook.xml',
      `<workbook xmlns="${NS}/spreadsheetml/2006/main" xmlns:r="${NS}/officeDocument/2006/relationships"><sheets><sheet name="Roster" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    part(
      'xl/_rels/workbook.xml.rels',
      `<Relationships xmlns="${NS}/package/2006/relationships"><Relationship Id="rId1" Type="${NS}/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    ),
    sheet,
  ];
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt16LE(0x21, 12); // 1980-01-01
    local.writeUInt32LE(e.crc, 14);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(e.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(e.crc, 16);
    central.writeUInt32LE(e.data.length, 20);
    central.writeUInt32LE(e.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, e.data);
    centrals.push(central, name);
    offset += local.length + name.length + e.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
