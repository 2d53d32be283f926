import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { LoyaltyTier, LoyaltyTiersExpiration } from '../../../../contract/loyalty-tier';
import { describeRange, describeTier, describeTierMappings, keepsWords, type NamedReward } from '../model/describe-tiers';

interface TierListProps {
  tiers: readonly LoyaltyTier[];
  expiration: LoyaltyTiersExpiration | undefined;
  ruleNames: ReadonlyMap<string, string>;
  rewards: readonly NamedReward[];
}

/** A program's tiers, lowest first, each as a card: its range, what it earns and pays, how long it holds, and the whole sentence. */
export function TierList({ tiers, expiration, ruleNames, rewards }: TierListProps) {
  return (
    <Box component="ol" aria-label="Tiers, lowest first" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(auto-fill, minmax(300px, 1fr))' } }}>
      {tiers.map((tier, index) => {
        const { earning, prices } = describeTierMappings(tier, ruleNames, rewards);
        return (
          <Box component="li" key={tier.id} aria-label={describeTier(tier, expiration, ruleNames, rewards)} sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2, minWidth: 0 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
              <Typography variant="h6" component="h3">
                {tier.name}
              </Typography>
              <Chip size="small" label={`Level ${index + 1}`} />
            </Box>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {describeRange(tier, expiration)}
            </Typography>
            <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5, typography: 'body2' }}>
              {earning.length === 0 ? <li>Earns what the rules give</li> : earning.map((text) => <li key={text}>{text}</li>)}
              {prices.length === 0 ? <li>Pays the program’s reward prices</li> : prices.map((text) => <li key={text}>{text}</li>)}
              <li>{keepsWords(expiration).replace(/^keeps/, 'Keeps')}</li>
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
