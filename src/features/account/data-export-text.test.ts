import { describe, expect, it } from 'vitest';
import { exportQueueText, exportTooSoonText } from './data-export-text';

describe('data export text (issue 61)', () => {
  const asked = new Date('2026-12-06T10:00:00Z');

  it('says when a new archive may be asked for, in words', () => {
    expect(exportTooSoonText(asked, new Date('2026-12-06T10:00:00Z'))).toBe(
      'You can prepare a new archive once an hour: try again in 1 hour.',
    );
    expect(exportTooSoonText(asked, new Date('2026-12-06T10:18:00Z'))).toBe(
      'You can prepare a new archive once an hour: try again in 42 minutes.',
    );
    expect(exportTooSoonText(asked, new Date('2026-12-06T10:59:30Z'))).toBe(
      'You can prepare a new archive once an hour: try again in 1 minute.',
    );
  });

  it('says how many archives are ahead in the queue', () => {
    expect(exportQueueText(2)).toBe('1 archive is ahead of yours.');
    expect(exportQueueText(4)).toBe('3 archives are ahead of yours.');
  });
});
