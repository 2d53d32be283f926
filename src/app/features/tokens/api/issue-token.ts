import { mutationOptions, useMutation } from '@tanstack/react-query';
import { oauthTokenSchema, type OAuthScope, type OAuthToken } from '../../../../contract/oauth';
import { apiRequest } from '../../../lib/api-client';

/** POST /v1/oauth/token: a client_credentials token of the dashboard's API key, limited to `scopes`. */
export function issueToken(scopes: readonly OAuthScope[]): Promise<OAuthToken> {
  return apiRequest('/v1/oauth/token', oauthTokenSchema, { form: { grant_type: 'client_credentials', scope: scopes.join(' ') } });
}

export const issueTokenKeys = {
  all: ['oauth', 'issue'] as const,
};

export function issueTokenMutationOptions() {
  return mutationOptions({ mutationKey: issueTokenKeys.all, mutationFn: issueToken });
}

export function useIssueToken() {
  return useMutation(issueTokenMutationOptions());
}
