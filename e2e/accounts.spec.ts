import { expect, test, type Page } from '@playwright/test';
import { SUPPORT_MESSAGES } from '../core/account-api';
import { MESSAGES, SIGN_IN_MESSAGES } from '../core/messages';
import { chooseNewEmulatorGoogleAccount, openAccount, profileName, register, signOut, submitEmailForm, uniqueEmail } from './support';

const PASSWORD = 'secret123';

/** The html element's color-scheme, which the theme sets to its mode. */
const colorScheme = (page: Page) => page.evaluate(() => document.documentElement.style.colorScheme);

test('the e-mail form warns about a short e-mail, then a short password', async ({ page }) => {
  await page.goto('/');
  // The warning speaks on the field it is about (and the focus goes there).
  await submitEmailForm(page, ' a@b ', PASSWORD);
  await expect(page.getByLabel('Email', { exact: true })).toHaveAccessibleDescription(MESSAGES.invalidEmail);
  await expect(page.getByLabel('Email', { exact: true })).toBeFocused();
  await submitEmailForm(page, 'ann@example.com', ' 12345 ');
  await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(MESSAGES.shortPassword);
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await expect(page).toHaveURL(/\/$/);
});

test('a user registers, signs out and signs in again with the same e-mail', async ({ page }) => {
  const email = await register(page, uniqueEmail('again'), PASSWORD);
  await openAccount(page);
  const name = await profileName(page).textContent();
  await signOut(page);
  // Capitals and spaces do not make it another account: the e-mail is trimmed and lowercased.
  await register(page, `  ${email.toUpperCase()} `, PASSWORD); // an existing account: the same form signs in
  await expect(page.getByText(MESSAGES.loggedIn)).toBeVisible();
  await openAccount(page);
  await expect(profileName(page)).toHaveText(name ?? '');
});

test('a wrong password shows the mapped message', async ({ page }) => {
  const email = await register(page, uniqueEmail('wrong'), PASSWORD);
  await signOut(page);
  await submitEmailForm(page, email, 'not-the-password');
  await expect(page.getByText(SIGN_IN_MESSAGES.wrongPassword)).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('"Forgot password?" sends a reset e-mail', async ({ page }) => {
  const email = await register(page, uniqueEmail('reset'), PASSWORD);
  await signOut(page);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset your password' });
  await expect(dialog.getByLabel('Email for the reset link')).toHaveValue(email);
  await dialog.getByRole('button', { name: 'Send reset link' }).click();
  await expect(dialog.getByText(/Check your inbox/)).toBeVisible();
});

test('a plain visit to /root still goes to the landing page, but "Try it first" opens the app as a guest', async ({ page }) => {
  await page.goto('/root');
  // The landing, remembering where the visit was going (?next=) for after signing in.
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await page.getByRole('button', { name: 'Try it first' }).click();
  await expect(page).toHaveURL(/\/root\/?$/);
  await expect(page.getByRole('heading', { name: 'For you' })).toBeVisible();
});

test('a guest changes a setting and the username, then links an e-mail and keeps both', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Try it first' }).click();
  await expect(page.getByRole('heading', { name: 'For you' })).toBeVisible();
  await openAccount(page);
  await expect(page.getByText('Create an account to keep your posts')).toBeVisible();

  const unblurred = page.getByRole('switch', { name: 'Show photos unblurred' });
  await expect(unblurred).not.toBeChecked();
  await unblurred.click();
  await expect(unblurred).toBeChecked();
  await expect(unblurred).toBeEnabled();

  const username = `guest_${Date.now().toString(36)}`;
  await page.getByRole('link', { name: 'Edit profile' }).click();
  await page.getByRole('textbox', { name: 'Username' }).fill(username);
  await page.getByRole('button', { name: 'Save username' }).click();
  await expect(page.getByText('Username saved.')).toBeVisible();

  await openAccount(page);
  await expect(profileName(page)).toHaveText(username);
  await page.getByRole('button', { name: 'Create account' }).click();
  const wall = page.getByRole('dialog', { name: 'Create your account' });
  await expect(wall).toBeVisible();
  const email = uniqueEmail('linked');
  await submitEmailForm(page, email, PASSWORD, wall);
  await expect(wall).toBeHidden();
  await expect(page.getByText(MESSAGES.loggedIn)).toBeVisible();
  await expect(page.getByText('Create an account to keep your posts')).toBeHidden();
  await expect(profileName(page)).toHaveText(username);

  // The same account, now reachable by e-mail from anywhere.
  await signOut(page);
  await register(page, email, PASSWORD); // an existing account: the same form signs in
  await openAccount(page);
  await expect(profileName(page)).toHaveText(username);
  await expect(page.getByRole('switch', { name: 'Show photos unblurred' })).toBeChecked();
});

test('dark mode switches at once and persists across a reload', async ({ page }) => {
  await register(page, uniqueEmail('dark'), PASSWORD);
  await openAccount(page);
  const dark = page.getByRole('switch', { name: 'Dark mode' });
  await expect(dark).not.toBeChecked();
  expect(await colorScheme(page)).toBe('light');
  await dark.click();
  await expect(dark).toBeChecked();
  await expect.poll(() => colorScheme(page)).toBe('dark');
  await expect(dark).toBeEnabled();

  await page.reload();
  await expect(page.getByRole('switch', { name: 'Dark mode' })).toBeChecked();
  expect(await colorScheme(page)).toBe('dark');
});

test('a support message is validated, counted and sent', async ({ page }) => {
  await register(page, uniqueEmail('help'), PASSWORD);
  await openAccount(page);
  await page.getByRole('link', { name: 'Help' }).click();
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText(SUPPORT_MESSAGES.empty)).toBeVisible();
  await page.getByLabel('Your message').fill('The app is great');
  await expect(page.getByText('16 / 2000')).toBeVisible();
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText(SUPPORT_MESSAGES.sent)).toBeVisible();
  await expect(page.getByLabel('Your message')).toHaveValue('');
});

test('deleting the account signs out, and the e-mail can register afresh', async ({ page }) => {
  const email = await register(page, uniqueEmail('delete'), PASSWORD);
  await openAccount(page);
  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  const confirm = dialog.getByRole('button', { name: 'Delete forever' });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
  await confirm.click();
  // The landing, saying so (issue 42).
  await expect(page).toHaveURL(/\/\?deleted=1$/);
  await expect(page.getByText('Your account has been deleted.')).toBeVisible();
  await expect(page.getByLabel('Email', { exact: true })).toBeVisible();

  await register(page, email, 'another-secret');
  await expect(page.getByText(MESSAGES.loggedIn)).toBeVisible();
});

test('Google sign-in by redirect works against the Auth emulator', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await chooseNewEmulatorGoogleAccount(page);
  await expect(page.getByText(MESSAGES.loggedInWithGoogle)).toBeVisible();
  await expect(page).toHaveURL(/\/root\/?$/);
  await openAccount(page);
  await expect(page.getByText('Create an account to keep your posts')).toBeHidden();
});

test('a guest links Google from the login wall and keeps the account', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Try it first' }).click();
  await openAccount(page);
  const name = await profileName(page).textContent();
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('dialog', { name: 'Create your account' }).getByRole('button', { name: 'Continue with Google' }).click();
  await chooseNewEmulatorGoogleAccount(page);
  await expect(page.getByText(MESSAGES.loggedInWithGoogle)).toBeVisible();
  await expect(page).toHaveURL(/\/root\/account\/?$/);
  await expect(page.getByText('Create an account to keep your posts')).toBeHidden();
  await expect(profileName(page)).toHaveText(name ?? '');
});
