import { afterAll, describe, expect, it } from 'vitest';
import { activateLocale } from '../i18n/i18n';
import { ApiError, NETWORK_ERROR_CODE, toApiError } from './api-error';
import { apiErrorText, usernameProblemText } from './error-text';

const answer = (status: number, error: Record<string, unknown>) => toApiError(status, JSON.stringify({ error }));

describe('the words for an API failure', () => {
  afterAll(() => activateLocale('en'));

  it('come from its reason, in the reader language, never from the server sentence', async () => {
    const tooLong = answer(400, {
      code: 'bad_request',
      message: 'server words',
      reason: 'commentTooLong',
      field: 'text',
      params: { limit: 500 },
    });
    await activateLocale('en');
    expect(apiErrorText(tooLong)).toBe('A comment can be at most 500 characters.');
    await activateLocale('it');
    expect(apiErrorText(tooLong)).toBe('Un commento può avere al massimo 500 caratteri.');
  });

  it('come from its code when the reason is unknown or absent', async () => {
    await activateLocale('it');
    expect(apiErrorText(answer(403, { code: 'account_required', message: 'Create an account to do that.', reason: 'somethingNew' }))).toBe(
      'Crea un account per farlo.',
    );
    await activateLocale('en');
    expect(apiErrorText(answer(409, { code: 'league_full', message: 'x' }))).toBe('This league is full.');
  });

  it('are a general sentence for a code the app does not know, and the network text when nobody answered', async () => {
    await activateLocale('it');
    expect(apiErrorText(answer(418, { code: 'teapot', message: 'I am a teapot' }))).toBe('Qualcosa è andato storto. Riprova.');
    expect(apiErrorText(toApiError(502, '<html>bad gateway</html>'))).toBe('Qualcosa è andato storto. Riprova.');
    expect(apiErrorText(new ApiError(0, NETWORK_ERROR_CODE, 'Failed to fetch'))).toBe('Errore di rete. Riprova.');
  });

  it('say why a username cannot be had, in both languages', async () => {
    await activateLocale('en');
    expect(usernameProblemText('taken')).toBe('That username is already taken.');
    expect(usernameProblemText('length')).toBe('Usernames are 3 to 30 characters long.');
    await activateLocale('it');
    expect(usernameProblemText('chars')).toBe('I nomi utente possono usare solo lettere, cifre, "_" e ".".');
  });
});
