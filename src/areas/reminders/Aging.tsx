/**
 * `/scadenzario` 'Scadenzario' (issue 30), Collaboratore and above: what the customers owe by
 * days past the due date (GET /api/aging).
 * - Filters (kept in the URL's query string, with the API's names): collaborator (or none),
 *   legal status, bucket, SDD mandate, customer name.
 * - The totals per bucket, each with the number of customers owing in it.
 * - The customers, one row each with its buckets (sortable by clicking a column's header; the
 *   customer's name opens its account statement; 'SDD' when it has a mandate, 'Contestato' when
 *   it disputes what it owes), and the same buckets per collaborator.
 * - 'Scarica CSV' and 'Scarica PDF': the same figures with the same filters, as the server makes
 *   them ('Scadenzario.csv', 'Scadenzario.pdf').
 */
import { useMemo, useState, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  LinearProgress,
  Link,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableFooter,
  TableHead,
  TableRow,
  TableSortLabel,
  Typography,
  type SxProps,
  type Theme,
} from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import DownloadIcon from '@mui/icons-material/Download';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { LinkBase } from 'react-admin';
import { displayDate } from '../../../model/dates';
import { formatEuro } from '../../../model/types';
import type { AgingBuckets, AgingCollaborator, AgingFilter, AgingRow } from '../../../model/api/reminders';
import { AGING_BUCKETS, AGING_LABELS, type AgingBucket } from '../../../model/reminders';
import { useAppDataProvider } from '../../dataProvider';
import { agingQuery } from '../../dataProvider/reminders';
import { BulkScreenHeader } from '../../bulk/PreviewRun';
import { failureText } from '../../bulk/texts';
import {
  collaboratorOption,
  FilterBar,
  FilterSelect,
  useCollaboratorOptions,
  useDownload,
  useUrlFilter,
} from '../../layout/FilterBar';

const TITLE = 'Scadenzario';
export const EMPTY_TEXT = 'Nessuna partita aperta con questi filtri';
/** the selects' "no filter" value */
/** amounts: right-aligned, digits of equal width */
const NUM = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
const MANDATE_LABELS = { with: 'Con mandato SDD', without: 'Senza mandato SDD' } as const;

/** The filters as the URL's query string holds them (anything unknown left out). */
function filterOf(p: URLSearchParams): AgingFilter {
  const f: AgingFilter = {};
  const id = (v: string | null) => (v && /^\d+$/.test(v) ? Number(v) : undefined);
  const collaborator = p.get('collaborator_id');
  if (collaborator === 'none') f.collaborator_id = 'none';
  else if (id(collaborator) !== undefined) f.collaborator_id = id(collaborator);
  if (id(p.get('legal_status_id')) !== undefined) f.legal_status_id = id(p.get('legal_status_id'));
  const bucket = p.get('bucket');
  if (bucket && (AGING_BUCKETS as readonly string[]).includes(bucket)) f.bucket = bucket as AgingBucket;
  const mandate = p.get('mandate');
  if (mandate === 'with' || mandate === 'without') f.mandate = mandate;
  const q = p.get('q')?.trim();
  if (q) f.q = q;
  return f;
}

type SortKey = 'business_name' | 'collaborator' | 'legal_status' | AgingBucket | 'total';
interface Sort {
  key: SortKey;
  dir: 'asc' | 'desc';
}
const TEXT_KEYS: SortKey[] = ['business_name', 'collaborator', 'legal_status'];
const COLUMN_LABELS: Record<SortKey, string> = {
  business_name: 'Cliente',
  collaborator: 'Collaboratore',
  legal_status: 'Forma giuridica',
  ...AGING_LABELS,
  total: 'Totale',
};

/** The rows in the order asked; empty texts last either way, the name settling ties. */
function sortRows(rows: AgingRow[], sort: Sort): AgingRow[] {
  const sign = sort.dir === 'asc' ? 1 : -1;
  const byName = (a: AgingRow, b: AgingRow) => a.business_name.localeCompare(b.business_name, 'it');
  return [...rows].sort((a, b) => {
    if (TEXT_KEYS.includes(sort.key)) {
      const k = sort.key as 'business_name' | 'collaborator' | 'legal_status';
      const x = a[k] ?? '';
      const y = b[k] ?? '';
      if (!x !== !y) return x ? -1 : 1;
      return sign * x.localeCompare(y, 'it', { sensitivity: 'base' }) || byName(a, b);
    }
    const k = sort.key as AgingBucket | 'total';
    return sign * (a[k] - b[k]) || byName(a, b);
  });
}

export function Aging() {
  const dp = useAppDataProvider();
  const { query: filter, update, text, setText } = useUrlFilter(filterOf, (f: AgingFilter) => agingQuery(f));

  const aging = useQuery({
    queryKey: ['aging', filter],
    queryFn: ({ signal }) => dp.aging(filter, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const collaborators = useCollaboratorOptions();
  const legalStatuses = useQuery({
    queryKey: ['options', '/api/legal_statuses'],
    queryFn: ({ signal }) =>
      dp.options('/api/legal_statuses', { signal }) as Promise<
        Array<{ id: number; cod?: string | null; description?: string | null }>
      >,
    staleTime: 60_000,
  });

  const {
    downloading,
    error: downloadError,
    clearError,
    download,
  } = useDownload((format: 'csv' | 'pdf') => dp.downloadAging(filter, format));

  const data = aging.isError ? undefined : aging.data;
  const optionsFailed = collaborators.isError || legalStatuses.isError;

  return (
    <>
      <BulkScreenHeader title={TITLE} />
      <FilterBar
        label="Filtri dello scadenzario"
        search={{ id: 'aging-q', value: text, onChange: setText }}
        actions={
          <>
            {(['csv', 'pdf'] as const).map((kind) => (
              <Button
                key={kind}
                variant="outlined"
                startIcon={<DownloadIcon />}
                disabled={downloading !== null}
                onClick={() => download(kind)}
              >
                Scarica {kind.toUpperCase()}
              </Button>
            ))}
            {data && (
              <Typography variant="body2" color="text.secondary" sx={{ ml: { sm: 'auto' } }}>
                Situazione al {displayDate(data.as_of)}
              </Typography>
            )}
          </>
        }
        below={
          downloading && (
            <LinearProgress
              sx={{ mt: 1 }}
              aria-label={downloading === 'csv' ? 'Preparazione del CSV' : 'Preparazione del PDF'}
            />
          )
        }
      >
        <FilterSelect
          id="aging-collaborator"
          label="Collaboratore"
          all="Tutti"
          value={filter.collaborator_id?.toString()}
          onChange={(v) => update({ collaborator_id: v === undefined || v === 'none' ? v : Number(v) })}
          options={[['none', 'Senza collaboratore'], ...(collaborators.data ?? []).map(collaboratorOption)]}
        />
        <FilterSelect
          id="aging-legal-status"
          label="Forma giuridica"
          all="Tutte"
          value={filter.legal_status_id?.toString()}
          onChange={(v) => update({ legal_status_id: v === undefined ? undefined : Number(v) })}
          options={(legalStatuses.data ?? []).map(
            (s) => [String(s.id), [s.cod, s.description].filter(Boolean).join(' – ') || `#${s.id}`] as const,
          )}
        />
        <FilterSelect
          id="aging-bucket"
          label="Fascia"
          all="Tutte"
          value={filter.bucket}
          onChange={(v) => update({ bucket: v as AgingBucket | undefined })}
          options={AGING_BUCKETS.map((b) => [b, AGING_LABELS[b]] as const)}
        />
        <FilterSelect
          id="aging-mandate"
          label="Mandato SDD"
          all="Tutti"
          value={filter.mandate}
          onChange={(v) => update({ mandate: v as 'with' | 'without' | undefined })}
          options={[
            ['with', MANDATE_LABELS.with],
            ['without', MANDATE_LABELS.without],
          ]}
        />
      </FilterBar>
      {optionsFailed && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          Non è stato possibile caricare le scelte dei filtri
        </Alert>
      )}
      {downloadError && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert" onClose={clearError}>
          {downloadError}
        </Alert>
      )}
      {aging.isFetching && <LinearProgress sx={{ mb: 2 }} aria-label="Caricamento dello scadenzario" />}
      {aging.isError && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {failureText(aging.error)}
        </Alert>
      )}
      {data && (
        <>
          <Totals totals={data.totals} rows={data.rows} />
          {data.rows.length === 0 ? (
            <Alert severity="info" sx={{ mb: 2 }}>
              {EMPTY_TEXT}
            </Alert>
          ) : (
            <>
              <CustomersTable rows={data.rows} totals={data.totals} />
              <CollaboratorsTable rows={data.by_collaborator} />
            </>
          )}
        </>
      )}
    </>
  );
}

/** A figure of the strip: the bucket's amount and how many customers owe in it. */
/** A table of the screen: its section and heading, its region and its caption (both `label`). */
function TableSection({
  id,
  title,
  label,
  tableSx,
  children,
}: {
  id: string;
  title: string;
  label: string;
  tableSx?: SxProps<Theme>;
  children: ReactNode;
}) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ mb: 3 }}>
      <Typography id={id} variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <TableContainer component={Paper} tabIndex={0} role="region" aria-label={label}>
        <Table size="small" sx={tableSx}>
          <Box component="caption" sx={visuallyHidden}>
            {label}
          </Box>
          {children}
        </Table>
      </TableContainer>
    </Box>
  );
}

function Figure({ label, amount, customers }: { label: string; amount: number; customers: number }) {
  return (
    <Card variant="outlined" role="group" aria-label={label} sx={{ flex: '1 1 150px' }}>
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h6" component="p" sx={{ ...NUM, fontWeight: 600 }}>
          {formatEuro(amount)}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {customers === 1 ? '1 cliente' : `${customers} clienti`}
        </Typography>
      </CardContent>
    </Card>
  );
}

function Totals({ totals, rows }: { totals: AgingBuckets & { customers: number }; rows: AgingRow[] }) {
  return (
    <Box component="section" aria-label="Totali per fascia" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2 }}>
      {AGING_BUCKETS.map((b) => (
        <Figure key={b} label={AGING_LABELS[b]} amount={totals[b]} customers={rows.filter((r) => r[b] > 0).length} />
      ))}
      <Figure label="Totale" amount={totals.total} customers={totals.customers} />
    </Box>
  );
}

/** An amount's cell: a zero in grey. */
function Amount({ value, strong }: { value: number; strong?: boolean }) {
  return (
    <TableCell
      align="right"
      sx={{ ...NUM, ...(strong ? { fontWeight: 600 } : {}), ...(value === 0 ? { color: 'text.secondary' } : {}) }}
    >
      {formatEuro(value)}
    </TableCell>
  );
}

function CustomersTable({ rows, totals }: { rows: AgingRow[]; totals: AgingBuckets & { customers: number } }) {
  const [sort, setSort] = useState<Sort>({ key: 'total', dir: 'desc' });
  const sorted = useMemo(() => sortRows(rows, sort), [rows, sort]);
  const toggle = (key: SortKey) =>
    setSort((s) =>
      s.key === key
        ? { key, dir: s.dir === 'asc' ? 'desc' : 'asc' }
        : { key, dir: TEXT_KEYS.includes(key) ? 'asc' : 'desc' },
    );
  const header = (key: SortKey) => {
    const active = sort.key === key;
    const numeric = !TEXT_KEYS.includes(key);
    return (
      <TableCell
        key={key}
        align={numeric ? 'right' : 'left'}
        sortDirection={active ? sort.dir : false}
        sx={{ whiteSpace: 'nowrap' }}
      >
        <TableSortLabel
          active={active}
          direction={active ? sort.dir : numeric ? 'desc' : 'asc'}
          onClick={() => toggle(key)}
        >
          {COLUMN_LABELS[key]}
        </TableSortLabel>
      </TableCell>
    );
  };
  const footer = { color: 'text.primary', fontWeight: 600, fontSize: 'inherit' } as const;
  return (
    <TableSection
      id="aging-customers-title"
      title="Per cliente"
      label="Scadenzario per cliente"
      // nine columns on a laptop's width: narrower gaps, the name wide enough for a firm's name
      tableSx={{ '& .MuiTableCell-root': { px: 1 } }}
    >
      <TableHead>
        <TableRow>
          {(['business_name', 'collaborator', 'legal_status', ...AGING_BUCKETS, 'total'] as SortKey[]).map(header)}
        </TableRow>
      </TableHead>
      <TableBody>
        {sorted.map((r) => (
          <TableRow key={r.customer_id} hover>
            <TableCell component="th" scope="row" sx={{ minWidth: 160 }}>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.5 }}>
                <Link
                  component={LinkBase}
                  to={`/table/Transaction/${r.customer_id}`}
                  title={`Estratto conto di ${r.business_name}`}
                >
                  {r.business_name}
                </Link>
                {r.has_mandate && (
                  <Chip size="small" variant="outlined" color="primary" label="SDD" title="Mandato SDD attivo" />
                )}
                {r.contested && (
                  <Chip size="small" color="error" label="Contestato" title="Il cliente contesta quanto dovuto" />
                )}
              </Box>
            </TableCell>
            <TableCell>{r.collaborator ?? ''}</TableCell>
            <TableCell title={r.legal_status ?? undefined}>{r.legal_status_cod ?? r.legal_status ?? ''}</TableCell>
            {AGING_BUCKETS.map((b) => (
              <Amount key={b} value={r[b]} />
            ))}
            <Amount value={r.total} strong />
          </TableRow>
        ))}
      </TableBody>
      <TableFooter>
        <TableRow>
          <TableCell component="th" scope="row" colSpan={3} sx={footer}>
            Totale ({totals.customers === 1 ? '1 cliente' : `${totals.customers} clienti`})
          </TableCell>
          {[...AGING_BUCKETS, 'total' as const].map((b) => (
            <TableCell key={b} align="right" sx={{ ...NUM, ...footer }}>
              {formatEuro(totals[b])}
            </TableCell>
          ))}
        </TableRow>
      </TableFooter>
    </TableSection>
  );
}

function CollaboratorsTable({ rows }: { rows: AgingCollaborator[] }) {
  return (
    <TableSection id="aging-collaborators-title" title="Per collaboratore" label="Scadenzario per collaboratore">
      <TableHead>
        <TableRow>
          <TableCell>Collaboratore</TableCell>
          <TableCell align="right">Clienti</TableCell>
          {AGING_BUCKETS.map((b) => (
            <TableCell key={b} align="right" sx={{ whiteSpace: 'nowrap' }}>
              {AGING_LABELS[b]}
            </TableCell>
          ))}
          <TableCell align="right">Totale</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((c) => (
          <TableRow key={c.collaborator_id ?? 'none'}>
            <TableCell component="th" scope="row">
              {c.collaborator}
            </TableCell>
            <TableCell align="right" sx={NUM}>
              {c.customers}
            </TableCell>
            {AGING_BUCKETS.map((b) => (
              <Amount key={b} value={c[b]} />
            ))}
            <Amount value={c.total} strong />
          </TableRow>
        ))}
      </TableBody>
    </TableSection>
  );
}
