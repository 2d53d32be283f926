import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { NavArea } from '../config/navigation';
import { PageHeader } from './page-header';

/** The page of an area that is in the navigation but not built yet. */
export default function NotBuiltYet({ area }: { area: NavArea }) {
  return (
    <>
      <PageHeader title={area.label} />
      <Paper sx={{ p: 4, maxWidth: 720 }}>
        <Typography variant="h2" component="p" sx={{ mb: 1 }}>
          Not built yet — coming in a later release
        </Typography>
        <Typography variant="body1" sx={{ color: 'text.secondary' }}>
          {area.description}
        </Typography>
      </Paper>
    </>
  );
}
