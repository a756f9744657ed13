/**
 * `/solleciti` 'Solleciti' (issue 30), Collaboratore and above: following up what customers owe.
 * 1) 'Da inviare': the reminders the day's run proposed for review or queued (each with its
 *    customer, e-mail, level, overdue amount and items, and a PDF preview of its letter).
 *    'Esegui ora' runs the day's procedure at once and says what it did; the reminders checked
 *    are sent ('Invia': those that cannot go are listed with why; the list is read again every
 *    2 s while some are being sent) or set aside ('Scarta', after a confirmation).
 * 2) 'Inviati e ritirati': the reminders sent, withdrawn (what they asked was paid) or discarded,
 *    with when they were sent and opened by the customer.
 * 3) 'Regole': the studio's rules (Admin edits them, the others read them): the daily run on or
 *    off and its time, how long the customer's link lasts, up to three levels (days after the due
 *    date, subject, text with placeholders, an optional Word letter attached, the minimum
 *    overdue, sent on its own or proposed for review), the placeholders the texts may use, and
 *    the last run. The server's refusals (422) are shown under the fields they name.
 */
import { useId, useMemo, useState, type ReactNode } from 'react';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  FormControlLabel,
  FormHelperText,
  LinearProgress,
  MenuItem,
  Paper,
  Switch,
  TableCell,
  TableRow,
  TextField,
  Typography,
  type TextFieldProps,
} from '@mui/material';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import SendIcon from '@mui/icons-material/Send';
import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import AddIcon from '@mui/icons-material/Add';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutline';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify, usePermissions } from 'react-admin';
import { displayDate, displayDateTime } from '../../../model/dates';
import { toCents, fromCents } from '../../../model/money';
import { atLeast } from '../../../model/define';
import type {
  ReminderLevel,
  ReminderRunResult,
  ReminderSendResult,
  ReminderSettings,
  ReminderSettingsView,
  ReminderStatus,
} from '../../../model/api/reminders';
import { useAppDataProvider } from '../../dataProvider';
import { CellNote, HIDDEN, MoneyCell } from '../../bulk/cells';
import { ApiError } from '../../api/client';
import { ScreenTabs } from '../../layout/ScreenTabs';
import { ConfirmDialog } from '../../layout/ConfirmDialog';
import { BulkScreenHeader, RegionTable } from '../../bulk/PreviewRun';
import {
  levelLabel,
  ReminderHistoryTable,
  ReminderPdfCell,
  ReminderStatusCell,
} from '../../resources/Customer/Reminders';
import { failureText } from '../../bulk/texts';

const PENDING_KEY = ['reminders', 'list', 'pending'] as const;
const HISTORY_KEY = ['reminders', 'list', 'all'] as const;
const SETTINGS_KEY = ['reminders', 'settings'] as const;
/** while some reminders are being sent, the list is read again this often */
const POLL_MS = 2000;
const MAX_LEVELS = 3;
const DONE: ReminderStatus[] = ['sent', 'withdrawn', 'discarded'];
const NO_TEMPLATE = 'none';
/** a text field's own options: the hint shown without an error, the input's attributes, the label up */
type FieldOptions = TextFieldProps & { hint?: string; htmlInput?: object; shrink?: boolean };
/** the fields in a grid: one column, two, then `columns` on a wide screen */
const fieldGrid = (columns: number) =>
  ({
    display: 'grid',
    gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: `repeat(${columns}, minmax(0, 1fr))` },
    gap: 2,
    alignItems: 'start',
  }) as const;
/** a level's field across the form */
const WIDE = { gridColumn: { sm: 'span 2', md: 'span 4' } } as const;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

type TabName = 'pending' | 'history' | 'rules';
const TABS: Array<{ value: TabName; label: string }> = [
  { value: 'pending', label: 'Da inviare' },
  { value: 'history', label: 'Inviati e ritirati' },
  { value: 'rules', label: 'Regole' },
];

export function Reminders() {
  const [tab, setTab] = useState<TabName>('pending');
  return (
    <>
      <BulkScreenHeader title="Solleciti" />
      <ScreenTabs value={tab} onChange={setTab} tabs={TABS} label="Solleciti">
        {tab === 'pending' && <PendingTab />}
        {tab === 'history' && <HistoryTab />}
        {tab === 'rules' && <RulesTab />}
      </ScreenTabs>
    </>
  );
}

// ---------------------------------------------------------------------------------------------
// 'Da inviare'

/** What the last action did, shown above the list until the next one. */
type Outcome =
  | { kind: 'run'; result: ReminderRunResult }
  | { kind: 'send'; result: ReminderSendResult }
  | { kind: 'discard'; discarded: number };

function OutcomeAlert({ outcome, onClose }: { outcome: Outcome; onClose: () => void }) {
  let severity: 'success' | 'warning' = 'success';
  let body: ReactNode;
  if (outcome.kind === 'run') {
    const r = outcome.result;
    body = `Procedura del giorno: ${r.proposed} proposti, ${r.queued} in invio, ${r.withdrawn} ritirati`;
  } else if (outcome.kind === 'discard') {
    body = plural(outcome.discarded, 'sollecito scartato', 'solleciti scartati');
  } else {
    const { queued, skipped } = outcome.result;
    if (skipped.length) severity = 'warning';
    body = (
      <>
        {plural(queued, 'sollecito in invio', 'solleciti in invio')}
        {skipped.length > 0 && (
          <>
            {`; ${plural(skipped.length, 'non inviato', 'non inviati')}:`}
            <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }} aria-label="Solleciti non inviati">
              {skipped.map((s) => (
                <li key={s.id}>
                  {s.business_name}: {s.reason}
                </li>
              ))}
            </Box>
          </>
        )}
      </>
    );
  }
  return (
    <Alert
      severity={severity}
      sx={{ mb: 2 }}
      role="status"
      onClose={onClose}
      slotProps={{ closeButton: { title: 'Chiudi' } }}
    >
      {body}
    </Alert>
  );
}

function PendingTab() {
  const dp = useAppDataProvider();
  const queryClient = useQueryClient();
  const askId = useId();
  const q = useQuery({
    queryKey: PENDING_KEY,
    queryFn: ({ signal }) => dp.reminders({ status: 'pending' }, { signal }),
    retry: false,
    // the reminders being sent leave the list once the outbox has them: read it again till then
    refetchInterval: (query) => (query.state.data?.some((r) => r.status === 'queued') ? POLL_MS : false),
  });
  const rows = useMemo(() => q.data ?? [], [q.data]);
  const selectable = useMemo(() => rows.filter((r) => r.status === 'proposed'), [rows]);
  const [checked, setChecked] = useState<Set<number>>(new Set());
  // only what is still listed and proposed counts as chosen
  const chosen = selectable.filter((r) => checked.has(r.id)).map((r) => r.id);
  const [busy, setBusy] = useState<null | 'run' | 'send' | 'discard'>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);

  const all = selectable.length > 0 && chosen.length === selectable.length;
  const some = chosen.length > 0 && !all;
  const toggle = (id: number) =>
    setChecked((p) => {
      const next = new Set(p);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const toggleAll = () => setChecked(all ? new Set() : new Set(selectable.map((r) => r.id)));

  const act = async (kind: 'run' | 'send' | 'discard', call: () => Promise<Outcome>) => {
    setBusy(kind);
    setProblem(null);
    setOutcome(null);
    try {
      const o = await call();
      setOutcome(o);
      if (kind !== 'run') setChecked(new Set());
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['reminders', 'list'] }),
        kind === 'run' ? queryClient.invalidateQueries({ queryKey: SETTINGS_KEY }) : undefined,
      ]);
    } catch (e) {
      setProblem(failureText(e));
    } finally {
      setBusy(null);
      setAsking(false);
    }
  };
  const run = () => act('run', async () => ({ kind: 'run', result: await dp.runReminders() }));
  const send = () => act('send', async () => ({ kind: 'send', result: await dp.sendReminders(chosen) }));
  const discard = () =>
    act('discard', async () => ({ kind: 'discard', discarded: (await dp.discardReminders(chosen)).discarded }));

  return (
    <Card>
      <CardContent>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
          <Typography variant="h6" component="h2" sx={{ flexGrow: 1, minWidth: 160 }}>
            Solleciti da inviare
          </Typography>
          <Button variant="outlined" startIcon={<PlayArrowIcon />} disabled={!!busy} onClick={run}>
            Esegui ora
          </Button>
          <Button variant="contained" startIcon={<SendIcon />} disabled={!!busy || !chosen.length} onClick={send}>
            Invia
          </Button>
          <Button
            color="warning"
            startIcon={<DeleteSweepIcon />}
            disabled={!!busy || !chosen.length}
            onClick={() => setAsking(true)}
          >
            Scarta
          </Button>
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          I solleciti proposti dalla procedura del giorno attendono la revisione: scegli quelli da inviare per email
          (con la lettera in PDF e il link per pagare) o da scartare. Quelli a invio automatico partono da soli.
        </Typography>
        {busy && (
          <LinearProgress
            aria-label={busy === 'run' ? 'Procedura in corso' : busy === 'send' ? 'Invio in corso' : 'Scarto in corso'}
            sx={{ mb: 2 }}
          />
        )}
        {outcome && <OutcomeAlert outcome={outcome} onClose={() => setOutcome(null)} />}
        {problem && (
          <Alert severity="error" sx={{ mb: 2 }} role="alert">
            {problem}
          </Alert>
        )}
        {q.isPending && <LinearProgress aria-label="Caricamento dei solleciti" />}
        {q.isError && <Alert severity="error">Solleciti non disponibili: {failureText(q.error)}</Alert>}
        {q.data && rows.length === 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
            Nessun sollecito da inviare: esegui la procedura del giorno o attendi quella automatica
          </Typography>
        )}
        {rows.length > 0 && (
          <>
            <Typography variant="body2" sx={{ mb: 1 }} aria-live="polite">
              {chosen.length
                ? `${plural(chosen.length, 'sollecito scelto', 'solleciti scelti')} su ${selectable.length}`
                : `${plural(rows.length, 'sollecito', 'solleciti')}`}
            </Typography>
            <RegionTable
              label="Elenco dei solleciti da inviare"
              tableLabel="Solleciti da inviare"
              maxHeight={600}
              outlined
              head={
                <>
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={all}
                      indeterminate={some}
                      disabled={!selectable.length || !!busy}
                      onChange={toggleAll}
                      slotProps={{ input: { 'aria-label': 'Seleziona tutti' } }}
                    />
                  </TableCell>
                  <TableCell>Cliente</TableCell>
                  <TableCell>Email</TableCell>
                  <TableCell>Livello</TableCell>
                  <TableCell align="right">Scaduto</TableCell>
                  <TableCell align="right">Partite</TableCell>
                  <TableCell>Scaduto dal</TableCell>
                  <TableCell>Stato</TableCell>
                  <TableCell>
                    <Box component="span" sx={HIDDEN}>
                      Anteprima
                    </Box>
                  </TableCell>
                </>
              }
              rows={rows}
              row={(r) => (
                <TableRow key={r.id} hover selected={checked.has(r.id) && r.status === 'proposed'}>
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={checked.has(r.id) && r.status === 'proposed'}
                      disabled={r.status !== 'proposed' || !!busy}
                      onChange={() => toggle(r.id)}
                      slotProps={{
                        input: { 'aria-label': `Seleziona ${r.business_name} (${levelLabel(r.level)})` },
                      }}
                    />
                  </TableCell>
                  <TableCell sx={{ minWidth: 180 }}>
                    <Typography variant="body2" component="span" sx={{ display: 'block', fontWeight: 500 }}>
                      {r.business_name}
                    </Typography>
                    {r.reason && <CellNote>{r.reason}</CellNote>}
                  </TableCell>
                  <TableCell sx={{ minWidth: 160 }}>
                    {r.email ?? (
                      <Typography
                        variant="body2"
                        component="span"
                        sx={{ color: 'warning.dark', display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
                      >
                        <WarningAmberIcon fontSize="small" aria-hidden />
                        Manca l&apos;email
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{levelLabel(r.level)}</TableCell>
                  <MoneyCell value={r.amount} />
                  <TableCell align="right">{r.items}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{r.oldest_due ? displayDate(r.oldest_due) : '—'}</TableCell>
                  <ReminderStatusCell status={r.status} />
                  <ReminderPdfCell reminder={r} />
                </TableRow>
              )}
            />
          </>
        )}
      </CardContent>
      <ConfirmDialog
        open={asking}
        busy={!!busy}
        titleId={askId}
        title="Scarta solleciti"
        text={
          <>
            Scartare {chosen.length === 1 ? 'il sollecito scelto' : `i ${chosen.length} solleciti scelti`}? Non verranno
            inviati.
          </>
        }
        no="Annulla"
        yes="Sì, scarta"
        onClose={() => setAsking(false)}
        onConfirm={discard}
      />
    </Card>
  );
}

// ---------------------------------------------------------------------------------------------
// 'Inviati e ritirati'

function HistoryTab() {
  const dp = useAppDataProvider();
  const q = useQuery({
    queryKey: HISTORY_KEY,
    queryFn: ({ signal }) => dp.reminders({}, { signal }),
    retry: false,
  });
  const rows = useMemo(() => (q.data ?? []).filter((r) => DONE.includes(r.status)), [q.data]);
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          Solleciti inviati e ritirati
        </Typography>
        {q.isPending && <LinearProgress aria-label="Caricamento dei solleciti" />}
        {q.isError && <Alert severity="error">Solleciti non disponibili: {failureText(q.error)}</Alert>}
        {q.data && rows.length === 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
            Nessun sollecito inviato, ritirato o scartato.
          </Typography>
        )}
        {rows.length > 0 && (
          <ReminderHistoryTable
            reminders={rows}
            label="Solleciti inviati e ritirati"
            customer
            maxHeight={600}
            outlined
          />
        )}
      </CardContent>
    </Card>
  );
}

// ---------------------------------------------------------------------------------------------
// 'Regole'

/** A level as edited: the numbers as typed, read on saving. */
interface LevelDraft {
  days: string;
  subject: string;
  text: string;
  word_template_id: number | null;
  min_amount: string;
  auto: boolean;
}
interface Draft {
  enabled: boolean;
  run_time: string;
  link_days: string;
  aml_renewal_days: string;
  levels: LevelDraft[];
}
/** the errors by field, keyed as the server names them: 'run_time', 'levels.0.days'… */
type Errors = Record<string, string>;

const amountText = (n: number) => String(n).replace('.', ',');
const draftOf = (s: ReminderSettings): Draft => ({
  enabled: s.enabled,
  run_time: (s.run_time ?? '').slice(0, 5),
  link_days: String(s.link_days),
  aml_renewal_days: String(s.aml_renewal_days ?? 0),
  levels: s.levels.map((l) => ({
    days: String(l.days),
    subject: l.subject,
    text: l.text,
    word_template_id: l.word_template_id,
    min_amount: amountText(l.min_amount),
    auto: l.auto,
  })),
});
const WHOLE = /^\d+$/;

/** The body of PUT /api/reminders/settings, or the fields that cannot be read. */
function bodyOf(d: Draft): { body: ReminderSettings; errors: Errors } {
  const errors: Errors = {};
  const whole = (key: string, text: string) => {
    if (!WHOLE.test(text.trim())) errors[key] = 'Indica un numero intero di giorni';
    return Number(text.trim());
  };
  const body: ReminderSettings = {
    enabled: d.enabled,
    run_time: d.run_time,
    link_days: whole('link_days', d.link_days),
    aml_renewal_days: whole('aml_renewal_days', d.aml_renewal_days),
    levels: d.levels.map((l, i) => {
      const cents = toCents(l.min_amount.trim() || '0');
      if (Number.isNaN(cents) || cents < 0) errors[`levels.${i}.min_amount`] = 'Indica un importo in euro';
      return {
        level: i + 1,
        days: whole(`levels.${i}.days`, l.days),
        subject: l.subject,
        text: l.text,
        word_template_id: l.word_template_id,
        min_amount: fromCents(cents),
        auto: l.auto,
      };
    }),
  };
  return { body, errors };
}

/** A 422's errors, one message a field. */
const errorsOf = (e: unknown): Errors => {
  const raw = e instanceof ApiError ? ((e.body.errors ?? {}) as Record<string, unknown>) : {};
  const out: Errors = {};
  for (const [k, v] of Object.entries(raw)) out[k] = Array.isArray(v) ? v.map(String).join(' ') : String(v);
  return out;
};

const FIELDS = ['days', 'subject', 'text', 'word_template_id', 'min_amount', 'auto'];
/** the errors no field shows (e.g. 'levels' or 'levels.1'): listed in the alert */
const unplaced = (errors: Errors) =>
  Object.entries(errors).filter(([k]) => {
    if (['enabled', 'run_time', 'link_days', 'aml_renewal_days'].includes(k)) return false;
    const m = /^levels\.(\d+)\.(\w+)$/.exec(k);
    return !(m && FIELDS.includes(m[2]!));
  });

/** the run's kind as the server names it */
const RUN_KIND: Record<string, string> = { scheduled: 'automatica', manual: 'manuale' };
/** GET /api/reminders/settings also suggests the levels' texts (for 'Aggiungi livello') */
type SettingsView = ReminderSettingsView & { suggested?: ReminderLevel[] };
/** when the run was: its time, else its day */
const runWhen = (r: NonNullable<ReminderSettingsView['last_run']>) => displayDateTime(r.at) || displayDate(r.day);

function RulesTab() {
  const dp = useAppDataProvider();
  const { permissions } = usePermissions<{ role?: string | null }>();
  const canEdit = atLeast(permissions?.role ?? undefined, 'Admin');
  const q = useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: ({ signal }) => dp.reminderSettings({ signal }),
    retry: false,
  });
  const templates = useQuery({
    queryKey: ['wordTemplates'],
    queryFn: ({ signal }) => dp.wordTemplates({ signal }),
    retry: false,
  });
  return (
    <>
      {q.isPending && <LinearProgress aria-label="Caricamento delle regole" />}
      {q.isError && <Alert severity="error">Regole non disponibili: {failureText(q.error)}</Alert>}
      {q.data && (
        <RulesForm
          // a new answer (saved elsewhere, read again) starts the form over
          key={JSON.stringify(q.data)}
          view={q.data}
          canEdit={canEdit}
          templates={templates.data ?? []}
          templatesError={templates.isError}
        />
      )}
    </>
  );
}

function RulesForm({
  view,
  canEdit,
  templates,
  templatesError,
}: {
  view: SettingsView;
  canEdit: boolean;
  templates: Array<{ id: number; title: string }>;
  templatesError: boolean;
}) {
  const dp = useAppDataProvider();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const id = useId();
  const [draft, setDraft] = useState<Draft>(() => draftOf(view));
  const [errors, setErrors] = useState<Errors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const readOnly = !canEdit;
  const locked = readOnly || busy;

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const setLevel = <K extends keyof LevelDraft>(i: number, key: K, value: LevelDraft[K]) =>
    setDraft((d) => ({ ...d, levels: d.levels.map((l, j) => (j === i ? { ...l, [key]: value } : l)) }));
  const addLevel = () =>
    setDraft((d) => {
      const n = d.levels.length + 1;
      const last = d.levels[d.levels.length - 1];
      const lastDays = last && WHOLE.test(last.days.trim()) ? Number(last.days) : 0;
      // the server's suggestion for this level (its texts), else a plain one
      const hint = view.suggested?.find((l) => l.level === n);
      const level: LevelDraft = hint
        ? {
            days: String(hint.days > lastDays ? hint.days : lastDays + 15),
            subject: hint.subject,
            text: hint.text,
            word_template_id: null,
            min_amount: amountText(hint.min_amount),
            auto: hint.auto,
          }
        : {
            days: String(lastDays + 15),
            subject: `${levelLabel(n)} di pagamento`,
            text: '',
            word_template_id: null,
            min_amount: last?.min_amount ?? '0',
            auto: false,
          };
      return { ...d, levels: [...d.levels, level] };
    });
  const removeLevel = (i: number) => {
    setDraft((d) => ({ ...d, levels: d.levels.filter((_l, j) => j !== i) }));
    // the errors of the levels after it no longer match their fields
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !k.startsWith('levels'))));
  };

  const save = async () => {
    setProblem(null);
    const { body, errors: local } = bodyOf(draft);
    if (Object.keys(local).length) {
      setErrors(local);
      setProblem('Correggi i campi evidenziati');
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const saved = await dp.saveReminderSettings(body);
      notify('Regole dei solleciti salvate', { type: 'success' });
      // the form starts over from what the server kept
      queryClient.setQueryData(SETTINGS_KEY, saved);
    } catch (e) {
      setErrors(errorsOf(e));
      setProblem(failureText(e));
    } finally {
      setBusy(false);
    }
  };

  const err = (key: string) => errors[key];
  /** a text field of the rules: its error (`errors[key]`), else its hint, under it */
  const field = (
    fieldId: string,
    key: string,
    label: string,
    value: string,
    onChange: (value: string) => void,
    { hint, htmlInput, shrink, ...props }: FieldOptions = {},
  ) => (
    <TextField
      id={fieldId}
      label={label}
      size="small"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={!!err(key)}
      helperText={err(key) ?? hint}
      slotProps={{ ...(shrink && { inputLabel: { shrink } }), htmlInput: { ...htmlInput, readOnly } }}
      disabled={busy}
      {...props}
    />
  );
  const others = unplaced(errors);
  const groups = useMemo(() => {
    const out = new Map<string, ReminderSettingsView['keys']>();
    for (const k of view.keys) out.set(k.group, [...(out.get(k.group) ?? []), k]);
    return [...out];
  }, [view.keys]);
  const last = view.last_run;

  return (
    <Card component="section" aria-labelledby={`${id}-title`}>
      <CardContent>
        <Typography variant="h6" component="h2" id={`${id}-title`} gutterBottom>
          Regole dei solleciti
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {last
            ? `Ultima procedura: ${runWhen(last)}${RUN_KIND[last.kind] ? ` (${RUN_KIND[last.kind]})` : ''}: ${last.proposed} proposti, ${last.queued} in invio, ${last.withdrawn} ritirati`
            : 'La procedura non è ancora stata eseguita.'}
        </Typography>
        {readOnly && (
          <Alert severity="info" sx={{ mb: 2 }}>
            Solo un amministratore dello studio può modificare le regole.
          </Alert>
        )}
        <Box sx={{ ...fieldGrid(3), mb: 2 }}>
          <Box>
            <FormControlLabel
              control={
                <Switch
                  checked={draft.enabled}
                  disabled={locked}
                  onChange={(e) => set('enabled', e.target.checked)}
                  slotProps={{ input: { role: 'switch', 'aria-describedby': `${id}-enabled-help` } }}
                />
              }
              label="Procedura giornaliera attiva"
            />
            <FormHelperText id={`${id}-enabled-help`} error={!!err('enabled')} sx={{ mt: 0 }}>
              {err('enabled') ?? "Ogni giorno, all'ora indicata, propone o invia i solleciti e ritira quelli pagati"}
            </FormHelperText>
          </Box>
          {field(`${id}-run_time`, 'run_time', 'Ora della procedura', draft.run_time, (v) => set('run_time', v), {
            type: 'time',
            hint: 'Ora italiana',
            shrink: true,
            htmlInput: { step: 60 },
          })}
          {field(
            `${id}-link_days`,
            'link_days',
            'Validità del link (giorni)',
            draft.link_days,
            (v) => set('link_days', v),
            {
              type: 'number',
              hint: 'Per quanti giorni il cliente può aprire la pagina del sollecito',
              htmlInput: { min: 1, step: 1 },
            },
          )}
          {field(
            `${id}-aml_renewal_days`,
            'aml_renewal_days',
            'Dichiarazione antiriciclaggio (giorni prima)',
            draft.aml_renewal_days,
            (v) => set('aml_renewal_days', v),
            {
              type: 'number',
              hint: 'Invia al cliente la dichiarazione da rinnovare questi giorni prima del controllo costante o della scadenza del documento (0: mai)',
              htmlInput: { min: 0, max: 90, step: 1 },
            },
          )}
        </Box>

        <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
          Livelli
        </Typography>
        {draft.levels.length === 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            Nessun livello: la procedura non propone solleciti.
          </Typography>
        )}
        {draft.levels.map((l, i) => {
          const name = levelLabel(i + 1);
          const k = (f: string) => `levels.${i}.${f}`;
          const fid = (f: string) => `${id}-levels-${i}-${f}`;
          const known = templates.some((t) => t.id === l.word_template_id);
          const levelError = errors[`levels.${i}`] ?? errors[k('level')];
          const levelField = (key: 'days' | 'min_amount' | 'subject' | 'text', label: string, opts?: FieldOptions) =>
            field(fid(key), k(key), label, l[key], (v) => setLevel(i, key, v), opts);
          return (
            <Paper key={i} variant="outlined" component="fieldset" sx={{ p: 2, pt: 1, mb: 2, mx: 0, minWidth: 0 }}>
              <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>
                {name}
              </Typography>
              {levelError && (
                <Alert severity="error" sx={{ mb: 1 }}>
                  {levelError}
                </Alert>
              )}
              <Box sx={fieldGrid(4)}>
                {levelField('days', 'Giorni dopo la scadenza', { type: 'number', htmlInput: { min: 0, step: 1 } })}
                {levelField('min_amount', 'Scaduto minimo (€)', { htmlInput: { inputMode: 'decimal' } })}
                <TextField
                  id={fid('word_template_id')}
                  select
                  label="Lettera Word allegata"
                  size="small"
                  value={l.word_template_id == null ? NO_TEMPLATE : String(l.word_template_id)}
                  onChange={(e) =>
                    setLevel(i, 'word_template_id', e.target.value === NO_TEMPLATE ? null : Number(e.target.value))
                  }
                  error={!!err(k('word_template_id'))}
                  helperText={
                    err(k('word_template_id')) ?? (templatesError ? 'Modelli Word non disponibili' : 'Facoltativa')
                  }
                  disabled={locked}
                  sx={{ gridColumn: { md: 'span 2' } }}
                >
                  <MenuItem value={NO_TEMPLATE}>Nessuna</MenuItem>
                  {l.word_template_id != null && !known && (
                    <MenuItem value={String(l.word_template_id)}>Modello n. {l.word_template_id}</MenuItem>
                  )}
                  {templates.map((t) => (
                    <MenuItem key={t.id} value={String(t.id)}>
                      {t.title}
                    </MenuItem>
                  ))}
                </TextField>
                {levelField('subject', 'Oggetto', { sx: WIDE })}
                {levelField('text', 'Testo', {
                  multiline: true,
                  minRows: 4,
                  hint: 'Può usare i segnaposto elencati sotto',
                  sx: WIDE,
                })}
                <Box sx={{ gridColumn: { sm: 'span 2', md: 'span 3' } }}>
                  <FormControlLabel
                    control={
                      <Switch
                        checked={l.auto}
                        disabled={locked}
                        onChange={(e) => setLevel(i, 'auto', e.target.checked)}
                        slotProps={{ input: { role: 'switch', 'aria-describedby': `${fid('auto')}-help` } }}
                      />
                    }
                    label="Invio automatico"
                  />
                  <FormHelperText id={`${fid('auto')}-help`} error={!!err(k('auto'))} sx={{ mt: 0 }}>
                    {err(k('auto')) ?? 'Se spento, il sollecito è proposto per la revisione'}
                  </FormHelperText>
                </Box>
                {canEdit && (
                  <Box sx={{ display: 'flex', justifyContent: { sm: 'flex-end' } }}>
                    <Button
                      color="error"
                      startIcon={<RemoveCircleOutlineIcon />}
                      onClick={() => removeLevel(i)}
                      disabled={busy}
                      aria-label={`Rimuovi il ${name}`}
                    >
                      Rimuovi
                    </Button>
                  </Box>
                )}
              </Box>
            </Paper>
          );
        })}
        {problem && (
          <Alert severity="error" sx={{ mb: 2 }} role="alert">
            {problem}
            {others.length > 0 && (
              <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
                {others.map(([key, message]) => (
                  <li key={key}>{message}</li>
                ))}
              </Box>
            )}
          </Alert>
        )}
        {canEdit && (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}>
            <Button
              startIcon={<AddIcon />}
              onClick={addLevel}
              disabled={busy || draft.levels.length >= MAX_LEVELS}
              variant="outlined"
            >
              Aggiungi livello
            </Button>
            <Button variant="contained" onClick={save} disabled={busy}>
              Salva
            </Button>
          </Box>
        )}
        {busy && <LinearProgress aria-label="Salvataggio delle regole" sx={{ mb: 2 }} />}
        {groups.length > 0 && (
          <Accordion disableGutters variant="outlined">
            <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`${id}-keys`} id={`${id}-keys-title`}>
              <Typography>Segnaposto disponibili</Typography>
            </AccordionSummary>
            <AccordionDetails>
              {groups.map(([group, keys]) => (
                <Box key={group} sx={{ mb: 1.5 }}>
                  <Typography variant="subtitle2" component="h4">
                    {group}
                  </Typography>
                  <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                    {keys.map((k) => (
                      <Typography component="li" variant="body2" key={k.key}>
                        <Box component="code" sx={{ fontFamily: 'monospace' }}>
                          {k.key.startsWith('{') ? k.key : `{${k.key}}`}
                        </Box>{' '}
                        — {k.description}
                      </Typography>
                    ))}
                  </Box>
                </Box>
              ))}
            </AccordionDetails>
          </Accordion>
        )}
      </CardContent>
    </Card>
  );
}
