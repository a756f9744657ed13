/**
 * The studio's receivables on the home page: what customers owe in all, how many are late and
 * by how much, the ten largest debtors (each a link to its statement) and charges against
 * payments by month over the last twelve months (a bar chart, with the same figures as a table
 * for screen readers), and what is open by days past due ('Scadenzario', issue 30: a bar per
 * bucket, the same figures as a table for screen readers, and a link to the full screen).
 */
import type { ReactNode } from 'react';
import {
  Alert,
  Box,
  Card,
  CardContent,
  CardHeader,
  Link,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Skeleton,
  Typography,
} from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { BarChart } from '@mui/x-charts/BarChart';
import { useQuery } from '@tanstack/react-query';
import { LinkBase, usePermissions } from 'react-admin';
import { atLeast } from '../../../model/define';
import { formatAmount, formatEuro } from '../../../model/types';
import { AGING_LABELS, type AgingBucket } from '../../../model/reminders';
import { dataProvider, type Receivables } from '../../dataProvider';
import { ROUTES } from '../../routeTable';

const euro = formatEuro;
const CHARGES_COLOR = '#1565c0';
const PAYMENTS_COLOR = '#2e7d32';
const MONTHS = ['gen', 'feb', 'mar', 'apr', 'mag', 'giu', 'lug', 'ago', 'set', 'ott', 'nov', 'dic'];
const monthLabel = (ym: string) => `${MONTHS[Number(ym.slice(5, 7)) - 1]} ${ym.slice(2, 4)}`;
/** The aging's buckets and their bars' colours, from not yet due (green) to over 90 days late (dark red). */
const AGING: Array<{ bucket: AgingBucket; label: string; color: string }> = (
  [
    ['not_due', '#2e7d32'],
    ['d1_30', '#f9a825'],
    ['d31_60', '#ef6c00'],
    ['d61_90', '#d84315'],
    ['over_90', '#b71c1c'],
  ] as const
).map(([bucket, color]) => ({ bucket, label: AGING_LABELS[bucket], color }));
const axisEuro = (v: number) => (Math.abs(v) >= 1000 ? `${formatAmount(v / 1000).replace(/,00$/, '')} k€` : `${v} €`);

function Figure({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <Card variant="outlined" sx={{ flex: '1 1 200px' }}>
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h5" component="p" sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}>
          {value}
        </Typography>
        {detail && (
          <Typography variant="caption" color="text.secondary">
            {detail}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

/** A panel of the dashboard: a section named `label`, with its heading (h3) and content. */
function PanelCard({ label, title, children }: { label: string; title: string; children: ReactNode }) {
  return (
    <Card component="section" aria-label={label}>
      <CardHeader title={title} slotProps={{ title: { variant: 'subtitle1', component: 'h3' } }} sx={{ pb: 0 }} />
      <CardContent sx={{ pt: 0 }}>{children}</CardContent>
    </Card>
  );
}

export function ReceivablesOverview() {
  const { permissions } = usePermissions<{ role?: string }>();
  const allowed = atLeast(permissions?.role ?? undefined, 'Collaboratore');
  const { data, isPending, isError } = useQuery({
    queryKey: ['receivables'],
    enabled: allowed,
    queryFn: ({ signal }) => dataProvider.receivables({ signal }),
  });
  if (!allowed) return null;
  if (isError)
    return (
      <Alert severity="error" sx={{ mb: 2 }}>
        Errore nel caricamento dati dei crediti
      </Alert>
    );
  return (
    <Box component="section" aria-labelledby="receivables-title" sx={{ mb: 3 }}>
      <Typography id="receivables-title" component="h2" variant="h6" sx={{ mb: 1 }}>
        Crediti dello studio
      </Typography>
      {isPending || !data ? (
        <Skeleton variant="rounded" height={220} />
      ) : (
        <>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2 }}>
            <Figure
              label="Totale da incassare"
              value={euro(data.total_owed)}
              detail="somma dei saldi a credito dei clienti attivi"
            />
            <Figure
              label="Clienti in ritardo"
              value={String(data.overdue_customers)}
              detail={`${euro(data.overdue_amount)} scaduti e non ancora pagati`}
            />
          </Box>
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', md: 'minmax(260px, 1fr) 2fr' },
              alignItems: 'start',
            }}
          >
            <PanelCard label="Maggiori debitori" title="Maggiori debitori">
              {data.top_debtors.length === 0 ? (
                <Typography variant="body2" color="text.secondary">
                  Nessun cliente ha un saldo a credito.
                </Typography>
              ) : (
                <List dense disablePadding>
                  {data.top_debtors.map((d) => (
                    <ListItem key={d.id} disablePadding>
                      <ListItemButton
                        component={LinkBase}
                        to={`/table/Transaction/${d.id}`}
                        sx={{ borderRadius: 1 }}
                        title={`Estratto conto di ${d.business_name}`}
                      >
                        <ListItemText primary={d.business_name} />
                        <Typography
                          variant="body2"
                          sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', ml: 1 }}
                        >
                          {euro(d.balance)}
                        </Typography>
                      </ListItemButton>
                    </ListItem>
                  ))}
                </List>
              )}
            </PanelCard>
            <PanelCard label="Addebiti e incassi degli ultimi dodici mesi" title="Addebiti e incassi, ultimi 12 mesi">
              {/* the chart is for the eye (its legend's buttons would be focusable inside a hidden region): its own legend, the table below for screen readers */}
              <Box aria-hidden="true" sx={{ display: 'flex', gap: 2, fontSize: 13, mt: 1 }}>
                <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
                  <Box component="span" sx={{ width: 12, height: 12, bgcolor: CHARGES_COLOR, borderRadius: 0.5 }} />
                  Addebiti
                </Box>
                <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
                  <Box component="span" sx={{ width: 12, height: 12, bgcolor: PAYMENTS_COLOR, borderRadius: 0.5 }} />
                  Incassi
                </Box>
              </Box>
              <Box aria-hidden="true" inert>
                <BarChart
                  height={240}
                  hideLegend
                  xAxis={[{ scaleType: 'band', data: data.monthly.map((m) => monthLabel(m.month)) }]}
                  yAxis={[{ width: 64, valueFormatter: axisEuro }]}
                  series={[
                    {
                      data: data.monthly.map((m) => m.charges),
                      label: 'Addebiti',
                      color: CHARGES_COLOR,
                      valueFormatter: (v) => euro(v ?? 0),
                    },
                    {
                      data: data.monthly.map((m) => m.payments),
                      label: 'Incassi',
                      color: PAYMENTS_COLOR,
                      valueFormatter: (v) => euro(v ?? 0),
                    },
                  ]}
                />
              </Box>
              <Box component="table" sx={visuallyHidden}>
                <caption>Addebiti e incassi per mese</caption>
                <thead>
                  <tr>
                    <th scope="col">Mese</th>
                    <th scope="col">Addebiti</th>
                    <th scope="col">Incassi</th>
                  </tr>
                </thead>
                <tbody>
                  {data.monthly.map((m) => (
                    <tr key={m.month}>
                      <th scope="row">{monthLabel(m.month)}</th>
                      <td>{euro(m.charges)}</td>
                      <td>{euro(m.payments)}</td>
                    </tr>
                  ))}
                </tbody>
              </Box>
            </PanelCard>
            {data.aging && <AgingCard aging={data.aging} />}
          </Box>
        </>
      )}
    </Box>
  );
}

/** What is open by days past due: a bar per bucket, the same figures as a table, the link to the screen. */
function AgingCard({ aging }: { aging: Receivables['aging'] }) {
  return (
    <Card component="section" aria-labelledby="receivables-aging-title" sx={{ gridColumn: { md: '1 / -1' } }}>
      <CardHeader
        title="Scadenzario"
        subheader={`Da incassare per giorni di ritardo: ${euro(aging.total)} in tutto`}
        slotProps={{
          title: { variant: 'subtitle1', component: 'h3', id: 'receivables-aging-title' },
          subheader: { variant: 'body2' },
        }}
        sx={{ pb: 0 }}
      />
      <CardContent sx={{ pt: 0 }}>
        {/* for the eye: the table below says the same to screen readers */}
        <Box aria-hidden="true" inert>
          <BarChart
            height={220}
            hideLegend
            xAxis={[
              {
                scaleType: 'band',
                data: AGING.map((a) => a.label),
                colorMap: { type: 'ordinal', colors: AGING.map((a) => a.color) },
              },
            ]}
            yAxis={[{ width: 64, valueFormatter: axisEuro }]}
            series={[
              {
                data: AGING.map((a) => aging[a.bucket]),
                label: 'Da incassare',
                valueFormatter: (v) => euro(v ?? 0),
              },
            ]}
          />
        </Box>
        <Box component="table" sx={visuallyHidden}>
          <caption>Scadenzario: da incassare per giorni di ritardo</caption>
          <thead>
            <tr>
              <th scope="col">Fascia</th>
              <th scope="col">Importo</th>
            </tr>
          </thead>
          <tbody>
            {AGING.map((a) => (
              <tr key={a.bucket}>
                <th scope="row">{a.label}</th>
                <td>{euro(aging[a.bucket])}</td>
              </tr>
            ))}
            <tr>
              <th scope="row">Totale</th>
              <td>{euro(aging.total)}</td>
            </tr>
          </tbody>
        </Box>
        <Link component={LinkBase} to={ROUTES.aging} variant="body2">
          Apri lo scadenzario
        </Link>
      </CardContent>
    </Card>
  );
}
