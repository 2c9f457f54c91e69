import { GoogleAuthProvider } from 'firebase/auth';
import { describe, expect, it } from 'vitest';
import {
  emulatorHandlerUrl,
  parseRedirectEvent,
  redirectEventKey,
  StoredEventManager,
  type EmulatorAuthEvent,
  type EventConsumer,
} from './emulator-redirect';

const REDIRECT_TYPES = ['signInViaRedirect', 'linkViaRedirect', 'reauthViaRedirect', 'unknown'];

function consumer(filter = REDIRECT_TYPES, eventId: string | null = null) {
  const seen: { events: EmulatorAuthEvent[]; errors: unknown[] } = { events: [], errors: [] };
  const value: EventConsumer = {
    filter,
    eventId,
    onAuthEvent: (event) => void seen.events.push(event),
    onError: (error) => void seen.errors.push(error),
  };
  return { value, seen };
}

const signIn: EmulatorAuthEvent = { type: 'signInViaRedirect', eventId: 'e1', urlResponse: 'http://x/handler?id_token=%7B%7D' };

describe('redirectEventKey', () => {
  it("is the key the emulator's page writes", () => {
    expect(redirectEventKey('demo-api-key', '[DEFAULT]')).toBe('firebase:redirectEvent:demo-api-key:[DEFAULT]');
  });
});

describe('parseRedirectEvent', () => {
  it('reads a stored event', () => {
    expect(parseRedirectEvent(JSON.stringify(signIn))).toEqual(signIn);
  });

  it.each([null, '', 'not json', '{}', '{"type":1}', 'null'])('ignores %j', (text) => {
    expect(parseRedirectEvent(text)).toBeNull();
  });
});

describe('StoredEventManager', () => {
  it('hands the event to the first operation it is for, once', () => {
    const manager = new StoredEventManager(signIn);
    const first = consumer();
    const second = consumer();
    manager.registerConsumer(first.value);
    manager.registerConsumer(second.value);
    expect(first.seen.events).toEqual([signIn]);
    expect(second.seen.events).toEqual([{ type: 'unknown', eventId: null, error: { code: 'auth/no-auth-event' } }]);
  });

  it('answers "no event" when the page left nothing', () => {
    const { value, seen } = consumer();
    new StoredEventManager(null).registerConsumer(value);
    expect(seen.events.map((event) => event.type)).toEqual(['unknown']);
    expect(seen.errors).toEqual([]);
  });

  it('keeps the event from an operation waiting for another event id or type', () => {
    const manager = new StoredEventManager(signIn);
    const other = consumer(REDIRECT_TYPES, 'e2');
    const popup = consumer(['signInViaPopup']);
    manager.registerConsumer(other.value);
    manager.registerConsumer(popup.value);
    expect(other.seen.events).toEqual([]);
    expect(popup.seen.events).toEqual([]);
    const right = consumer(REDIRECT_TYPES, 'e1');
    manager.registerConsumer(right.value);
    expect(right.seen.events).toEqual([signIn]);
  });

  it('reports an error the page stored', () => {
    const { value, seen } = consumer();
    new StoredEventManager({ type: 'signInViaRedirect', eventId: 'e1', error: { code: 'auth/internal-error' } }).registerConsumer(value);
    expect(seen.errors).toEqual([expect.objectContaining({ code: 'auth/internal-error' })]);
  });
});

describe('emulatorHandlerUrl', () => {
  it('points at our origin with the parameters the page needs', () => {
    const provider = new GoogleAuthProvider();
    provider.addScope('email');
    const url = new URL(
      emulatorHandlerUrl(
        'http://localhost:3000',
        {
          apiKey: 'k',
          appName: '[DEFAULT]',
          authType: 'linkViaRedirect',
          redirectUrl: 'http://localhost:3000/root/account',
          eventId: 'e9',
        },
        provider,
      ),
    );
    expect(url.origin + url.pathname).toBe('http://localhost:3000/api/auth-emulator/handler');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      apiKey: 'k',
      appName: '[DEFAULT]',
      authType: 'linkViaRedirect',
      redirectUrl: 'http://localhost:3000/root/account',
      providerId: 'google.com',
      eventId: 'e9',
      scopes: expect.stringContaining('email'),
    });
  });
});
