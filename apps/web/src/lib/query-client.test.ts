import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client';

describe('createQueryClient', () => {
  afterEach(() => onlineManager.setOnline(true));

  it('makes its requests while the browser says it is offline, so their failure is told at once, not held', async () => {
    onlineManager.setOnline(false);
    const client = createQueryClient();
    const failed = new Error('Network error. Please check your connection.');
    const mutation = client.getMutationCache().build(client, {
      mutationFn: () => Promise.reject(failed),
    });
    await expect(mutation.execute(undefined)).rejects.toBe(failed);
    await expect(
      client.fetchQuery({ queryKey: ['offline'], queryFn: () => Promise.reject(failed) }),
    ).rejects.toBe(failed);
  });
});
