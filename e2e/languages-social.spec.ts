import { expect, test } from '@playwright/test';
import { becomePremium, useStripeStandIn } from './stripe-stand-in';
import { register, registerInItalian, uniqueEmail } from './support';

/*
 * The social screens in Italian (issue 62): a phone set to it-IT reads Account, another person's
 * profile, Leagues, the leaderboard and Chat in Italian, counts with Italian plurals included.
 */

useStripeStandIn();

test.describe('a phone set to Italian', () => {
  test.use({ locale: 'it-IT' });

  test('reads Account, a profile, Leagues, the leaderboard and Chat in Italian', async ({ browser, page }) => {
    test.setTimeout(180_000);
    // Someone to look at: a second person, on an English phone.
    const otherContext = await browser.newContext({ locale: 'en-US' });
    const other = await otherContext.newPage();
    await register(other, uniqueEmail('other'));
    const otherUid = (await (await other.request.get('/api/me')).json()).user.uid as string;
    const otherName = (await (await other.request.get('/api/me')).json()).user.username as string;

    await registerInItalian(page, uniqueEmail('italian'));

    // Account, from the bottom navigation.
    await page.getByRole('navigation', { name: 'Principale' }).getByRole('link', { name: 'Account' }).click();
    await expect(page.getByRole('region', { name: 'Il tuo profilo' })).toBeVisible();
    await expect(page.getByRole('link', { name: '0 follower' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Scarica i miei dati' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Esci' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Elimina account' })).toBeVisible();

    // Another person's profile: following them says so with an Italian plural.
    await page.goto(`/root/user/${otherUid}`);
    const profile = page.getByRole('region', { name: `Profilo di ${otherName}` });
    await expect(profile.getByText('Serie attuale')).toBeVisible();
    await profile.getByRole('button', { name: 'Segui' }).click();
    await expect(profile.getByRole('button', { name: 'Non seguire più' })).toBeVisible();
    await expect(profile.getByRole('link', { name: '1 follower' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Post', level: 2 })).toBeVisible();

    // Leagues: the empty list, then a new league and its board.
    await page.goto('/root/leagues');
    await expect(page.getByRole('heading', { name: 'Leghe', level: 1 })).toBeVisible();
    await expect(page.getByText('Non sei ancora in una lega. Creane una e invita i tuoi amici.')).toBeVisible();
    await page.getByRole('textbox', { name: 'Nome della lega' }).fill(`Lega ${Date.now().toString(36)}`);
    await page.getByRole('button', { name: 'Crea lega' }).click();
    await expect(page.getByText('1 membro su 50')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Questa settimana' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Classifica della lega' }).getByText('Tu', { exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Invita amici' })).toBeVisible();

    // The leaderboard.
    await page.goto('/root/leaderboard');
    await expect(page.getByRole('heading', { name: 'Classifica', level: 1 })).toBeVisible();
    await expect(page.getByText('Guarda chi è nella top 100 della classifica!')).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Serie' })).toBeVisible();
    await page.getByRole('tab', { name: 'Più apprezzati' }).click();
    await expect(page.getByRole('heading', { name: 'Più apprezzati' })).toBeVisible();

    // Chat, once premium: no conversations yet, and a new message searches premium members.
    await becomePremium(page);
    await page.goto('/root/chat');
    await expect(page.getByText('Ancora nessuna conversazione.', { exact: false })).toBeVisible();
    await page.getByRole('button', { name: 'Nuovo messaggio' }).click();
    await expect(page.getByRole('dialog').getByRole('searchbox', { name: 'Cerca membri premium' })).toBeVisible();
    await expect(page.getByRole('dialog').getByText('Puoi scrivere ai membri premium.')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'it');

    await otherContext.close();
  });
});
