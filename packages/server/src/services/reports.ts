import { existsSync } from 'node:fs';
import {
  REPORT_LABELS,
  STATISTICS_COLUMNS,
  STATISTICS_LABELS,
  formatDateTime,
  statisticsPeriod,
  enumLabel,
  type ElevatorReport,
  type Language,
} from '@liftcloud/client';
import PDFDocument from 'pdfkit';
import { HttpError } from '../http/errors.js';
import type { Repositories } from '../store/repositories.js';
import type { LooseKysely } from '../store/repository.js';
import type { Caller } from './caller.js';
import { periodSpan, statistics } from './statistics.js';

/**
 * The fonts a report may be set in, first found wins: LIFTCLOUD_PDF_FONT (a .ttf, .otf or .ttc), then Debian's
 * fonts-noto-cjk. A .ttc names the face inside it. Latin text alone falls back to the PDF's built-in Helvetica.
 */
const CJK_FONTS: { path: string; face?: string }[] = [
  ...(process.env.LIFTCLOUD_PDF_FONT
    ? [{ path: process.env.LIFTCLOUD_PDF_FONT, face: process.env.LIFTCLOUD_PDF_FONT_FACE }]
    : []),
  { path: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', face: 'NotoSansCJKsc-Regular' },
  { path: '/usr/share/fonts/opentype/noto/NotoSansCJKsc-Regular.otf' },
  { path: '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc', face: 'WenQuanYiMicroHei' },
];

export const reportFont = (): { path: string; face?: string } | null =>
  CJK_FONTS.find((f) => existsSync(f.path)) ?? null;

/** One elevator's report over a period, from the same statistics the console's table shows. */
export async function elevatorReport(
  db: LooseKysely,
  repos: Repositories,
  caller: Caller,
  id: number,
  period: number,
  tz: string,
  now = Date.now(),
): Promise<ElevatorReport> {
  const lift = await repos.elevator.get(caller, id, tz); // 404 for a lift the caller may not see
  const stats = await statistics(db, repos, caller, { period, groupBy: 'elevator', elevatorIds: String(id) }, tz, now);
  const span = periodSpan(period, now, tz);
  const sup = await repos.supervisionRecord
    .scoped(db, caller)
    .where('t.elevatorId', '=', id)
    .where('t.controlDate', '>=', span.from)
    .where('t.controlDate', '<=', span.to)
    .select((eb) => [
      eb.fn.countAll().as('n'),
      eb.fn.sum<number>(eb.case().when('t.abnormal', '=', 1).then(1).else(0).end()).as('abnormal'),
      eb.fn.sum<number>(eb.case().when('t.state', '=', 0).then(1).else(0).end()).as('toHandle'),
    ])
    .executeTakeFirst();
  const figures = stats.rows.find((r) => r.id === id) ?? { id, name: lift.name, ...stats.totals };
  return {
    elevator: { id, name: lift.name, no: lift.no ?? null, useUnit: lift.useUnitName ?? null },
    period,
    from: stats.from,
    to: stats.to,
    figures,
    months: stats.months,
    supervision: {
      records: Number(sup?.n ?? 0),
      abnormal: Number(sup?.abnormal ?? 0),
      toHandle: Number(sup?.toHandle ?? 0),
    },
  };
}

const SERIES = [
  { key: 'faults', color: '#faad14' },
  { key: 'alarms', color: '#ff4d4f' },
  { key: 'trapped', color: '#722ed1' },
  { key: 'powerCuts', color: '#1677ff' },
] as const;

const axisTop = (max: number) => {
  if (max <= 5) return 5;
  const power = 10 ** Math.floor(Math.log10(max));
  return [1, 2, 5, 10].map((m) => m * power).find((v) => v >= max)!;
};

/**
 * The report as a PDF (A4, the reader's language): the lift and period, the figures as a table, the months as
 * a bar chart drawn as vector paths, and the supervision counts. Text is set in the CJK font found (subset
 * embedded, so pdftotext and any reader get the characters back); a Chinese report without one is refused.
 */
export async function elevatorReportPdf(report: ElevatorReport, lang: Language, tz: string): Promise<Buffer> {
  const font = reportFont();
  if (!font && lang === 'zh-CN') throw new HttpError(503, 'error.pdfFont');
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `${REPORT_LABELS.title[lang]} ${report.elevator.name}`, Creator: 'LiftCloud' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  if (font) {
    doc.registerFont('body', font.path, font.face);
    doc.font('body');
  }
  const L = (k: keyof typeof REPORT_LABELS) => REPORT_LABELS[k][lang];
  const left = 50;
  const width = 495;

  doc.fontSize(20).fillColor('#000').text(L('title'), left, 50);
  doc.moveDown(0.5).fontSize(11);
  const e = report.elevator;
  doc.text(`${L('elevator')}: ${e.name}${e.no ? `  (${L('no')} ${e.no})` : ''}`);
  if (e.useUnit) doc.text(`${L('useUnit')}: ${e.useUnit}`);
  doc.text(`${L('period')}: ${enumLabel(statisticsPeriod, report.period, lang)}  ${report.from} – ${report.to}`);

  // figures: label and value in two columns
  doc.moveDown(0.8).fontSize(14).text(L('figures'));
  doc.fontSize(10);
  let y = doc.y + 4;
  for (const key of STATISTICS_COLUMNS.slice(1)) {
    const v = report.figures[key as keyof typeof report.figures];
    doc.rect(left, y, width, 18).strokeColor('#d9d9d9').stroke();
    doc.fillColor('#000').text(STATISTICS_LABELS[key][lang], left + 6, y + 4, { width: 300 });
    doc.text(v === null || v === undefined ? '–' : String(v), left + 320, y + 4, { width: 160, align: 'right' });
    y += 18;
  }

  // months: grouped bars
  doc
    .fontSize(14)
    .fillColor('#000')
    .text(L('months'), left, y + 16);
  const chartTop = doc.y + 24;
  const chartH = 160;
  const axisLeft = left + 30;
  const top = axisTop(Math.max(0, ...report.months.flatMap((m) => SERIES.map((s) => m[s.key]))));
  doc.fontSize(8);
  SERIES.forEach((s, i) => {
    const lx = left + i * 120;
    doc
      .rect(lx, chartTop - 16, 10, 8)
      .fillColor(s.color)
      .fill();
    doc.fillColor('#000').text(STATISTICS_LABELS[s.key][lang], lx + 14, chartTop - 17, { width: 100 });
  });
  for (const v of [0, top / 2, top]) {
    const ly = chartTop + chartH - (v / top) * chartH;
    doc
      .moveTo(axisLeft, ly)
      .lineTo(left + width, ly)
      .strokeColor('#e0e0e0')
      .stroke();
    doc.fillColor('#555').text(String(v), left, ly - 4, { width: 26, align: 'right' });
  }
  const slot = (left + width - axisLeft) / Math.max(1, report.months.length);
  const bar = Math.min(14, (slot - 8) / SERIES.length);
  report.months.forEach((m, i) => {
    const x0 = axisLeft + i * slot + (slot - bar * SERIES.length) / 2;
    SERIES.forEach((s, j) => {
      const h = (m[s.key] / top) * chartH;
      if (h > 0)
        doc
          .rect(x0 + j * bar, chartTop + chartH - h, bar - 1, h)
          .fillColor(s.color)
          .fill();
    });
    doc.fillColor('#000').text(m.month, axisLeft + i * slot, chartTop + chartH + 4, { width: slot, align: 'center' });
  });

  // supervision
  doc
    .fontSize(14)
    .fillColor('#000')
    .text(L('supervision'), left, chartTop + chartH + 30);
  doc.fontSize(11);
  doc.text(
    `${L('records')}: ${report.supervision.records}    ${L('abnormal')}: ${report.supervision.abnormal}    ${L('toHandle')}: ${report.supervision.toHandle}`,
  );
  doc
    .moveDown(2)
    .fontSize(8)
    .fillColor('#888')
    .text(`${L('generated')}: ${formatDateTime(Date.now(), tz)}`);
  doc.end();
  return done;
}
