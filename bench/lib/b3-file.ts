/**
 * The B3 file: an elevator import of `rows` rows, 15 columns, enum labels in two languages, dates, numbers
 * (bench/import-elevators.ts and bench/import-server-process.ts read it).
 */
import { writeFileSync } from 'node:fs';

export const HEADER = [
  'Name',
  'Register code',
  'Factory no.',
  'Elevator type',
  'Use status',
  'Address',
  'Brand',
  'Model',
  'Floors',
  'Rated speed (m/s)',
  'Rated load (kg)',
  'DTU number',
  'Installation date',
  'Project name',
  'Building no.',
];
export const TYPES = ['Traction passenger', '曳引式货梯', 'Escalator', 'Hydraulic passenger'];
export const STATUS = ['In use', '在用', 'Suspended'];

/** Writes the file; returns its size in bytes. */
export async function makeB3File(path: string, rows: number): Promise<number> {
  const writeXlsxFile = (await import('write-excel-file/node')).default;
  const data: (string | number)[][] = [HEADER];
  for (let i = 0; i < rows; i++)
    data.push([
      `Elevator ${i}`,
      `RC${String(i).padStart(10, '0')}`,
      `FN-${i}`,
      TYPES[i % TYPES.length]!,
      STATUS[i % STATUS.length]!,
      `No. ${i} Century Avenue, Pudong, Shanghai`,
      'Otis',
      'GeN2',
      6 + (i % 40),
      1.75,
      1000,
      String(20_000_000_000 + i),
      `20${10 + (i % 15)}-0${1 + (i % 9)}-1${i % 10}`,
      'Century Park',
      String(i % 40),
    ]);
  const bytes = await writeXlsxFile(data).toBuffer();
  writeFileSync(path, bytes);
  return bytes.length;
}
