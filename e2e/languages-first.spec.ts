import { expect, test } from '@playwright/test';
import { uniqueEmail } from './support';

/**
 * The first meeting in Italian (issue 62): the prerendered landing, the tour, signing up and the
 * welcome, on a phone whose language is Italian. The landing is rendered in each language at
 * build time, and the server sends the one the browser asks for.
 */
test.describe('a phone set to Italian', () => {
  test.use({ locale: 'it-IT' });

  test.describe('before any script runs', () => {
    test.use({ javaScriptEnabled: false });

    test('the landing paints in Italian from the HTML alone', async ({ page }) => {
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('lang', 'it');
      await expect(page.getByText('Il social per i tuoi bisogni quotidiani.')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Accedi o registrati' })).toBeVisible();
      await expect(page.getByText('Sign in or sign up')).toHaveCount(0);
    });
  });

  test('meets Plop in Italian: the landing, the tour, signing up and the welcome', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByText('Il social per i tuoi bisogni quotidiani.')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'it');
    const wayIn = page.getByRole('region', { name: 'Accedi o registrati' });
    await expect(wayIn.getByRole('button', { name: 'Prima provala' })).toBeVisible();
    await expect(wayIn.getByRole('button', { name: 'Continua con Google' })).toBeVisible();

    // The tour, page by page.
    await page.getByRole('link', { name: 'Come funziona Plop' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Ti diamo il benvenuto su Plop' })).toBeVisible();
    await expect(page.getByText('1 di 5')).toBeVisible();
    for (const title of ['Ogni cacca conta', 'Fai una foto', 'Pubblicala', 'Istruzioni']) {
      await page.getByRole('link', { name: 'Avanti' }).click();
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    }
    await expect(page.getByRole('button', { name: 'Inizia come ospite' })).toBeVisible();
    await page.getByRole('link', { name: 'Ho già un account: accedi' }).click();

    // Signing up, with the form's words and warnings in Italian.
    const password = wayIn.getByLabel('Password', { exact: true });
    await wayIn.getByLabel('Email', { exact: true }).fill(uniqueEmail());
    await password.fill('123');
    await wayIn.getByRole('button', { name: 'Continua', exact: true }).click();
    await expect(password).toHaveAccessibleDescription('La password deve avere almeno 6 caratteri');
    await password.fill('secret123');
    await wayIn.getByRole('button', { name: 'Continua', exact: true }).click();
    await expect(page).toHaveURL(/\/root\/?$/);
    await expect(page.getByText('Accesso effettuato', { exact: true })).toBeVisible();

    // The welcome, step by step.
    const welcome = page.getByRole('region', { name: 'Ti diamo il benvenuto su Plop' });
    await expect(welcome.getByText('Passo 1 di 3')).toBeVisible();
    await expect(welcome.getByRole('heading', { name: 'Il tuo nome' })).toBeVisible();
    await expect(welcome.getByText('Ora questo è il tuo nome utente.')).toBeVisible();
    await welcome.getByRole('button', { name: 'Avanti' }).click();
    await expect(welcome.getByRole('heading', { name: 'Aggiungi un avatar' })).toBeVisible();
    await welcome.getByRole('button', { name: 'Avanti' }).click();
    await expect(welcome.getByRole('heading', { name: 'La scala di Bristol' })).toBeVisible();
    await welcome.getByRole('button', { name: 'Fatto' }).click();
    await expect(welcome).toHaveCount(0);
  });
});
