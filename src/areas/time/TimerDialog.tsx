/**
 * The app bar timer's dialog (issue 49 item 4), loaded when first opened: with no timer running, the
 * customer, the service and a note → 'Avvia' (POST /api/time/timer/start; the server's 422 under each
 * field, its 409 above the buttons); with one running, what it runs for and since when, its note, and
 * 'Ferma e registra' (POST …/stop, the server's message notified) or 'Annulla timer' (…/discard,
 * nothing recorded). Full screen on a phone.
 */
import { useId, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { Form, useNotify } from 'react-admin';
import type { FieldDef } from '../../../model/fields';
import { displayDate, today } from '../../../model/dates';
import { FieldInput } from '../../form/FieldInput';
import { ApiError } from '../../api/client';
import { useAppDataProvider } from '../../dataProvider';
import type { Timer } from '../../dataProvider/time';
import { TIMER_KEY } from './timerKey';

/** The start's fields: the customer and the service of the studio, a note. */
const START_FIELDS: Record<'customer_id' | 'studio_service_id' | 'note', FieldDef> = {
  customer_id: { type: 'relation', label: 'Cliente', ref: 'Customer', required: true },
  studio_service_id: { type: 'relation', label: 'Servizio', ref: 'StudioService', required: true },
  note: { type: 'text', label: 'Nota', max: 500 },
};

const failure = (e: unknown) => (e as Error)?.message || 'Operazione non riuscita';
/** The API's field errors as react-admin's form takes them (one text per field). */
const fieldErrors = (e: unknown) =>
  e instanceof ApiError && e.status === 422 && e.body.errors
    ? Object.fromEntries(Object.entries(e.body.errors).map(([k, v]) => [k, [v].flat().join(' ')]))
    : null;

export default function TimerDialog({
  open,
  timer,
  onClose,
}: {
  open: boolean;
  timer: Timer | null;
  onClose: () => void;
}) {
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const titleId = `${useId()}-title`;
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs" fullScreen={fullScreen}>
      <DialogTitle id={titleId}>{timer ? 'Timer in corso' : 'Avvia un timer'}</DialogTitle>
      {open && (timer ? <Running timer={timer} onClose={onClose} /> : <Start onClose={onClose} />)}
    </Dialog>
  );
}

function Start({ onClose }: { onClose: () => void }) {
  const dp = useAppDataProvider();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const start = async (values: Record<string, unknown>) => {
    setBusy(true);
    setProblem(null);
    try {
      const timer = await dp.startTimer({
        customer_id: Number(values.customer_id) || null,
        studio_service_id: Number(values.studio_service_id) || null,
        note: typeof values.note === 'string' ? values.note : null,
      });
      queryClient.setQueryData(TIMER_KEY, timer);
      notify(`Timer avviato per ${timer.customer_name} – ${timer.service_name}`, { type: 'info' });
      onClose();
      return undefined;
    } catch (e) {
      const fields = fieldErrors(e);
      if (fields) return fields;
      setProblem(failure(e));
      // a timer started elsewhere (another tab): shown by the app bar
      if (e instanceof ApiError && e.status === 409) await queryClient.invalidateQueries({ queryKey: TIMER_KEY });
      return undefined;
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form onSubmit={start} noValidate>
      <DialogContent dividers>
        <FieldInput name="customer_id" fd={START_FIELDS.customer_id} mode="create" />
        <FieldInput name="studio_service_id" fd={START_FIELDS.studio_service_id} mode="create" />
        <FieldInput name="note" fd={START_FIELDS.note} mode="create" />
        {problem && (
          <Alert severity="error" role="alert">
            {problem}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button type="button" onClick={onClose} disabled={busy}>
          Chiudi
        </Button>
        <Button type="submit" variant="contained" disabled={busy}>
          Avvia
        </Button>
      </DialogActions>
      {busy && <LinearProgress aria-label="Avvio del timer" />}
    </Form>
  );
}

function Running({ timer, onClose }: { timer: Timer; onClose: () => void }) {
  const dp = useAppDataProvider();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [note, setNote] = useState(timer.note ?? '');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const day = timer.started_at.slice(0, 10);
  const since = `${day === today() ? '' : `${displayDate(day)} `}${timer.started_at.slice(11, 16)}`;
  const act = async (kind: 'stop' | 'discard') => {
    setBusy(true);
    setProblem(null);
    try {
      if (kind === 'stop') {
        const done = await dp.stopTimer({ note: note.trim() || null });
        notify(done.message, { type: 'success', autoHideDuration: 8000 });
      } else {
        await dp.discardTimer();
        notify('Timer annullato: nessun tempo registrato', { type: 'info' });
      }
      await queryClient.invalidateQueries({ queryKey: ['time'] });
      onClose();
    } catch (e) {
      setProblem(failure(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <DialogContent dividers>
        <Box sx={{ mb: 2 }}>
          <Typography variant="subtitle1" component="p">
            {timer.customer_name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {timer.service_name} · dalle {since}
          </Typography>
        </Box>
        <TextField
          label="Nota"
          value={note}
          onChange={(e) => setNote(e.target.value)}
          fullWidth
          multiline
          minRows={2}
          error={note.length > 500}
          helperText={note.length > 500 ? 'Al massimo 500 caratteri' : 'Registrata con il tempo'}
        />
        {problem && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {problem}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button type="button" color="error" onClick={() => act('discard')} disabled={busy}>
          Annulla timer
        </Button>
        <Box sx={{ flex: 1 }} />
        <Button type="button" onClick={onClose} disabled={busy}>
          Chiudi
        </Button>
        <Button type="button" variant="contained" onClick={() => act('stop')} disabled={busy || note.length > 500}>
          Ferma e registra
        </Button>
      </DialogActions>
      {busy && <LinearProgress aria-label="Registrazione del tempo" />}
    </>
  );
}
