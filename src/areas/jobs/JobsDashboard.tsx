/**
 * `/dashboard_jobs` 'Dashboard Adempimenti' (seed B §2, §4, §6): a customer × job grid for a year
 * — 600 px high, customer column and job header sticky, rows virtualised (thousands of customers
 * stay smooth) — with the year (default the current one), a customer search and, for
 * administrators only, the collaborator filter (others see their own customers, C44). Each cell
 * shows done/total with the seed's colours and a text alternative (model/jobs.ts); arrows move
 * between cells, Enter (or a click) opens the customer's sub-tasks of that job (C46) to tick
 * (C47): a toggle flips once the server confirms, and the cell follows without reloading the grid.
 */
import { useCallback, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  IconButton,
  InputAdornment,
  InputLabel,
  LinearProgress,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  MenuItem,
  Paper,
  Select,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import SaveIcon from '@mui/icons-material/Save';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { usePermissions } from 'react-admin';
import { atLeast } from '../../../model/define';
import { currentYear, displayDateTime, YEAR_MAX, YEAR_MIN } from '../../../model/dates';
import { JOB_CELL_TEXT, jobCellState, type JobCellState } from '../../../model/jobs';
import { useAppDataProvider, type DashboardCustomer, type DashboardJob, type TaskStatus } from '../../dataProvider';
import { BulkScreenHeader } from '../../bulk/PreviewRun';
import { BulkErrorDialog, TEXTS } from '../../bulk/common';
import { YearSelect } from '../../bulk/YearSelect';

const HEIGHT = 600;
const ROW = 36;
const NAME_WIDTH = 280;
const CELL_WIDTH = 96;

/** Cell colours of seed B §4 (light backgrounds with dark text: readable, and the text says it too). */
export const CELL_STYLE: Record<JobCellState, { bg: string; fg: string; pattern?: string }> = {
  empty: { bg: '#e0e0e0', fg: '#424242' },
  done: { bg: '#c8e6c9', fg: '#1b5e20' },
  todo: { bg: '#ffcdd2', fg: '#b71c1c' },
  partial: { bg: '#ffe0b2', fg: '#8a4b00' },
  notApplicable: {
    bg: '#f5f5f5',
    fg: '#616161',
    pattern: 'repeating-linear-gradient(45deg, #f5f5f5 0 6px, #e6e6e6 6px 12px)',
  },
};
const cellLabel = (state: JobCellState, done: number, total: number) =>
  state === 'notApplicable' ? 'n/a' : state === 'empty' ? '—' : `${done}/${total}`;

interface Focus {
  row: number;
  col: number;
}

export function JobsDashboard() {
  const dp = useAppDataProvider();
  const queryClient = useQueryClient();
  const { permissions } = usePermissions<{ role?: string }>();
  const admin = atLeast(permissions?.role, 'Admin');
  const [year, setYear] = useState(currentYear());
  const [search, setSearch] = useState('');
  const [collaborator, setCollaborator] = useState<number | ''>('');
  const [focus, setFocus] = useState<Focus>({ row: 0, col: 0 });
  const [open, setOpen] = useState<{ customer: DashboardCustomer; job: DashboardJob } | null>(null);
  const jobs = useQuery({ queryKey: ['dashboard', 'jobs'], queryFn: ({ signal }) => dp.studioJobs({ signal }) });
  const customers = useQuery({
    queryKey: ['dashboard', 'customers', admin ? collaborator : 'own'],
    queryFn: ({ signal }) =>
      dp.dashboardCustomers({ collaboratorId: admin && collaborator !== '' ? collaborator : null, signal }),
  });
  const countsKey = ['dashboard', 'counts', year];
  const counts = useQuery({ queryKey: countsKey, queryFn: ({ signal }) => dp.jobCounts(year, { signal }) });
  const collaborators = useQuery({
    queryKey: ['dashboard', 'collaborators'],
    enabled: admin,
    queryFn: async ({ signal }) =>
      (await dp.options('/api/collaborators', { signal })) as Array<{ id: number; name?: string; label?: string }>,
  });
  const rows = useMemo(() => {
    const q = search.trim().toLowerCase();
    return (customers.data ?? []).filter((c) => !q || c.business_name.toLowerCase().includes(q));
  }, [customers.data, search]);
  const cols = jobs.data ?? [];
  const scrollRef = useRef<HTMLDivElement>(null);
  // the app does not use the React Compiler: nothing memoises the virtualizer's functions
  // oxlint-disable-next-line react/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW,
    overscan: 12,
    initialRect: { width: 1200, height: HEIGHT },
  });
  const doneOf = useCallback((c: number, j: number) => counts.data?.[String(c)]?.[String(j)] ?? 0, [counts.data]);

  const cellId = (row: number, col: number) => `job-cell-${row}-${col}`;
  const moveTo = (row: number, col: number) => {
    const r = Math.max(0, Math.min(rows.length - 1, row));
    const c = Math.max(0, Math.min(cols.length - 1, col));
    setFocus({ row: r, col: c });
    virtualizer.scrollToIndex(r, { align: 'auto' });
    // the row may be rendered only after the scroll
    requestAnimationFrame(() => document.getElementById(cellId(r, c))?.focus());
  };
  const onKeyDown = (e: KeyboardEvent, row: number, col: number) => {
    const step: Record<string, [number, number]> = {
      ArrowUp: [-1, 0],
      ArrowDown: [1, 0],
      ArrowLeft: [0, -1],
      ArrowRight: [0, 1],
      PageUp: [-15, 0],
      PageDown: [15, 0],
    };
    if (step[e.key]) {
      e.preventDefault();
      moveTo(row + step[e.key]![0], col + step[e.key]![1]);
      return;
    }
    if (e.key === 'Home') {
      e.preventDefault();
      moveTo(e.ctrlKey ? 0 : row, 0);
      return;
    }
    if (e.key === 'End') {
      e.preventDefault();
      moveTo(e.ctrlKey ? rows.length - 1 : row, cols.length - 1);
      return;
    }
  };
  const loading = jobs.isPending || customers.isPending || counts.isPending;
  const failed = jobs.isError || customers.isError || counts.isError;
  const width = NAME_WIDTH + cols.length * CELL_WIDTH;

  return (
    <>
      <BulkScreenHeader title="Dashboard Adempimenti" />
      <Paper sx={{ p: 2 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }} alignItems={{ md: 'center' }}>
          <YearSelect
            value={year}
            onChange={setYear}
            years={Array.from({ length: 101 }, (_x, i) => currentYear() - 50 + i).filter(
              (y) => y >= YEAR_MIN && y <= YEAR_MAX,
            )}
            sx={{ width: 120, flex: 'none' }}
          />
          <TextField
            label="Cerca cliente"
            size="small"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            sx={{ minWidth: 260 }}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
          {admin && (
            <FormControl size="small" sx={{ minWidth: 240 }}>
              <InputLabel id="collaborator-filter">Collaboratore</InputLabel>
              <Select
                labelId="collaborator-filter"
                label="Collaboratore"
                value={collaborator}
                onChange={(e) => {
                  const v: unknown = e.target.value;
                  setCollaborator(v === '' ? '' : Number(v));
                }}
              >
                <MenuItem value="">Tutti i clienti</MenuItem>
                <MenuItem value={0}>Senza collaboratore</MenuItem>
                {(collaborators.data ?? []).map((u) => (
                  <MenuItem key={u.id} value={u.id}>
                    {u.name ?? u.label}
                  </MenuItem>
                ))}
              </Select>
            </FormControl>
          )}
        </Stack>
        <Legend />
        {failed && (
          <Alert severity="error" sx={{ mb: 1 }}>
            Errore nel caricamento dati
          </Alert>
        )}
        {loading && <LinearProgress aria-label="Caricamento della dashboard" />}
        {!loading && !failed && !cols.length && (
          <Alert severity="info">Nessun adempimento: creane uno in Adempimenti.</Alert>
        )}
        {!loading && !failed && cols.length > 0 && (
          <Box
            ref={scrollRef}
            role="grid"
            aria-label={`Adempimenti ${year}: ${rows.length} clienti per ${cols.length} adempimenti`}
            aria-rowcount={rows.length + 1}
            aria-colcount={cols.length + 1}
            sx={{
              height: HEIGHT,
              overflow: 'auto',
              position: 'relative',
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
            }}
          >
            <Box sx={{ width, minWidth: '100%' }}>
              <Box
                role="row"
                aria-rowindex={1}
                sx={{
                  display: 'flex',
                  position: 'sticky',
                  top: 0,
                  zIndex: 3,
                  bgcolor: 'background.paper',
                  borderBottom: 1,
                  borderColor: 'divider',
                }}
              >
                <Box
                  role="columnheader"
                  sx={{
                    width: NAME_WIDTH,
                    flex: 'none',
                    position: 'sticky',
                    left: 0,
                    zIndex: 4,
                    bgcolor: 'background.paper',
                    p: 1,
                    fontWeight: 600,
                  }}
                >
                  Cliente ({rows.length})
                </Box>
                {cols.map((j) => (
                  <Tooltip
                    key={j.id}
                    title={`${j.name}${j.studio_job_type?.label ? ` · ${j.studio_job_type.label}` : ''} · ${j.taskCount} sotto adempimenti`}
                  >
                    <Box
                      role="columnheader"
                      sx={{
                        width: CELL_WIDTH,
                        flex: 'none',
                        p: 0.5,
                        fontSize: 12,
                        fontWeight: 600,
                        textAlign: 'center',
                        lineHeight: 1.2,
                        overflow: 'hidden',
                        display: '-webkit-box',
                        WebkitLineClamp: 2,
                        WebkitBoxOrient: 'vertical',
                      }}
                    >
                      {j.cod ?? j.name}
                      <Box
                        component="span"
                        sx={{
                          display: 'block',
                          fontWeight: 400,
                          color: 'text.secondary',
                          overflow: 'hidden',
                          textOverflow: 'ellipsis',
                          whiteSpace: 'nowrap',
                        }}
                      >
                        {j.name}
                      </Box>
                    </Box>
                  </Tooltip>
                ))}
              </Box>
              <Box sx={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
                {virtualizer.getVirtualItems().map((v) => {
                  const c = rows[v.index]!;
                  return (
                    <Box
                      key={c.id}
                      role="row"
                      aria-rowindex={v.index + 2}
                      sx={{
                        display: 'flex',
                        position: 'absolute',
                        top: 0,
                        left: 0,
                        height: ROW,
                        transform: `translateY(${v.start}px)`,
                        width: '100%',
                        borderBottom: 1,
                        borderColor: 'divider',
                      }}
                    >
                      <Box
                        role="rowheader"
                        sx={{
                          width: NAME_WIDTH,
                          flex: 'none',
                          position: 'sticky',
                          left: 0,
                          zIndex: 2,
                          bgcolor: 'background.paper',
                          px: 1,
                          display: 'flex',
                          alignItems: 'center',
                          overflow: 'hidden',
                        }}
                      >
                        <Typography variant="body2" noWrap title={c.legal_status?.description ?? undefined}>
                          {c.business_name}
                        </Typography>
                      </Box>
                      {cols.map((j, col) => {
                        const done = doneOf(c.id, j.id);
                        const state = jobCellState(j, c.legal_status_id, done);
                        const style = CELL_STYLE[state];
                        const active = focus.row === v.index && focus.col === col;
                        return (
                          <Box
                            key={j.id}
                            role="gridcell"
                            aria-colindex={col + 2}
                            sx={{ width: CELL_WIDTH, flex: 'none', p: '3px' }}
                          >
                            <Box
                              component="button"
                              type="button"
                              id={cellId(v.index, col)}
                              tabIndex={active ? 0 : -1}
                              data-state={state}
                              // the visible text is part of the name (WCAG 2.5.3)
                              aria-label={`${c.business_name}, ${j.name}: ${cellLabel(state, done, j.taskCount)}, ${JOB_CELL_TEXT[state]}${state === 'partial' || state === 'done' || state === 'todo' ? `, ${done} di ${j.taskCount} completati` : ''}`}
                              onFocus={() => setFocus({ row: v.index, col })}
                              onKeyDown={(e: KeyboardEvent) => onKeyDown(e, v.index, col)}
                              onClick={() => {
                                setFocus({ row: v.index, col });
                                if (state !== 'empty') setOpen({ customer: c, job: j });
                              }}
                              sx={{
                                width: '100%',
                                height: '100%',
                                border: 0,
                                borderRadius: 0.5,
                                cursor: state === 'empty' ? 'default' : 'pointer',
                                font: 'inherit',
                                fontSize: 12,
                                fontWeight: 600,
                                bgcolor: style.bg,
                                color: style.fg,
                                background: style.pattern,
                                '&:hover': { filter: 'brightness(0.95)' },
                                '&:focus-visible': {
                                  outline: '3px solid',
                                  outlineColor: 'primary.main',
                                  outlineOffset: 1,
                                },
                              }}
                            >
                              {cellLabel(state, done, j.taskCount)}
                            </Box>
                          </Box>
                        );
                      })}
                    </Box>
                  );
                })}
              </Box>
            </Box>
          </Box>
        )}
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
          Frecce per spostarsi tra le celle, Invio per aprire i sotto adempimenti.
        </Typography>
      </Paper>
      {open && (
        <TasksDialog
          customer={open.customer}
          job={open.job}
          year={year}
          onClose={() => setOpen(null)}
          onDone={(done) =>
            queryClient.setQueryData<Record<string, Record<string, number>>>(countsKey, (old) => ({
              ...old,
              [String(open.customer.id)]: { ...old?.[String(open.customer.id)], [String(open.job.id)]: done },
            }))
          }
        />
      )}
    </>
  );
}

function Legend() {
  const items: JobCellState[] = ['done', 'partial', 'todo', 'empty', 'notApplicable'];
  return (
    <Stack direction="row" spacing={2} flexWrap="wrap" useFlexGap aria-label="Legenda dei colori" sx={{ mb: 1 }}>
      {items.map((s) => (
        <Stack key={s} direction="row" spacing={0.5} alignItems="center">
          <Box
            aria-hidden
            sx={{
              width: 14,
              height: 14,
              borderRadius: 0.5,
              bgcolor: CELL_STYLE[s].bg,
              background: CELL_STYLE[s].pattern,
              border: 1,
              borderColor: 'divider',
            }}
          />
          <Typography variant="caption">{JOB_CELL_TEXT[s]}</Typography>
        </Stack>
      ))}
    </Stack>
  );
}

/**
 * The customer's sub-tasks of a job for the year (C46): a checkbox each, flipped only once the
 * server confirmed the change (C47), and its note (saved with its button).
 */
function TasksDialog({
  customer,
  job,
  year,
  onClose,
  onDone,
}: {
  customer: DashboardCustomer;
  job: DashboardJob;
  year: number;
  onClose: () => void;
  onDone: (done: number) => void;
}) {
  const dp = useAppDataProvider();
  const queryClient = useQueryClient();
  const key = ['dashboard', 'statuses', job.id, customer.id, year];
  const statuses = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => dp.jobStatuses(job.id, customer.id, year, { signal }),
  });
  const [pending, setPending] = useState<number | null>(null);
  const [notes, setNotes] = useState<Record<number, string>>({});
  const [error, setError] = useState<string | null>(null);
  const change = async (s: TaskStatus, status: 0 | 1, note: string | null) => {
    setPending(s.task_id);
    try {
      const res = await dp.changeJobState(job.id, s.task_id, customer.id, year, { status, note });
      queryClient.setQueryData<TaskStatus[]>(key, (old) =>
        (old ?? []).map((x) => (x.task_id === s.task_id ? res.data : x)),
      );
      setNotes((n) => {
        const { [s.task_id]: _gone, ...rest } = n;
        return rest;
      });
      onDone(res.done);
    } catch (e) {
      setError(`${TEXTS.save} ${(e as Error).message ?? ''}`.trim());
    } finally {
      setPending(null);
    }
  };
  const list = statuses.data ?? [];
  const done = list.filter((s) => s.status === 1).length;
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="tasks-title">
      <DialogTitle id="tasks-title">
        {job.name} {year} · {customer.business_name}
      </DialogTitle>
      <DialogContent>
        {jobCellState(job, customer.legal_status_id, done) === 'notApplicable' && (
          <Alert severity="info" sx={{ mb: 1 }}>
            L&apos;adempimento non è previsto per la forma giuridica del cliente (
            {customer.legal_status?.description ?? 'non indicata'}).
          </Alert>
        )}
        {statuses.isPending && <LinearProgress aria-label="Caricamento dei sotto adempimenti" />}
        {statuses.isError && <Alert severity="error">Errore nel caricamento dati</Alert>}
        <Typography variant="body2" color="text.secondary">
          {done} di {list.length} completati
        </Typography>
        <List dense>
          {list.map((s) => {
            const note = notes[s.task_id] ?? s.note ?? '';
            const dirty = note !== (s.note ?? '');
            return (
              <ListItem key={s.task_id} disableGutters sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}>
                <ListItemIcon sx={{ minWidth: 40 }}>
                  {/* not disabled while a change is saved: a disabled control would drop the keyboard focus */}
                  <Checkbox
                    edge="start"
                    checked={s.status === 1}
                    slotProps={{
                      input: {
                        'aria-label': `${s.name}: ${s.status === 1 ? 'fatto' : 'da fare'}`,
                        'aria-disabled': pending !== null || undefined,
                      },
                    }}
                    onChange={() => {
                      if (pending === null) void change(s, s.status === 1 ? 0 : 1, note.trim() || null);
                    }}
                  />
                </ListItemIcon>
                <ListItemText
                  primary={s.name}
                  secondary={
                    s.updated_by
                      ? `Ultima modifica: ${s.updated_by}, ${s.updated_at ? displayDateTime(s.updated_at) : ''}`
                      : s.cod
                  }
                />
                <Stack direction="row" spacing={1} alignItems="center" sx={{ width: '100%', pl: 5 }}>
                  <TextField
                    id={`task-note-${s.task_id}`}
                    size="small"
                    fullWidth
                    label={`Nota: ${s.name}`}
                    value={note}
                    slotProps={{ htmlInput: { maxLength: 1000 } }}
                    onChange={(e) => setNotes((n) => ({ ...n, [s.task_id]: e.target.value }))}
                    disabled={pending === s.task_id}
                  />
                  <IconButton
                    aria-label={`Salva la nota di ${s.name}`}
                    disabled={!dirty || pending !== null}
                    // the button disables itself once saved: the focus goes back to the note
                    onClick={async () => {
                      await change(s, s.status === 1 ? 1 : 0, note.trim() || null);
                      document.getElementById(`task-note-${s.task_id}`)?.focus();
                    }}
                  >
                    <SaveIcon />
                  </IconButton>
                </Stack>
              </ListItem>
            );
          })}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained">
          Chiudi
        </Button>
      </DialogActions>
      <BulkErrorDialog text={error} onClose={() => setError(null)} />
    </Dialog>
  );
}
