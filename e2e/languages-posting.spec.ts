import { expect, test } from '@playwright/test';
import { axeViolations, jpegPhoto, register, setContextOffline, uniqueEmail } from './support';

/** The spec's Type 4, as an Italian reader sees it (the stored value stays 'Type 4'). */
const TIPO_4 = 'Tipo 4 — A salsiccia o serpente, liscia e morbida';

const uniqueTitle = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/**
 * Reading and posting in Italian (issue 62): an Italian phone signs up, posts a photo with its
 * type, reads the feed and the post's page (relative times and counts in Italian), hears of an
 * English speaker's comment in Italian, and is told it is offline in Italian. The axe scans run
 * on the Italian feed and post page.
 */
test.describe('a phone set to Italian', () => {
  test.use({ locale: 'it-IT' });

  test('posts, reads the feed and the post, sees its notifications and the offline notice in Italian', async ({
    page,
    context,
    browser,
  }) => {
    // Signing up, in Italian.
    await page.goto('/');
    const wayIn = page.getByRole('region', { name: 'Accedi o registrati' });
    await wayIn.getByLabel('Email', { exact: true }).fill(uniqueEmail('it'));
    await wayIn.getByLabel('Password', { exact: true }).fill('secret123');
    await wayIn.getByRole('button', { name: 'Continua', exact: true }).click();
    await expect(page).toHaveURL(/\/root\/?$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Per te' })).toBeVisible();

    // Posting: a photo and a type, the create screen's words in Italian.
    await page.getByRole('navigation', { name: 'Principale' }).getByRole('link', { name: 'Crea' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Crea un post' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Tipo (scala di Bristol)' })).toBeVisible();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Scegli una foto' }).click();
    await (await chooser).setFiles(await jpegPhoto());
    await expect(page.getByRole('img', { name: 'Anteprima della tua foto' })).toBeVisible();
    await page.getByRole('radio', { name: TIPO_4 }).check();
    const title = uniqueTitle('Colazione');
    await page.getByRole('textbox', { name: 'Titolo' }).fill(title);
    await page.getByRole('textbox', { name: 'Descrizione' }).fill('Subito dopo il caffè.');
    await page.getByRole('button', { name: 'Pubblica', exact: true }).click();
    await expect(page.getByText('Pubblicato!')).toBeVisible();

    // The feed: the card's type, time and counts in Italian.
    await expect(page).toHaveURL(/\/root\/?$/);
    const feed = page.getByRole('feed', { name: 'Per te' });
    const card = feed.getByRole('article', { name: title });
    await expect(card.getByText(TIPO_4)).toBeVisible();
    // Just posted: 'Ora', or a few seconds on a slow machine.
    await expect(card.getByText(/^(Ora|\d+ second[oi] fa)$/)).toBeVisible();
    await expect(card.getByRole('img', { name: `Foto: ${title}` })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Mi piace, 0 mi piace' })).toBeVisible();
    await expect(card.getByRole('link', { name: '0 commenti' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    // Someone who reads in English comments on it.
    const { baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = test.info().project.use;
    const other = await browser.newContext({ baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, locale: 'en-US' });
    const otherPage = await other.newPage();
    try {
      await register(otherPage);
      const otherCard = otherPage.getByRole('feed', { name: 'For you' }).getByRole('article', { name: title });
      await otherCard.getByRole('link', { name: '0 comments' }).click();
      await otherPage.getByRole('textbox', { name: 'Add a comment' }).fill('Looks healthy!');
      await otherPage.getByRole('button', { name: 'Send comment' }).click();
      await expect(otherPage.getByRole('heading', { name: 'Comments (1)' })).toBeVisible();
    } finally {
      await other.close();
    }

    // The post's page, in Italian: its type, its comment with its time, the comment count.
    await page.reload();
    await expect(card.getByRole('link', { name: '1 commento' })).toBeVisible();
    await card.getByRole('link', { name: title }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText(TIPO_4)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Commenti (1)' })).toBeVisible();
    const comments = page.getByRole('list', { name: 'Commenti' });
    await expect(comments.getByText('Looks healthy!')).toBeVisible();
    await expect(comments.getByText(/^(Ora|\d+ second[oi] fa|1 minuto fa)$/)).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Aggiungi un commento' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    // Notifications: the English speaker's comment, told in Italian.
    await page.goto('/root/notifications');
    await expect(page.getByRole('heading', { level: 1, name: 'Notifiche' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Segna tutte come lette' })).toBeVisible();
    const notifications = page.getByRole('list', { name: 'Notifiche' });
    const comment = notifications.getByRole('listitem').filter({ hasText: 'ha commentato il tuo post' });
    await expect(comment).toBeVisible();
    await expect(comment.getByText(/^(Ora|\d+ second[oi] fa|1 minuto fa)$/)).toBeVisible();

    // Offline: the banner and the toast, in Italian.
    await page.goto('/root');
    await expect(feed.getByRole('article', { name: title })).toBeVisible();
    await setContextOffline(context, true);
    try {
      await expect(page.getByText('Offline — stai vedendo i contenuti salvati')).toBeVisible();
      await expect(page.getByRole('alert').filter({ hasText: 'Sei offline.' })).toHaveCount(1);
    } finally {
      await setContextOffline(context, false);
    }
    await expect(page.getByText('Sei di nuovo online.')).toHaveCount(1);
  });
});
