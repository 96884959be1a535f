import { MutationObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { createQueryClient, IDEMPOTENT_RETRY } from './query-client';

const serverDown = () =>
  new ApiError(503, 'SERVICE_UNAVAILABLE', 'Service temporarily unavailable');

describe('mutations', () => {
  it('are not retried by default: a change the server may have made is not made twice', async () => {
    const client = createQueryClient();
    // e.g. a registration whose answer was lost: a retry would answer EMAIL_TAKEN.
    const mutationFn = vi.fn(() => Promise.reject(serverDown()));
    await expect(new MutationObserver(client, { mutationFn }).mutate()).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
    });
    expect(mutationFn).toHaveBeenCalledTimes(1);
    const network = vi.fn(() => Promise.reject(new ApiError(0, 'NETWORK_ERROR', 'offline')));
    await expect(
      new MutationObserver(client, { mutationFn: network }).mutate(),
    ).rejects.toBeInstanceOf(ApiError);
    expect(network).toHaveBeenCalledTimes(1);
  });

  it('retry twice when they opt in as idempotent, never on a 4xx answer', async () => {
    const client = createQueryClient();
    const flaky = vi.fn(() => Promise.reject(serverDown()));
    await expect(
      new MutationObserver(client, {
        ...IDEMPOTENT_RETRY,
        retryDelay: 0,
        mutationFn: flaky,
      }).mutate(),
    ).rejects.toBeInstanceOf(ApiError);
    expect(flaky).toHaveBeenCalledTimes(3);

    const refused = vi.fn(() => Promise.reject(new ApiError(400, 'VALIDATION_ERROR', 'bad')));
    await expect(
      new MutationObserver(client, {
        ...IDEMPOTENT_RETRY,
        retryDelay: 0,
        mutationFn: refused,
      }).mutate(),
    ).rejects.toBeInstanceOf(ApiError);
    expect(refused).toHaveBeenCalledTimes(1);
  });
});
