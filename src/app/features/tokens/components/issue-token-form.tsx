import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import type { OAuthToken } from '../../../../contract/oauth';
import { ErrorAlert } from '../../../components/error-alert';
import { errorObjectOf } from '../../../lib/api-error';
import { useIssueToken } from '../api/issue-token';
import { issueFormSchema, type IssueFormValues } from '../model/issue-form-schema';
import { ScopeSelect } from './scope-select';

interface IssueTokenFormProps {
  /** The new token and the moment it arrived (its countdown starts there). */
  onIssued: (token: OAuthToken, receivedAt: number) => void;
}

/** Issue: choose scopes, get a 15-minute token of the dashboard's API key. */
export function IssueTokenForm({ onIssued }: IssueTokenFormProps) {
  const { control, handleSubmit, setError } = useForm<IssueFormValues>({ resolver: zodResolver(issueFormSchema), defaultValues: { scopes: [] } });
  const { field, fieldState } = useController({ control, name: 'scopes' });
  const issue = useIssueToken();
  const [formError, setFormError] = useState<unknown>(null);

  const submit = handleSubmit(({ scopes }) => {
    setFormError(null);
    issue.mutate(scopes, {
      onSuccess: (token) => onIssued(token, Date.now()),
      onError: (error) => {
        // A scope the API refuses belongs next to the scope field; anything else (the token cap) above the form.
        const object = errorObjectOf(error);
        if (object.key === 'invalid_scope') setError('scopes', { type: 'api', message: [object.message, object.details].filter(Boolean).join('. ') });
        else setFormError(error);
      },
    });
  });

  return (
    <Paper component="form" noValidate onSubmit={submit} aria-labelledby="issue-token-heading" sx={{ p: 3, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box>
        <Typography id="issue-token-heading" variant="h2">
          Issue a token
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
          The token belongs to this dashboard&apos;s API key: it inherits the key&apos;s IP allowlist, lasts 15 minutes and opens only the scopes chosen here.
        </Typography>
      </Box>
      {formError !== null && <ErrorAlert error={formError} title="No token was issued" />}
      <ScopeSelect value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={fieldState.error?.message} disabled={issue.isPending} />
      <Box>
        <Button type="submit" variant="contained" loading={issue.isPending}>
          Issue token
        </Button>
      </Box>
    </Paper>
  );
}
