import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { activateLocale } from '../../i18n/i18n';
import { EMPTY_HEALTH_DETAILS, type DiaryEntry, type HealthDetails } from '../../../core/diary';
import type { PoopType } from '../../../core/poop';
import { reportModel } from './report-model';
import { reportPdf } from './report-pdf';

// The type names come from the catalogs (issue 62): the report reads in English here.
beforeAll(() => activateLocale('en'));

const ZONE = 'Europe/Paris';
const RANGE = { from: '2026-11-02', to: '2026-11-15' };

/** The `n`th of a series of 09:00 entries from 3 Nov 2026, with these health details. */
function morningEntry(series: string, n: number, details: Partial<HealthDetails>): DiaryEntry {
  return {
    id: `00000000-0000-4000-8000-0000000${series}${String(n).padStart(2, '0')}`,
    poopId: null,
    occurredAt: `2026-11-0${n + 2}T09:00:00.000Z`,
    day: `2026-11-0${n + 2}`,
    timeZone: ZONE,
    type: 'Type 4',
    title: null,
    thumbnail: null,
    details: { ...EMPTY_HEALTH_DETAILS, ...details },
  };
}

/** A 14-day diary: 1 to 3 movements most days, two empty days, a few warning signs and answers. */
function seededDiary(): DiaryEntry[] {
  const entries: DiaryEntry[] = [];
  const types: PoopType[] = ['Type 4', 'Type 3', 'Type 6', 'Type 1', 'Type 4', 'Type 7', 'Other', 'Type 2', 'Type 5', 'Indecise'];
  let n = 0;
  const add = (day: number, hour: number, details: Partial<HealthDetails> = {}) => {
    n += 1;
    entries.push({
      id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      poopId: n % 3 === 0 ? null : `10000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      // Paris is UTC+1 in November: the entry's day is the same date there.
      occurredAt: new Date(Date.UTC(2026, 10, 2 + day, hour - 1, 15)).toISOString(),
      day: new Date(Date.UTC(2026, 10, 2 + day)).toISOString().slice(0, 10),
      timeZone: ZONE,
      type: types[n % types.length] ?? 'Type 4',
      title: n % 3 === 0 ? null : `Post ${n}`,
      thumbnail: null,
      details: { ...EMPTY_HEALTH_DETAILS, ...details },
    });
  };
  for (let day = 0; day < 14; day += 1) {
    if (day === 4 || day === 9) continue;
    add(day, 8, { straining: day % 2 === 0, pain: day % 4 === 0 ? day / 2 : null });
    if (day % 3 === 0) add(day, 13, { urgency: true, incompleteEmptying: day === 6 });
    if (day === 6) add(day, 18, { note: 'After a long trip, "hard" one' });
  }
  add(5, 3, { blood: true, atNight: true, colour: 'red' });
  add(11, 20, { colour: 'black' });
  // Outside the range: never counted.
  add(20, 9, { blood: true });
  return entries;
}

async function pdfText(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

describe("the doctor report's day-by-day rows", () => {
  beforeAll(() => activateLocale('en'));
  it('name a warning colour once, among the signs, and any other colour among the answers', () => {
    const entries = seededDiary();
    const { days } = reportModel(
      [...entries, { ...entries[0]!, id: 'brown-entry', details: { ...EMPTY_HEALTH_DETAILS, colour: 'brown' } }],
      RANGE,
      ZONE,
    );
    const red = days.find((day) => day.date === '7 Nov 2026' && day.time === '03:15');
    expect(red).toMatchObject({ signs: 'Blood, Red colour, At night', answers: '' });
    expect(days.find((day) => day.date === '13 Nov 2026' && day.time === '20:15')).toMatchObject({ signs: 'Black colour', answers: '' });
    expect(days.find((day) => day.entryId === 'brown-entry')).toMatchObject({ signs: '', answers: 'brown' });
  });
});

describe('the doctor report PDF', () => {
  beforeAll(() => activateLocale('en'));
  it('holds the figures of a 14-day diary, worked out by hand, warning signs first', async () => {
    const entries = seededDiary();
    const text = await pdfText(await reportPdf(reportModel(entries, RANGE, ZONE), new Date('2026-11-16T10:00:00Z')));

    // The seed by hand: 12 of 14 days with entries, 19 movements (1 to 3 a day; 19 / 14 = 1.36).
    expect(text).toContain('Bowel diary report');
    expect(text).toContain('2 Nov 2026 to 15 Nov 2026 (14 days, Europe/Paris)');
    expect(text).toContain('Days with entries 12 of 14');
    expect(text).toContain('Movements 19');
    expect(text).toContain('Movements per day mean 1.4, range 0 to 3');
    // Types cycle through ten (n % 10): Type 4 three times (two slots), every other type twice.
    expect(text).toContain('Type 1 2 Type 2 2 Type 3 2 Type 4 3 Type 5 2 Type 6 2 Type 7 2 Other 2 Undecided 2');
    // The stored `Indecise` reads "Undecided".
    expect(text).not.toContain('Indecise');
    // 15 on the scale; types 1-2 are 4 of them (27%), types 6-7 also 4.
    expect(text).toContain('Bristol 1-2 (hard) 27% of 15 typed 1 to 7');
    expect(text).toContain('Bristol 6-7 (loose) 27% of 15 typed 1 to 7');
    // Straining answered on the 12 morning entries, yes on the even days 0, 2, 6, 8, 10, 12, a real no on the others.
    expect(text).toContain('Straining yes in 6 of 12 entries that answered, no in 6; 7 entries said nothing');
    expect(text).toContain('Incomplete emptying yes in 1 of 4 entries that answered, no in 3; 15 entries said nothing');
    expect(text).toContain('Urgency yes in 4 of 4 entries that answered, no in 0; 15 entries said nothing');
    // Pain 0, 4 and 6 on days 0, 8 and 12.
    expect(text).toContain('Pain (0 to 10) mean 3.3, highest 6, pain in 2 of 3 answered');

    // Warning signs with their dates, before the summary.
    const warnings = text.indexOf('Warning signs');
    expect(warnings).toBeGreaterThan(-1);
    expect(text.indexOf('7 Nov 2026 03:15 Blood, Red colour, At night')).toBeGreaterThan(warnings);
    expect(text.indexOf('13 Nov 2026 20:15 Black colour')).toBeGreaterThan(warnings);
    expect(text.indexOf('Summary')).toBeGreaterThan(text.indexOf('13 Nov 2026 20:15 Black colour'));

    // The day-by-day table, the note included, and the line saying what this is.
    expect(text).toContain('Day by day');
    expect(text).toContain('8 Nov 2026 18:15 Type 4 After a long trip, "hard" one');
    expect(text).toContain('It is not a diagnosis.');
    expect(text).not.toContain('22 Nov 2026');
  });

  it("puts a movement at 00:30 in Rome (23:30 UTC the day before) on that Rome day, at Rome's time", async () => {
    const rome: DiaryEntry = {
      id: '00000000-0000-4000-8000-000000000098',
      poopId: null,
      occurredAt: '2026-11-02T23:30:00.000Z',
      day: '2026-11-03',
      timeZone: 'Europe/Rome',
      type: 'Type 4',
      title: null,
      thumbnail: null,
      details: EMPTY_HEALTH_DETAILS,
    };
    const text = await pdfText(await reportPdf(reportModel([rome], { from: '2026-11-03', to: '2026-11-03' }, 'Europe/Rome'), new Date()));
    expect(text).toContain('Days with entries 1 of 1');
    expect(text).toContain('3 Nov 2026 00:30 Type 4');
  });

  it('counts a symptom against the entries that answered it, a real no included, and says how many said nothing', async () => {
    const entry = (n: number, details: Partial<HealthDetails>) => morningEntry('001', n, details);
    const entries = [
      entry(1, { straining: true, urgency: false }),
      entry(2, { straining: false, urgency: false }),
      entry(3, { straining: false, urgency: false }),
      entry(4, { pain: 2 }),
      entry(5, {}),
    ];
    const text = await pdfText(await reportPdf(reportModel(entries, RANGE, ZONE), new Date('2026-11-16T10:00:00Z')));
    expect(text).toContain('Straining yes in 1 of 3 entries that answered, no in 2; 2 entries said nothing');
    expect(text).toContain('Urgency yes in 0 of 3 entries that answered, no in 3; 2 entries said nothing');
    expect(text).toContain('Mucus not recorded (5 entries said nothing)');
  });

  it('an empty period says so, and text the fonts cannot draw does not break it', async () => {
    const empty = await pdfText(await reportPdf(reportModel([], RANGE, ZONE), new Date()));
    expect(empty).toContain('Days with entries 0 of 14');
    expect(empty).toContain('None recorded in this period');
    expect(empty).toContain('No entries in this period.');

    const odd: DiaryEntry = {
      id: '00000000-0000-4000-8000-000000000099',
      poopId: null,
      occurredAt: '2026-11-03T09:00:00.000Z',
      day: '2026-11-03',
      timeZone: ZONE,
      type: 'Type 4',
      title: null,
      thumbnail: null,
      details: { ...EMPTY_HEALTH_DETAILS, note: 'ok 💩 ok\nnext line' },
    };
    expect(await pdfText(await reportPdf(reportModel([odd], RANGE, ZONE), new Date()))).toContain('ok ? ok next line');
  });
});

describe('the doctor report in Italian', () => {
  beforeAll(() => activateLocale('it'));

  it('has Italian headings, dates, numbers and medical terms', async () => {
    const text = await pdfText(await reportPdf(reportModel(seededDiary(), RANGE, ZONE), new Date('2026-11-16T10:00:00Z')));
    expect(text).toContain('Diario intestinale');
    expect(text).toContain("Segnali d'allarme");
    expect(text).toContain('Riepilogo');
    expect(text).toContain('Scala di Bristol');
    expect(text).toContain('Sintomi');
    expect(text).toContain('Giorno per giorno');
    expect(text).toContain('2 nov 2026 – 15 nov 2026 (14 giorni, Europe/Paris)');
    expect(text).toContain('Evacuazioni al giorno media 1,4, da 0 a 3');
    expect(text).toContain('7 nov 2026 03:15 Sangue nelle feci, Colore rosso, Di notte');
    expect(text).toContain('Bristol 1-2 (dure) 27% su 15 con tipo da 1 a 7');
    expect(text).toContain('Tipo Evacuazioni Percentuale');
    expect(text).toContain('Non è una diagnosi.');
    expect(text).not.toContain('Warning signs');
  });

  it('counts entries with ICU plurals: 0, 1, 2 and many', () => {
    const entry = (n: number, details: Partial<HealthDetails>) => morningEntry('002', n, details);
    const line = (entries: DiaryEntry[], label: string) =>
      reportModel(entries, RANGE, ZONE).symptoms.find((symptom) => symptom.label === label)?.value;
    // Straining: answered by all (0 said nothing), urgency by one of two (1 said nothing).
    const two = [entry(1, { straining: true, urgency: true }), entry(2, { straining: false })];
    expect(line(two, 'Sforzo')).toBe('sì in 1 su 2 annotazioni con risposta, no in 1; 0 annotazioni senza risposta');
    expect(line(two, 'Urgenza')).toBe('sì in 1 su 1 annotazione con risposta, no in 0; 1 annotazione senza risposta');
    expect(line(two, 'Muco')).toBe('non registrato (2 annotazioni senza risposta)');
    const many = [1, 2, 3, 4, 5].map((n) => entry(n, {}));
    expect(line(many, 'Muco')).toBe('non registrato (5 annotazioni senza risposta)');
    expect(reportModel(many.slice(0, 1), { from: '2026-11-03', to: '2026-11-03' }, ZONE).summary[0]?.value).toBe(
      '3 nov 2026 – 3 nov 2026 (1 giorno, Europe/Paris)',
    );
  });
});
