/**
 * `/verifiche_antiriciclaggio` 'Verifiche antiriciclaggio' (issue 48 item 3), Collaboratore and
 * above: what is due or late in the customers' anti-money-laundering files (GET /api/aml/checks) —
 * the first due diligence never made, the controllo costante, an identity document expiring, a new
 * service billed and not assessed.
 * - Filters (kept in the URL's query string, with the API's names): the window (30, 60, 90 or 365
 *   days), reason, collaborator, level, 'Solo in ritardo', customer name.
 * - 'N da fare, di cui M in ritardo' (the whole filtered set), a row per customer and reason by due
 *   date (the name opens the customer's card at its AML file; a red chip when late), pages.
 * - 'Esporta CSV': every row with the same filters, as the server makes it.
 * On a narrow screen the table scrolls sideways inside its region.
 */
import { useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  FormControlLabel,
  LinearProgress,
  Link,
  MenuItem,
  Paper,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import DownloadIcon from '@mui/icons-material/Download';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { LinkBase } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { saveAs } from 'file-saver';
import { displayDate } from '../../../model/dates';
import type { DueDiligenceLevel } from '../../../model/aml';
import type { AmlDueQuery, AmlDueReason, AmlDueRow } from '../../../model/api/aml';
import { AML_DUE_REASONS } from '../../../model/amlOptions';
import { useAppDataProvider } from '../../dataProvider';
import { amlChecksQuery } from '../../dataProvider/aml';
import { BulkScreenHeader } from '../../bulk/PreviewRun';
import { failureText } from '../../bulk/texts';

const TITLE = 'Verifiche antiriciclaggio';
export const EMPTY_TEXT = 'Nessuna verifica da fare con questi filtri';
const SEARCH_DEBOUNCE_MS = 300;
/** the selects' "no filter" value */
const ALL = '';
const DEFAULT_DAYS = 30;
const WINDOWS = [30, 60, 90, 365] as const;
const PAGE_SIZES = [25, 50, 100];
const DEFAULT_PER_PAGE = 50;

/** the reasons as the server names them, with their labels */
export const REASON_LABELS = Object.fromEntries(AML_DUE_REASONS.map((r) => [r.value, r.text])) as Record<
  AmlDueReason,
  string
>;
const LEVELS: Record<DueDiligenceLevel, string> = {
  semplificata: 'Semplificata',
  ordinaria: 'Ordinaria',
  rafforzata: 'Rafforzata',
};

/** 'DD/MM/YYYY' of a wire date */
export const slashDate = (iso: string) => displayDate(iso).replace(/-/g, '/');
const days = (n: number) => (n === 1 ? '1 giorno' : `${n} giorni`);

type Query = Partial<AmlDueQuery>;

/** The filters and the page as the URL's query string holds them (anything unknown left out). */
function queryOfParams(p: URLSearchParams): Query {
  const q: Query = {};
  const int = (v: string | null) => (v && /^\d+$/.test(v) ? Number(v) : undefined);
  const window = int(p.get('days'));
  if (window !== undefined && (WINDOWS as readonly number[]).includes(window)) q.days = window;
  const reason = p.get('reason');
  if (reason && reason in REASON_LABELS) q.reason = reason as AmlDueReason;
  if (int(p.get('collaborator_id'))) q.collaborator_id = int(p.get('collaborator_id'));
  const level = p.get('level');
  if (level && level in LEVELS) q.level = level as DueDiligenceLevel;
  if (p.get('late') === '1') q.late = '1';
  const text = p.get('q')?.trim();
  if (text) q.q = text;
  const page = int(p.get('page'));
  if (page && page > 1) q.page = page;
  const perPage = int(p.get('per_page'));
  if (perPage && PAGE_SIZES.includes(perPage) && perPage !== DEFAULT_PER_PAGE) q.per_page = perPage;
  return q;
}

export function AmlChecks() {
  const dp = useAppDataProvider();
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  const query = useMemo(() => queryOfParams(new URLSearchParams(search)), [search]);
  /** a filter changed: back to the first page */
  const update = (patch: Query) =>
    setParams((prev) => new URLSearchParams(amlChecksQuery({ ...queryOfParams(prev), page: undefined, ...patch })), {
      replace: true,
    });

  // the name's search follows the typing once it stops
  const [text, setText] = useState(query.q ?? '');
  useEffect(() => {
    const q = text.trim() || undefined;
    if (q === query.q) return;
    const t = setTimeout(
      () =>
        setParams((prev) => new URLSearchParams(amlChecksQuery({ ...queryOfParams(prev), page: undefined, q })), {
          replace: true,
        }),
      SEARCH_DEBOUNCE_MS,
    );
    return () => clearTimeout(t);
  }, [text, query.q, setParams]);

  const checks = useQuery({
    queryKey: ['aml-checks', query],
    queryFn: ({ signal }) => dp.amlChecks(query, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const collaborators = useQuery({
    queryKey: ['options', '/api/collaborators'],
    queryFn: ({ signal }) =>
      dp.options('/api/collaborators', { signal }) as Promise<Array<{ id: number; name?: string; label?: string }>>,
    staleTime: 60_000,
  });

  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const download = async () => {
    setDownloading(true);
    setDownloadError(null);
    try {
      const { page: _page, per_page: _perPage, ...filter } = query;
      const { blob, filename } = await dp.downloadAmlChecks(filter);
      saveAs(blob, filename);
    } catch (e) {
      setDownloadError(failureText(e));
    } finally {
      setDownloading(false);
    }
  };

  const data = checks.isError ? undefined : checks.data;
  const perPage = query.per_page ?? DEFAULT_PER_PAGE;

  return (
    <>
      <BulkScreenHeader title={TITLE} />
      <Typography component="h1" variant="h5" sx={{ mb: 2 }}>
        {TITLE}
      </Typography>
      <Paper sx={{ p: 2, mb: 2 }} component="section" aria-label="Filtri delle verifiche">
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(5, minmax(0, 1fr))' },
          }}
        >
          <TextField
            id="aml-checks-q"
            label="Cerca cliente"
            size="small"
            value={text}
            onChange={(e) => setText(e.target.value)}
            slotProps={{ htmlInput: { type: 'search' } }}
          />
          <FilterSelect
            id="aml-checks-days"
            label="Scadenza entro"
            value={String(query.days ?? DEFAULT_DAYS)}
            onChange={(v) => update({ days: Number(v) === DEFAULT_DAYS ? undefined : Number(v) })}
            options={WINDOWS.map((d) => [String(d), d === 365 ? 'Un anno' : `${d} giorni`] as const)}
          />
          <FilterSelect
            id="aml-checks-reason"
            label="Motivo"
            all="Tutti"
            value={query.reason ?? ALL}
            onChange={(v) => update({ reason: v === ALL ? undefined : (v as AmlDueReason) })}
            options={Object.entries(REASON_LABELS)}
          />
          <FilterSelect
            id="aml-checks-collaborator"
            label="Collaboratore"
            all="Tutti"
            value={query.collaborator_id === undefined ? ALL : String(query.collaborator_id)}
            onChange={(v) => update({ collaborator_id: v === ALL ? undefined : Number(v) })}
            options={(collaborators.data ?? []).map((c) => [String(c.id), c.name ?? c.label ?? `#${c.id}`] as const)}
          />
          <FilterSelect
            id="aml-checks-level"
            label="Livello"
            all="Tutti"
            value={query.level ?? ALL}
            onChange={(v) => update({ level: v === ALL ? undefined : (v as DueDiligenceLevel) })}
            options={Object.entries(LEVELS)}
          />
        </Box>
        <Stack direction="row" spacing={2} sx={{ mt: 2, flexWrap: 'wrap', alignItems: 'center' }} useFlexGap>
          <FormControlLabel
            control={
              <Switch
                checked={query.late === '1'}
                onChange={(e) => update({ late: e.target.checked ? '1' : undefined })}
              />
            }
            label="Solo in ritardo"
          />
          <Button variant="outlined" startIcon={<DownloadIcon />} disabled={downloading} onClick={download}>
            Esporta CSV
          </Button>
        </Stack>
        {downloading && <LinearProgress sx={{ mt: 1 }} aria-label="Preparazione del CSV" />}
      </Paper>
      {collaborators.isError && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          Non è stato possibile caricare i collaboratori
        </Alert>
      )}
      {downloadError && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert" onClose={() => setDownloadError(null)}>
          {downloadError}
        </Alert>
      )}
      {checks.isFetching && <LinearProgress sx={{ mb: 2 }} aria-label="Caricamento delle verifiche" />}
      {checks.isError && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {failureText(checks.error)}
        </Alert>
      )}
      {data && (
        <>
          <Typography variant="subtitle1" component="p" sx={{ mb: 1, fontWeight: 500 }} aria-live="polite">
            {data.total === 1 ? '1 da fare' : `${data.total} da fare`}, di cui {data.late} in ritardo
          </Typography>
          {data.data.length === 0 ? (
            <Alert severity="info" sx={{ mb: 2 }}>
              {EMPTY_TEXT}
            </Alert>
          ) : (
            <>
              <ChecksTable rows={data.data} />
              <TablePagination
                component="div"
                count={data.total}
                page={Math.max(0, (query.page ?? 1) - 1)}
                rowsPerPage={perPage}
                rowsPerPageOptions={PAGE_SIZES}
                onPageChange={(_e, p) =>
                  setParams(
                    (prev) =>
                      new URLSearchParams(amlChecksQuery({ ...queryOfParams(prev), page: p > 0 ? p + 1 : undefined })),
                    { replace: true },
                  )
                }
                onRowsPerPageChange={(e) =>
                  update({
                    per_page: Number(e.target.value) === DEFAULT_PER_PAGE ? undefined : Number(e.target.value),
                  })
                }
                labelRowsPerPage="Righe per pagina"
                labelDisplayedRows={({ from, to, count }) => `${from}-${to} di ${count}`}
                getItemAriaLabel={(type) =>
                  ({
                    first: 'Prima pagina',
                    last: 'Ultima pagina',
                    next: 'Pagina successiva',
                    previous: 'Pagina precedente',
                  })[type]
                }
              />
            </>
          )}
        </>
      )}
    </>
  );
}

/** A filter of the screen: `all` (no filter, '') when given, then its `options`. */
function FilterSelect({
  id,
  label,
  all,
  value,
  onChange,
  options,
}: {
  id: string;
  label: string;
  all?: string;
  value: string;
  onChange: (value: string) => void;
  /** the values and their labels */
  options: ReadonlyArray<readonly [string, string]>;
}) {
  return (
    <TextField
      select
      id={id}
      label={label}
      size="small"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
    >
      {all !== undefined && <MenuItem value={ALL}>{all}</MenuItem>}
      {options.map(([v, label]) => (
        <MenuItem key={v} value={v}>
          {label}
        </MenuItem>
      ))}
    </TextField>
  );
}

function ChecksTable({ rows }: { rows: AmlDueRow[] }) {
  const label = 'Verifiche antiriciclaggio da fare';
  return (
    <TableContainer component={Paper} tabIndex={0} role="region" aria-label={label} sx={{ mb: 1 }}>
      <Table size="small" sx={{ minWidth: 720 }}>
        <Box component="caption" sx={visuallyHidden}>
          {label}
        </Box>
        <TableHead>
          <TableRow>
            <TableCell>Cliente</TableCell>
            <TableCell>Collaboratore</TableCell>
            <TableCell>Livello</TableCell>
            <TableCell>Motivo</TableCell>
            <TableCell>Scadenza</TableCell>
            <TableCell>Ritardo</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={`${r.customer_id}-${r.reason}`} hover>
              <TableCell component="th" scope="row" sx={{ minWidth: 160 }}>
                <Link
                  component={LinkBase}
                  to={`/Customer/${r.customer_id}#antiriciclaggio`}
                  title={`Fascicolo antiriciclaggio di ${r.business_name}`}
                >
                  {r.business_name}
                </Link>
              </TableCell>
              <TableCell>{r.collaborator_name ?? ''}</TableCell>
              <TableCell>{r.level ? LEVELS[r.level] : ''}</TableCell>
              <TableCell>{r.reason_text}</TableCell>
              <TableCell sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                {slashDate(r.due_on)}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {r.late ? (
                  <Chip
                    size="small"
                    color="error"
                    label={days(r.days_late)}
                    title={`In ritardo di ${days(r.days_late)}`}
                  />
                ) : (
                  <Chip size="small" variant="outlined" label="In scadenza" />
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
