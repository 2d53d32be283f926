import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { AddIcon, DeleteIcon } from '../../../components/icons';
import { emptyGroup, emptyRow, type ConditionGroup } from '../model/filter-builder';
import { ConditionRow } from './condition-row';

interface ConditionGroupEditorProps {
  group: ConditionGroup;
  /** "" for the top level, "1." for the first nested group, …: prefixes the condition labels. */
  path: string;
  depth: number;
  onChange: (group: ConditionGroup) => void;
  onRemove?: () => void;
}

/** How deep groups nest in the builder (the API allows more; two levels say "(a and b) or c"). */
const maxDepth = 2;

/** A group of conditions joined by and/or, with nested groups. */
export function ConditionGroupEditor({ group, path, depth, onChange, onRemove }: ConditionGroupEditorProps) {
  const name = path ? `Group ${path.slice(0, -1)}` : 'Conditions';
  return (
    <Box role="group" aria-label={name} sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, ...(depth > 0 && { pl: 2, py: 1.5, borderLeft: 3, borderColor: 'primary.light', bgcolor: 'action.hover', borderRadius: 1 }) }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <TextField
          select
          size="small"
          label={`Match (${name.toLowerCase()})`}
          value={group.junction}
          onChange={(e) => onChange({ ...group, junction: e.target.value as 'and' | 'or' })}
          sx={{ minWidth: 260 }}
        >
          <MenuItem value="and">All of these (and)</MenuItem>
          <MenuItem value="or">Any of these (or)</MenuItem>
        </TextField>
        {onRemove && (
          <Button size="small" color="inherit" startIcon={<DeleteIcon fontSize="small" />} onClick={onRemove}>
            Remove {name.toLowerCase()}
          </Button>
        )}
      </Box>
      {group.rows.map((row, index) => (
        <ConditionRow
          key={row.id}
          row={row}
          label={`Condition ${path}${index + 1}`}
          onChange={(next) => onChange({ ...group, rows: group.rows.map((r) => (r.id === row.id ? next : r)) })}
          onRemove={() => onChange({ ...group, rows: group.rows.filter((r) => r.id !== row.id) })}
        />
      ))}
      {group.groups.map((child, index) => (
        <ConditionGroupEditor
          key={child.id}
          group={child}
          path={`${path}${group.rows.length + index + 1}.`}
          depth={depth + 1}
          onChange={(next) => onChange({ ...group, groups: group.groups.map((g) => (g.id === child.id ? next : g)) })}
          onRemove={() => onChange({ ...group, groups: group.groups.filter((g) => g.id !== child.id) })}
        />
      ))}
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button size="small" startIcon={<AddIcon />} onClick={() => onChange({ ...group, rows: [...group.rows, emptyRow()] })}>
          Add condition{path ? ` to ${name.toLowerCase()}` : ''}
        </Button>
        {depth < maxDepth && (
          <Button size="small" startIcon={<AddIcon />} onClick={() => onChange({ ...group, groups: [...group.groups, emptyGroup(group.junction === 'and' ? 'or' : 'and')] })}>
            Add group{path ? ` to ${name.toLowerCase()}` : ''}
          </Button>
        )}
      </Box>
    </Box>
  );
}
