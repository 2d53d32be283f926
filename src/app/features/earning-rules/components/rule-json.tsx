import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useId, useState } from 'react';
import type { EarningRule } from '../../../../contract/earning-rule';

/** The rule exactly as the API returned it, shown on demand. */
export function RuleJson({ rule }: { rule: EarningRule }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <Box>
      <Button variant="outlined" size="small" aria-expanded={open} aria-controls={id} onClick={() => setOpen((v) => !v)}>
        {open ? 'Hide JSON' : 'Show JSON'}
      </Button>
      {open && (
        <Box
          component="pre"
          id={id}
          aria-label="Earning rule JSON"
          tabIndex={0}
          sx={{ mt: 2, p: 2, bgcolor: 'grey.50', border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'auto', maxHeight: 480, fontSize: 12.5 }}
        >
          {JSON.stringify(rule, null, 2)}
        </Box>
      )}
    </Box>
  );
}
