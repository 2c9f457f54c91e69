import { vi } from 'vitest';
import type { Comment, Poop } from '../../core/poop-api';
import type { User } from '../../core/user';

/**
 * A stand-in for the server at the network edge: `fetch` is replaced by a handler that answers
 * JSON the way the API does (`{ error: { code, message } }` for failures). Components, hooks,
 * the API client and the query cache all run as they do in the app. Records every request.
 */
export interface FakeRequest {
  method: string;
  path: string;
  body: unknown;
  /** The request's own headers (the app's language on a geocode lookup, an Idempotency-Key). */
  headers: Record<string, string>;
}

export type Route = (request: FakeRequest) => { status: number; body?: unknown } | undefined;

export function json(status: number, body?: unknown): { status: number; body?: unknown } {
  return { status, body };
}

/** The API's error envelope; `reason` (core/error-reasons.ts) is what the app words, else `code`. */
export function apiError(status: number, code: string, message: string, reason?: string) {
  return json(status, { error: { code, message, ...(reason === undefined ? {} : { reason }) } });
}

export function stubApi(route: Route): FakeRequest[] {
  const requests: FakeRequest[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const request = { method: init.method ?? 'GET', path: url.pathname + url.search, body, headers };
    requests.push(request);
    const answer = route(request) ?? apiError(404, 'not_found', 'Not found.');
    await Promise.resolve();
    return answer.status === 204 || answer.body === undefined
      ? new Response(null, { status: answer.status })
      : new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json' } });
  });
  return requests;
}

const AT = '2026-11-20T10:00:00.000Z';

export function aUser(overrides: Partial<User> = {}): User {
  return {
    uid: 'user-1',
    email: 'ada@example.com',
    username: 'ada',
    username_searchable: 'ada',
    createdAt: AT,
    updatedAt: AT,
    photoURL: '',
    premium: false,
    followers: 0,
    followings: 0,
    points: { accumulatedPoints: 0, currentPoints: 0 },
    subscription: null,
    subscriptionStatus: 'none',
    fcmToken: '',
    enableNotifications: false,
    darkMode: null,
    alwaysView: true,
    poopTypeDescription: null,
    currentStreak: 0,
    longestStreak: 0,
    lastPoopPosted: null,
    admin: false,
    receipt: '',
    welcomedAt: AT,
    leaderboardSeen: false,
    ...overrides,
  } as User;
}

export function aPoop(overrides: Partial<Poop> = {}): Poop {
  const id = overrides.id ?? '11111111-1111-4111-8111-111111111111';
  return {
    id,
    geohash: '',
    image: `/api/media/poops/${id}/display`,
    thumbnail: `/api/media/poops/${id}/thumbnail`,
    placeholder: '',
    width: 800,
    height: 600,
    type: 'Type 4',
    title: 'Morning glory',
    description: '',
    likes: 2,
    comments: 0,
    status: 'approved',
    uid: 'user-2',
    userPhotoURL: '',
    username: 'grace',
    createdDate: AT,
    modifiedDate: AT,
    isCompleted: true,
    verified: false,
    deleted: false,
    isUserPremium: false,
    private: false,
    showInMap: false,
    aiScreening: null,
    firstVerification: '',
    secondVerification: '',
    thirdVerification: '',
    needSecondVerification: false,
    needThirdVerification: false,
    placeName: '',
    latitude: null,
    longitude: null,
    likedByMe: false,
    ...overrides,
  };
}

export function aComment(overrides: Partial<Comment> = {}): Comment {
  return {
    id: '22222222-2222-4222-8222-222222222222',
    poopId: '11111111-1111-4111-8111-111111111111',
    uid: 'user-2',
    username: 'grace',
    userPhotoURL: '',
    isUserPremium: false,
    text: 'Nice one',
    created: AT,
    likes: 0,
    likedByMe: false,
    ...overrides,
  };
}
