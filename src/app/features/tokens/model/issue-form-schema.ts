import { z } from 'zod';
import { oauthScopeSchema } from '../../../../contract/oauth';

/** The Issue form: the scopes the token will carry (the contract's 42 values). */
export const issueFormSchema = z.object({
  scopes: z.array(oauthScopeSchema).min(1, 'Choose at least one scope.'),
});
export type IssueFormValues = z.infer<typeof issueFormSchema>;
