import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { useId, useState } from 'react';
import { HelpIcon, OpenInNewIcon } from './icons';

/**
 * Help for integrators: the API reference of the service this dashboard runs on, and its OpenAPI
 * document. The proxy says where they are (the service's public address); against the cloud API it
 * says nothing, and the menu is not shown.
 */
export function HelpMenu({ apiReferenceUrl }: { apiReferenceUrl: string | null }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  if (!apiReferenceUrl) return null;
  const documentUrl = new URL('/openapi.json', apiReferenceUrl).toString();
  const close = () => setAnchor(null);
  return (
    <>
      <Tooltip title="Help">
        <IconButton color="inherit" aria-label="Help" aria-haspopup="menu" aria-controls={anchor ? menuId : undefined} aria-expanded={anchor ? 'true' : undefined} onClick={(e) => setAnchor(e.currentTarget)}>
          <HelpIcon />
        </IconButton>
      </Tooltip>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={close} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} transformOrigin={{ vertical: 'top', horizontal: 'right' }}>
        <MenuItem component="a" href={apiReferenceUrl} target="_blank" rel="noopener" onClick={close}>
          <ListItemText primary="API reference" secondary="Every operation this service answers" />
          <ListItemIcon sx={{ ml: 2, minWidth: 0 }}>
            <OpenInNewIcon fontSize="small" aria-hidden />
          </ListItemIcon>
        </MenuItem>
        <MenuItem component="a" href={documentUrl} target="_blank" rel="noopener" onClick={close}>
          <ListItemText primary="OpenAPI document" secondary="For code generators and contract tests" />
          <ListItemIcon sx={{ ml: 2, minWidth: 0 }}>
            <OpenInNewIcon fontSize="small" aria-hidden />
          </ListItemIcon>
        </MenuItem>
      </Menu>
    </>
  );
}
