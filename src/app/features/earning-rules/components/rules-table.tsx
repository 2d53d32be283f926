import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { Link as RouterLink } from 'react-router';
import type { EarningRule } from '../../../../contract/earning-rule';
import { paths } from '../../../config/paths';
import { describeLimits, describeTrigger, effectSummary, type ProductNames, type SchemaNames, type SegmentNames } from '../model/describe-rule';
import { CardList, CardListItem, useCardLayout } from '../../../components/card-list';
import { StatusChip } from './status-chip';

export const ruleDetailPath = (id: string) => `${paths.earningRules}/${encodeURIComponent(id)}`;
export const ruleEditPath = (id: string) => `${ruleDetailPath(id)}/edit`;
export const newRulePath = `${paths.earningRules}/new`;

function RuleLink({ rule }: { rule: EarningRule }) {
  return (
    <Link component={RouterLink} to={ruleDetailPath(rule.id)} underline="hover" sx={{ fontWeight: 600 }}>
      {rule.name}
    </Link>
  );
}

/** The project's rules: name (to the detail page), status, trigger, what they give and how often; cards on a phone. */
export function RulesTable({ rules, schemas, segments, products }: { rules: EarningRule[]; schemas: SchemaNames; segments?: SegmentNames; products?: ProductNames }) {
  const cards = useCardLayout();
  if (cards) {
    return (
      <CardList label="Earning rules">
        {rules.map((rule) => {
          const limits = describeLimits(rule.trigger_limits);
          return (
            <CardListItem
              key={rule.id}
              title={
                <>
                  <RuleLink rule={rule} />
                  <StatusChip status={rule.status} />
                </>
              }
              fields={[
                { label: 'Trigger', value: describeTrigger(rule.trigger, schemas, segments) },
                { label: 'Earns', value: effectSummary(rule, products) },
                { label: 'Limits', value: limits.length ? limits.join(', ') : 'none' },
              ]}
            />
          );
        })}
      </CardList>
    );
  }
  return (
    <TableContainer>
      <Table aria-label="Earning rules">
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Trigger</TableCell>
            <TableCell>Earns</TableCell>
            <TableCell>Limits</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rules.map((rule) => {
            const limits = describeLimits(rule.trigger_limits);
            return (
              <TableRow key={rule.id} hover>
                <TableCell>
                  <RuleLink rule={rule} />
                </TableCell>
                <TableCell>
                  <StatusChip status={rule.status} />
                </TableCell>
                <TableCell>{describeTrigger(rule.trigger, schemas, segments)}</TableCell>
                <TableCell>{effectSummary(rule, products)}</TableCell>
                <TableCell sx={{ color: limits.length ? undefined : 'text.secondary' }}>{limits.length ? limits.join(', ') : 'none'}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
