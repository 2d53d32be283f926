import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { OAuthToken } from '../../../contract/oauth';
import { PageHeader } from '../../components/page-header';
import { useCan } from '../../lib/session/use-session';
import { IssueTokenForm } from './components/issue-token-form';
import { IssuedToken } from './components/issued-token';
import { TokenInspector } from './components/token-inspector';

/**
 * Tokens (`/tokens`), for support agents: issue an OAuth 2.0 token with chosen scopes (shown once,
 * with a copy button and its countdown), introspect a pasted token, and revoke it. The token lives
 * only in this page's memory: leaving the page forgets it.
 */
export default function TokensPage() {
  const [issued, setIssued] = useState<{ token: OAuthToken; receivedAt: number } | null>(null);
  const [draft, setDraft] = useState('');
  const [inspected, setInspected] = useState<string | undefined>(undefined);
  // Support agents introspect; issuing a credential is marketing's (contract/staff-session).
  const canIssue = useCan('issueTokens');

  function inspect(accessToken: string) {
    setDraft(accessToken);
    setInspected(accessToken);
  }

  return (
    <>
      <PageHeader
        title="Tokens"
        description="OAuth 2.0 access tokens let an integration call the API without the API key: send Authorization: Bearer <token>. Each lasts 15 minutes and opens only its scopes."
      />
      {canIssue && (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(0, 1fr)' }, gap: 3, alignItems: 'start', mb: 3 }}>
          <IssueTokenForm onIssued={(token, receivedAt) => setIssued({ token, receivedAt })} />
          {issued ? (
            <IssuedToken key={issued.token.access_token} token={issued.token} receivedAt={issued.receivedAt} onInspect={inspect} />
          ) : (
            <Paper sx={{ p: 3, borderStyle: 'dashed', color: 'text.secondary' }}>
              <Typography variant="body2">The new token appears here, once, with a copy button and the time it has left.</Typography>
            </Paper>
          )}
        </Box>
      )}
      <TokenInspector draft={draft} onDraftChange={setDraft} inspected={inspected} onInspect={inspect} />
    </>
  );
}
