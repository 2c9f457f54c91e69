import { describe, expect, it } from 'vitest';
import { ApiError, toApiError } from './api-error';

describe('toApiError', () => {
  it('reads the server error body', () => {
    const error = toApiError(401, JSON.stringify({ error: { code: 'unauthenticated', message: 'Sign in' } }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: 'unauthenticated', message: 'Sign in' });
    expect(error.isNetworkError).toBe(false);
  });

  it('falls back to a generic error for a body that is not ours', () => {
    expect(toApiError(502, '<html>Bad gateway</html>', 'Bad Gateway')).toMatchObject({
      status: 502,
      code: 'internal',
      message: 'Bad Gateway',
    });
    expect(toApiError(404, '{"oops":true}')).toMatchObject({ code: 'http_error', message: 'HTTP 404' });
  });
});
