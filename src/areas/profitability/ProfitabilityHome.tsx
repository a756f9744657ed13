/**
 * The home page's 'Redditività dei clienti' card (issue 49 item 5), the Admin's only: the customers
 * with the five best and the five worst margins of this year (GET /api/profitability/summary), as
 * horizontal bars (green above zero, red below) for the eye and the same figures as a table for
 * screen readers, a link to 'Redditività'. Loaded apart from the home page (React.lazy in
 * src/pages/MenuPage.tsx), only for the Admin: the first load does not grow with it.
 */
import { Box, Card, CardContent, CardHeader, Link, Skeleton, Typography } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { BarChart } from '@mui/x-charts/BarChart';
import { useQuery } from '@tanstack/react-query';
import { LinkBase, usePermissions } from 'react-admin';
import { atLeast } from '../../../model/define';
import { formatAmount, formatEuro } from '../../../model/types';
import type { ProfitabilitySummary, ProfitabilitySummaryRow } from '../../../model/api/profitability';
import { useAppDataProvider } from '../../dataProvider';
import { ROUTES } from '../../routeTable';

const PATH = ROUTES.profitability ?? '/redditivita';
const GOOD = '#2e7d32';
const BAD = '#c62828';
/** a name on the chart's axis: at most 18 characters */
const short = (s: string) => (s.length > 18 ? `${s.slice(0, 17)}…` : s);
const axisEuro = (v: number) => (Math.abs(v) >= 1000 ? `${formatAmount(v / 1000).replace(/,00$/, '')} k€` : `${v} €`);

/** The bars from the best margin down to the worst (no customer twice). */
export const chartRows = (s: ProfitabilitySummary): ProfitabilitySummaryRow[] => [...s.best, ...[...s.worst].reverse()];

export function ProfitabilityHome() {
  const { permissions } = usePermissions<{ role?: string }>();
  const admin = atLeast(permissions?.role ?? undefined, 'Admin');
  const dp = useAppDataProvider();
  const summary = useQuery({
    queryKey: ['profitability-summary'],
    enabled: admin,
    retry: false,
    queryFn: ({ signal }) => dp.profitabilitySummary({ signal }),
  });
  if (!admin) return null;
  const rows = summary.data ? chartRows(summary.data) : [];
  return (
    <Card component="section" aria-labelledby="profitability-home-title" variant="outlined" sx={{ mb: 3 }}>
      <CardHeader
        title="Redditività dei clienti"
        subheader={summary.data ? `Margine ${summary.data.year}: i migliori e i peggiori` : undefined}
        slotProps={{ title: { variant: 'h6', component: 'h2', id: 'profitability-home-title' } }}
        sx={{ pb: 0 }}
      />
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        {summary.isPending ? (
          <Skeleton variant="rounded" height={200} role="progressbar" aria-label="Caricamento della redditività" />
        ) : summary.isError ? (
          <Typography variant="body2" color="text.secondary">
            Redditività non disponibile
          </Typography>
        ) : rows.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            Nessun addebito o tempo registrato nell&apos;anno.
          </Typography>
        ) : (
          <>
            <Box aria-hidden="true" inert sx={{ width: '100%', minWidth: 0 }}>
              <BarChart
                layout="horizontal"
                height={Math.max(140, 28 * rows.length + 50)}
                hideLegend
                margin={{ left: 4, right: 28 }}
                yAxis={[{ scaleType: 'band', data: rows.map((r) => short(r.business_name)), width: 130 }]}
                xAxis={[
                  {
                    valueFormatter: axisEuro,
                    colorMap: { type: 'piecewise', thresholds: [0], colors: [BAD, GOOD] },
                  },
                ]}
                series={[
                  { data: rows.map((r) => r.margin), label: 'Margine', valueFormatter: (v) => formatEuro(v ?? 0) },
                ]}
              />
            </Box>
            <Box component="table" sx={visuallyHidden}>
              <caption>Margine {summary.data!.year} dei clienti, dal migliore al peggiore</caption>
              <thead>
                <tr>
                  <th scope="col">Cliente</th>
                  <th scope="col">Margine</th>
                  <th scope="col">Compensi addebitati</th>
                  <th scope="col">Costo delle ore</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.customer_id}>
                    <th scope="row">{r.business_name}</th>
                    <td>{formatEuro(r.margin)}</td>
                    <td>{formatEuro(r.charged)}</td>
                    <td>{formatEuro(r.cost)}</td>
                  </tr>
                ))}
              </tbody>
            </Box>
            <Typography variant="body2" color="text.secondary">
              Margine complessivo: {formatEuro(summary.data!.margin)} su {summary.data!.customers}{' '}
              {summary.data!.customers === 1 ? 'cliente' : 'clienti'}
            </Typography>
          </>
        )}
        <Link component={LinkBase} to={PATH} variant="body2" sx={{ display: 'inline-block', mt: 1 }}>
          Apri Redditività
        </Link>
      </CardContent>
    </Card>
  );
}

export default ProfitabilityHome;
