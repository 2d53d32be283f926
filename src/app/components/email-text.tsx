import Box from '@mui/material/Box';
import { Fragment } from 'react';

/**
 * An email address that wraps where a reader expects, after the `@` and before each dot of the
 * domain ("maximilian.vandenberg-…@" / "example.com"), not mid-word; a part longer than the line still
 * breaks (the container's overflow-wrap) rather than scroll the page sideways.
 */
export function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at < 0) return email;
  const local = email.slice(0, at + 1);
  const domain = email.slice(at + 1).split('.');
  return (
    <Box component="span" sx={{ overflowWrap: 'break-word', wordBreak: 'normal' }}>
      {local}
      <wbr />
      {domain.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && (
            <>
              <wbr />.
            </>
          )}
          {part}
        </Fragment>
      ))}
    </Box>
  );
}
