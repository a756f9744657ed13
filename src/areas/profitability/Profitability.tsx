/**
 * `/redditivita` 'Redditività' (issue 49 item 5), the Admin's: what each customer, service or
 * collaborator earns the studio in a period (GET /api/profitability).
 * - The period: 'Anno in corso' (the default), 'Anno scorso', 'Ultimi 12 mesi' or 'Personalizzato'
 *   (from and to typed); grouped by customer, service or collaborator; a collaborator's or a
 *   service's only. All kept in the URL's query string.
 * - The totals, then the table: fees charged, collected, open, hours, cost of the hours, margin and
 *   margin per hour, sortable by clicking a column's header (the worst margin first by default),
 *   'Cerca cliente' narrowing the rows by name; the under-paying rows marked; a customer's name
 *   opens his card.
 * - 'Aggiornamento dei sotto-remunerati': what an update of X % of the under-paying customers'
 *   fees would bring (the server's figure, to the cent), per customer in the table.
 * - 'Scarica CSV' and 'Scarica PDF': the same figures as the server makes them.
 * On a phone the table scrolls in its own box.
 */
import { useEffect, useMemo, useState } from 'react';
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
  TextField,
  Typography,
} from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import DownloadIcon from '@mui/icons-material/Download';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { LinkBase } from 'react-admin';
import { addDays, currentPeriod, displayDate, isoDate, realDay, today } from '../../../model/dates';
import { formatEuro } from '../../../model/types';
import { hoursText } from '../../../model/engagements';
import { PROFITABILITY_GROUPS, type ProfitabilityGroup, type ProfitabilitySort } from '../../../model/profitability';
import type {
  Profitability as ProfitabilityData,
  ProfitabilityFilter,
  ProfitabilityRow,
} from '../../../model/api/profitability';
import { useAppDataProvider } from '../../dataProvider';
import { BulkScreenHeader } from '../../bulk/PreviewRun';
import { failureText } from '../../bulk/texts';
import {
  collaboratorOption,
  FilterBar,
  FilterSelect,
  Paging,
  useCollaboratorOptions,
  useDownload,
  useUrlFilter,
} from '../../layout/FilterBar';

const TITLE = 'Redditività';
export const EMPTY_TEXT = 'Nessun addebito, pagamento o tempo nel periodo con questi filtri';
const NUM = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

export const PERIODS = [
  ['year', 'Anno in corso'],
  ['last_year', 'Anno scorso'],
  ['last12', 'Ultimi 12 mesi'],
  ['custom', 'Personalizzato'],
] as const;
export type PeriodPreset = (typeof PERIODS)[number][0];

/** The days of a preset period, on the studio's clock. */
export function presetPeriod(preset: Exclude<PeriodPreset, 'custom'>, day = today()): { from: string; to: string } {
  const y = Number(day.slice(0, 4));
  if (preset === 'year') return currentPeriod('year', new Date(`${day}T12:00:00Z`));
  if (preset === 'last_year') return { from: `${y - 1}-01-01`, to: `${y - 1}-12-31` };
  // the last twelve months up to today: from the day after the same day a year ago (29-02 → 28-02)
  const m = Number(day.slice(5, 7));
  const d = Number(day.slice(8, 10));
  const yearAgo = realDay(y - 1, m, d) ?? realDay(y - 1, m, d - 1)!;
  return { from: addDays(yearAgo, 1), to: day };
}

interface ScreenFilter {
  period: PeriodPreset;
  from?: string;
  to?: string;
  group: ProfitabilityGroup;
  user_id?: number;
  studio_service_id?: number;
  q?: string;
}

/** The filters as the URL's query string holds them (anything unknown left out). */
function filterOf(p: URLSearchParams): ScreenFilter {
  const id = (v: string | null) => (v && /^\d{1,9}$/.test(v) && Number(v) > 0 ? Number(v) : undefined);
  const period = PERIODS.find(([v]) => v === p.get('period'))?.[0] ?? 'year';
  const group = PROFITABILITY_GROUPS.find((g) => g.value === p.get('group'))?.value ?? 'customer';
  const f: ScreenFilter = { period, group };
  if (period === 'custom') {
    f.from = isoDate(p.get('from') ?? '') ?? undefined;
    f.to = isoDate(p.get('to') ?? '') ?? undefined;
  }
  if (id(p.get('user_id'))) f.user_id = id(p.get('user_id'));
  if (id(p.get('studio_service_id'))) f.studio_service_id = id(p.get('studio_service_id'));
  const q = p.get('q')?.trim();
  if (q) f.q = q;
  return f;
}

function writeFilter(f: ScreenFilter): Record<string, string> {
  const out: Record<string, string> = {};
  if (f.period !== 'year') out.period = f.period;
  if (f.period === 'custom') {
    if (f.from) out.from = f.from;
    if (f.to) out.to = f.to;
  }
  if (f.group !== 'customer') out.group = f.group;
  if (f.user_id) out.user_id = String(f.user_id);
  if (f.studio_service_id) out.studio_service_id = String(f.studio_service_id);
  if (f.q) out.q = f.q;
  return out;
}

/** A percentage as typed ('10', '12,5'), or undefined when it is none the server takes. */
export const percentOf = (text: string) => {
  const t = text.trim();
  if (!/^\d{1,3}([.,]\d{1,2})?$/.test(t)) return undefined;
  const n = Number(t.replace(',', '.'));
  return n > 0 && n <= 100 ? t.replace('.', ',') : undefined;
};
const percentText = (p: number) => String(p).replace('.', ',');

const GROUP_HEADING: Record<ProfitabilityGroup, string> = {
  customer: 'Cliente',
  service: 'Servizio',
  collaborator: 'Collaboratore',
};
type AmountKey = Exclude<ProfitabilitySort, 'name' | 'minutes' | 'margin_per_hour' | 'value'>;
const COLUMNS: Array<{ key: ProfitabilitySort; label: string }> = [
  { key: 'charged', label: 'Addebitato' },
  { key: 'collected', label: 'Incassato' },
  { key: 'open', label: 'Da incassare' },
  { key: 'minutes', label: 'Ore' },
  { key: 'cost', label: 'Costo ore' },
  { key: 'margin', label: 'Margine' },
  { key: 'margin_per_hour', label: 'Margine/ora' },
];

interface Sort {
  key: ProfitabilitySort;
  dir: 'asc' | 'desc';
}

/** The rows in the order asked; the name settles ties, a margin per hour of no hours last either way. */
export function sortRows(rows: ProfitabilityRow[], sort: Sort): ProfitabilityRow[] {
  const sign = sort.dir === 'asc' ? 1 : -1;
  const byName = (a: ProfitabilityRow, b: ProfitabilityRow) =>
    a.name.localeCompare(b.name, 'it', { sensitivity: 'base' });
  return [...rows].sort((a, b) => {
    if (sort.key === 'name') return sign * byName(a, b);
    const x = a[sort.key];
    const y = b[sort.key];
    if (x === null || y === null) return x === y ? byName(a, b) : x === null ? 1 : -1;
    return sign * (x - y) || byName(a, b);
  });
}

export function Profitability() {
  const dp = useAppDataProvider();
  const { query: filter, update, text, setText } = useUrlFilter(filterOf, writeFilter);
  const period = filter.period === 'custom' ? { from: filter.from, to: filter.to } : presetPeriod(filter.period);

  // the simulator: the percentage as typed, asked for once the typing stops
  const [percentTyped, setPercentTyped] = useState('10');
  const [percent, setPercent] = useState<string | undefined>('10');
  useEffect(() => {
    const t = setTimeout(() => setPercent(percentOf(percentTyped)), 400);
    return () => clearTimeout(t);
  }, [percentTyped]);
  const percentInvalid = percentTyped.trim() !== '' && percentOf(percentTyped) === undefined;

  const asked: ProfitabilityFilter | undefined =
    period.from && period.to
      ? {
          from: period.from,
          to: period.to,
          group: filter.group,
          ...(filter.user_id ? { user_id: filter.user_id } : {}),
          ...(filter.studio_service_id ? { studio_service_id: filter.studio_service_id } : {}),
          ...(percent ? { update_percent: percent } : {}),
        }
      : undefined;
  const figures = useQuery({
    queryKey: ['profitability', asked],
    enabled: !!asked,
    queryFn: ({ signal }) => dp.profitability(asked!, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const collaborators = useCollaboratorOptions();
  const services = useQuery({
    queryKey: ['options', '/api/studio_services'],
    queryFn: ({ signal }) =>
      dp.options('/api/studio_services', { signal }) as Promise<
        Array<{ id: number; description?: string | null; cod?: string | null }>
      >,
    staleTime: 60_000,
  });
  const {
    downloading,
    error: downloadError,
    clearError,
    download,
  } = useDownload((format: 'csv' | 'pdf') => dp.downloadProfitability(asked!, format));

  const data = figures.isError ? undefined : figures.data;
  const setPeriodDay = (key: 'from' | 'to', value: string) =>
    update({ period: 'custom', from: period.from, to: period.to, [key]: value || undefined });

  return (
    <>
      <BulkScreenHeader title={TITLE} />
      <FilterBar
        label="Filtri della redditività"
        search={{ id: 'profitability-q', value: text, onChange: setText }}
        actions={
          <>
            {(['csv', 'pdf'] as const).map((kind) => (
              <Button
                key={kind}
                variant="outlined"
                startIcon={<DownloadIcon />}
                disabled={downloading !== null || !asked}
                onClick={() => download(kind)}
              >
                Scarica {kind.toUpperCase()}
              </Button>
            ))}
            {data && (
              <Typography variant="body2" color="text.secondary" sx={{ ml: { sm: 'auto' } }}>
                Dal {displayDate(data.from)} al {displayDate(data.to)}
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
          id="profitability-period"
          label="Periodo"
          value={filter.period}
          onChange={(v) => {
            const next = (v ?? 'year') as PeriodPreset;
            update(next === 'custom' ? { period: next, from: period.from, to: period.to } : { period: next });
          }}
          options={PERIODS}
        />
        <TextField
          id="profitability-from"
          label="Dal"
          type="date"
          size="small"
          value={period.from ?? ''}
          onChange={(e) => setPeriodDay('from', e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          id="profitability-to"
          label="Al"
          type="date"
          size="small"
          value={period.to ?? ''}
          onChange={(e) => setPeriodDay('to', e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <FilterSelect
          id="profitability-group"
          label="Raggruppa per"
          value={filter.group}
          onChange={(v) => update({ group: (v ?? 'customer') as ProfitabilityGroup })}
          options={PROFITABILITY_GROUPS.map((g) => [g.value, g.text] as const)}
        />
        <FilterSelect
          id="profitability-collaborator"
          label="Collaboratore"
          all="Tutti"
          value={filter.user_id?.toString()}
          onChange={(v) => update({ user_id: v === undefined ? undefined : Number(v) })}
          options={(collaborators.data ?? []).map(collaboratorOption)}
        />
        <FilterSelect
          id="profitability-service"
          label="Servizio"
          all="Tutti"
          value={filter.studio_service_id?.toString()}
          onChange={(v) => update({ studio_service_id: v === undefined ? undefined : Number(v) })}
          options={(services.data ?? []).map((s) => [String(s.id), s.description || s.cod || `#${s.id}`] as const)}
        />
      </FilterBar>
      {(collaborators.isError || services.isError) && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          Non è stato possibile caricare le scelte dei filtri
        </Alert>
      )}
      {!asked && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Indica le date di inizio e di fine del periodo
        </Alert>
      )}
      {downloadError && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert" onClose={clearError}>
          {downloadError}
        </Alert>
      )}
      {figures.isFetching && <LinearProgress sx={{ mb: 2 }} aria-label="Caricamento della redditività" />}
      {figures.isError && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {failureText(figures.error)}
        </Alert>
      )}
      {data && (
        <>
          <Totals data={data} />
          <Simulator
            data={data}
            typed={percentTyped}
            onType={setPercentTyped}
            invalid={percentInvalid}
            pending={percentOf(percentTyped) !== percent}
          />
          {data.rows.length === 0 ? (
            <Alert severity="info" sx={{ mb: 2 }}>
              {EMPTY_TEXT}
            </Alert>
          ) : (
            <RowsTable data={data} search={filter.q} />
          )}
        </>
      )}
    </>
  );
}

function Figure({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <Card variant="outlined" role="group" aria-label={label} sx={{ flex: '1 1 150px' }}>
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h6" component="p" sx={{ ...NUM, fontWeight: 600 }}>
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

function Totals({ data }: { data: ProfitabilityData }) {
  const t = data.totals;
  return (
    <Box component="section" aria-label="Totali del periodo" sx={{ mb: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        <Figure
          label="Compensi addebitati"
          value={formatEuro(t.charged)}
          detail={`${formatEuro(t.payable)} con IVA e cassa`}
        />
        <Figure label="Incassato" value={formatEuro(t.collected)} />
        <Figure label="Da incassare" value={formatEuro(t.open)} />
        <Figure label="Ore lavorate" value={hoursText(t.minutes)} detail={`costo ${formatEuro(t.cost)}`} />
        <Figure
          label="Margine"
          value={formatEuro(t.margin)}
          detail={t.margin_per_hour === null ? undefined : `${formatEuro(t.margin_per_hour)} l'ora`}
        />
      </Box>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
        {data.collected_basis === 'payments'
          ? "Incassato: i pagamenti del periodo, come nell'estratto conto del cliente."
          : 'Incassato: la parte degli addebiti del periodo già pagata.'}{' '}
        Margine: compensi addebitati meno il costo delle ore.
        {t.uncosted_minutes > 0 &&
          ` Costo orario non indicato per ${hoursText(t.uncosted_minutes)} h: contate a costo zero.`}
      </Typography>
    </Box>
  );
}

function Simulator({
  data,
  typed,
  onType,
  invalid,
  pending,
}: {
  data: ProfitabilityData;
  typed: string;
  onType: (v: string) => void;
  invalid: boolean;
  pending: boolean;
}) {
  const s = data.simulation;
  return (
    <Paper component="section" aria-labelledby="profitability-simulator-title" sx={{ p: 2, mb: 2 }}>
      <Typography id="profitability-simulator-title" variant="subtitle1" component="h2" sx={{ mb: 1 }}>
        Aggiornamento dei sotto-remunerati
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <TextField
          id="profitability-percent"
          label="Aggiornamento %"
          size="small"
          value={typed}
          onChange={(e) => onType(e.target.value)}
          error={invalid}
          helperText={invalid ? 'Da 0,01 a 100, al massimo due decimali' : ' '}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          sx={{ width: 180 }}
        />
        <Typography variant="body2" aria-live="polite" sx={{ flex: '1 1 240px', mb: 2.5 }}>
          {!s || pending
            ? 'Indica la percentuale da simulare'
            : s.customers === 0
              ? 'Nessun cliente sotto-remunerato nel periodo'
              : `Un aggiornamento del ${percentText(s.percent)} % dei compensi dei ${s.customers === 1 ? 'cliente sotto-remunerato' : `${s.customers} clienti sotto-remunerati`} (${formatEuro(s.charged)}) porterebbe ${formatEuro(s.amount)} in più.`}
        </Typography>
      </Box>
      <Typography variant="caption" color="text.secondary" component="p">
        Sotto-remunerati: i clienti con compensi inferiori al valore delle ore alle tariffe dei servizi, o con margine
        negativo.
      </Typography>
    </Paper>
  );
}

/** An amount's cell: a negative one in red. */
function Amount({ value, strong }: { value: number | null; strong?: boolean }) {
  return (
    <TableCell
      align="right"
      sx={{
        ...NUM,
        ...(strong ? { fontWeight: 600 } : {}),
        ...(value !== null && value < 0 ? { color: 'error.dark' } : {}),
        ...(value === 0 ? { color: 'text.secondary' } : {}),
      }}
    >
      {value === null ? '' : formatEuro(value)}
    </TableCell>
  );
}

const PAGE_SIZES = [25, 50, 100];

function RowsTable({ data, search }: { data: ProfitabilityData; search?: string }) {
  const [sort, setSort] = useState<Sort>({ key: 'margin', dir: 'asc' });
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(25);
  const customer = data.group === 'customer';
  const simulated = data.simulation !== null;
  const shown = useMemo(() => {
    const q = search?.toLocaleLowerCase('it');
    return sortRows(q ? data.rows.filter((r) => r.name.toLocaleLowerCase('it').includes(q)) : data.rows, sort);
  }, [data.rows, search, sort]);
  const lastPage = Math.max(1, Math.ceil(shown.length / perPage));
  const current = Math.min(page, lastPage);
  const pageRows = shown.slice((current - 1) * perPage, current * perPage);
  const toggle = (key: ProfitabilitySort) => {
    setSort((s) =>
      s.key === key ? { key, dir: s.dir === 'asc' ? 'desc' : 'asc' } : { key, dir: key === 'name' ? 'asc' : 'desc' },
    );
    setPage(1);
  };
  const header = (key: ProfitabilitySort, label: string) => {
    const active = sort.key === key;
    const numeric = key !== 'name';
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
          {label}
        </TableSortLabel>
      </TableCell>
    );
  };
  const footer = { color: 'text.primary', fontWeight: 600, fontSize: 'inherit' } as const;
  const title = `Per ${GROUP_HEADING[data.group].toLowerCase()}`;
  const label = `Redditività per ${GROUP_HEADING[data.group].toLowerCase()}`;
  const t = data.totals;
  return (
    <Box component="section" aria-labelledby="profitability-rows-title" sx={{ mb: 3 }}>
      <Typography id="profitability-rows-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <TableContainer
        component={Paper}
        tabIndex={0}
        role="region"
        aria-label={label}
        sx={{ maxWidth: '100%', overflowX: 'auto' }}
      >
        <Table size="small" sx={{ '& .MuiTableCell-root': { px: 1 } }}>
          <Box component="caption" sx={visuallyHidden}>
            {label}
          </Box>
          <TableHead>
            <TableRow>
              {header('name', GROUP_HEADING[data.group])}
              {customer && <TableCell>Collaboratore</TableCell>}
              {COLUMNS.map((c) => header(c.key, c.label))}
              {simulated && (
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  Aggiornamento {percentText(data.simulation!.percent)} %
                </TableCell>
              )}
            </TableRow>
          </TableHead>
          <TableBody>
            {pageRows.map((r) => (
              <TableRow
                key={r.id ?? 'none'}
                hover
                data-under-paying={r.under_paying ? 'true' : undefined}
                sx={r.under_paying ? { bgcolor: 'rgba(211, 47, 47, 0.06)' } : undefined}
              >
                <TableCell component="th" scope="row" sx={{ minWidth: 160 }}>
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.5 }}>
                    {customer && r.id !== null ? (
                      <Link component={LinkBase} to={`/Customer/${r.id}`} title={`Scheda di ${r.name}`}>
                        {r.name}
                      </Link>
                    ) : (
                      r.name
                    )}
                    {r.under_paying && (
                      <Chip
                        size="small"
                        color="error"
                        variant="outlined"
                        label="Sotto-remunerato"
                        title="Compensi sotto il valore delle ore alle tariffe dei servizi, o margine negativo"
                      />
                    )}
                    {r.uncosted_minutes > 0 && (
                      <Chip
                        size="small"
                        variant="outlined"
                        label="Costo non indicato"
                        title={`${hoursText(r.uncosted_minutes)} h di collaboratori senza costo orario`}
                      />
                    )}
                  </Box>
                </TableCell>
                {customer && <TableCell>{r.collaborator ?? ''}</TableCell>}
                <Amount value={r.charged} />
                <Amount value={r.collected} />
                <Amount value={r.open} />
                <TableCell align="right" sx={NUM}>
                  {hoursText(r.minutes)}
                </TableCell>
                <Amount value={r.cost} />
                <Amount value={r.margin} strong />
                <Amount value={r.margin_per_hour} />
                {simulated && <Amount value={r.update_amount} />}
              </TableRow>
            ))}
          </TableBody>
          <TableFooter>
            <TableRow>
              <TableCell component="th" scope="row" colSpan={customer ? 2 : 1} sx={footer}>
                Totale ({t.rows === 1 ? '1 riga' : `${t.rows} righe`})
              </TableCell>
              {(['charged', 'collected', 'open'] as AmountKey[]).map((k) => (
                <TableCell key={k} align="right" sx={{ ...NUM, ...footer }}>
                  {formatEuro(t[k])}
                </TableCell>
              ))}
              <TableCell align="right" sx={{ ...NUM, ...footer }}>
                {hoursText(t.minutes)}
              </TableCell>
              {(['cost', 'margin'] as AmountKey[]).map((k) => (
                <TableCell key={k} align="right" sx={{ ...NUM, ...footer }}>
                  {formatEuro(t[k])}
                </TableCell>
              ))}
              <TableCell align="right" sx={{ ...NUM, ...footer }}>
                {t.margin_per_hour === null ? '' : formatEuro(t.margin_per_hour)}
              </TableCell>
              {simulated && (
                <TableCell align="right" sx={{ ...NUM, ...footer }}>
                  {formatEuro(data.simulation!.amount)}
                </TableCell>
              )}
            </TableRow>
          </TableFooter>
        </Table>
      </TableContainer>
      {shown.length > PAGE_SIZES[0]! && (
        <Paging
          count={shown.length}
          page={current}
          perPage={perPage}
          sizes={PAGE_SIZES}
          onPageChange={setPage}
          onPerPageChange={(n) => {
            setPerPage(n);
            setPage(1);
          }}
        />
      )}
    </Box>
  );
}
