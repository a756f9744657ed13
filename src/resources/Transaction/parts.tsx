/**
 * The account statement of one customer (`/table/Transaction/{customer_id}`, the 'Estratto
 * Conto' button of each customer row): the customer's name in the title, the balances of the
 * interval above the movements (opening, charges, payments, adjustments, closing) and the
 * running balance of each movement.
 */
import { Alert, Box, Card, CardContent, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useListContext, useRecordContext } from 'react-admin';
import type { ResourceParts } from '../parts';
import { PageTitle } from '../../layout/PageTitle';
import { useAppDataProvider, type FilterSpec } from '../../dataProvider';
import { formatEuro } from '../../../model/types';
import { displayDate, today } from '../../../model/dates';

/** The statement's interval: the days of the list's date filter (none: every movement). */
function useInterval(): { from: string | null; to: string | null } {
  const { filterValues } = useListContext();
  const specs = (filterValues?.filters ?? []) as FilterSpec[];
  const bound = (type: string) => {
    const v = specs.find((f) => f.name === 'date' && f.type === type)?.val?.[0];
    return typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v) ? v.slice(0, 10) : null;
  };
  return { from: bound('gte'), to: bound('lte') };
}

function useStatement(customerId: string | undefined) {
  const dp = useAppDataProvider();
  const { from, to } = useInterval();
  // refetched with the list (a new movement, a trashed one) through react-admin's refresh
  const { data: rows } = useListContext();
  return useQuery({
    queryKey: ['statement', customerId, from, to, rows?.map((r) => `${r.id}:${r.updated_at}`).join(',')],
    enabled: !!customerId,
    queryFn: ({ signal }) => dp.statement(customerId!, { from, to, signal }),
    placeholderData: (previous) => previous,
  });
}

const euro = (n: number | undefined) => (n === undefined ? '—' : formatEuro(n));

function Figure({ label, value, strong = false }: { label: string; value: number | undefined; strong?: boolean }) {
  return (
    <Box sx={{ minWidth: 140 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography
        variant={strong ? 'h6' : 'body1'}
        component="div"
        sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: strong ? 600 : 400 }}
        color={strong && value !== undefined && value > 0 ? 'error.main' : undefined}
      >
        {euro(value)}
      </Typography>
    </Box>
  );
}

function StatementHeader({ parentId }: { parentId?: string }) {
  const { data, isError } = useStatement(parentId);
  if (!parentId) return null;
  if (isError)
    return (
      <Alert severity="error" sx={{ mb: 1 }}>
        Errore nel caricamento dati dell'estratto conto
      </Alert>
    );
  const period = data
    ? `${data.from ? `dal ${displayDate(data.from)}` : "dall'inizio"} ${data.to ? `al ${displayDate(data.to)}` : 'a oggi'}`
    : '';
  return (
    <Card variant="outlined" sx={{ mb: 1 }} component="section" aria-label="Riepilogo estratto conto">
      <CardContent
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, alignItems: 'flex-end', '&:last-child': { pb: 2 } }}
      >
        <Box sx={{ flexBasis: '100%' }}>
          <Typography variant="subtitle2" color="text.secondary">
            Estratto conto {period}
          </Typography>
        </Box>
        <Figure label="Saldo iniziale" value={data?.opening} />
        <Figure label="Addebiti" value={data?.charges} />
        <Figure label="Incassi" value={data?.payments} />
        <Figure label="Conguagli" value={data?.adjustments} />
        <Figure label="Saldo finale" value={data?.closing} strong />
        <Box sx={{ flexBasis: '100%', display: 'flex', flexWrap: 'wrap', gap: 3 }} aria-label="Partite aperte a oggi">
          <Figure label="Da incassare in tutto (anche non scaduto)" value={data?.open} />
          <Figure label="Di cui scaduto" value={data?.overdue} strong />
          {data && data.credit > 0 ? <Figure label="Credito del cliente" value={data.credit} /> : null}
        </Box>
        <Typography variant="caption" color="text.secondary" sx={{ flexBasis: '100%' }}>
          Saldo positivo: il cliente deve allo studio. Gli incassi saldano gli addebiti indicati, poi i più vecchi.
        </Typography>
      </CardContent>
    </Card>
  );
}

function StatementTitle({ parentId, fallback }: { parentId?: string; fallback: string }) {
  const { data } = useStatement(parentId);
  return <PageTitle title={parentId ? `Estratto Conto${data ? ` - ${data.customer.business_name}` : ''}` : fallback} />;
}

function RunningBalance({ parentId }: { parentId?: string }) {
  const record = useRecordContext();
  const { data } = useStatement(parentId);
  const value = record ? data?.running[String(record.id)] : undefined;
  return (
    <span style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
      {value === undefined ? '' : euro(value)}
    </span>
  );
}

/**
 * What a charge asks (its payable: fee, cassa, VAT, bollo, less the withholding — issue 45 item 1),
 * beside the seeds' 'Importo' (the fee): the running balance moves by it.
 */
function Due({ parentId }: { parentId?: string }) {
  const record = useRecordContext();
  const { data } = useStatement(parentId);
  const item = record ? data?.items[String(record.id)] : undefined;
  if (!item) return null;
  return <span style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>{euro(item.amount)}</span>;
}

/** A charge's due date and what is still open of it (the open-items rule), on the customer's statement. */
function OpenAmount({ parentId }: { parentId?: string }) {
  const record = useRecordContext();
  const { data } = useStatement(parentId);
  const item = record ? data?.items[String(record.id)] : undefined;
  if (!item) return null;
  const late = item.open > 0 && item.due < today();
  return (
    <span style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
      {item.open > 0 ? (
        <Typography component="span" variant="body2" color={late ? 'error.main' : undefined}>
          {euro(item.open)} · scad. {displayDate(item.due)}
        </Typography>
      ) : (
        <Typography component="span" variant="body2" color="success.main">
          Saldato
        </Typography>
      )}
    </span>
  );
}

const parts: ResourceParts = {
  listHeader: ({ parentId }) => <StatementHeader parentId={parentId} />,
  listTitle: StatementTitle,
  listColumns: [
    { key: 'due', label: 'Da pagare', Cell: Due, withParent: true },
    { key: 'running', label: 'Saldo progressivo', Cell: RunningBalance, withParent: true },
    { key: 'open', label: 'Da incassare', Cell: OpenAmount, withParent: true },
  ],
};
export default parts;
