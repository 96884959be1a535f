import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiKey, CreateApiKeyBody } from '@/contracts/api-keys';
import { ApiError, api } from '@/web/lib/api-client';
import { apiKeyKeys } from './api-keys-queries';

type Created = { apiKey: ApiKey; secret: string };

/**
 * POST /api-keys: the new key and its secret (the only time the server sends it). The key joins
 * the cached list at once; the list is then asked again. Not retried: a second try would make a
 * second key.
 */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiKeyBody) => api<Created>('/api-keys', { method: 'POST', body }),
    onSuccess: async ({ apiKey }) => {
      queryClient.setQueryData<ApiKey[]>(apiKeyKeys.list(), (list) =>
        list ? [apiKey, ...list.filter((key) => key.id !== apiKey.id)] : list,
      );
      await queryClient.invalidateQueries({ queryKey: apiKeyKeys.all });
    },
  });
}

/**
 * DELETE /api-keys/:id revokes a key: it stops working at once. It leaves the cached list when
 * the server agrees (a key already gone, 404, leaves it too), then the list is asked again.
 */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  const drop = (id: string) =>
    queryClient.setQueryData<ApiKey[]>(apiKeyKeys.list(), (list) =>
      list?.filter((key) => key.id !== id),
    );
  return useMutation({
    mutationFn: (key: ApiKey) =>
      api<null>(`/api-keys/${encodeURIComponent(key.id)}`, { method: 'DELETE' }),
    onSuccess: (_answer, key) => drop(key.id),
    onError: (error, key) => {
      if (error instanceof ApiError && error.code === 'API_KEY_NOT_FOUND') drop(key.id);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}
