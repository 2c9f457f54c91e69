import { expect, type Page } from '@playwright/test';

/** A unique e-mail for each test run, so tests never depend on one another's accounts. */
export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}

/** Registers through the landing page form, the way a new user does, and lands in /root. */
export async function register(page: Page, email = uniqueEmail(), password = 'secret123'): Promise<string> {
  await page.goto('/');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/root\/?$/);
  await expect(page.getByRole('heading', { name: 'For you' })).toBeVisible();
  return email;
}
