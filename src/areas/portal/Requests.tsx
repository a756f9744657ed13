/**
 * `/richieste_documenti` 'Richieste di documenti' (issue 50 item 2), Collaboratore and above: the
 * documents the studio asked its customers for in the customers' area (GET /api/portal/requests).
 * - Filters (kept in the URL's query string): the state ('Aperte' unless chosen, 'Completate',
 *   'Annullate', 'Tutte'), 'Da controllare' (documents sent, or declared missing, waiting for the
 *   studio's review), 'In ritardo' (past the deadline with documents still to send), the search by
 *   customer or title.
 * - A row per request, by deadline: the customer (its card), the title (the request's detail,
 *   `/richieste_documenti/{id}`, as a click on the row), the deadline with a red 'in ritardo'
 *   when late, the documents accepted of those asked with how many wait for a review, the state;
 *   pages.
 * - 'Nuova richiesta': to customers picked or to every customer of a compliance job
 *   (NewRequestDialog, shared with the customers' bulk bar).
 */
import { useState, type MouseEvent } from 'react';
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
import AddIcon from '@mui/icons-material/Add';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { LinkBase } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { REQUEST_STATUS_LABELS } from '../../../model/portal';
import { useAppDataProvider } from '../../dataProvider';
import type { RequestQuery, RequestSummary } from '../../dataProvider/portalRequests';
import { BulkScreenHeader } from '../../bulk/PreviewRun';
import { StatusChip } from '../../bulk/StatusChip';
import { failureText } from '../../bulk/texts';
import { FilterBar, FilterSelect, Paging, useUrlFilter } from '../../layout/FilterBar';
import { NewRequestDialog } from './NewRequestDialog';
import { DueDate, LIST_KEY, REQUEST_STATUS_COLORS, REQUESTS_PATH, REQUESTS_TITLE as TITLE } from './parts';

export const EMPTY_TEXT = 'Nessuna richiesta di documenti con questi filtri';
const PAGE_SIZES = [25, 50, 100];
/** the server's page size when none is asked */
const DEFAULT_PER_PAGE = 25;

/** The state filter: a request's state, or all of them; 'aperta' when the address says nothing. */
type StateFilter = 'completata' | 'annullata' | 'tutte';
const STATE_OPTIONS: ReadonlyArray<readonly [string, string]> = [
  ['aperta', 'Aperte'],
  ['completata', 'Completate'],
  ['annullata', 'Annullate'],
  ['tutte', 'Tutte'],
];

/** The filters and the page as the address holds them (anything unknown left out). */
interface Filter {
  status?: StateFilter;
  to_review?: '1';
  late?: '1';
  q?: string;
  page?: number;
  per_page?: number;
}

function filterOf(p: URLSearchParams): Filter {
  const f: Filter = {};
  const int = (v: string | null) => (v && /^\d+$/.test(v) ? Number(v) : undefined);
  const status = p.get('status');
  if (status === 'completata' || status === 'annullata' || status === 'tutte') f.status = status;
  if (p.get('to_review') === '1') f.to_review = '1';
  if (p.get('late') === '1') f.late = '1';
  const q = p.get('q')?.trim();
  if (q) f.q = q;
  const page = int(p.get('page'));
  if (page && page > 1) f.page = page;
  const perPage = int(p.get('per_page'));
  if (perPage && PAGE_SIZES.includes(perPage) && perPage !== DEFAULT_PER_PAGE) f.per_page = perPage;
  return f;
}

/** The address's query of the filters (empty ones left out). */
function addressOf(f: Filter): Record<string, string> {
  return Object.fromEntries(
    Object.entries(f)
      .filter(([, v]) => v !== undefined && v !== '')
      .map(([k, v]) => [k, String(v)]),
  );
}

/** The call's query: the open requests unless another state (or all) is chosen; the search by customer or title. */
const apiQuery = (f: Filter): RequestQuery => ({
  status: f.status === 'tutte' ? undefined : (f.status ?? 'aperta'),
  to_review: f.to_review,
  late: f.late,
  search: f.q,
  page: f.page,
  per_page: f.per_page,
});

const requestsText = (n: number) => (n === 1 ? '1 richiesta' : `${n} richieste`);

export function Requests() {
  const dp = useAppDataProvider();
  const queryClient = useQueryClient();
  const { query, update, setParams, text, setText } = useUrlFilter(filterOf, addressOf, { page: undefined });
  const [creating, setCreating] = useState(false);
  const list = useQuery({
    queryKey: [...LIST_KEY, query],
    queryFn: ({ signal }) => dp.portalRequests(apiQuery(query), { signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const data = list.isError ? undefined : list.data;
  const perPage = query.per_page ?? DEFAULT_PER_PAGE;

  return (
    <>
      <BulkScreenHeader title={TITLE} />
      <Typography component="h1" variant="h5" sx={{ mb: 2 }}>
        {TITLE}
      </Typography>
      <FilterBar
        label="Filtri delle richieste"
        search={{ id: 'portal-requests-q', value: text, onChange: setText, label: 'Cerca cliente o richiesta' }}
        actions={
          <>
            <FormControlLabel
              control={
                <Switch
                  checked={query.to_review === '1'}
                  onChange={(e) => update({ to_review: e.target.checked ? '1' : undefined })}
                />
              }
              label="Da controllare"
            />
            <FormControlLabel
              control={
                <Switch
                  checked={query.late === '1'}
                  onChange={(e) => update({ late: e.target.checked ? '1' : undefined })}
                />
              }
              label="In ritardo"
            />
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              onClick={() => setCreating(true)}
              sx={{ ml: { sm: 'auto' } }}
            >
              Nuova richiesta
            </Button>
          </>
        }
      >
        <FilterSelect
          id="portal-requests-status"
          label="Stato"
          value={query.status ?? 'aperta'}
          onChange={(v) => update({ status: v === 'aperta' ? undefined : (v as StateFilter) })}
          options={STATE_OPTIONS}
        />
      </FilterBar>
      {list.isFetching && <LinearProgress sx={{ mb: 2 }} aria-label="Caricamento delle richieste" />}
      {list.isError && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {failureText(list.error)}
        </Alert>
      )}
      {data && (
        <>
          <Typography variant="subtitle1" component="p" sx={{ mb: 1, fontWeight: 500 }} aria-live="polite">
            {requestsText(data.total)}
          </Typography>
          {data.data.length === 0 ? (
            <Alert severity="info" sx={{ mb: 2 }}>
              {EMPTY_TEXT}
            </Alert>
          ) : (
            <>
              <RequestsTable rows={data.data} />
              <Paging
                count={data.total}
                page={query.page ?? 1}
                perPage={perPage}
                sizes={PAGE_SIZES}
                onPageChange={(p) =>
                  setParams(
                    (prev) => new URLSearchParams(addressOf({ ...filterOf(prev), page: p > 1 ? p : undefined })),
                    { replace: true },
                  )
                }
                onPerPageChange={(n) => update({ per_page: n === DEFAULT_PER_PAGE ? undefined : n })}
              />
            </>
          )}
        </>
      )}
      {creating && (
        <NewRequestDialog
          onClose={() => setCreating(false)}
          onCreated={() => void queryClient.invalidateQueries({ queryKey: LIST_KEY })}
        />
      )}
    </>
  );
}

function RequestsTable({ rows }: { rows: RequestSummary[] }) {
  const label = 'Richieste di documenti ai clienti';
  const navigate = useNavigate();
  const { search } = useLocation();
  const open = (id: number) => navigate(`${REQUESTS_PATH}/${id}`, { state: { back: search } });
  return (
    <TableContainer component={Paper} tabIndex={0} role="region" aria-label={label} sx={{ mb: 1 }}>
      <Table size="small" sx={{ minWidth: 720 }}>
        <Box component="caption" sx={visuallyHidden}>
          {label}
        </Box>
        <TableHead>
          <TableRow>
            <TableCell>Cliente</TableCell>
            <TableCell>Richiesta</TableCell>
            <TableCell>Scadenza</TableCell>
            <TableCell>Documenti</TableCell>
            <TableCell>Stato</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.id} hover onClick={() => open(r.id)} sx={{ cursor: 'pointer' }}>
              <TableCell component="th" scope="row" sx={{ minWidth: 160 }}>
                <Link
                  component={LinkBase}
                  to={`/Customer/${r.customer_id}`}
                  title={`Scheda di ${r.customer_name}`}
                  onClick={(e: MouseEvent) => e.stopPropagation()}
                >
                  {r.customer_name}
                </Link>
              </TableCell>
              <TableCell sx={{ minWidth: 180 }}>
                <Link
                  component={LinkBase}
                  to={`${REQUESTS_PATH}/${r.id}`}
                  state={{ back: search }}
                  onClick={(e: MouseEvent) => e.stopPropagation()}
                >
                  {r.title}
                </Link>
              </TableCell>
              <TableCell>
                <DueDate request={r} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
                  <span title={`${r.accepted} documenti accettati su ${r.items}`}>
                    {r.accepted}/{r.items}
                  </span>
                  {r.to_review > 0 && <Chip size="small" color="warning" label={`${r.to_review} da controllare`} />}
                </Box>
              </TableCell>
              <TableCell>
                <StatusChip status={r.status} labels={REQUEST_STATUS_LABELS} colors={REQUEST_STATUS_COLORS} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
