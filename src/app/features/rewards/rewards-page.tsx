import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import type { Reward } from '../../../contract/reward';
import type { RewardAssignment } from '../../../contract/reward-assignment';
import { useLoyaltyPrograms } from '../../api/get-loyalty-programs';
import { productLabel, useProducts } from '../../api/get-products';
import { CardList, CardListItem } from '../../components/card-list';
import { AddIcon } from '../../components/icons';
import { PageHeader } from '../../components/page-header';
import { PagedTable } from '../../components/paged-table';
import { useRewardsPage } from './api/get-rewards';
import { AssignDialog } from './components/assign-dialog';
import { OfferedIn } from './components/offered-in';
import { RewardDialog } from './components/reward-dialog';
import { describeReward, kindLabels } from './model/reward-form';

const pageSize = 10;

type Open = { dialog: 'reward'; reward: Reward | null } | { dialog: 'assign'; reward: Reward; editing?: RewardAssignment } | null;

/** Rewards (`/rewards`, marketing): the catalog, a new or changed reward, and which programs offer each at what price. */
export default function RewardsPage() {
  const [page, setPage] = useState(0);
  const rewards = useRewardsPage(page, pageSize);
  const programs = useLoyaltyPrograms();
  const products = useProducts();
  const [open, setOpen] = useState<Open>(null);
  const [message, setMessage] = useState<string | null>(null);
  const names = useMemo(() => {
    const programNames = new Map((programs.data?.campaigns ?? []).map((p) => [p.id, p.name]));
    const productNames = new Map((products.data?.products ?? []).map((p) => [p.id, productLabel(p)]));
    return { program: (id: string) => programNames.get(id), product: (id: string) => productNames.get(id) };
  }, [programs.data, products.data]);
  const programName = (id: string) => names.program(id) ?? 'A deleted program';
  const list = rewards.data?.data ?? [];
  const done = (text: string) => {
    setOpen(null);
    setMessage(text);
  };
  const actions = (reward: Reward) => (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      <Button size="small" variant="outlined" onClick={() => setOpen({ dialog: 'reward', reward })} aria-label={`Edit ${reward.name}`}>
        Edit
      </Button>
      <Button size="small" onClick={() => setOpen({ dialog: 'assign', reward })} aria-label={`Offer in a program: ${reward.name}`}>
        Offer in a program
      </Button>
    </Box>
  );
  const offeredIn = (reward: Reward) => <OfferedIn reward={reward} programName={programName} onChangePrice={(editing) => setOpen({ dialog: 'assign', reward, editing })} />;

  return (
    <>
      <PageHeader
        title="Rewards"
        description="What members can get for their points: a product from stock, money off an order, or points in another program. A program offers a reward at a price in points."
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setOpen({ dialog: 'reward', reward: null })}>
            New reward
          </Button>
        }
      />
      {message && (
        <Alert severity="success" onClose={() => setMessage(null)} sx={{ mb: 2 }}>
          {message}
        </Alert>
      )}
      <Paper sx={{ minWidth: 0 }}>
        <PagedTable
          label="Rewards"
          what="rewards"
          query={rewards}
          columns={4}
          rowCount={list.length}
          emptyText="No rewards yet: create the first one."
          page={page}
          pageSize={pageSize}
          total={rewards.data?.total ?? 0}
          onPageChange={setPage}
          head={
            <TableRow>
              <TableCell>Reward</TableCell>
              <TableCell>What the member gets</TableCell>
              <TableCell>Offered in</TableCell>
              <TableCell>
                <Box component="span" sx={visuallyHidden}>
                  Actions
                </Box>
              </TableCell>
            </TableRow>
          }
          cardList={
            <CardList label="Rewards">
              {list.map((reward) => (
                <CardListItem
                  key={reward.id}
                  title={<Typography sx={{ fontWeight: 600 }}>{reward.name}</Typography>}
                  fields={[
                    { label: 'Kind', value: kindLabels[reward.type] },
                    { label: 'Gets', value: describeReward(reward, names) },
                    { label: 'Offered in', value: offeredIn(reward) },
                  ]}
                  actions={actions(reward)}
                />
              ))}
            </CardList>
          }
        >
          {list.map((reward) => (
            <TableRow key={reward.id}>
              <TableCell>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {reward.name}
                </Typography>
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {kindLabels[reward.type]}
                </Typography>
              </TableCell>
              <TableCell>{describeReward(reward, names)}</TableCell>
              <TableCell>{offeredIn(reward)}</TableCell>
              <TableCell>{actions(reward)}</TableCell>
            </TableRow>
          ))}
        </PagedTable>
      </Paper>
      {open?.dialog === 'reward' && (
        <RewardDialog key={open.reward?.id ?? 'new'} reward={open.reward} onClose={() => setOpen(null)} onSaved={(reward, created) => done(created ? `${reward.name} was created. Offer it in a program to let members redeem it.` : `${reward.name} was saved.`)} />
      )}
      {open?.dialog === 'assign' && (
        <AssignDialog
          key={`${open.reward.id}-${open.editing?.id ?? 'new'}`}
          reward={open.reward}
          editing={open.editing}
          onClose={() => setOpen(null)}
          onSaved={(program) => done(open.editing ? `The price of ${open.reward.name} in ${program} was changed.` : `${program} now offers ${open.reward.name}.`)}
        />
      )}
    </>
  );
}

const visuallyHidden = { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;
