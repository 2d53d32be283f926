import Chip from '@mui/material/Chip';
import type { EarningRule } from '../../../../contract/earning-rule';

const colours = { ACTIVE: 'success', INACTIVE: 'default', DRAFT: 'warning' } as const;
const labels = { ACTIVE: 'Active', INACTIVE: 'Inactive', DRAFT: 'Draft' } as const;

/** ACTIVE rules earn; DRAFT and INACTIVE ones never do. */
export function StatusChip({ status }: { status: EarningRule['status'] }) {
  return <Chip size="small" color={colours[status]} variant={status === 'ACTIVE' ? 'filled' : 'outlined'} label={labels[status]} />;
}
