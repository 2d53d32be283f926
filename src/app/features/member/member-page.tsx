import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { useCustomerCards } from '../../api/find-members';
import { ErrorAlert } from '../../components/error-alert';
import { PageHeader } from '../../components/page-header';
import { useMember } from './api/get-member';
import { ActivityList } from './components/activity-list';
import { AdjustPointsForm } from './components/adjust-points-form';
import { BalanceHistory } from './components/balance-history';
import { CardPoints } from './components/card-points';
import { CustomerCards } from './components/customer-cards';
import { CustomerPanel } from './components/customer-panel';
import { MemberTier } from './components/member-tier';
import { OrdersTable } from './components/orders-table';
import { PendingPointsList } from './components/pending-points-list';
import { PhoneActionBar } from './components/phone-action-bar';
import { RedeemRewards } from './components/redeem-rewards';
import { TransactionsTable } from './components/transactions-table';
import { TransferPointsForm } from './components/transfer-points-form';
import { MemberRequestsLink } from './components/member-requests-link';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper component="section" aria-labelledby={id} sx={{ p: { xs: 2, md: 3 }, minWidth: 0 }}>
      <Typography id={id} variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/**
 * A member (`/members/:code`): one card and its holder, for the support agent's "where are my
 * points?": figures, expiring points, the balance over time, history, and what support may do about
 * it (adjust points with a reason, redeem a reward, move points from another card, undo a redemption
 * or a change made by hand from the history).
 */
export default function MemberPage() {
  const code = useParams().code ?? '';
  // Keyed: another card's page starts with its own history pages and an empty form.
  return <MemberView key={code} code={code} />;
}

function MemberView({ code }: { code: string }) {
  const member = useMember(code);
  const cards = useCustomerCards(member.data?.holder_id);
  const holder = cards.data?.members[0]?.holder;

  if (member.isPending) return <LinearProgress aria-label="Loading the card" />;
  if (member.isError) return <ErrorAlert error={member.error} title={`Could not load card ${code}`} onRetry={() => void member.refetch()} />;
  const card = member.data;
  const programName = cards.data?.members.find((c) => c.code === card.code)?.campaign_name;
  const title = holder?.name ?? holder?.email ?? card.code;

  return (
    <>
      <PageHeader title={title} description={`Card ${card.code}${programName ? ` in ${programName}` : ''}${card.holder_id ? '' : ' — not given to anyone yet'}`} actions={<MemberRequestsLink card={card} />} />
      <PhoneActionBar />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 1fr)' }, gap: 3, alignItems: 'start' }}>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3, minWidth: 0 }}>
          <Section id="points-heading" title="Points">
            <CardPoints member={card} />
          </Section>
          <MemberTier code={card.code} />
          <Section id="pending-heading" title="Pending points">
            <PendingPointsList code={card.code} />
          </Section>
          <Section id="chart-heading" title="Balance over time">
            <BalanceHistory code={card.code} />
          </Section>
          <Section id="transactions-heading" title="Transactions">
            <TransactionsTable code={card.code} />
          </Section>
          {card.holder_id && (
            <Section id="orders-heading" title="Orders">
              <OrdersTable code={card.code} customerId={card.holder_id} />
            </Section>
          )}
          <Section id="activity-heading" title="Activity">
            <ActivityList code={card.code} />
          </Section>
        </Box>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3, minWidth: 0 }}>
          <Section id="customer-heading" title="Customer">
            {!card.holder_id && <Typography variant="body2">This card has no holder yet.</Typography>}
            {/* Member search no longer finds a deleted holder; their card stays, with its points. */}
            {card.holder_id && cards.data && !holder && <Typography variant="body2">The customer who held this card was deleted.</Typography>}
            {cards.isError && <ErrorAlert error={cards.error} title="Could not load the customer" onRetry={() => void cards.refetch()} />}
            {holder && <CustomerPanel code={card.code} holder={holder} campaignId={card.campaign_id} cardCount={cards.data?.members.length} />}
          </Section>
          {cards.data && cards.data.members.length > 0 && (
            <Section id="cards-heading" title="Cards">
              <CustomerCards cards={cards.data.members} current={card.code} />
            </Section>
          )}
          <Section id="adjust-heading" title="Add or remove points">
            <AdjustPointsForm campaignId={card.campaign_id} code={card.code} balance={card.loyalty_card.balance} />
          </Section>
          <Section id="rewards-heading" title="Redeem a reward">
            <RedeemRewards campaignId={card.campaign_id} code={card.code} balance={card.loyalty_card.balance} />
          </Section>
          {card.holder_id && cards.data && (
            <Section id="transfer-heading" title="Move points to this card">
              <TransferPointsForm campaignId={card.campaign_id} code={card.code} cards={cards.data.members} />
            </Section>
          )}
        </Box>
      </Box>
    </>
  );
}
