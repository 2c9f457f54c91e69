import { expect, test } from '@playwright/test';
import { axeViolations, download, pdfText, registerInItalian, uniqueEmail } from './support';

/*
 * The health side in Italian (issue 62): a phone set to it-IT logs a diary entry with health
 * details, reads the diary on Activity, makes the doctor's report and reads the PDF back with its
 * Italian headings and medical terms, takes the CSV with Italian headers, and opens the map.
 */

/** An Italian month's short name, as the report writes days ('7 dic 2026'). */
const ITALIAN_DAY = /\b\d{1,2} (gen|feb|mar|apr|mag|giu|lug|ago|set|ott|nov|dic) \d{4}\b/;

test.describe('a phone set to Italian', () => {
  test.use({ locale: 'it-IT' });

  test('logs a diary entry, reads Activity, makes the doctor report and opens the map, all in Italian', async ({ page }) => {
    test.setTimeout(180_000);
    await registerInItalian(page, uniqueEmail('salute'));

    // The diary entry: the form, its symptom chips and the guidance sentence in Italian.
    await page.goto('/root/diary');
    await expect(page.getByRole('heading', { name: 'Voce del diario', level: 1 })).toBeVisible();
    await expect(page.getByText("Annota un'evacuazione senza foto.", { exact: false })).toBeVisible();
    // The type's own name belongs to the type picker; its number is the same in every language.
    await page.getByRole('radio', { name: / 6 — / }).check();
    await page.getByRole('button', { name: 'Sangue nelle feci' }).click();
    await page.getByRole('button', { name: 'Sforzo' }).click();
    await expect(
      page.getByText('Il sangue nelle feci, o un colore rosso o nero, è da segnalare al medico, soprattutto se succede di nuovo.'),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Quando andare dal medico' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: "Salva l'annotazione" }).click();
    const saved = page.getByRole('status').filter({ hasText: 'Annotazione salvata nel diario.' });
    await expect(saved).toBeVisible();
    // Closed by hand, so the scan below meets the screen itself.
    await saved.getByRole('button').click();

    // Activity: the diary's cards, tables and axes in Italian, numbers written the Italian way.
    await expect(page).toHaveURL(/\/root\/account\/activity/);
    const diary = page.getByRole('region', { name: 'Il mio diario della salute' });
    const insights = diary.getByRole('list', { name: 'In breve' });
    await expect(insights.getByRole('listitem').first()).toHaveText(
      'Giorni registrati1 su 14 giorni1 evacuazione, in media 0,1 al giorno.',
      {
        timeout: 20_000,
      },
    );
    await expect(diary.getByRole('table', { name: 'Tipi di Bristol nel tempo' })).toBeVisible();
    await expect(diary.getByRole('table', { name: 'Evacuazioni al giorno' }).getByRole('row')).toHaveCount(2);
    const warnings = diary.getByRole('table', { name: "Segnali d'allarme" });
    await expect(warnings.getByRole('cell', { name: 'Sangue nelle feci', exact: true })).toBeVisible();
    await expect(warnings.getByRole('cell', { name: ITALIAN_DAY })).toHaveCount(1);
    expect(await axeViolations(page)).toEqual([]);

    // The doctor's report: on screen, then the PDF read back with its Italian headings.
    await page.goto('/root/account/report');
    await expect(page.getByRole('heading', { name: 'Report per il mio medico', level: 1 })).toBeVisible();
    const report = page.getByRole('article', { name: 'Report' });
    await expect(report.getByRole('heading', { name: "Segnali d'allarme", level: 2 })).toBeVisible();
    await expect(report.getByRole('heading', { name: 'Scala di Bristol', level: 2 })).toBeVisible();
    const pdf = await download(page, 'Scarica PDF');
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(pdf.bytes);
    for (const heading of [
      'Diario intestinale: report per il medico',
      "Segnali d'allarme",
      'Riepilogo',
      'Scala di Bristol',
      'Sintomi',
      'Giorno per giorno',
    ]) {
      expect(text).toContain(heading);
    }
    expect(text).toContain('Giorni con annotazioni 1 su 14');
    expect(text).toContain('Evacuazioni al giorno media 0,1, da 0 a 1');
    // The symptom sentence: one entry, straining said yes, none left unanswered.
    expect(text).toContain('Sforzo sì in 1 su 1 annotazione con risposta, no in 0; 0 annotazioni senza risposta');
    expect(text).toContain('Urgenza sì in 0 su 1 annotazione con risposta, no in 1; 0 annotazioni senza risposta');
    expect(text).toMatch(new RegExp(`${ITALIAN_DAY.source} \\d{2}:\\d{2} Sangue nelle feci`));
    expect(text).toContain('Non è una diagnosi.');
    expect(text).not.toContain('Warning signs');

    // The CSV: Italian headers and answers, the dates still ISO for a spreadsheet.
    const csv = await download(page, 'Scarica CSV');
    const lines = csv.bytes.toString('utf8').split('\r\n');
    expect(lines[0]).toBe(
      'data,ora,avvenuta_il,tipo_bristol,titolo_post,urgenza,sforzo,svuotamento_incompleto,dolore_0_10,sangue,muco,colore,di_notte,farmaci,nota',
    );
    expect(lines[1]).toMatch(/^\d{4}-\d{2}-\d{2},\d{2}:\d{2},\d{4}-\d{2}-\d{2}T[^,]+,Type 6,,no,sì,no,,sì,no,,no,no,$/);

    // The map: its chrome in Italian.
    await page.getByRole('navigation', { name: 'Principale' }).getByRole('link', { name: 'Mappa' }).click();
    await expect(page.getByRole('heading', { name: 'Mappa', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Mostra la mia posizione' })).toBeVisible();
    await page.getByRole('button', { name: 'Elenco' }).click();
    await expect(page.getByText('Gli altri vedono i post entro circa 1 km', { exact: false })).toBeVisible();
  });
});
