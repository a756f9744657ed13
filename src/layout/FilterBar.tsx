/**
 * The filter bar and the paging of the areas' own list screens ('Scadenzario clienti', 'Verifiche
 * antiriciclaggio', 'Posta in uscita'): a section of search and selects on a grid of up to five
 * columns (one on a phone), its actions below, and react-admin's Italian paging labels on MUI's
 * TablePagination; the hooks behind them: the filters in the address, the search typed, the
 * collaborators to choose from, a download.
 */
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Box, MenuItem, Paper, Stack, TablePagination, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { saveAs } from 'file-saver';
import { useAppDataProvider } from '../dataProvider';
import { failureText } from '../bulk/texts';

/** The value of a select's first item: no filter. */
const ALL = '';

/**
 * A filter: `all` (no filter: `value` undefined, answered as undefined) when given, then its
 * `options` (value, label).
 */
export function FilterSelect({
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
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  options: ReadonlyArray<readonly [string, string]>;
}) {
  return (
    <TextField
      select
      id={id}
      label={label}
      size="small"
      value={value ?? ALL}
      onChange={(e) => onChange(e.target.value === ALL ? undefined : e.target.value)}
      slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
    >
      {all !== undefined && <MenuItem value={ALL}>{all}</MenuItem>}
      {options.map(([v, text]) => (
        <MenuItem key={v} value={v}>
          {text}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * The section of a screen's filters (`label` names it): 'Cerca cliente' (`search`, its own label
 * when it finds more than customers), then the
 * `children` on the grid, and `actions` (downloads, switches) in a row below; `below` under it all
 * (a progress bar).
 */
export function FilterBar({
  label,
  search,
  children,
  actions,
  below,
}: {
  label: string;
  search: { id: string; value: string; onChange: (value: string) => void; label?: string };
  children: ReactNode;
  actions: ReactNode;
  below?: ReactNode;
}) {
  return (
    <Paper sx={{ p: 2, mb: 2 }} component="section" aria-label={label}>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(5, minmax(0, 1fr))' },
        }}
      >
        <TextField
          id={search.id}
          label={search.label ?? 'Cerca cliente'}
          size="small"
          value={search.value}
          onChange={(e) => search.onChange(e.target.value)}
          slotProps={{ htmlInput: { type: 'search' } }}
        />
        {children}
      </Box>
      <Stack direction="row" spacing={2} sx={{ mt: 2, flexWrap: 'wrap', alignItems: 'center' }} useFlexGap>
        {actions}
      </Stack>
      {below}
    </Paper>
  );
}

const PAGE_LABELS = {
  first: 'Prima pagina',
  last: 'Ultima pagina',
  next: 'Pagina successiva',
  previous: 'Pagina precedente',
} as const;

/** MUI's paging in Italian: `page` counts from 1; `onPageChange` and `onPerPageChange` get the new value. */
export function Paging({
  count,
  page,
  perPage,
  sizes,
  onPageChange,
  onPerPageChange,
}: {
  count: number;
  page: number;
  perPage: number;
  sizes: number[];
  onPageChange: (page: number) => void;
  onPerPageChange: (perPage: number) => void;
}) {
  return (
    <TablePagination
      component="div"
      count={count}
      page={Math.max(0, page - 1)}
      rowsPerPage={perPage}
      rowsPerPageOptions={sizes}
      onPageChange={(_e, p) => onPageChange(p + 1)}
      onRowsPerPageChange={(e) => onPerPageChange(Number(e.target.value))}
      labelRowsPerPage="Righe per pagina"
      labelDisplayedRows={({ from, to, count }) => `${from}-${to} di ${count}`}
      getItemAriaLabel={(type) => PAGE_LABELS[type]}
    />
  );
}

/** How long the search waits after the last key before it asks. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * A screen's filters kept in the address (a link or a reload shows the same list): `parse` reads
 * them, `write` makes the address's query of them. `update(patch)` changes some, with `reset`
 * (e.g. back to the first page); `text` is the search as typed, sent as `q` once the typing stops.
 */
export function useUrlFilter<Q extends { q?: string }>(
  parse: (p: URLSearchParams) => Q,
  write: (q: Q) => string | Record<string, string>,
  reset: Partial<Q> = {},
) {
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  // parse is the screen's own function: the query changes only with the address
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const query = useMemo(() => parse(new URLSearchParams(search)), [search]);
  const update = (patch: Partial<Q>) =>
    setParams((prev) => new URLSearchParams(write({ ...parse(prev), ...reset, ...patch })), { replace: true });

  const [text, setText] = useState(query.q ?? '');
  useEffect(() => {
    const q = text.trim() || undefined;
    if (q === query.q) return;
    const t = setTimeout(
      () => setParams((prev) => new URLSearchParams(write({ ...parse(prev), ...reset, q })), { replace: true }),
      SEARCH_DEBOUNCE_MS,
    );
    return () => clearTimeout(t);
    // parse, write and reset are the screen's constants
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text, query.q, setParams]);
  return { query, update, setParams, text, setText };
}

/** The studio's collaborators, for a filter (read once a minute at most). */
export function useCollaboratorOptions() {
  const dp = useAppDataProvider();
  return useQuery({
    queryKey: ['options', '/api/collaborators'],
    queryFn: ({ signal }) =>
      dp.options('/api/collaborators', { signal }) as Promise<Array<{ id: number; name?: string; label?: string }>>,
    staleTime: 60_000,
  });
}

/** A collaborator's name in a filter's options. */
export const collaboratorOption = (c: { id: number; name?: string; label?: string }) =>
  [String(c.id), c.name ?? c.label ?? `#${c.id}`] as const;

/**
 * A download of the screen: `downloading` says which (the kind given to `download`), `error` why
 * the last one failed (in Italian), until `clearError`.
 */
export function useDownload<K extends string>(get: (kind: K) => Promise<{ blob: Blob; filename: string }>) {
  const [downloading, setDownloading] = useState<K | null>(null);
  const [error, setError] = useState<string | null>(null);
  const download = async (kind: K) => {
    setDownloading(kind);
    setError(null);
    try {
      const { blob, filename } = await get(kind);
      saveAs(blob, filename);
    } catch (e) {
      setError(failureText(e));
    } finally {
      setDownloading(null);
    }
  };
  return { downloading, error, clearError: () => setError(null), download };
}
