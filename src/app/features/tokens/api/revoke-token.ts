import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { introspectionKeys } from './introspect-token';

/** POST /v1/oauth/token/revoke: 204 without a body; 404 when the token is unknown or not live. */
export function revokeToken(accessToken: string): Promise<void> {
  return apiRequest('/v1/oauth/token/revoke', z.undefined(), { form: { access_token: accessToken } });
}

export const revokeTokenKeys = {
  all: ['oauth', 'revoke'] as const,
};

export function revokeTokenMutationOptions(queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: revokeTokenKeys.all,
    mutationFn: revokeToken,
    // The token's introspection on screen is now wrong: ask again.
    onSuccess: (_nothing: void, accessToken: string) => queryClient.invalidateQueries({ queryKey: introspectionKeys.token(accessToken) }),
  });
}

export function useRevokeToken() {
  const queryClient = useQueryClient();
  return useMutation(revokeTokenMutationOptions(queryClient));
}
