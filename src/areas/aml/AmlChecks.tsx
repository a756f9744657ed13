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
import {
  Alert,
  Box,
  Button,
  Chip,
  FormControlLabel,
  LinearProgress,
  Link,
  Paper,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import DownloadIcon from '@mui/icons-material/Download';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { LinkBase } from 'react-admin';
import { displayDate } from '../../../model/dates';
import type { DueDiligenceLevel } from '../../../model/aml';
import type { AmlDueQuery, AmlDueReason, AmlDueRow } from '../../../model/api/aml';
import { AML_DUE_REASONS } from '../../../model/amlOptions';
import { useAppDataProvider } from '../../dataProvider';
import { amlChecksQuery } from '../../dataProvider/aml';
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

const TITLE = 'Verifiche antiriciclaggio';
export const EMPTY_TEXT = 'Nessuna verifica da fare con questi filtri';
/** the selects' "no filter" value */
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
  const { query, update, setParams, text, setText } = useUrlFilter(queryOfParams, amlChecksQuery, {
    page: undefined,
  });

  const checks = useQuery({
    queryKey: ['aml-checks', query],
    queryFn: ({ signal }) => dp.amlChecks(query, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const collaborators = useCollaboratorOptions();
  const {
    downloading,
    error: downloadError,
    clearError,
    download,
  } = useDownload(() => {
    const { page: _page, per_page: _perPage, ...filter } = query;
    return dp.downloadAmlChecks(filter);
  });

  const data = checks.isError ? undefined : checks.data;
  const perPage = query.per_page ?? DEFAULT_PER_PAGE;

  return (
    <>
      <BulkScreenHeader title={TITLE} />
      <Typography component="h1" variant="h5" sx={{ mb: 2 }}>
        {TITLE}
      </Typography>
      <FilterBar
        label="Filtri delle verifiche"
        search={{ id: 'aml-checks-q', value: text, onChange: setText }}
        actions={
          <>
            <FormControlLabel
              control={
                <Switch
                  checked={query.late === '1'}
                  onChange={(e) => update({ late: e.target.checked ? '1' : undefined })}
                />
              }
              label="Solo in ritardo"
            />
            <Button
              variant="outlined"
              startIcon={<DownloadIcon />}
              disabled={downloading !== null}
              onClick={() => download('csv')}
            >
              Esporta CSV
            </Button>
          </>
        }
        below={downloading && <LinearProgress sx={{ mt: 1 }} aria-label="Preparazione del CSV" />}
      >
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
          value={query.reason}
          onChange={(v) => update({ reason: v as AmlDueReason | undefined })}
          options={Object.entries(REASON_LABELS)}
        />
        <FilterSelect
          id="aml-checks-collaborator"
          label="Collaboratore"
          all="Tutti"
          value={query.collaborator_id?.toString()}
          onChange={(v) => update({ collaborator_id: v === undefined ? undefined : Number(v) })}
          options={(collaborators.data ?? []).map(collaboratorOption)}
        />
        <FilterSelect
          id="aml-checks-level"
          label="Livello"
          all="Tutti"
          value={query.level}
          onChange={(v) => update({ level: v as DueDiligenceLevel | undefined })}
          options={Object.entries(LEVELS)}
        />
      </FilterBar>
      {collaborators.isError && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          Non è stato possibile caricare i collaboratori
        </Alert>
      )}
      {downloadError && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert" onClose={clearError}>
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
              <Paging
                count={data.total}
                page={query.page ?? 1}
                perPage={perPage}
                sizes={PAGE_SIZES}
                onPageChange={(p) =>
                  setParams(
                    (prev) =>
                      new URLSearchParams(amlChecksQuery({ ...queryOfParams(prev), page: p > 1 ? p : undefined })),
                    { replace: true },
                  )
                }
                onPerPageChange={(n) => update({ per_page: n === DEFAULT_PER_PAGE ? undefined : n })}
              />
            </>
          )}
        </>
      )}
    </>
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
