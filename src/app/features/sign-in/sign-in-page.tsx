import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { signInRequestSchema, type SignInRequest } from '../../../contract/staff-session';
import { ErrorAlert } from '../../components/error-alert';
import { FormTextField } from '../../components/form-text-field';
import { HeartCardIcon } from '../../components/icons';
import { PageLoading } from '../../components/page-loading';
import { paths } from '../../config/paths';
import { useDemoSignIn, useSession, useSignIn } from '../../lib/session/use-session';

/** Where to go after signing in: the page the visitor asked for, never another origin. */
function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !from.startsWith(paths.signIn) ? from : paths.home;
}

/** `/sign-in`: staff sign in with the username and password an administrator created (`npm run users`). */
export default function SignInPage() {
  const session = useSession();
  const signIn = useSignIn();
  const demoSignIn = useDemoSignIn();
  const location = useLocation();
  const navigate = useNavigate();
  const { control, handleSubmit } = useForm<SignInRequest>({ resolver: zodResolver(signInRequestSchema), defaultValues: { username: '', password: '' } });
  const target = returnPath(location.state);

  if (session.isPending) return <PageLoading />;
  if (session.data?.authenticated) return <Navigate to={target} replace />;

  const submit = handleSubmit((values) => signIn.mutate(values, { onSuccess: () => void navigate(target, { replace: true }) }));
  const failure = signIn.error ?? demoSignIn.error ?? session.error;

  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'background.default', p: 2 }}>
      <Paper component="form" noValidate onSubmit={submit} aria-labelledby="sign-in-heading" sx={{ p: 4, width: '100%', maxWidth: 420, display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, color: 'primary.main' }}>
          <HeartCardIcon aria-hidden />
          <Typography variant="h6" component="p" sx={{ fontWeight: 650 }}>
            Loyalty dashboard
          </Typography>
        </Box>
        <Typography id="sign-in-heading" variant="h1" sx={{ fontSize: '1.6rem' }}>
          Sign in
        </Typography>
        {failure && <ErrorAlert error={failure} title={signIn.error ? 'Could not sign in' : undefined} />}
        <FormTextField control={control} name="username" label="Username" autoComplete="username" autoFocus required />
        <FormTextField control={control} name="password" label="Password" type="password" autoComplete="current-password" required />
        <Button type="submit" variant="contained" size="large" loading={signIn.isPending}>
          Sign in
        </Button>
        {session.data?.demo_available && (
          <>
            <Divider>or</Divider>
            <Alert severity="info" variant="outlined">
              This dashboard runs in demo mode on sample data.
            </Alert>
            <Button variant="outlined" loading={demoSignIn.isPending} onClick={() => demoSignIn.mutate(undefined, { onSuccess: () => void navigate(target, { replace: true }) })}>
              Continue as the demo user
            </Button>
          </>
        )}
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          No account? An administrator creates one with <code>npm run users -- create</code>.
        </Typography>
      </Paper>
    </Box>
  );
}
