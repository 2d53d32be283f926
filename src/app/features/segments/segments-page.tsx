import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Segment } from '../../../contract/segment';
import { PageHeader } from '../../components/page-header';
import { useCan } from '../../lib/session/use-session';
import { FilterSegmentForm } from './components/filter-segment-form';
import { SegmentPanel } from './components/segment-panel';
import { SegmentsList } from './components/segments-list';
import { StaticSegmentForm } from './components/static-segment-form';

type Builder = 'static' | 'filter';
/** The segment shown beside the builder, kept in the URL so a reload shows it again. */
const segmentParam = 'segment';

/**
 * Segments (`/segments`): build a static segment from up to 20,000 pasted or uploaded customer ids,
 * or an auto-update / passive one from conditions with a live count; then see it and its size.
 */
export default function SegmentsPage() {
  const [builder, setBuilder] = useState<Builder>('static');
  const [params, setParams] = useSearchParams();
  const [created, setCreated] = useState<Segment | null>(null);
  const shown = params.get(segmentParam) ?? undefined;
  const canCreate = useCan('createSegments');

  function onCreated(segment: Segment) {
    setCreated(segment);
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      next.set(segmentParam, segment.id);
      return next;
    });
  }

  return (
    <>
      <PageHeader
        title="Segments"
        description="Group customers: a static list of customer ids or your own source ids, or a filter that keeps members current as customers change (auto-update segments record entered/left events, passive ones do not)."
      />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(340px, 2fr)' }, gap: 3, alignItems: 'start' }}>
        {canCreate ? (
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
            <Tabs value={builder} onChange={(_e, next: Builder) => setBuilder(next)} aria-label="Segment builder">
              <Tab value="static" label="Static list of ids" id="builder-tab-static" aria-controls="builder-panel-static" />
              <Tab value="filter" label="By filter" id="builder-tab-filter" aria-controls="builder-panel-filter" />
            </Tabs>
            <Box role="tabpanel" id={`builder-panel-${builder}`} aria-labelledby={`builder-tab-${builder}`}>
              {builder === 'static' ? <StaticSegmentForm onCreated={onCreated} /> : <FilterSegmentForm onCreated={onCreated} />}
            </Box>
          </Box>
        ) : (
          <Paper sx={{ p: 3 }}>
            <Typography variant="body2">Your role can look segments up but not create them; a marketing user creates segments.</Typography>
          </Paper>
        )}
        <Box sx={{ position: { lg: 'sticky' }, top: { lg: 88 }, display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Box role="status" aria-live="polite">
            {created && created.id === shown && (
              <Alert severity="success" role="presentation">
                Created {created.type} segment “{created.name}”.
              </Alert>
            )}
          </Box>
          {shown ? (
            <SegmentPanel key={shown} segmentId={shown} />
          ) : (
            <Paper sx={{ p: 3, borderStyle: 'dashed', color: 'text.secondary' }}>
              <Typography variant="body2">The created segment, with its size and newest members, appears here.</Typography>
            </Paper>
          )}
        </Box>
      </Box>
      <SegmentsList />
    </>
  );
}
