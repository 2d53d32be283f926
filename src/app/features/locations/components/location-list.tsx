import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import type { Location } from '../../../../contract/location';
import { formatDateTime } from '../../../lib/format';
import { describeShape } from '../model/describe-location';

interface LocationListProps {
  locations: readonly Location[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  height: number | string;
}

const rowHeight = 76;
const optionId = (id: string) => `location-option-${id}`;

/**
 * The side list: a listbox (arrow keys move the selection) whose rows are virtualized, so ten
 * thousand locations cost only the rows on screen. The selected row is always scrolled into view,
 * also when the selection comes from a click on the map.
 */
export function LocationList({ locations, selectedId, onSelect, height }: LocationListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read during render by design
  const virtualizer = useVirtualizer({
    count: locations.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 8,
    getItemKey: (index) => locations[index].id,
  });
  const selectedIndex = selectedId ? locations.findIndex((l) => l.id === selectedId) : -1;

  useEffect(() => {
    if (selectedIndex >= 0) virtualizer.scrollToIndex(selectedIndex, { align: 'auto' });
  }, [selectedIndex, virtualizer]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const last = locations.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: Math.min(selectedIndex + 1, last),
      ArrowUp: Math.max(selectedIndex - 1, 0),
      Home: 0,
      End: last,
    };
    const next = moves[event.key];
    if (next === undefined || last < 0) return;
    event.preventDefault();
    onSelect(locations[next].id);
  }

  return (
    <Box
      ref={scrollRef}
      role="listbox"
      aria-label="Locations"
      tabIndex={0}
      aria-activedescendant={selectedIndex >= 0 ? optionId(locations[selectedIndex].id) : undefined}
      onKeyDown={onKeyDown}
      sx={{
        height,
        overflowY: 'auto',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        bgcolor: 'background.paper',
        '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      <Box role="presentation" sx={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => {
          const location = locations[item.index];
          const selected = location.id === selectedId;
          return (
            <Box
              key={item.key}
              id={optionId(location.id)}
              role="option"
              aria-selected={selected}
              aria-setsize={locations.length}
              aria-posinset={item.index + 1}
              onClick={() => {
                scrollRef.current?.focus({ preventScroll: true });
                onSelect(location.id);
              }}
              sx={{
                position: 'absolute',
                top: 0,
                left: 0,
                right: 0,
                height: rowHeight,
                transform: `translateY(${item.start}px)`,
                px: 2,
                py: 1,
                cursor: 'pointer',
                borderBottom: 1,
                borderColor: 'divider',
                borderLeft: 4,
                borderLeftColor: selected ? '#ea580c' : 'transparent',
                bgcolor: selected ? 'rgba(249, 115, 22, 0.10)' : undefined,
                '&:hover': { bgcolor: selected ? 'rgba(249, 115, 22, 0.14)' : 'action.hover' },
                overflow: 'hidden',
              }}
            >
              <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
                {location.name}
              </Typography>
              <Typography variant="caption" component="p" noWrap sx={{ color: location.shape.type === 'circle' ? 'primary.main' : 'secondary.main' }}>
                {describeShape(location)}
              </Typography>
              <Typography variant="caption" component="p" noWrap sx={{ color: 'text.secondary' }}>
                Created {formatDateTime(location.created_at)} · {location.updated_at ? `updated ${formatDateTime(location.updated_at)}` : 'never updated'}
              </Typography>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
