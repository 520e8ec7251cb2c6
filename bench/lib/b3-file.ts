/**
 * The B3 file: an elevator import of `rows` rows, 15 columns, enum labels in two languages, dates, numbers
 * (bench/import-elevators.ts, bench/import-server-process.ts and bench/import-memory.ts read it).
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

/**
 * Writes the file; returns its size in bytes. `prefix` marks a tenant's file in bench/import-memory.ts (its names,
 * register codes and factory numbers start with it, and tenant B's DTU numbers from 21,000,000,000); without it,
 * bench/import-elevators.ts's file.
 */
export async function makeB3File(path: string, rows: number, prefix?: string): Promise<number> {
  const writeXlsxFile = (await import('write-excel-file/node')).default;
  const data: (string | number)[][] = [HEADER];
  const dtuBase = prefix === 'B' ? 21_000_000_000 : 20_000_000_000;
  for (let i = 0; i < rows; i++)
    data.push([
      prefix ? `${prefix} elevator ${i}` : `Elevator ${i}`,
      `${prefix ?? 'RC'}${String(i).padStart(10, '0')}`,
      prefix ? `${prefix}-FN-${i}` : `FN-${i}`,
      TYPES[i % TYPES.length]!,
      STATUS[i % STATUS.length]!,
      `No. ${i} Century Avenue, Pudong, Shanghai`,
      'Otis',
      'GeN2',
      6 + (i % 40),
      1.75,
      1000,
      String(dtuBase + i),
      `20${10 + (i % 15)}-0${1 + (i % 9)}-1${i % 10}`,
      'Century Park',
      String(i % 40),
    ]);
  const bytes = await writeXlsxFile(data).toBuffer();
  writeFileSync(path, bytes);
  return bytes.length;
}
