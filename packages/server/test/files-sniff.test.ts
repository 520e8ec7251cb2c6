import { FILE_TYPES, typeOfName, typesOf, UPLOAD_LIMITS, type FileType } from '@liftcloud/client';
import { describe, expect, it } from 'vitest';
import { ole2TopNames } from '../src/files/ole2.js';
import { bufferAccess } from '../src/files/random-access.js';
import { sniffFile, sniffHead } from '../src/files/sniff.js';
import * as sample from '../../../tests/support/files.js';

const typeOf = (bytes: Buffer) => sniffFile(bufferAccess(bytes));

describe('content sniffing', () => {
  const every: [FileType, () => Buffer][] = [
    ['jpg', sample.jpg],
    ['png', sample.png],
    ['gif', sample.gif],
    ['bmp', sample.bmp],
    ['mp4', sample.mp4],
    ['pdf', sample.pdf],
    ['xlsx', sample.xlsx],
    ['docx', sample.docx],
    ['xls', sample.xls],
    ['doc', sample.doc],
  ];

  it('knows every type an upload limit lists', () => {
    const listed = new Set(Object.values(UPLOAD_LIMITS).flatMap((limit) => typesOf(limit)));
    const known = new Set(every.map(([type]) => type));
    for (const type of listed) expect(known.has(type), type).toBe(true);
    expect(known).toEqual(new Set(Object.keys(FILE_TYPES)));
  });

  it.each(every)('tells a %s by its content', async (type, make) => {
    expect(await typeOf(make())).toBe(type);
  });

  it('tells the two ZIP documents apart by their parts, and refuses a ZIP that is neither', async () => {
    expect(await typeOf(sample.docxWithSheet())).toBe('docx');
    expect(await typeOf(sample.plainZip())).toBeNull();
    // an archive cut short has no directory to read
    expect(await typeOf(sample.xlsx().subarray(0, 60))).toBeNull();
  });

  it('tells the two OLE2 documents apart by the streams at the top of the directory', async () => {
    expect(await ole2TopNames(bufferAccess(sample.xls()))).toEqual(['Workbook', 'SummaryInformation']);
    expect(await typeOf(sample.docWithSheet())).toBe('doc');
    expect(await typeOf(sample.ole2({ streams: ['Book'] }))).toBe('xls');
    expect(await typeOf(sample.ole2({ streams: ['Contents'] }))).toBeNull();
    expect(await typeOf(sample.ole2({ streams: ['Workbook', 'WordDocument'] }))).toBeNull();
  });

  it('follows a FAT beyond the header through DIFAT sectors (a workbook of 8 MB)', async () => {
    const big = sample.xls(8 * 1024 * 1024);
    // 512-byte sectors, 128 per FAT sector: more than the header's 109 FAT slots describe
    expect(big.length / 512 / 128).toBeGreaterThan(109);
    expect(await typeOf(big)).toBe('xls');
  });

  it('refuses a compound file whose chains loop or point past its end', async () => {
    const looping = Buffer.from(sample.xls());
    // the directory's FAT entry pointing at itself
    const dirStart = looping.readUInt32LE(0x30);
    looping.writeUInt32LE(dirStart, 512 + dirStart * 4);
    expect(await typeOf(looping)).toBeNull();
    const truncated = sample.doc().subarray(0, 1024);
    expect(await typeOf(truncated)).toBeNull();
    const header = Buffer.from(sample.doc());
    header.writeUInt16LE(7, 0x1e); // a sector size of 128
    expect(await typeOf(header)).toBeNull();
  });

  it('takes no text, HTML or script for an image, whatever comes first', async () => {
    expect(await typeOf(Buffer.from('<svg onload=alert(1)>'))).toBeNull();
    expect(await typeOf(Buffer.from('BM is a text that starts like a bitmap'))).toBeNull();
    expect(await typeOf(Buffer.alloc(0))).toBeNull();
    expect(sniffHead(Buffer.from('GIF8'))).toBeNull();
  });

  it('reads a type from a name only as a claim: .jpeg is a jpg, an unknown extension none', () => {
    expect(typeOfName('Photo.JPEG')).toBe('jpg');
    expect(typeOfName('contract.docx')).toBe('docx');
    expect(typeOfName('archive.tar.gz')).toBeNull();
    expect(typeOfName('README')).toBeNull();
  });
});
