import SvgIcon, { type SvgIconProps } from '@mui/material/SvgIcon';

/** Material Design arrow_upward / arrow_downward (Apache 2.0 paths). */
export function ArrowUpIcon(props: SvgIconProps) {
  return (
    <SvgIcon {...props}>
      <path d="m4 12 1.41 1.41L11 7.83V20h2V7.83l5.58 5.59L20 12l-8-8z" />
    </SvgIcon>
  );
}

export function ArrowDownIcon(props: SvgIconProps) {
  return (
    <SvgIcon {...props}>
      <path d="m20 12-1.41-1.41L13 16.17V4h-2v12.17l-5.58-5.59L4 12l8 8z" />
    </SvgIcon>
  );
}
