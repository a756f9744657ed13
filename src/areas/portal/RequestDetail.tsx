/**
 * `/richieste_documenti/{id}`: one document request (issue 50 item 2), Collaboratore and above —
 * its customer (the card), deadline ('in ritardo' when late), state, who made it and when, the
 * message the customer reads; then each document with its state, the customer's note, the reason
 * it was asked again, and the files the customer sent: name, size, when and by whom, to download;
 * a file the antivirus put in quarantine is marked with what it found and cannot be downloaded, a
 * file set aside (its document asked again) is struck through. A document sent or declared missing
 * waits for the studio: 'Accetta', or 'Chiedi di nuovo' with the reason the customer reads (the
 * server's refusal under the field). 'Annulla richiesta', confirmed, while it is open.
 */
import { useId, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  LinearProgress,
  Link,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import CheckIcon from '@mui/icons-material/Check';
import ReplayIcon from '@mui/icons-material/Replay';
import BlockIcon from '@mui/icons-material/Block';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LinkBase, useNotify } from 'react-admin';
import { useLocation, useParams } from 'react-router-dom';
import { displayDateTime } from '../../../model/dates';
import {
  ITEM_STATUS_LABELS,
  REQUEST_MESSAGES,
  REQUEST_STATUS_LABELS,
  STUDIO_TURN,
  type ItemStatus,
} from '../../../model/portal';
import { ApiError } from '../../api/client';
import { useAppDataProvider } from '../../dataProvider';
import type { PortalFile, RequestDetail, RequestItem } from '../../dataProvider/portalRequests';
import { BulkScreenHeader } from '../../bulk/PreviewRun';
import { StatusChip } from '../../bulk/StatusChip';
import { CellNote } from '../../bulk/cells';
import { failureText } from '../../bulk/texts';
import { ConfirmDialog } from '../../layout/ConfirmDialog';
import { useDownload } from '../../layout/FilterBar';
import {
  detailKey,
  DueDate,
  ITEM_STATUS_COLORS,
  LIST_KEY,
  REQUEST_STATUS_COLORS,
  REQUESTS_PATH,
  REQUESTS_TITLE,
  sizeText,
} from './parts';

const TITLE = 'Richiesta di documenti';

export function RequestDetailScreen() {
  const { id = '' } = useParams();
  const dp = useAppDataProvider();
  const back = (useLocation().state as { back?: string } | null)?.back ?? '';
  const q = useQuery({
    queryKey: detailKey(id),
    queryFn: ({ signal }) => dp.portalRequest(id, { signal }),
    retry: false,
  });
  return (
    <>
      <BulkScreenHeader title={TITLE} list={{ label: REQUESTS_TITLE, to: `${REQUESTS_PATH}${back}` }} />
      {q.isPending && <LinearProgress sx={{ mb: 2 }} aria-label="Caricamento della richiesta" />}
      {q.isError && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {failureText(q.error)}
        </Alert>
      )}
      {q.data && <Detail request={q.data} />}
    </>
  );
}

function Detail({ request: r }: { request: RequestDetail }) {
  const dp = useAppDataProvider();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const cancelId = useId();
  const [busy, setBusy] = useState<'cancel' | number | null>(null);
  const [asking, setAsking] = useState(false);
  const [again, setAgain] = useState<RequestItem | null>(null);
  const {
    downloading,
    error: downloadError,
    clearError,
    download,
  } = useDownload((fileId: string) => dp.downloadPortalFile(Number(fileId)));
  const open = r.status === 'aperta';

  /** the request as the server answered, the lists read again */
  const settle = async (next: RequestDetail) => {
    queryClient.setQueryData(detailKey(r.id), next);
    await queryClient.invalidateQueries({ queryKey: LIST_KEY });
  };
  /** a call refused (409: reviewed or closed meanwhile): said, and the request read again */
  const refused = async (e: unknown) => {
    notify(failureText(e), { type: 'error' });
    await queryClient.invalidateQueries({ queryKey: detailKey(r.id) });
  };

  const accept = async (item: RequestItem) => {
    setBusy(item.id);
    try {
      const next = await dp.reviewPortalDocument(r.id, item.id, { outcome: 'accetta' });
      notify(
        next.status === 'completata'
          ? `${item.label}: accettato. Tutti i documenti sono accettati: la richiesta è completata`
          : `${item.label}: accettato`,
        { type: 'success' },
      );
      await settle(next);
    } catch (e) {
      await refused(e);
    } finally {
      setBusy(null);
    }
  };
  const cancel = async () => {
    setBusy('cancel');
    try {
      const next = await dp.cancelPortalRequest(r.id);
      notify('Richiesta annullata', { type: 'success' });
      await settle(next);
    } catch (e) {
      await refused(e);
    } finally {
      setBusy(null);
      setAsking(false);
    }
  };

  return (
    <>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', mb: 1 }}
      >
        <Typography component="h1" variant="h5">
          {r.title}
        </Typography>
        {open && (
          <Button
            color="warning"
            variant="outlined"
            startIcon={<BlockIcon />}
            disabled={busy !== null}
            onClick={() => setAsking(true)}
          >
            Annulla richiesta
          </Button>
        )}
      </Stack>
      <Paper component="section" aria-label="Dati della richiesta" sx={{ p: 2, mb: 2 }}>
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
            columnGap: 2,
            rowGap: 0.5,
            m: 0,
            '& dt': { color: 'text.secondary' },
            '& dd': { m: 0, mb: { xs: 1, sm: 0 } },
          }}
        >
          <dt>Cliente</dt>
          <dd>
            <Link component={LinkBase} to={`/Customer/${r.customer_id}`} title={`Scheda di ${r.customer_name}`}>
              {r.customer_name}
            </Link>
          </dd>
          <dt>Scadenza</dt>
          <dd>
            <DueDate request={r} />
          </dd>
          <dt>Stato</dt>
          <dd>
            <StatusChip status={r.status} labels={REQUEST_STATUS_LABELS} colors={REQUEST_STATUS_COLORS} />
            {r.closed_at && (
              <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
                il {displayDateTime(r.closed_at)}
              </Typography>
            )}
          </dd>
          <dt>Documenti</dt>
          <dd>
            {r.accepted} accettati su {r.items}
            {r.to_review > 0 && `, ${r.to_review} da controllare`}
          </dd>
          <dt>Richiesta</dt>
          <dd>
            il {displayDateTime(r.created_at)}
            {r.created_by_name ? ` da ${r.created_by_name}` : ''}
            {r.reminders_sent > 0 && ` (solleciti inviati: ${r.reminders_sent})`}
          </dd>
        </Box>
        {r.message && (
          <Box sx={{ mt: 2 }}>
            <Typography variant="subtitle2" component="h2">
              Messaggio al cliente
            </Typography>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
              {r.message}
            </Typography>
          </Box>
        )}
      </Paper>
      {downloadError && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert" onClose={clearError}>
          {downloadError}
        </Alert>
      )}
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Documenti
      </Typography>
      <Stack spacing={2} sx={{ mb: 2 }}>
        {r.documents.map((d) => (
          <Document
            key={d.id}
            item={d}
            reviewable={open && STUDIO_TURN.includes(d.status)}
            busy={busy !== null}
            downloading={downloading}
            onAccept={() => void accept(d)}
            onAskAgain={() => setAgain(d)}
            onDownload={(f) => void download(String(f.id))}
          />
        ))}
      </Stack>
      <ConfirmDialog
        open={asking}
        busy={busy === 'cancel'}
        titleId={cancelId}
        title="Annulla richiesta"
        text={`Annullare la richiesta «${r.title}» a ${r.customer_name}? Il cliente non la vedrà più tra quelle da completare.`}
        no="No"
        yes="Sì, annulla"
        onClose={() => setAsking(false)}
        onConfirm={() => void cancel()}
      />
      {again && (
        <AskAgainDialog
          request={r}
          item={again}
          onClose={() => setAgain(null)}
          onDone={async (next) => {
            setAgain(null);
            notify(`${again.label}: chiesto di nuovo al cliente`, { type: 'success' });
            await settle(next);
          }}
          onRefused={async (e) => {
            setAgain(null);
            await refused(e);
          }}
        />
      )}
    </>
  );
}

function Document({
  item: d,
  reviewable,
  busy,
  downloading,
  onAccept,
  onAskAgain,
  onDownload,
}: {
  item: RequestItem;
  reviewable: boolean;
  busy: boolean;
  downloading: string | null;
  onAccept: () => void;
  onAskAgain: () => void;
  onDownload: (f: PortalFile) => void;
}) {
  const headingId = useId();
  return (
    <Paper component="article" variant="outlined" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="subtitle1" component="h3" id={headingId} sx={{ fontWeight: 500 }}>
            {d.label}
          </Typography>
          <StatusChip<ItemStatus> status={d.status} labels={ITEM_STATUS_LABELS} colors={ITEM_STATUS_COLORS} filled />
        </Box>
        {reviewable && (
          <Stack direction="row" spacing={1}>
            <Button variant="contained" size="small" startIcon={<CheckIcon />} disabled={busy} onClick={onAccept}>
              Accetta
            </Button>
            <Button variant="outlined" size="small" startIcon={<ReplayIcon />} disabled={busy} onClick={onAskAgain}>
              Chiedi di nuovo
            </Button>
          </Stack>
        )}
      </Stack>
      {d.customer_note && (
        <Typography variant="body2" sx={{ mt: 1, whiteSpace: 'pre-wrap' }}>
          <Box component="span" sx={{ color: 'text.secondary' }}>
            Nota del cliente:
          </Box>{' '}
          {d.customer_note}
        </Typography>
      )}
      {d.review_reason && d.status === 'da_rifare' && (
        <Typography variant="body2" sx={{ mt: 1, whiteSpace: 'pre-wrap' }}>
          <Box component="span" sx={{ color: 'text.secondary' }}>
            Chiesto di nuovo:
          </Box>{' '}
          {d.review_reason}
        </Typography>
      )}
      {d.reviewed_at && (
        <CellNote sx={{ mt: 0.5 }}>
          Controllato il {displayDateTime(d.reviewed_at)}
          {d.reviewed_by_name ? ` da ${d.reviewed_by_name}` : ''}
        </CellNote>
      )}
      {d.files.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Nessun file inviato
        </Typography>
      ) : (
        <Box component="ul" aria-label={`File di ${d.label}`} sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
          {d.files.map((f) => (
            <FileLine key={f.id} file={f} downloading={downloading === String(f.id)} onDownload={() => onDownload(f)} />
          ))}
        </Box>
      )}
    </Paper>
  );
}

function FileLine({
  file: f,
  downloading,
  onDownload,
}: {
  file: PortalFile;
  downloading: boolean;
  onDownload: () => void;
}) {
  const quarantined = f.scan === 'quarantena';
  return (
    <Box
      component="li"
      sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.5, borderTop: 1, borderColor: 'divider' }}
    >
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography
          variant="body2"
          component={f.rejected ? 'del' : 'span'}
          sx={{ display: 'block', overflowWrap: 'anywhere', color: f.rejected ? 'text.secondary' : undefined }}
          title={f.rejected ? 'Scartato: il documento è stato chiesto di nuovo' : undefined}
        >
          {f.filename}
        </Typography>
        <CellNote>
          {sizeText(f.size)} · {displayDateTime(f.created_at)}
          {f.uploaded_by_name ? ` · ${f.uploaded_by_name}` : ''}
          {f.origin === 'studio' ? ' · dello studio' : ''}
          {f.rejected ? ' · scartato' : ''}
          {f.scan === 'non_verificato' ? ' · non verificato dall’antivirus' : ''}
        </CellNote>
        {quarantined && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.5, flexWrap: 'wrap' }}>
            <Chip size="small" color="error" label="In quarantena" />
            <Typography variant="caption" color="error">
              {f.scan_result ?? 'Minaccia trovata dall’antivirus'}
            </Typography>
          </Box>
        )}
      </Box>
      {!quarantined && (
        <IconButton size="small" aria-label={`Scarica ${f.filename}`} disabled={downloading} onClick={onDownload}>
          <DownloadIcon fontSize="small" />
        </IconButton>
      )}
    </Box>
  );
}

/** 'Chiedi di nuovo': the reason the customer reads (required), then the document goes back to the customer. */
function AskAgainDialog({
  request,
  item,
  onClose,
  onDone,
  onRefused,
}: {
  request: RequestDetail;
  item: RequestItem;
  onClose: () => void;
  onDone: (next: RequestDetail) => Promise<void>;
  onRefused: (e: unknown) => Promise<void>;
}) {
  const dp = useAppDataProvider();
  const titleId = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const send = async () => {
    if (!reason.trim()) return setError(REQUEST_MESSAGES.reasonRequired);
    setError(null);
    setBusy(true);
    try {
      const next = await dp.reviewPortalDocument(request.id, item.id, { outcome: 'rifai', reason: reason.trim() });
      await onDone(next);
    } catch (e) {
      const field = e instanceof ApiError && e.status === 422 ? e.body.errors?.reason : undefined;
      if (field?.length || (e instanceof ApiError && e.status === 422)) {
        setError(field?.join(' ') || failureText(e));
        setBusy(false);
      } else await onRefused(e);
    }
  };

  return (
    <Dialog open onClose={() => !busy && onClose()} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Chiedi di nuovo</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {item.label}: il cliente lo deve inviare di nuovo. I file che ha inviato restano, segnati come scartati.
        </DialogContentText>
        <TextField
          label="Motivo"
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            setError(null);
          }}
          multiline
          minRows={3}
          fullWidth
          autoFocus
          required
          disabled={busy}
          error={!!error}
          helperText={error ?? 'Il cliente lo legge nell’area clienti'}
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Annulla
        </Button>
        <Button variant="contained" onClick={() => void send()} disabled={busy}>
          Chiedi di nuovo
        </Button>
      </DialogActions>
      {busy && <LinearProgress aria-label="Invio della richiesta al cliente" />}
    </Dialog>
  );
}
