import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { EarningRule } from '../../../../contract/earning-rule';
import { describeEffect, describeExpiration, describeRules, expirationOf, type ProductNames } from '../model/describe-rule';

/** Each earning of the rule: when it applies, what it gives, and when those points expire. */
export function RuleEarnings({ rule, products }: { rule: EarningRule; products?: ProductNames }) {
  return (
    <Box component="ol" sx={{ m: 0, pl: 2.5, display: 'flex', flexDirection: 'column', gap: 2 }}>
      {rule.earnings.map((earning) => (
        <li key={earning.id}>
          <Typography variant="subtitle2" component="h3">
            {earning.name ?? 'Earning'}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            When: {earning.rules ? describeRules(earning.rules) : 'every time the trigger happens'}
          </Typography>
          <Box component="ul" aria-label={`Effects of ${earning.name ?? 'the earning'}`} sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
            {earning.effects.map((effect, i) => (
              <li key={i}>
                <Typography variant="body2">
                  <strong>{describeEffect(effect, products)}</strong> — {describeExpiration(expirationOf(effect))}
                </Typography>
              </li>
            ))}
          </Box>
        </li>
      ))}
    </Box>
  );
}
