import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { EMPTY_HEALTH_DETAILS, type HealthDetails } from '../core/diary';
import { DIARY_CSV_COLUMNS } from '../core/diary-csv';
import { axeViolations, download, jpegPhoto, openAccount, pdfText, register, setContextOffline, waitForWorker } from './support';

/**
 * The doctor's report (issue 43): a user with a few posts opens Account -> Report for my doctor,
 * reads the figures on screen, downloads the PDF and the CSV, and does the same again offline.
 */

/** The health details entered with the hard one: a symptom and a note the doctor should read. */
const HARD_ONE_DETAILS: HealthDetails = { ...EMPTY_HEALTH_DETAILS, straining: true, note: 'Since the new iron tablets' };

async function post(page: Page, type: string, title: string, health?: HealthDetails): Promise<void> {
  const response = await page.request.put(`/api/poops/${randomUUID()}`, {
    multipart: {
      type,
      title,
      description: '',
      private: 'false',
      showInMap: 'false',
      photo: await jpegPhoto(),
      ...(health ? { health: JSON.stringify(health) } : {}),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

async function expectReport(page: Page, titles: string[]): Promise<void> {
  const report = page.getByRole('article', { name: 'Report' });
  await expect(report.getByRole('heading', { name: 'Warning signs', level: 2 })).toBeVisible();
  await expect(report.getByText('None recorded in this period (blood, red or black colour, at night).')).toBeVisible();
  const summary = report.getByRole('region', { name: 'Summary' });
  await expect(summary.getByRole('definition').nth(1)).toHaveText('1 of 14');
  await expect(summary.getByRole('definition').nth(2)).toHaveText('3');
  await expect(summary.getByRole('definition').nth(3)).toHaveText('mean 0.2, range 0 to 3');
  const bristol = report.getByRole('table', { name: 'Bristol distribution' });
  await expect(bristol.getByRole('row', { name: 'Type 6 1 33%' })).toBeVisible();
  await expect(bristol.getByRole('row', { name: 'Type 2 0 0%' })).toBeVisible();
  await expect(report.getByText('33% of 3 typed 1 to 7')).toHaveCount(2);
  const days = report.getByRole('table', { name: 'Diary day by day' });
  await expect(days.getByRole('row')).toHaveCount(titles.length + 1);
  await expect(report.getByText('This is a diary the patient kept themselves in the Plop app. It is not a diagnosis.')).toBeVisible();
}

async function expectFiles(page: Page): Promise<void> {
  const pdf = await download(page, 'Download PDF');
  expect(pdf.file.suggestedFilename()).toMatch(/^plop-diary-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.pdf$/);
  expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const text = await pdfText(pdf.bytes);
  expect(text).toContain('Warning signs');
  expect(text).toContain('Days with entries 1 of 14');
  expect(text).toContain('Movements per day mean 0.2, range 0 to 3');
  // The health details entered with the hard one: its symptom counted, its note on its row.
  expect(text).toContain('Straining yes in 1 of 1 entry that answered, no in 0; 2 entries said nothing');
  expect(text).toContain('Type 1 straining Since the new iron tablets');
  expect(text).toContain('It is not a diagnosis.');

  const csv = await download(page, 'Download CSV');
  expect(csv.file.suggestedFilename()).toMatch(/\.csv$/);
  const lines = csv.bytes.toString('utf8').split('\r\n');
  expect(lines[0]).toBe(DIARY_CSV_COLUMNS.join(','));
  expect(lines.slice(1, 4).map((line) => line.split(',')[3])).toEqual(['Type 4', 'Type 6', 'Type 1']);
  expect(lines.slice(1, 4).filter((line) => line.includes('Since the new iron tablets'))).toHaveLength(1);
  expect(lines[4]).toBe('');
}

test('the report for my doctor: figures on screen, PDF and CSV, online and offline', async ({ page, context }) => {
  await register(page);
  await waitForWorker(page);
  const titles = ['Morning one', 'Loose one', 'Hard one'];
  await post(page, 'Type 4', titles[0] ?? '');
  await post(page, 'Type 6', titles[1] ?? '');
  await post(page, 'Type 1', titles[2] ?? '', HARD_ONE_DETAILS);

  await openAccount(page);
  await page.getByRole('link', { name: 'Report for my doctor' }).click();
  await expect(page.getByRole('heading', { name: 'Report for my doctor', level: 1 })).toBeVisible();
  await expect(page.getByLabel('From')).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
  await expect(page.getByRole('checkbox', { name: 'Include photos' })).not.toBeChecked();
  await expectReport(page, titles);

  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`report-${theme}.png`), fullPage: true });
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(412);
  await page.emulateMedia({ colorScheme: 'light' });
  await expectFiles(page);

  // With the photos ticked, the PDF embeds them (it grows by the thumbnails).
  const plain = await download(page, 'Download PDF');
  await page.getByRole('checkbox', { name: 'Include photos' }).check();
  const withPhotos = await download(page, 'Download PDF');
  expect(withPhotos.bytes.length).toBeGreaterThan(plain.bytes.length + 1000);
  expect(await pdfText(withPhotos.bytes)).toContain('Photos');
  await page.getByRole('checkbox', { name: 'Include photos' }).uncheck();

  // Offline, after a reload too: the same report from what the device kept.
  await setContextOffline(context, true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Report for my doctor', level: 1 })).toBeVisible();
  await expectReport(page, titles);
  await expectFiles(page);
  await setContextOffline(context, false);
});
