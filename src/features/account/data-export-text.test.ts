import { i18n } from '@lingui/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { activateLocale } from '../../i18n/i18n';
import { exportQueueText, exportTooSoonText } from './data-export-text';

describe('data export text (issue 61)', () => {
  const asked = new Date('2026-12-06T10:00:00Z');
  beforeAll(() => activateLocale('en'));

  it('says when a new archive may be asked for, in words', () => {
    expect(i18n._(exportTooSoonText(asked, new Date('2026-12-06T10:00:00Z')))).toBe(
      'You can prepare a new archive once an hour: try again in 1 hour.',
    );
    expect(i18n._(exportTooSoonText(asked, new Date('2026-12-06T10:18:00Z')))).toBe(
      'You can prepare a new archive once an hour: try again in 42 minutes.',
    );
    expect(i18n._(exportTooSoonText(asked, new Date('2026-12-06T10:59:30Z')))).toBe(
      'You can prepare a new archive once an hour: try again in 1 minute.',
    );
  });

  it('says how many archives are ahead in the queue', () => {
    expect(i18n._(exportQueueText(2))).toBe('1 archive is ahead of yours.');
    expect(i18n._(exportQueueText(4))).toBe('3 archives are ahead of yours.');
  });

  it('says it in Italian, singular and plural', async () => {
    await activateLocale('it');
    try {
      expect(i18n._(exportQueueText(2))).toBe('1 archivio è prima del tuo.');
      expect(i18n._(exportQueueText(4))).toBe('3 archivi sono prima del tuo.');
      expect(i18n._(exportTooSoonText(asked, new Date('2026-12-06T10:59:30Z')))).toBe(
        'Puoi preparare un nuovo archivio una volta all’ora: riprova tra 1 minuto.',
      );
    } finally {
      await activateLocale('en');
    }
  });
});
