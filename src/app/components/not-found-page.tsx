import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router';
import { paths } from '../config/paths';
import { PageHeader } from './page-header';

export default function NotFoundPage() {
  const location = useLocation();
  return (
    <>
      <PageHeader title="Page not found" />
      <Paper sx={{ p: 4, maxWidth: 720 }}>
        <Typography sx={{ mb: 2 }}>
          The dashboard has no page at <code>{location.pathname}</code>.
        </Typography>
        <Button component={RouterLink} to={paths.enroll} variant="contained">
          Go to Enroll member
        </Button>
      </Paper>
    </>
  );
}
