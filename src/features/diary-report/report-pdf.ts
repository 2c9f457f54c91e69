import { i18n } from '@lingui/core';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { ReportModel } from './report-model';
import { reportFooter, reportText } from './report.text';

/**
 * The doctor's report as a PDF (issue 43), made on the device with pdf-lib: this module is only
 * imported by the report screen when a PDF is asked for, so the library stays out of other screens.
 * A4 portrait, the standard Helvetica fonts (no font files to load, so it works offline).
 */

/** A photo to show in the report: a JPEG the screen made from the post's thumbnail. */
export interface ReportPhoto {
  entryId: string;
  jpeg: Uint8Array;
  caption: string;
}

const PAGE: [number, number] = [595.28, 841.89];
const MARGIN = 48;
const WIDTH = PAGE[0] - 2 * MARGIN;
const INK = rgb(0.1, 0.1, 0.1);
const MUTED = rgb(0.4, 0.4, 0.4);
const WARNING = rgb(0.7, 0.1, 0.1);
const BAR = rgb(0.45, 0.3, 0.15);
const RULE = rgb(0.8, 0.8, 0.8);

interface Column {
  title: string;
  width: number;
}

class Writer {
  page: PDFPage;
  y: number;
  private readonly charset: Set<number>;

  constructor(
    readonly doc: PDFDocument,
    readonly font: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.page = doc.addPage(PAGE);
    this.y = PAGE[1] - MARGIN;
    this.charset = new Set(font.getCharacterSet());
  }

  /** What the standard fonts cannot draw (emoji, most non-Latin scripts) becomes "?"; line breaks become spaces. */
  clean(text: string): string {
    return [...text.replace(/\s+/g, ' ')].map((char) => (this.charset.has(char.codePointAt(0) ?? 0) ? char : '?')).join('');
  }

  ensure(height: number): boolean {
    if (this.y - height >= MARGIN + 24) return false;
    this.page = this.doc.addPage(PAGE);
    this.y = PAGE[1] - MARGIN;
    return true;
  }

  wrap(text: string, width: number, size: number, font = this.font): string[] {
    const lines: string[] = [];
    let line = '';
    for (const word of this.clean(text).split(' ')) {
      const next = line === '' ? word : `${line} ${word}`;
      if (font.widthOfTextAtSize(next, size) <= width) {
        line = next;
        continue;
      }
      if (line !== '') lines.push(line);
      // A word wider than the column is cut where it must be.
      let rest = word;
      while (font.widthOfTextAtSize(rest, size) > width && rest.length > 1) {
        let cut = rest.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut -= 1;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
    if (line !== '' || lines.length === 0) lines.push(line);
    return lines;
  }

  text(text: string, options: { size?: number; bold?: boolean; color?: ReturnType<typeof rgb>; gap?: number } = {}): void {
    const size = options.size ?? 10;
    const font = options.bold ? this.bold : this.font;
    for (const line of this.wrap(text, WIDTH, size, font)) {
      this.ensure(size + 4);
      this.y -= size + 4;
      this.page.drawText(line, { x: MARGIN, y: this.y, size, font, color: options.color ?? INK });
    }
    this.y -= options.gap ?? 0;
  }

  heading(text: string, color = INK): void {
    this.ensure(40);
    this.y -= 10;
    this.text(text, { size: 13, bold: true, color, gap: 4 });
  }

  pair(label: string, value: string): void {
    const size = 10;
    const labelWidth = 150;
    const lines = this.wrap(value, WIDTH - labelWidth, size);
    this.ensure(lines.length * (size + 4));
    this.page.drawText(this.clean(label), { x: MARGIN, y: this.y - size - 4, size, font: this.bold, color: INK });
    for (const line of lines) {
      this.y -= size + 4;
      this.page.drawText(line, { x: MARGIN + labelWidth, y: this.y, size, font: this.font, color: INK });
    }
  }

  table(columns: Column[], rows: string[][], size = 9): void {
    const drawHeader = () => {
      this.y -= size + 6;
      let x = MARGIN;
      for (const column of columns) {
        this.page.drawText(this.clean(column.title), { x, y: this.y, size, font: this.bold, color: INK });
        x += column.width;
      }
      this.y -= 3;
      this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: MARGIN + WIDTH, y: this.y }, thickness: 0.5, color: RULE });
    };
    this.ensure(2 * (size + 6));
    drawHeader();
    for (const row of rows) {
      const cells = row.map((cell, index) => this.wrap(cell, (columns[index]?.width ?? 40) - 8, size));
      const height = Math.max(...cells.map((lines) => lines.length)) * (size + 3) + 3;
      if (this.ensure(height)) drawHeader();
      let x = MARGIN;
      cells.forEach((lines, index) => {
        lines.forEach((line, lineIndex) => {
          this.page.drawText(line, { x, y: this.y - (lineIndex + 1) * (size + 3), size, font: this.font, color: INK });
        });
        x += columns[index]?.width ?? 40;
      });
      this.y -= height;
      this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: MARGIN + WIDTH, y: this.y }, thickness: 0.25, color: RULE });
    }
  }

  /** The Bristol distribution as horizontal bars, one per type, the count at the bar's end. */
  bars(rows: ReadonlyArray<{ label: string; count: number }>): void {
    const size = 9;
    const labelWidth = 60;
    const barWidth = WIDTH - labelWidth - 40;
    const most = Math.max(1, ...rows.map((row) => row.count));
    this.ensure(rows.length * 14 + 6);
    for (const row of rows) {
      this.y -= 14;
      this.page.drawText(this.clean(row.label), { x: MARGIN, y: this.y + 2, size, font: this.font, color: INK });
      const width = (row.count / most) * barWidth;
      if (width > 0) this.page.drawRectangle({ x: MARGIN + labelWidth, y: this.y, width, height: 10, color: BAR });
      this.page.drawText(String(row.count), { x: MARGIN + labelWidth + width + 4, y: this.y + 2, size, font: this.font, color: INK });
    }
    this.y -= 6;
  }
}

/** The report's PDF bytes; `createdAt` is printed on it, `photos` are embedded when given. */
export async function reportPdf(model: ReportModel, createdAt: Date, photos: readonly ReportPhoto[] = []): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const text = reportText();
  const column = text.columns;
  doc.setTitle(`${text.documentTitle}, ${model.period}`);
  doc.setLanguage(i18n.locale);
  doc.setCreator('Plop');
  doc.setProducer('Plop (pdf-lib)');
  doc.setCreationDate(createdAt);
  doc.setModificationDate(createdAt);
  const out = new Writer(doc, await doc.embedFont(StandardFonts.Helvetica), await doc.embedFont(StandardFonts.HelveticaBold));

  out.text(text.documentTitle, { size: 18, bold: true, gap: 2 });
  out.text(model.period, { size: 11, gap: 2 });
  out.text(text.disclaimer, { size: 9, color: MUTED, gap: 4 });

  // Warning signs first: what a doctor should see before anything else.
  out.heading(text.warningsTitle, model.warnings.length > 0 ? WARNING : INK);
  if (model.warnings.length === 0) out.text(text.noWarnings);
  else
    out.table(
      [
        { title: column.date, width: 110 },
        { title: column.time, width: 60 },
        { title: column.signs, width: WIDTH - 170 },
      ],
      model.warnings.map((warning) => [warning.date, warning.time, warning.signs]),
    );

  out.heading(text.summaryTitle);
  for (const line of model.summary) out.pair(line.label, line.value);

  out.heading(text.bristolTitle);
  out.bars(model.bristol.map((row) => ({ label: row.typeName, count: row.count })));
  out.table(
    [
      { title: column.type, width: 120 },
      { title: column.movements, width: 100 },
      { title: column.share, width: 100 },
    ],
    model.bristol.map((row) => [row.typeName, String(row.count), row.share]),
  );
  for (const line of model.shares) out.pair(line.label, line.value);

  out.heading(text.symptomsTitle);
  for (const line of model.symptoms) out.pair(line.label, line.value);

  out.heading(text.daysTitle);
  if (model.days.length === 0) out.text(text.noEntries);
  else
    out.table(
      [
        { title: column.date, width: 72 },
        { title: column.time, width: 36 },
        { title: column.type, width: 50 },
        { title: column.warning, width: 80 },
        { title: column.answers, width: 120 },
        { title: column.note, width: WIDTH - 358 },
      ],
      model.days.map((day) => [day.date, day.time, day.typeName, day.signs, day.answers, day.note]),
    );

  if (photos.length > 0) {
    out.heading(text.photosTitle);
    const size = (WIDTH - 3 * 12) / 4;
    for (let start = 0; start < photos.length; start += 4) {
      out.ensure(size + 20);
      const rowTop = out.y;
      for (const [index, photo] of photos.slice(start, start + 4).entries()) {
        const image = await doc.embedJpg(photo.jpeg);
        const scale = Math.min(size / image.width, size / image.height);
        const x = MARGIN + index * (size + 12);
        out.page.drawImage(image, { x, y: rowTop - image.height * scale, width: image.width * scale, height: image.height * scale });
        out.page.drawText(out.clean(photo.caption), { x, y: rowTop - size - 12, size: 8, font: out.font, color: MUTED });
      }
      out.y = rowTop - size - 20;
    }
  }

  const pages = doc.getPages();
  pages.forEach((page, index) => {
    page.drawText(out.clean(reportFooter(index + 1, pages.length)), {
      x: MARGIN,
      y: MARGIN - 16,
      size: 7,
      font: out.font,
      color: MUTED,
    });
  });
  return doc.save();
}
