import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { OrderObject, OrderStatus } from '../../../../contract/order';
import { PagedTable } from '../../../components/paged-table';
import { formatCents, formatDateTime } from '../../../lib/format';
import { useCustomerOrders } from '../api/get-customer-orders';

const pageSize = 5;
const statusWords: Record<OrderStatus, string> = { CREATED: 'Not paid yet', PAID: 'Paid', CANCELED: 'Cancelled', FULFILLED: 'Fulfilled' };
const wide = { display: { xs: 'none', sm: 'table-cell' } } as const;

/** "2 × Coffee of the day, 1 × Coffee Club mug"; an order of just an amount says so. */
function itemsOf(order: OrderObject): string {
  if (order.items.length === 0) return 'An amount, no items';
  return order.items.map((item) => `${item.quantity} × ${item.product?.name ?? item.product?.source_id ?? item.source_id ?? 'a product'}`).join(', ');
}

/** The card holder's orders, newest first, five to a page. */
export function OrdersTable({ code, customerId }: { code: string; customerId: string }) {
  const [page, setPage] = useState(0);
  const orders = useCustomerOrders(code, customerId, page + 1, pageSize);
  const rows = orders.data?.orders ?? [];
  return (
    <PagedTable
      label="Orders"
      what="orders"
      query={orders}
      columns={4}
      rowCount={rows.length}
      emptyText="No orders yet."
      page={page}
      pageSize={pageSize}
      total={orders.data?.total ?? 0}
      onPageChange={setPage}
      head={
        <TableRow>
          <TableCell>When</TableCell>
          <TableCell>Status</TableCell>
          <TableCell sx={wide}>Bought</TableCell>
          <TableCell align="right">Amount</TableCell>
        </TableRow>
      }
    >
      {rows.map((order) => (
        <TableRow key={order.id}>
          <TableCell>{formatDateTime(order.created_at)}</TableCell>
          <TableCell>
            {statusWords[order.status]}
            {/* On a phone what was bought goes under the status instead of a column of its own. */}
            <Typography variant="caption" component="div" sx={{ display: { sm: 'none' }, color: 'text.secondary' }}>
              {itemsOf(order)}
            </Typography>
          </TableCell>
          <TableCell sx={{ ...wide, minWidth: 160 }}>{itemsOf(order)}</TableCell>
          <TableCell align="right">{formatCents(order.total_amount)}</TableCell>
        </TableRow>
      ))}
    </PagedTable>
  );
}
