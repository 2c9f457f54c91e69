import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import yauzl from 'yauzl';
import { jpegPhoto, openAccount, register, setContextOffline } from './support';

/** The names of a ZIP's entries, read with an independent reader. */
function zipNames(bytes: Buffer): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('no zip'));
      const names: string[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        names.push(entry.fileName);
        zip.readEntry();
      });
      zip.on('end', () => resolve(names));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

test('Download my data: asked for, prepared in the background, notified, downloaded as a ZIP', async ({ page, context }) => {
  await register(page);
  const id = randomUUID();
  const posted = await page.request.put(`/api/poops/${id}`, {
    multipart: { type: 'Type 4', title: 'In my archive', description: '', private: 'false', showInMap: 'false', photo: await jpegPhoto() },
  });
  expect(posted.status()).toBe(201);

  await openAccount(page);
  await page.getByRole('link', { name: 'Download my data' }).click();
  await expect(page.getByRole('heading', { name: 'Download my data', level: 1 })).toBeVisible();
  await expect(page.getByText(/your posts with their health details/)).toBeVisible();

  // Offline: nothing to press, and it says why.
  await setContextOffline(context, true);
  await expect(page.getByText('You are offline. Preparing your data needs a connection.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Prepare my data' })).toBeDisabled();
  await setContextOffline(context, false);

  await page.getByRole('button', { name: 'Prepare my data' }).click();
  const download = page.getByRole('link', { name: /^Download ZIP/ });
  await expect(download).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/^Ready\. The download works until/)).toBeVisible();

  const started = page.waitForEvent('download');
  await download.click();
  const file = await started;
  expect(file.suggestedFilename()).toMatch(/^plop-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const names = await zipNames(await readFile(await file.path()));
  expect(names).toEqual(expect.arrayContaining(['data.json', `photos/posts/${id}.webp`]));

  // The notification says it is ready and opens this screen.
  await page.goto('/root/notifications');
  await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  const notice = page.getByText('Your data is ready to download for the next 24 hours.');
  await expect(notice).toBeVisible();
  await notice.click();
  await expect(page.getByRole('heading', { name: 'Download my data', level: 1 })).toBeVisible();
});
