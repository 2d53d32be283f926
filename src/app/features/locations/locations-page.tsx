import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useMemo, useState } from 'react';
import { ErrorAlert } from '../../components/error-alert';
import { PageHeader } from '../../components/page-header';
import { env } from '../../config/env';
import { formatNumber } from '../../lib/format';
import { locationsPageSize, useAllLocations } from './api/get-locations';
import { LocationList } from './components/location-list';
import { LocationMap } from './components/location-map';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useThrottledValue } from './hooks/use-throttled-value';
import { locationSorts, sortLocations, type LocationSort } from './model/sort-locations';

const panelHeight = 'max(420px, calc(100vh - 380px))';
const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

function LoadProgress({ loaded, total }: { loaded: number; total: number | null }) {
  const percent = total ? Math.min(100, (loaded / total) * 100) : 0;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
      <LinearProgress variant={total === null ? 'indeterminate' : 'determinate'} value={percent} aria-label="Loading locations" sx={{ flex: 1 }} />
      <Typography variant="caption" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
        {total === null ? 'Loading locations…' : `Loaded ${formatNumber(loaded)} of ${formatNumber(total)} locations`}
      </Typography>
    </Box>
  );
}

/**
 * Locations (`/locations`): every location of the project on a map (circles and polygons), with a
 * side list. The name search and the end-date filter run on the server; all pages are fetched, 100
 * at a time, so the list can be sorted here and the map shows everything that matches.
 */
export default function LocationsPage() {
  const [search, setSearch] = useState('');
  const [endDate, setEndDate] = useState('');
  const [sort, setSort] = useState<LocationSort>('newest');
  const [selection, setSelection] = useState<{ id: string; zoom: boolean } | null>(null);
  const name = useDebouncedValue(search.trim(), 300);
  const filter = { name, endDate: isDate(endDate) ? endDate : undefined };
  const all = useAllLocations(filter);
  // Pages arrive every few milliseconds; redrawing the canvas and re-sorting the list for each would
  // cost more than fetching them. The first page and the last are passed on at once.
  const shown = useThrottledValue(all.locations, 500, all.complete || all.locations.length <= locationsPageSize);
  const sorted = useMemo(() => sortLocations(shown, sort), [shown, sort]);

  const selectFromList = useCallback((id: string) => setSelection({ id, zoom: true }), []);
  const selectFromMap = useCallback((id: string) => setSelection({ id, zoom: false }), []);

  return (
    <>
      <PageHeader
        title="Locations"
        description={`The areas geofenced earning rules use: circles and polygons. Search and the end-date filter ask the server; every page is loaded (${locationsPageSize} per request).`}
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2 }}>
        <TextField label="Search by name" type="search" value={search} onChange={(e) => setSearch(e.target.value)} sx={{ flex: '2 1 240px' }} />
        <TextField
          label="Still active on"
          type="date"
          value={endDate}
          onChange={(e) => setEndDate(e.target.value)}
          helperText="Hides locations that ended before this date"
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ flex: '1 1 180px' }}
        />
        <TextField select label="Sort by" value={sort} onChange={(e) => setSort(e.target.value as LocationSort)} sx={{ flex: '1 1 180px' }}>
          {Object.entries(locationSorts).map(([value, { label }]) => (
            <MenuItem key={value} value={value}>
              {label}
            </MenuItem>
          ))}
        </TextField>
      </Box>

      <Box sx={{ minHeight: 28, mb: 1 }}>
        {all.error ? (
          <ErrorAlert error={all.error} title="Could not load the locations" onRetry={all.retry} />
        ) : all.loading ? (
          <LoadProgress loaded={all.locations.length} total={all.total} />
        ) : all.stalled ? (
          <Alert severity="warning">
            Showing {formatNumber(all.locations.length)} of {formatNumber(all.total)} locations: more than {locationsPageSize} of the rest were created at the same instant, and the API
            pages only by creation time. Narrow the search to see them.
          </Alert>
        ) : (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {all.locations.length === 0
              ? name || endDate
                ? 'No locations match the search and filter.'
                : 'This project has no locations yet.'
              : `${formatNumber(all.locations.length)} location${all.locations.length === 1 ? '' : 's'}${name ? ` matching “${name}”` : ''}`}
          </Typography>
        )}
      </Box>

      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
        <Box sx={{ flex: '3 1 480px', minWidth: 0 }}>
          <LocationMap
            locations={shown}
            selection={selection}
            onSelect={selectFromMap}
            fitKey={`${name}|${filter.endDate ?? ''}|${all.complete}`}
            tileUrl={env.VITE_TILE_URL}
            tileAttribution={env.VITE_TILE_ATTRIBUTION}
            height={panelHeight}
          />
        </Box>
        <Box sx={{ flex: '1 1 300px', minWidth: 0, maxWidth: { lg: 400 } }}>
          <LocationList locations={sorted} selectedId={selection?.id ?? null} onSelect={selectFromList} height={panelHeight} />
        </Box>
      </Box>
    </>
  );
}
