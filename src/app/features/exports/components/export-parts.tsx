import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { ExportObject } from '../../../../contract/export';
import { DownloadIcon } from '../../../components/icons';
import { memberPath } from '../../../config/paths';
import { exportedCardCode, exportedContentsLabel, proxiedDownloadUrl, statusCopy } from '../model/export-display';

const monospace = 'ui-monospace, SFMono-Regular, Menlo, monospace';

/** What the export holds: a card's transactions link to the member, else the kind of export. */
export function ExportContents({ item }: { item: ExportObject }) {
  const card = exportedCardCode(item);
  if (!card) return exportedContentsLabel(item);
  return (
    <Link component={RouterLink} to={memberPath(card)} sx={{ fontFamily: monospace, fontSize: 13 }}>
      {card}
    </Link>
  );
}

/** The status chip, and the reason when the file could not be made. */
export function ExportStatus({ item }: { item: ExportObject }) {
  const copy = statusCopy[item.status];
  return (
    <>
      <Chip size="small" label={copy.label} color={copy.color} variant={item.status === 'SCHEDULED' ? 'outlined' : 'filled'} />
      {item.status === 'ERROR' && (
        <Typography variant="caption" component="p" sx={{ color: 'error.main', mt: 0.5, maxWidth: 320 }}>
          {item.error?.message ?? 'The file could not be generated.'}
        </Typography>
      )}
    </>
  );
}

/** The download of a finished export, or why there is none yet. */
export function ExportFile({ item }: { item: ExportObject }) {
  if (item.status === 'DONE' && item.result) {
    return (
      <Button size="small" variant="outlined" startIcon={<DownloadIcon />} href={proxiedDownloadUrl(item.result.url)} download={`${item.id}.csv`} aria-label={`Download ${item.id}.csv`}>
        CSV
      </Button>
    );
  }
  return (
    <Typography variant="body2" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
      {item.status === 'ERROR' ? 'No file' : 'Not ready'}
    </Typography>
  );
}
