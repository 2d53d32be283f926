import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { LoyaltyProgram } from '../../../../contract/loyalty-program';
import { formatNumber } from '../../../lib/format';

interface ProgramSelectProps {
  programs: readonly LoyaltyProgram[];
  value: string | undefined;
  onChange: (campaignId: string) => void;
  loading?: boolean;
  /** Shown under the select, in error colour. */
  error?: string | null;
  helperText?: string;
}

/** The "Loyalty program" select: which program the page enrolls into and lists. */
export function ProgramSelect({ programs, value, onChange, loading, error, helperText }: ProgramSelectProps) {
  const known = value !== undefined && programs.some((program) => program.id === value);
  const empty = !loading && programs.length === 0;
  return (
    <TextField
      id="loyalty-program"
      select
      label="Loyalty program"
      value={known ? value : ''}
      onChange={(event) => onChange(event.target.value)}
      disabled={loading || empty}
      error={Boolean(error)}
      helperText={error ?? (loading ? 'Loading loyalty programs…' : empty ? 'This project has no loyalty programs yet.' : helperText)}
      sx={{ maxWidth: 520 }}
      slotProps={{
        select: {
          renderValue: (selected) => programs.find((program) => program.id === selected)?.name ?? String(selected),
        },
      }}
    >
      {programs.map((program) => (
        <MenuItem key={program.id} value={program.id}>
          <Box sx={{ display: 'flex', flexDirection: 'column' }}>
            <span>{program.name}</span>
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {program.type === 'AUTO_UPDATE' ? 'cards generated on demand' : `${formatNumber(program.vouchers_count)} cards`}
              {program.active ? '' : ' · inactive'}
            </Typography>
          </Box>
        </MenuItem>
      ))}
    </TextField>
  );
}
