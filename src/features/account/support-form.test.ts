import { describe, expect, it } from 'vitest';
import { SUPPORT_MESSAGE_MAX_LENGTH } from '../../../core/constants';
import { checkSupportMessage, supportCounter } from './support-form';

describe('checkSupportMessage', () => {
  it('trims the message', () => {
    expect(checkSupportMessage('  Help me \n')).toEqual({ ok: true, message: 'Help me' });
  });

  it.each(['', '   ', '\n\t'])('refuses the empty %j', (raw) => {
    expect(checkSupportMessage(raw)).toEqual({ ok: false, error: 'empty' });
  });

  it('accepts exactly the limit and refuses one more', () => {
    expect(checkSupportMessage('a'.repeat(SUPPORT_MESSAGE_MAX_LENGTH)).ok).toBe(true);
    expect(checkSupportMessage('a'.repeat(SUPPORT_MESSAGE_MAX_LENGTH + 1))).toEqual({ ok: false, error: 'tooLong' });
  });
});

describe('supportCounter', () => {
  it('counts what was typed against the limit', () => {
    expect(supportCounter('abc')).toBe(`3 / ${SUPPORT_MESSAGE_MAX_LENGTH}`);
  });
});
