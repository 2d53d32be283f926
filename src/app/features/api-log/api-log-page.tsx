import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { useCustomerName } from './api/get-customer-name';
import { LogFiltersForm } from './components/log-filters-form';
import { RequestLogTable } from './components/request-log-table';
import { filtersFromSearch, searchOfFilters, type LogFilters } from './model/log-filters';
import { useMemo } from 'react';

/** Whom the log is narrowed to, by name when the customer is known. */
function AboutCustomer({ customer }: { customer: string }) {
  const name = useCustomerName(customer.startsWith('cust_') ? customer : '');
  return <Chip label={`About ${name.data ?? customer}`} color="primary" variant="outlined" />;
}

/**
 * API log (`/api-log`): the last requests the project's systems sent to the loyalty API and what
 * they got back, for support ("what did the shop send when this member's points went missing?")
 * and integrators. Filters live in the address, so the member page can link to its own requests.
 */
export default function ApiLogPage() {
  const [search, setSearch] = useSearchParams();
  const filters = useMemo(() => filtersFromSearch(search), [search]);
  const apply = (next: LogFilters) => setSearch(searchOfFilters(next));
  return (
    <>
      <PageHeader
        title="API log"
        description="The last requests your shop, app or checkout sent to the loyalty service, and what each got back. Open one to see exactly what was sent; passwords and keys are never kept."
        actions={filters.customer ? <AboutCustomer customer={filters.customer} /> : undefined}
      />
      <Paper component="section" aria-labelledby="log-filters-heading" sx={{ p: { xs: 2, md: 3 }, mb: 3 }}>
        <Typography id="log-filters-heading" variant="h6" component="h2" sx={{ mb: 2 }}>
          Filters
        </Typography>
        <LogFiltersForm filters={filters} onChange={apply} />
      </Paper>
      <Paper component="section" aria-labelledby="log-heading">
        <Box sx={{ px: 3, pt: 2.5, pb: 1 }}>
          <Typography id="log-heading" variant="h6" component="h2">
            Requests
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Newest first. The log keeps the last 1,000 requests by default.
          </Typography>
        </Box>
        <RequestLogTable filters={filters} />
      </Paper>
    </>
  );
}
