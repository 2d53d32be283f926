import { queryOptions, useQuery } from '@tanstack/react-query';
import { introspectionSchema, type Introspection } from '../../../../contract/oauth';
import { apiRequest } from '../../../lib/api-client';

/** POST /v1/oauth/introspect: a live token's fields and seconds left, or `{active: false}`. */
export function introspectToken(accessToken: string, signal?: AbortSignal): Promise<Introspection> {
  return apiRequest('/v1/oauth/introspect', introspectionSchema, { form: { access_token: accessToken }, signal });
}

export const introspectionKeys = {
  all: ['oauth', 'introspect'] as const,
  token: (accessToken: string) => ['oauth', 'introspect', accessToken] as const,
};

export function introspectionQueryOptions(accessToken: string) {
  return queryOptions({
    queryKey: introspectionKeys.token(accessToken),
    queryFn: ({ signal }) => introspectToken(accessToken, signal),
    // A token's state changes under us (expiry, revocation elsewhere): always ask again when asked.
    staleTime: 0,
  });
}

/** The introspection of `accessToken`, once there is one to ask about. */
export function useIntrospection(accessToken: string | undefined) {
  return useQuery({ ...introspectionQueryOptions(accessToken ?? ''), enabled: accessToken !== undefined });
}
