import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { MemberSearchResult } from '../../../../contract/member-search';
import { memberPath } from '../../../config/paths';
import { formatNumber } from '../../../lib/format';

/** Every card the customer holds, across programs; the one on screen is marked, the others link to their page. */
export function CustomerCards({ cards, current }: { cards: MemberSearchResult[]; current: string }) {
  return (
    <Box component="ul" aria-label="Cards the customer holds" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: 1 }}>
      {cards.map((card) => (
        <Box component="li" key={card.id} sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', typography: 'body2' }}>
          <span>
            {card.code === current ? (
              <Box component="strong" aria-current="page">
                {card.code}
              </Box>
            ) : (
              <Link component={RouterLink} to={memberPath(card.code)}>
                {card.code}
              </Link>
            )}{' '}
            <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
              {card.campaign_name}
            </Typography>
          </span>
          <span>{formatNumber(card.balance)} points</span>
        </Box>
      ))}
    </Box>
  );
}
