/**
 * `/messaggi_clienti` 'Messaggi dei clienti' (issue 50 item 5), Collaboratore and above: one
 * conversation per customer in the customers' area (GET /api/portal/threads), those with messages
 * the studio has not read first.
 * - Filters (kept in the address's query string): 'Solo non letti' (`unread=1`: the home page's
 *   card links here with it), the search by customer (`q`); pages.
 * - A row per conversation: the customer, the start of the last message (plain text, on two lines
 *   at most), who wrote it (the customer's person or the studio's user) and when, the count of the
 *   customer's messages not read yet. A click on the row (or on the customer's name) opens the
 *   conversation, `/messaggi_clienti/{customer id}` (src/areas/portal/Thread.tsx).
 */
import type { MouseEvent } from 'react';
import {
  Alert,
  Box,
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
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { LinkBase } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { displayDateTime } from '../../../model/dates';
import { useAppDataProvider } from '../../dataProvider';
import type { ThreadQuery, ThreadSummary } from '../../dataProvider/portalMessages';
import { BulkScreenHeader } from '../../bulk/PreviewRun';
import { CellNote } from '../../bulk/cells';
import { failureText } from '../../bulk/texts';
import { FilterBar, Paging, useUrlFilter } from '../../layout/FilterBar';
import { MESSAGES_PATH, MESSAGES_TITLE as TITLE, THREADS_KEY } from './parts';

export const EMPTY_TEXT = 'Nessuna conversazione con questi filtri';
export const NONE_UNREAD_TEXT = 'Nessun messaggio dei clienti da leggere';
const PAGE_SIZES = [25, 50, 100];
/** the server's page size when none is asked */
const DEFAULT_PER_PAGE = 25;

/** The filters and the page as the address holds them (anything unknown left out). */
interface Filter {
  unread?: '1';
  q?: string;
  page?: number;
  per_page?: number;
}

function filterOf(p: URLSearchParams): Filter {
  const f: Filter = {};
  const int = (v: string | null) => (v && /^\d+$/.test(v) ? Number(v) : undefined);
  if (p.get('unread') === '1') f.unread = '1';
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

const apiQuery = (f: Filter): ThreadQuery => ({
  unread: f.unread,
  search: f.q,
  page: f.page,
  per_page: f.per_page,
});

const threadsText = (n: number) => (n === 1 ? '1 conversazione' : `${n} conversazioni`);
/** '1 non letto', '3 non letti' */
export const unreadText = (n: number) => (n === 1 ? '1 non letto' : `${n} non letti`);
/** A message's start on one line: its line breaks and runs of blanks as one space. */
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

export function Messages() {
  const dp = useAppDataProvider();
  const { query, update, setParams, text, setText } = useUrlFilter(filterOf, addressOf, { page: undefined });
  const list = useQuery({
    queryKey: [...THREADS_KEY, query],
    queryFn: ({ signal }) => dp.portalThreads(apiQuery(query), { signal }),
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
        label="Filtri dei messaggi"
        search={{ id: 'portal-threads-q', value: text, onChange: setText }}
        actions={
          <FormControlLabel
            control={
              <Switch
                checked={query.unread === '1'}
                onChange={(e) => update({ unread: e.target.checked ? '1' : undefined })}
              />
            }
            label="Solo non letti"
          />
        }
      >
        {null}
      </FilterBar>
      {list.isFetching && <LinearProgress sx={{ mb: 2 }} aria-label="Caricamento dei messaggi" />}
      {list.isError && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {failureText(list.error)}
        </Alert>
      )}
      {data && (
        <>
          <Typography variant="subtitle1" component="p" sx={{ mb: 1, fontWeight: 500 }} aria-live="polite">
            {threadsText(data.total)}
          </Typography>
          {data.data.length === 0 ? (
            <Alert severity="info" sx={{ mb: 2 }}>
              {query.unread === '1' && !query.q ? NONE_UNREAD_TEXT : EMPTY_TEXT}
            </Alert>
          ) : (
            <>
              <ThreadsTable rows={data.data} />
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
    </>
  );
}

function ThreadsTable({ rows }: { rows: ThreadSummary[] }) {
  const label = 'Conversazioni con i clienti';
  const navigate = useNavigate();
  const { search } = useLocation();
  const to = (r: ThreadSummary) => `${MESSAGES_PATH}/${r.customer_id}`;
  const state = (r: ThreadSummary) => ({ back: search, name: r.customer_name });
  return (
    <TableContainer component={Paper} tabIndex={0} role="region" aria-label={label} sx={{ mb: 1 }}>
      <Table size="small" sx={{ minWidth: 720 }}>
        <Box component="caption" sx={visuallyHidden}>
          {label}
        </Box>
        <TableHead>
          <TableRow>
            <TableCell>Cliente</TableCell>
            <TableCell>Ultimo messaggio</TableCell>
            <TableCell>Scritto da</TableCell>
            <TableCell>Quando</TableCell>
            <TableCell>Da leggere</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => {
            const unread = r.unread > 0;
            return (
              <TableRow
                key={r.customer_id}
                hover
                onClick={() => navigate(to(r), { state: state(r) })}
                sx={{ cursor: 'pointer', '& td, & th': unread ? { fontWeight: 500 } : undefined }}
              >
                <TableCell component="th" scope="row" sx={{ minWidth: 160 }}>
                  <Link
                    component={LinkBase}
                    to={to(r)}
                    state={state(r)}
                    title={`Conversazione con ${r.customer_name}`}
                    onClick={(e: MouseEvent) => e.stopPropagation()}
                  >
                    {r.customer_name}
                  </Link>
                </TableCell>
                <TableCell sx={{ minWidth: 240, maxWidth: 480 }}>
                  <Box
                    component="span"
                    sx={{
                      display: '-webkit-box',
                      WebkitLineClamp: 2,
                      WebkitBoxOrient: 'vertical',
                      overflow: 'hidden',
                      overflowWrap: 'anywhere',
                    }}
                  >
                    {oneLine(r.last_body)}
                  </Box>
                </TableCell>
                <TableCell sx={{ minWidth: 120 }}>
                  {r.last_author}
                  <CellNote>{r.last_side === 'studio' ? 'Studio' : 'Cliente'}</CellNote>
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{displayDateTime(r.last_at)}</TableCell>
                <TableCell>
                  {unread ? <Chip size="small" color="primary" label={unreadText(r.unread)} /> : null}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
