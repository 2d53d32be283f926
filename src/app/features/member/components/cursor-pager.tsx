import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

/** "Newer" and "Older" for a list paged by cursor, with the page number between. */
export function CursorPager({ label, pageNumber, hasOlder, onNewer, onOlder }: { label: string; pageNumber: number; hasOlder: boolean; onNewer: () => void; onOlder: () => void }) {
  return (
    <Box component="nav" aria-label={label} sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 1, mt: 1 }}>
      <Button size="small" onClick={onNewer} disabled={pageNumber === 1}>
        Newer
      </Button>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Page {pageNumber}
      </Typography>
      <Button size="small" onClick={onOlder} disabled={!hasOlder}>
        Older
      </Button>
    </Box>
  );
}
