import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../../core/outbox';
import { outboxEntryLabel, quoteComment, sentMessage } from './outbox-texts';
import { activateLocale } from '../../i18n/i18n';

// The texts are the catalogs' English.
beforeAll(() => activateLocale('en'));

const postId = '11111111-1111-4111-8111-111111111111';
const titles = new Map([[postId, 'Office break']]);
const saved = (id: string) => titles.get(id);
const nothingSaved = () => undefined;

const entry = (kind: OutboxEntry['kind'], extra: Partial<OutboxEntry> = {}) => ({ kind, target: postId, ...extra });

describe('the outbox sheet names each waiting write', () => {
  it('names the post a like or a comment is on, and quotes the comment', () => {
    expect(outboxEntryLabel(entry('poop-like'), saved)).toBe("Like on 'Office break'");
    expect(outboxEntryLabel(entry('poop-unlike'), saved)).toBe("Unlike on 'Office break'");
    expect(outboxEntryLabel(entry('comment-create', { body: { id: 'c', text: 'Nice one' } }), saved)).toBe(
      "Comment on 'Office break': Nice one",
    );
    expect(outboxEntryLabel(entry('poop-delete'), saved)).toBe("Deletion of 'Office break'");
  });

  it('names a new post by the title it was given, saved or not', () => {
    const photo = {
      bytes: new ArrayBuffer(0),
      type: 'image/jpeg',
      fileName: 'a.jpg',
      fields: [['type', 'Type 4'] as const, ['title', 'Office break'] as const],
    };
    expect(outboxEntryLabel(entry('poop-create', { photo }), nothingSaved)).toBe("New post 'Office break'");
  });

  it('falls back to the kind when the post is not saved on the device', () => {
    expect(outboxEntryLabel(entry('poop-like'), nothingSaved)).toBe('Like');
    expect(outboxEntryLabel(entry('comment-create', { body: { text: 'Hi' } }), nothingSaved)).toBe('Comment: Hi');
    expect(outboxEntryLabel(entry('follow', { target: 'user-2' }), saved)).toBe('Follow');
  });

  it('cuts a long comment at a word', () => {
    expect(quoteComment('Nice one, truly a textbook type four if I ever saw one')).toBe('Nice one, truly a textbook type four if…');
    expect(quoteComment('  short\n text ')).toBe('short text');
  });
});

describe('what a replay sent', () => {
  it('counts the waiting actions sent, singular for one', () => {
    expect(sentMessage(1)).toBe('1 waiting action sent');
    expect(sentMessage(3)).toBe('3 waiting actions sent');
  });
});

describe('in Italian', () => {
  beforeAll(() => activateLocale('it'));
  afterAll(() => activateLocale('en'));

  it('counts and names the waiting writes in Italian', () => {
    expect(sentMessage(1)).toBe('1 azione in attesa inviata');
    expect(sentMessage(3)).toBe('3 azioni in attesa inviate');
    expect(outboxEntryLabel(entry('poop-like'), saved)).toBe('Mi piace su «Office break»');
    expect(outboxEntryLabel(entry('poop-delete'), saved)).toBe('Eliminazione di «Office break»');
  });
});
