import Paper from '@mui/material/Paper';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { PageHeader } from '../../components/page-header';
import { ExportForm } from './components/export-form';
import { ExportsTable } from './components/exports-table';

/**
 * Exports (`/exports`): export one loyalty card's transactions to CSV, then watch the file being
 * made and download it through the dashboard (the link's token authorises it; no key in the page).
 */
export default function ExportsPage() {
  return (
    <>
      <PageHeader
        title="Exports"
        description="Export a loyalty card's points history to a CSV file. The file is made in the background; this page follows it and offers the download when it is ready."
      />
      <Box sx={{ mb: 3, maxWidth: 960 }}>
        <ExportForm />
      </Box>
      <Paper component="section" aria-labelledby="exports-heading">
        <Box sx={{ px: 3, pt: 2.5, pb: 1 }}>
          <Typography id="exports-heading" variant="h2">
            Exports of this project
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Newest first. Download links work for 24 hours after the file is made.
          </Typography>
        </Box>
        <ExportsTable />
      </Paper>
    </>
  );
}
