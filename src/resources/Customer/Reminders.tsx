/**
 * 'Solleciti' on a customer's card (issue 30): the 'Contestato' mark (a customer disputing what
 * it owes gets no reminder; turning it on asks a note) and the history of the reminders made for
 * the customer, each with its state, the overdue amount, when it was made, sent, opened and
 * withdrawn (and why), and its letter as a PDF. Shown on a saved customer only, inside the form:
 * every button here is type="button" (nothing submits it); a failure to read it leaves the form
 * as it is. The level's label, the state's chip and the PDF button are shared with the
 * 'Solleciti' screen (src/areas/reminders/Reminders.tsx).
 */
import { useId, useState } from 'react';
import {
  Alert,
  Box,
  Divider,
  FormControlLabel,
  FormHelperText,
  IconButton,
  LinearProgress,
  Switch,
  TableCell,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify, useRecordContext } from 'react-admin';
import { saveAs } from 'file-saver';
import { displayDate, displayDateTime } from '../../../model/dates';
import { REMINDER_STATUS_LABELS, type ReminderStatus } from '../../../model/reminders';
import { MAIL_STATUS_LABELS } from '../../../model/mail';
import type { CustomerReminders as History, Reminder } from '../../../model/api/reminders';
import { useAppDataProvider } from '../../dataProvider';
import { CellNote, MoneyCell } from '../../bulk/cells';
import { StatusChip, type StatusColors } from '../../bulk/StatusChip';
import { failureText } from '../../bulk/texts';
import { ConfirmDialog } from '../../layout/ConfirmDialog';
import { RegionTable } from '../../bulk/PreviewRun';

/** '1° sollecito', '2° sollecito'… */
export const levelLabel = (level: number) => `${level}° sollecito`;

/** 'in invio' and 'da rivedere' need a look; a sent one is done */
const STATUS_COLOR: StatusColors<ReminderStatus> = {
  proposed: 'warning',
  queued: 'info',
  sent: 'success',
  withdrawn: 'default',
  discarded: 'default',
};

/** A reminder's status, as a chip in its table cell. */
export function ReminderStatusCell({ status }: { status: ReminderStatus }) {
  return (
    <TableCell>
      <StatusChip status={status} labels={REMINDER_STATUS_LABELS} colors={STATUS_COLOR} filled={status === 'queued'} />
    </TableCell>
  );
}

/** 'aperto il 03-03-2026 10:00 (2 volte)' */
export const openedText = (r: Pick<Reminder, 'opened_at' | 'opened_count'>) =>
  r.opened_at ? `${displayDateTime(r.opened_at)} (${r.opened_count} ${r.opened_count === 1 ? 'volta' : 'volte'})` : '—';

/** The cell of the reminder's letter: its PDF button. */
export const ReminderPdfCell = ({ reminder }: { reminder: Pick<Reminder, 'id' | 'level' | 'business_name'> }) => (
  <TableCell>
    <ReminderPdfButton reminder={reminder} />
  </TableCell>
);

/** The reminder's letter (its open items and the payment notice) downloaded as a PDF. */
export function ReminderPdfButton({ reminder }: { reminder: Pick<Reminder, 'id' | 'level' | 'business_name'> }) {
  const dp = useAppDataProvider();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const label = `Anteprima PDF del ${levelLabel(reminder.level)} a ${reminder.business_name}`;
  const download = async () => {
    setBusy(true);
    try {
      const { blob, filename } = await dp.downloadReminderPdf(reminder.id);
      saveAs(blob, filename);
    } catch (e) {
      notify(`Anteprima PDF non disponibile: ${(e as Error)?.message || 'errore'}`, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Tooltip title="Anteprima PDF">
      <span>
        <IconButton type="button" size="small" onClick={download} disabled={busy} aria-label={label}>
          <PictureAsPdfIcon fontSize="small" />
        </IconButton>
      </span>
    </Tooltip>
  );
}

/** 'Ritirato il' / 'motivo' of a reminder: the date it was withdrawn and why (or why it was set aside). */
export function WithdrawnCell({ reminder: r }: { reminder: Reminder }) {
  if (!r.withdrawn_at && !r.reason) return <>—</>;
  return (
    <>
      {r.withdrawn_at ? displayDateTime(r.withdrawn_at) : REMINDER_STATUS_LABELS[r.status]}
      {r.reason && <CellNote>{r.reason}</CellNote>}
    </>
  );
}

/**
 * 'Inviato il' of a reminder: when it was handed to the outbox, and, until its e-mail has gone,
 * what became of it there ('Posta in uscita' keeps it, retries it, or failed to deliver it).
 */
export function SentCell({ reminder: r }: { reminder: Reminder }) {
  if (!r.sent_at) return <>—</>;
  const mail = r.mail_status && r.mail_status !== 'sent' ? r.mail_status : null;
  return (
    <>
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {displayDateTime(r.sent_at)}
      </Box>
      {mail && (
        <Typography
          variant="caption"
          display="block"
          color={mail === 'failed' ? 'error' : 'text.secondary'}
          data-mail-status={mail}
        >
          E-mail: {MAIL_STATUS_LABELS[mail].toLowerCase()}
          {mail === 'failed' && r.mail_error ? ` (${r.mail_error})` : ''}
        </Typography>
      )}
    </>
  );
}

/**
 * Reminders as a history: level, state, overdue amount, when made (`created`), sent, opened and
 * withdrawn, and the letter's PDF; with the customer's name and e-mail first where the rows are of
 * many customers (`customer`). The customer card's 'Solleciti' and the screen's 'Inviati e
 * ritirati' show it.
 */
export function ReminderHistoryTable({
  reminders,
  label,
  customer = false,
  created = false,
  maxHeight,
  outlined = false,
}: {
  reminders: Reminder[];
  /** the table's name (and its scrolling region's) */
  label: string;
  customer?: boolean;
  created?: boolean;
  maxHeight: number;
  outlined?: boolean;
}) {
  return (
    <RegionTable
      label={`Elenco: ${label}`}
      tableLabel={label}
      maxHeight={maxHeight}
      outlined={outlined}
      mb={0}
      head={
        <>
          {customer && <TableCell>Cliente</TableCell>}
          <TableCell>Livello</TableCell>
          <TableCell>Stato</TableCell>
          <TableCell align="right">Scaduto</TableCell>
          {created && <TableCell>Creato il</TableCell>}
          <TableCell>Inviato il</TableCell>
          <TableCell>Aperto il</TableCell>
          <TableCell>Ritirato il / motivo</TableCell>
          <TableCell>PDF</TableCell>
        </>
      }
      rows={reminders}
      row={(r) => (
        <TableRow key={r.id}>
          {customer && (
            <TableCell sx={{ minWidth: 140 }}>
              {r.business_name}
              {r.email && <CellNote>{r.email}</CellNote>}
            </TableCell>
          )}
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{levelLabel(r.level)}</TableCell>
          <ReminderStatusCell status={r.status} />
          <MoneyCell value={r.amount} />
          {created && <TableCell sx={{ whiteSpace: 'nowrap' }}>{displayDateTime(r.created_at)}</TableCell>}
          <TableCell sx={{ minWidth: 120 }}>
            <SentCell reminder={r} />
          </TableCell>
          <TableCell sx={{ minWidth: 110 }}>{openedText(r)}</TableCell>
          <TableCell sx={{ minWidth: 120 }}>
            <WithdrawnCell reminder={r} />
          </TableCell>
          <ReminderPdfCell reminder={r} />
        </TableRow>
      )}
    />
  );
}

const keyOf = (id: string | number) => ['customer', Number(id), 'reminders'] as const;

export function CustomerReminders() {
  const record = useRecordContext();
  const id = record?.id;
  const dp = useAppDataProvider();
  const queryClient = useQueryClient();
  const titleId = useId();
  const helperId = useId();
  const q = useQuery({
    queryKey: keyOf(id ?? 0),
    queryFn: ({ signal }) => dp.customerReminders(id!, { signal }),
    enabled: id != null,
    retry: false,
  });
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  if (id == null) return null;
  const contested = q.data?.contested ?? null;
  const reminders = q.data?.reminders ?? [];

  const save = async (on: boolean, note: string | null) => {
    setBusy(true);
    setProblem(null);
    try {
      const answer = await dp.setContested(id, on, note);
      queryClient.setQueryData<History>(keyOf(id), answer);
      setAsking(false);
    } catch (e) {
      setProblem(failureText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ width: '100%', mt: 2 }} component="section" aria-labelledby={titleId}>
      <Divider sx={{ mb: 2 }} />
      <Typography variant="h6" component="h2" id={titleId} sx={{ mb: 1 }}>
        Solleciti
      </Typography>
      {q.isPending && <LinearProgress aria-label="Caricamento dei solleciti" />}
      {q.isError && <Alert severity="warning">Solleciti non disponibili: {(q.error as Error).message}</Alert>}
      {q.data && (
        <>
          <Box sx={{ mb: 2 }}>
            <FormControlLabel
              control={
                <Switch
                  checked={!!contested}
                  disabled={busy}
                  onChange={(e) => (e.target.checked ? setAsking(true) : void save(false, null))}
                  slotProps={{ input: { role: 'switch', 'aria-describedby': helperId } }}
                />
              }
              label="Contestato"
            />
            <FormHelperText id={helperId} sx={{ mt: 0 }}>
              Nessun sollecito viene inviato a un cliente contestato
            </FormHelperText>
            {contested && (
              <Typography variant="body2" sx={{ mt: 0.5, color: 'warning.dark' }}>
                Contestato dal {displayDate(contested.since)}
                {contested.by ? ` (${contested.by})` : ''}
                {contested.note ? `: ${contested.note}` : ''}
              </Typography>
            )}
            {problem && (
              <Alert severity="error" sx={{ mt: 1 }} role="alert">
                {problem}
              </Alert>
            )}
          </Box>
          {reminders.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              Nessun sollecito per questo cliente.
            </Typography>
          ) : (
            <ReminderHistoryTable reminders={reminders} label="Storico dei solleciti" created maxHeight={360} />
          )}
        </>
      )}
      {asking && <ContestDialog busy={busy} onCancel={() => setAsking(false)} onConfirm={(note) => save(true, note)} />}
    </Box>
  );
}

function ContestDialog({
  busy,
  onCancel,
  onConfirm,
}: {
  busy: boolean;
  onCancel: () => void;
  onConfirm: (note: string | null) => void;
}) {
  const titleId = useId();
  const [note, setNote] = useState('');
  return (
    <ConfirmDialog
      open
      busy={busy}
      titleId={titleId}
      title="Cliente contestato"
      text="Finché il cliente è contestato non gli viene inviato nessun sollecito. Annota il motivo della contestazione."
      no="Annulla"
      yes="Segna come contestato"
      color="primary"
      onClose={onCancel}
      onConfirm={() => onConfirm(note.trim() || null)}
    >
      <TextField
        label="Nota"
        value={note}
        onChange={(e) => setNote(e.target.value)}
        multiline
        minRows={2}
        fullWidth
        autoFocus
        disabled={busy}
      />
    </ConfirmDialog>
  );
}
