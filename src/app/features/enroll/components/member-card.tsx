import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { LoyaltyMember } from '../../../../contract/loyalty-member';
import { Detail } from '../../../components/detail';
import { memberPath } from '../../../config/paths';
import { assetUrl } from '../../../lib/asset-url';
import { formatDateTime, formatNumber } from '../../../lib/format';


/** The card just published: its code, holder, points and the images to scan. */
export function MemberCard({ member, holder, programName }: { member: LoyaltyMember; holder: string; programName?: string }) {
  const { loyalty_card: card } = member;
  return (
    <Card component="section" aria-labelledby="published-card-heading">
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
          <Typography variant="overline" sx={{ color: 'text.secondary', lineHeight: 1.5 }}>
            Published member card
          </Typography>
          {member.active === false && <Chip size="small" color="warning" label="Inactive" />}
        </Box>
        <Typography id="published-card-heading" variant="h2" sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: '1.4rem', mb: 2 }}>
          <Link component={RouterLink} to={memberPath(member.code)} underline="hover">
            {member.code}
          </Link>
        </Typography>

        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 0.75, m: 0 }}>
          <Detail label="Holder">{holder}</Detail>
          <Detail label="Program">{programName ?? member.campaign}</Detail>
          <Detail label="Balance">{formatNumber(card.balance)}</Detail>
          <Detail label="Points">{formatNumber(card.points)}</Detail>
          <Detail label="Publish count">{formatNumber(member.publish.count)}</Detail>
          <Detail label="Card created">{formatDateTime(member.created_at)}</Detail>
        </Box>

        <Divider sx={{ my: 2 }} />

        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, alignItems: 'center' }}>
          <Box
            component="img"
            src={assetUrl(member.assets.qr.url, { size: 32 })}
            alt={`QR code for ${member.code}`}
            width={160}
            height={160}
            sx={{ display: 'block', border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#fff' }}
          />
          <Box
            component="img"
            src={assetUrl(member.assets.barcode.url, { size: 20 })}
            alt={`Barcode for ${member.code}`}
            sx={{ display: 'block', maxWidth: '100%', height: 'auto', maxHeight: 110, bgcolor: '#fff' }}
          />
        </Box>
      </CardContent>
    </Card>
  );
}
