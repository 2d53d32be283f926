import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { ReactNode } from 'react';

/**
 * True below 600 px (MUI's `sm`): where a table of more than three columns becomes a list of cards,
 * so every column and every action is on screen without scrolling sideways.
 */
export function useCardLayout(): boolean {
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
}

/** The rows of a table as a list of cards, named like the table it replaces. */
export function CardList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {children}
    </Box>
  );
}

/** One card: its title line (a link, a status), then a column's label and value per line, then its actions. */
export function CardListItem({ title, fields, actions }: { title: ReactNode; fields: { label: string; value: ReactNode }[]; actions?: ReactNode }) {
  return (
    <Box component="li" sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 0.5 }}>{title}</Box>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(72px, auto) minmax(0, 1fr)', columnGap: 1.5, rowGap: 0.25 }}>
        {fields.map((field) => (
          <Box key={field.label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
              {field.label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {field.value}
            </Typography>
          </Box>
        ))}
      </Box>
      {actions && <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>{actions}</Box>}
    </Box>
  );
}
