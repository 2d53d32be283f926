import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { StaffRole } from '../../contract/staff-session';
import type { NavArea } from '../config/navigation';
import { PageHeader } from './page-header';

/** An area opened by URL that the signed-in role may not use (the proxy would refuse its calls anyway). */
export function RoleRestricted({ area, role }: { area: NavArea; role: StaffRole }) {
  return (
    <>
      <PageHeader title={area.label} />
      <Paper sx={{ p: 4, maxWidth: 720 }}>
        <Typography variant="body1">
          The {role} role cannot use {area.label}. Ask a marketing user, or an administrator to change your role.
        </Typography>
      </Paper>
    </>
  );
}
