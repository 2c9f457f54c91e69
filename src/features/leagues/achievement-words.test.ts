import { afterAll, describe, expect, it } from 'vitest';
import { activateLocale } from '../../i18n/i18n';
import { achievementTitleText, achievementWords } from './achievement-words';

const SERVER_ENGLISH = { title: 'Server title', description: 'Server description.' };

describe('achievementWords', () => {
  afterAll(() => activateLocale('en'));

  it("words each achievement by its key in the reader's language", async () => {
    await activateLocale('en');
    expect(achievementWords('streak_30', SERVER_ENGLISH)).toEqual({ title: '30-day streak', description: 'Log 30 days in a row.' });
    expect(achievementWords('freeze_saved', SERVER_ENGLISH).title).toBe('Saved by a freeze');

    await activateLocale('it');
    expect(achievementWords('streak_30', SERVER_ENGLISH)).toEqual({
      title: 'Serie di 30 giorni',
      description: 'Registra 30 giorni di fila.',
    });
    expect(achievementWords('days_100', SERVER_ENGLISH)).toEqual({
      title: '100 giorni registrati',
      description: 'Registra in 100 giorni diversi.',
    });
    expect(achievementWords('all_types', SERVER_ENGLISH).title).toBe('Scala di Bristol completa');
    // A notification names it by its key; a row from before keys, by the English title it was written with.
    expect(achievementTitleText({ achievementKey: 'streak_7', achievementTitle: '7-day streak' })).toBe('Serie di 7 giorni');
    expect(achievementTitleText({ achievementTitle: 'League winner' })).toBe('Vincitore di lega');
  });

  it("shows the server's words for a key it does not know", async () => {
    await activateLocale('it');
    expect(achievementWords('moon_landing', SERVER_ENGLISH)).toEqual(SERVER_ENGLISH);
    expect(achievementTitleText({ achievementTitle: 'Moon landing' })).toBe('Moon landing');
    expect(achievementTitleText({ achievementKey: 'moon_landing', achievementTitle: 'Moon landing' })).toBe('Moon landing');
  });
});
