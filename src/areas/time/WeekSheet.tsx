/**
 * `/foglio_ore` 'Foglio ore' (issue 49 item 4): a user's week, Monday to Sunday (GET /api/time/week),
 * one row per customer and service with the 7 days' time typed as hours — '1,5' or '1:30' — the
 * row, day and week totals, and a note for the cell being edited. 'Aggiungi riga' adds a customer
 * and a service; the bin empties a row. 'Salva' sends the rows at once (PUT /api/time/week): all or
 * nothing, each cell's error under it. A day after today takes no time. The Admin picks whose sheet
 * it is. On a phone the grid scrolls sideways inside its own box (the name column stays), the page
 * does not.
 */
import { useMemo, useRef, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  IconButton,
  LinearProgress,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableFooter,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import AddIcon from '@mui/icons-material/Add';
import SaveIcon from '@mui/icons-material/Save';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AutocompleteInput,
  Form,
  ReferenceInput,
  useGetIdentity,
  useNotify,
  usePermissions,
  required,
  type RaRecord,
} from 'react-admin';
import { addDays, today } from '../../../model/dates';
import { atLeast } from '../../../model/define';
import { hoursText, monthName } from '../../../model/engagements';
import { DAY_MINUTES, NOTE_MAX, TIME_MESSAGES, mondayOf, parseDuration } from '../../../model/time';
import { ApiError } from '../../api/client';
import { useAppDataProvider } from '../../dataProvider';
import type { Week, WeekInput } from '../../dataProvider/time';
import { BulkScreenHeader } from '../../bulk/PreviewRun';
import { useCollaboratorOptions } from '../../layout/FilterBar';

const TITLE = 'Foglio ore';
const WEEKDAYS = ['lun', 'mar', 'mer', 'gio', 'ven', 'sab', 'dom'];
const WEEKDAYS_LONG = ['lunedì', 'martedì', 'mercoledì', 'giovedì', 'venerdì', 'sabato', 'domenica'];

/** A row of the grid as typed. */
interface EditRow {
  /** a key that survives re-ordering (customer:service) */
  key: string;
  customer_id: number;
  customer_name: string;
  studio_service_id: number;
  service_name: string;
  texts: string[];
  notes: (string | null)[];
  /** as saved: empty → a row to save only if something is typed */
  saved: (number | null)[];
  savedNotes: (string | null)[];
  removed: boolean;
}

const pairKey = (customer: number, service: number) => `${customer}:${service}`;
const dayMonth = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}`;
/** '10 – 16 marzo 2025', '28 aprile – 4 maggio 2025', '29 dicembre 2025 – 4 gennaio 2026' */
export function weekText(from: string) {
  const to = addDays(from, 6);
  const [fy, fm, fd] = from.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = to.split('-').map(Number) as [number, number, number];
  if (fy !== ty) return `${fd} ${monthName(fm)} ${fy} – ${td} ${monthName(tm)} ${ty}`;
  if (fm !== tm) return `${fd} ${monthName(fm)} – ${td} ${monthName(tm)} ${ty}`;
  return `${fd} – ${td} ${monthName(tm)} ${ty}`;
}

const rowsOf = (week: Week): EditRow[] =>
  week.rows.map((r) => ({
    key: pairKey(r.customer_id, r.studio_service_id),
    customer_id: r.customer_id,
    customer_name: r.customer_name,
    studio_service_id: r.studio_service_id,
    service_name: r.service_name,
    texts: r.days.map((m) => (m ? hoursText(m) : '')),
    notes: [...r.notes],
    saved: [...r.days],
    savedNotes: [...r.notes],
    removed: false,
  }));

/** A cell's minutes as typed: null empty, undefined not a duration. */
const cellMinutes = (text: string) => parseDuration(text);
const changed = (r: EditRow) =>
  r.removed ||
  r.texts.some((t, d) => (cellMinutes(t) ?? 0) !== (r.saved[d] ?? 0)) ||
  r.notes.some((n, d) => (n ?? null) !== (r.savedNotes[d] ?? null) && (cellMinutes(r.texts[d]!) ?? 0) > 0);

export function WeekSheet() {
  const dp = useAppDataProvider();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { permissions } = usePermissions<{ role?: string | null } | undefined>();
  const { identity } = useGetIdentity();
  const isAdmin = atLeast(permissions?.role ?? undefined, 'Admin');
  const [from, setFrom] = useState(() => mondayOf(today()));
  const [userId, setUserId] = useState<number | undefined>(undefined);
  const week = useQuery({
    queryKey: ['time', 'week', from, userId ?? null],
    queryFn: ({ signal }) => dp.timeWeek({ from, ...(userId ? { user_id: userId } : {}) }, { signal }),
    retry: false,
  });
  const [rows, setRows] = useState<EditRow[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [focus, setFocus] = useState<{ row: number; day: number } | null>(null);
  // the grid starts again from each week the server answers (loaded or saved)
  const [shown, setShown] = useState<Week | undefined>(undefined);
  if (week.data && week.data !== shown) {
    setShown(week.data);
    setRows(rowsOf(week.data));
    setErrors({});
    setProblem(null);
    setFocus(null);
  }

  const data = week.data;
  const days = data?.days ?? Array.from({ length: 7 }, (_, i) => addDays(from, i));
  const todayIso = data?.today ?? today();
  const visible = rows.map((r, i) => ({ r, i })).filter(({ r }) => !r.removed);
  const dirty = rows.some(changed);
  const dayTotals = days.map((_, d) => visible.reduce((s, { r }) => s + (cellMinutes(r.texts[d]!) ?? 0), 0));
  const total = dayTotals.reduce((s, x) => s + x, 0);

  const setCell = (row: number, day: number, text: string) => {
    setRows((rs) => rs.map((r, i) => (i === row ? { ...r, texts: r.texts.map((t, d) => (d === day ? text : t)) } : r)));
    setErrors(({ [`rows.${row}.days.${day}`]: _gone, ...rest }) => rest);
  };
  const setNote = (row: number, day: number, note: string) =>
    setRows((rs) =>
      rs.map((r, i) => (i === row ? { ...r, notes: r.notes.map((n, d) => (d === day ? note || null : n)) } : r)),
    );
  const removeRow = (row: number) => {
    setRows((rs) =>
      rs
        .map((r, i) => (i === row ? { ...r, removed: true, texts: r.texts.map(() => '') } : r))
        // a row never saved leaves no trace
        .filter((r) => !(r.removed && r.saved.every((m) => !m))),
    );
    setErrors({});
    setFocus(null);
  };
  const addRow = (row: Pick<EditRow, 'customer_id' | 'customer_name' | 'studio_service_id' | 'service_name'>) => {
    const key = pairKey(row.customer_id, row.studio_service_id);
    const existing = rows.findIndex((r) => r.key === key);
    if (existing >= 0 && !rows[existing]!.removed) {
      notify('Questo cliente e servizio hanno già una riga', { type: 'warning' });
      return false;
    }
    setRows((rs) =>
      existing >= 0
        ? rs.map((r, i) => (i === existing ? { ...r, removed: false } : r))
        : [
            ...rs,
            {
              ...row,
              key,
              texts: Array(7).fill(''),
              notes: Array(7).fill(null),
              saved: Array(7).fill(null),
              savedNotes: Array(7).fill(null),
              removed: false,
            },
          ],
    );
    return true;
  };

  const save = async () => {
    if (!data) return;
    // the cells that are no duration: refused here, with the server's words
    const local: Record<string, string> = {};
    rows.forEach((r, i) =>
      r.texts.forEach((t, d) => {
        if (cellMinutes(t) === undefined) local[`rows.${i}.days.${d}`] = TIME_MESSAGES.cell;
        else if ((r.notes[d] ?? '').length > NOTE_MAX) local[`rows.${i}.days.${d}`] = TIME_MESSAGES.noteTooLong;
      }),
    );
    setProblem(null);
    if (Object.keys(local).length) {
      setErrors(local);
      setProblem('Controlla le celle evidenziate');
      return;
    }
    const body: WeekInput = {
      from,
      ...(userId ? { user_id: userId } : {}),
      rows: rows.map((r) => ({
        customer_id: r.customer_id,
        studio_service_id: r.studio_service_id,
        days: r.removed ? Array(7).fill(null) : r.texts.map((t) => cellMinutes(t) ?? null),
        notes: r.notes.map((n) => n ?? null),
      })),
    };
    setSaving(true);
    try {
      const saved = await dp.saveTimeWeek(body);
      queryClient.setQueryData(['time', 'week', from, userId ?? null], saved);
      setErrors({});
      notify('Foglio ore salvato', { type: 'success' });
    } catch (e) {
      const fields = e instanceof ApiError ? e.body.errors : undefined;
      if (fields) setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, [v].flat().join(' ')])));
      setProblem(
        fields && Object.keys(fields).some((k) => k.startsWith('rows.'))
          ? 'Nulla è stato salvato: controlla le celle evidenziate'
          : (e as Error)?.message || 'Operazione non riuscita',
      );
    } finally {
      setSaving(false);
    }
  };
  const discard = () => {
    if (data) setRows(rowsOf(data));
    setErrors({});
    setProblem(null);
  };
  const go = (monday: string) => {
    setFrom(monday);
    setFocus(null);
  };

  const thisWeek = mondayOf(today());
  const focused = focus && rows[focus.row] && !rows[focus.row]!.removed ? focus : null;
  const moveTitle = dirty ? 'Salva o annulla le modifiche prima di cambiare settimana' : '';

  return (
    <>
      <BulkScreenHeader title={TITLE} />
      <Card sx={{ mb: 2 }}>
        <CardContent sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <Box
            role="group"
            aria-label="Settimana"
            sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}
          >
            <Tooltip title={moveTitle || 'Settimana precedente'}>
              <span>
                <IconButton aria-label="Settimana precedente" onClick={() => go(addDays(from, -7))} disabled={dirty}>
                  <ChevronLeftIcon />
                </IconButton>
              </span>
            </Tooltip>
            <Typography component="h2" variant="subtitle1" sx={{ minWidth: 0 }} aria-live="polite">
              {weekText(from)}
            </Typography>
            <Tooltip title={moveTitle || 'Settimana successiva'}>
              <span>
                <IconButton aria-label="Settimana successiva" onClick={() => go(addDays(from, 7))} disabled={dirty}>
                  <ChevronRightIcon />
                </IconButton>
              </span>
            </Tooltip>
            <Button size="small" onClick={() => go(thisWeek)} disabled={dirty || from === thisWeek}>
              Questa settimana
            </Button>
          </Box>
          {isAdmin && (
            <UserPicker
              value={userId ?? (identity?.id as number | undefined)}
              selfId={identity?.id as number | undefined}
              selfName={identity?.fullName}
              disabled={dirty}
              onChange={(id) => setUserId(id === identity?.id ? undefined : id)}
            />
          )}
        </CardContent>
      </Card>
      {week.isPending && <LinearProgress aria-label="Caricamento del foglio ore" />}
      {week.isError && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          Foglio ore non disponibile: {(week.error as Error)?.message}
        </Alert>
      )}
      {data && (
        <Card sx={{ mb: 2 }}>
          <CardContent>
            <Box
              role="region"
              aria-label={`Foglio ore della settimana ${weekText(from)}`}
              tabIndex={0}
              sx={{ overflowX: 'auto', maxWidth: '100%' }}
            >
              <Table size="small" sx={{ minWidth: 780 }}>
                <TableHead>
                  <TableRow>
                    <TableCell sx={stickyCell}>Cliente e servizio</TableCell>
                    {days.map((d, i) => (
                      <TableCell
                        key={d}
                        align="center"
                        sx={{
                          color: d > todayIso ? 'text.secondary' : undefined,
                          fontStyle: d > todayIso ? 'italic' : undefined,
                          px: 0.5,
                        }}
                      >
                        {WEEKDAYS[i]} {dayMonth(d)}
                      </TableCell>
                    ))}
                    <TableCell align="right">Totale</TableCell>
                    <TableCell>
                      <Box component="span" sx={visuallyHidden}>
                        Azioni
                      </Box>
                    </TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {visible.length === 0 && (
                    <TableRow>
                      <TableCell colSpan={10}>
                        Nessun tempo registrato in questa settimana: aggiungi una riga.
                      </TableCell>
                    </TableRow>
                  )}
                  {visible.map(({ r, i }) => {
                    const rowTotal = r.texts.reduce((s, t) => s + (cellMinutes(t) ?? 0), 0);
                    const rowError = errors[`rows.${i}.customer_id`] ?? errors[`rows.${i}.studio_service_id`];
                    return (
                      <TableRow key={r.key}>
                        <TableCell sx={stickyCell}>
                          <Typography variant="body2" sx={{ fontWeight: 500 }}>
                            {r.customer_name}
                          </Typography>
                          <Typography variant="caption" color="text.secondary">
                            {r.service_name}
                          </Typography>
                          {rowError && (
                            <Typography variant="caption" color="error" component="p" role="alert">
                              {rowError}
                            </Typography>
                          )}
                        </TableCell>
                        {days.map((d, day) => {
                          const path = `rows.${i}.days.${day}`;
                          const text = r.texts[day]!;
                          const future = d > todayIso && !text;
                          const note = r.notes[day];
                          return (
                            <TableCell key={d} sx={{ px: 0.5, verticalAlign: 'top' }}>
                              <TextField
                                size="small"
                                value={text}
                                disabled={future || saving}
                                onChange={(e) => setCell(i, day, e.target.value)}
                                onFocus={() => setFocus({ row: i, day })}
                                error={!!errors[path]}
                                helperText={errors[path]}
                                title={note ?? undefined}
                                slotProps={{
                                  htmlInput: {
                                    'aria-label': `${r.customer_name}, ${r.service_name}: ${WEEKDAYS_LONG[day]} ${dayMonth(d)}`,
                                    inputMode: 'decimal',
                                    autoComplete: 'off',
                                    style: { textAlign: 'center', fontVariantNumeric: 'tabular-nums' },
                                  },
                                  formHelperText: { sx: { mx: 0, maxWidth: 120 } },
                                }}
                                sx={{
                                  width: 72,
                                  '& .MuiInputBase-root': note ? { boxShadow: 'inset 0 -2px 0 0 currentColor' } : {},
                                }}
                              />
                            </TableCell>
                          );
                        })}
                        <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                          {hoursText(rowTotal)}
                        </TableCell>
                        <TableCell padding="none">
                          <Tooltip title="Svuota la riga">
                            <span>
                              <IconButton
                                aria-label={`Svuota la riga ${r.customer_name}, ${r.service_name}`}
                                onClick={() => removeRow(i)}
                                disabled={saving}
                              >
                                <DeleteOutlineIcon />
                              </IconButton>
                            </span>
                          </Tooltip>
                        </TableCell>
                      </TableRow>
                    );
                  })}
                </TableBody>
                <TableFooter>
                  <TableRow>
                    <TableCell sx={{ ...stickyCell, fontWeight: 500 }}>Totale del giorno</TableCell>
                    {dayTotals.map((m, d) => (
                      <TableCell
                        key={days[d]}
                        align="center"
                        aria-label={`Totale di ${WEEKDAYS_LONG[d]} ${dayMonth(days[d]!)}: ${hoursText(m)}`}
                        sx={{
                          fontVariantNumeric: 'tabular-nums',
                          color: m > DAY_MINUTES ? 'error.main' : undefined,
                          px: 0.5,
                        }}
                      >
                        {hoursText(m)}
                      </TableCell>
                    ))}
                    <TableCell
                      align="right"
                      aria-label={`Totale della settimana: ${hoursText(total)}`}
                      sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}
                    >
                      {hoursText(total)}
                    </TableCell>
                    <TableCell />
                  </TableRow>
                </TableFooter>
              </Table>
            </Box>
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
              Ore come 1,5 oppure 1:30. Una cella è la somma del tempo del giorno per quel cliente e servizio: salvando
              la si sostituisce.
            </Typography>
            {focused && (
              <TextField
                sx={{ mt: 2 }}
                fullWidth
                label={`Nota – ${rows[focused.row]!.customer_name}, ${rows[focused.row]!.service_name}, ${WEEKDAYS_LONG[focused.day]} ${dayMonth(days[focused.day]!)}`}
                value={rows[focused.row]!.notes[focused.day] ?? ''}
                onChange={(e) => setNote(focused.row, focused.day, e.target.value)}
                error={(rows[focused.row]!.notes[focused.day] ?? '').length > NOTE_MAX}
                helperText={
                  errors[`rows.${focused.row}.notes.${focused.day}`] ??
                  ((rows[focused.row]!.notes[focused.day] ?? '').length > NOTE_MAX
                    ? TIME_MESSAGES.noteTooLong
                    : 'La nota del giorno selezionato (si salva con un tempo)')
                }
                disabled={saving}
              />
            )}
            <AddRow onAdd={addRow} disabled={saving} />
            {problem && (
              <Alert severity="error" role="alert" sx={{ mt: 2 }}>
                {problem}
              </Alert>
            )}
            <Box sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap' }}>
              <Button variant="contained" startIcon={<SaveIcon />} onClick={save} disabled={!dirty || saving}>
                Salva
              </Button>
              <Button onClick={discard} disabled={!dirty || saving}>
                Annulla modifiche
              </Button>
            </Box>
            {saving && <LinearProgress aria-label="Salvataggio del foglio ore" sx={{ mt: 1 }} />}
          </CardContent>
        </Card>
      )}
    </>
  );
}

const stickyCell = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
  minWidth: 160,
  maxWidth: 220,
} as const;
const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** The Admin's choice of whose sheet it is (himself first). */
function UserPicker({
  value,
  selfId,
  selfName,
  disabled,
  onChange,
}: {
  value: number | undefined;
  selfId: number | undefined;
  selfName: string | undefined;
  disabled: boolean;
  onChange: (id: number) => void;
}) {
  const collaborators = useCollaboratorOptions();
  const options = useMemo(() => {
    const others = (collaborators.data ?? [])
      .filter((c) => c.id !== selfId)
      .map((c) => ({ id: c.id, name: c.name ?? c.label ?? `#${c.id}` }));
    return [...(selfId ? [{ id: selfId, name: `${selfName ?? 'Io'} (io)` }] : []), ...others];
  }, [collaborators.data, selfId, selfName]);
  if (!selfId) return null;
  return (
    <TextField
      select
      size="small"
      label="Collaboratore"
      value={value ?? selfId}
      onChange={(e) => onChange(Number(e.target.value))}
      disabled={disabled}
      sx={{ minWidth: 220, ml: { sm: 'auto' }, maxWidth: '100%' }}
    >
      {options.map((o) => (
        <MenuItem key={o.id} value={o.id}>
          {o.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

type Picked = Pick<EditRow, 'customer_id' | 'customer_name' | 'studio_service_id' | 'service_name'>;
const labelOf = (r: Record<string, unknown> | undefined) =>
  String(r?.label ?? r?.business_name ?? r?.description ?? '');

/** 'Aggiungi riga': a customer and a service (searched as typed); the form starts again once added. */
function AddRow({ onAdd, disabled }: { onAdd: (row: Picked) => boolean; disabled: boolean }) {
  const names = useRef<{ customer: string; service: string }>({ customer: '', service: '' });
  const [round, setRound] = useState(0);
  const submit = (values: Record<string, unknown>) => {
    const added = onAdd({
      customer_id: Number(values.customer_id),
      customer_name: names.current.customer,
      studio_service_id: Number(values.studio_service_id),
      service_name: names.current.service,
    });
    if (added) setRound((n) => n + 1);
  };
  const picker = (source: 'customer_id' | 'studio_service_id') => {
    const customer = source === 'customer_id';
    const ref = customer ? 'Customer' : 'StudioService';
    return (
      <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
        <ReferenceInput
          source={source}
          reference={ref}
          filter={{ collection: `${ref}Resource4SelectCollection` }}
          perPage={50}
        >
          <AutocompleteInput
            label={customer ? 'Cliente' : 'Servizio'}
            optionText={labelOf}
            filterToQuery={(q: string) => ({ q })}
            onChange={(_v: unknown, r: '' | RaRecord) => {
              names.current[customer ? 'customer' : 'service'] = labelOf(r || undefined);
            }}
            validate={required(customer ? TIME_MESSAGES.customer : TIME_MESSAGES.service)}
            helperText=" "
            fullWidth
            disabled={disabled}
          />
        </ReferenceInput>
      </Box>
    );
  };
  return (
    <Form key={round} onSubmit={submit} noValidate>
      <Box
        role="group"
        aria-label="Aggiungi riga"
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start', mt: 2 }}
      >
        {picker('customer_id')}
        {picker('studio_service_id')}
        <Button type="submit" startIcon={<AddIcon />} disabled={disabled} sx={{ mt: 1 }}>
          Aggiungi riga
        </Button>
      </Box>
    </Form>
  );
}
