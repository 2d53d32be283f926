import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useProgramTiers } from '../../../api/get-program-tiers';
import { ErrorAlert } from '../../../components/error-alert';
import { paths, withProgram } from '../../../config/paths';
import { formatNumber } from '../../../lib/format';

/** A program's tiers, read-only (v1 changes no tier), with a link to the Loyalty tiers page that says them in full. */
export function ProgramTiers({ programId, programName }: { programId: string; programName: string }) {
  const tiers = useProgramTiers(programId);
  if (tiers.isError) return <ErrorAlert error={tiers.error} title="Could not load the program’s tiers" onRetry={() => void tiers.refetch()} />;
  if (!tiers.data || tiers.data.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="program-tiers-heading">
      <Typography id="program-tiers-heading" variant="h3" component="h2" sx={{ mb: 1 }}>
        Tiers
      </Typography>
      <Box component="ol" aria-label={`Tiers of ${programName}, lowest first`} sx={{ m: 0, pl: 2.5, typography: 'body2' }}>
        {tiers.data.map((tier) => (
          <li key={tier.id}>
            <strong>{tier.name}</strong>: {tier.points.to === undefined ? `${formatNumber(tier.points.from)} points or more` : `${formatNumber(tier.points.from)}–${formatNumber(tier.points.to)} points`}
          </li>
        ))}
      </Box>
      <Typography variant="body2" sx={{ mt: 1 }}>
        Tiers cannot be changed once created.{' '}
        <Link component={RouterLink} to={withProgram(paths.tiers, programId)}>
          See what each tier earns and pays
        </Link>
      </Typography>
    </Box>
  );
}
