import { describe, expect, it } from 'vitest';
import { EMPTY_HEALTH_DETAILS, type DiaryEntry } from './diary';
import { DIARY_CSV_COLUMNS, diaryCsv, diaryCsvRow } from './diary-csv';

/** An RFC 4180 reader, written apart from the writer so the test checks the format, not the code against itself. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += char;
  }
  expect(cell).toBe('');
  expect(row).toEqual([]);
  return rows;
}

const entry = (overrides: Partial<Omit<DiaryEntry, 'details'>> & { details?: Partial<DiaryEntry['details']> }): DiaryEntry => ({
  id: '00000000-0000-4000-8000-000000000001',
  poopId: null,
  occurredAt: '2026-11-02T07:15:00.000Z',
  day: '2026-11-02',
  timeZone: 'UTC',
  type: 'Type 4',
  title: null,
  thumbnail: null,
  ...overrides,
  details: { ...EMPTY_HEALTH_DETAILS, ...overrides.details },
});

describe('diaryCsv', () => {
  it('writes a header row and CRLF line ends, even for an empty diary', () => {
    expect(diaryCsv([])).toBe(`${DIARY_CSV_COLUMNS.join(',')}\r\n`);
  });

  it('quotes commas, quotes and line breaks in notes and titles, and they parse back', () => {
    const tricky = entry({
      title: 'Morning, "again"',
      details: { note: 'line one\nline two, with "quotes"\r\nand a CRLF', pain: 4, straining: true, urgency: false, colour: 'black' },
    });
    const text = diaryCsv([tricky]);
    expect(text).toContain('"Morning, ""again"""');
    const rows = parseCsv(text);
    expect(rows).toEqual([[...DIARY_CSV_COLUMNS], diaryCsvRow(tricky)]);
    expect(rows[1]).toEqual([
      '2026-11-02',
      '07:15',
      '2026-11-02T07:15:00Z',
      'Type 4',
      'Morning, "again"',
      'no',
      'yes',
      '',
      '4',
      '',
      '',
      'black',
      '',
      '',
      'line one\nline two, with "quotes"\r\nand a CRLF',
    ]);
  });

  it('dates each entry on its own day, at its time in its zone, oldest first', () => {
    const late = entry({
      id: '00000000-0000-4000-8000-000000000002',
      occurredAt: '2026-11-01T23:30:00.000Z',
      day: '2026-11-02',
      timeZone: 'Asia/Tokyo',
      type: 'Type 6',
    });
    const early = entry({
      id: '00000000-0000-4000-8000-000000000003',
      occurredAt: '2026-11-01T08:00:00.000Z',
      day: '2026-11-01',
      timeZone: 'Asia/Tokyo',
      type: 'Other',
    });
    // 23:30 UTC in Rome: 00:30 on the 2nd there (issue 60's movement after midnight).
    const rome = entry({
      id: '00000000-0000-4000-8000-000000000004',
      occurredAt: '2026-11-02T23:30:00.000Z',
      day: '2026-11-03',
      timeZone: 'Europe/Rome',
      type: 'Type 3',
    });
    const rows = parseCsv(diaryCsv([rome, late, early]));
    expect(rows.slice(1).map((row) => row.slice(0, 4))).toEqual([
      ['2026-11-01', '17:00', '2026-11-01T17:00:00+09:00', 'Other'],
      ['2026-11-02', '08:30', '2026-11-02T08:30:00+09:00', 'Type 6'],
      ['2026-11-03', '00:30', '2026-11-03T00:30:00+01:00', 'Type 3'],
    ]);
  });
});
