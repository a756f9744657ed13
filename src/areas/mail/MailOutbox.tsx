/**
 * `/posta_in_uscita` 'Posta in uscita' (PRODUCT.md §6), Admin and above: the studio's outgoing
 * e-mail, newest first — state as a coloured chip, tries, last error, recipients, subject,
 * dates — filtered by state, a page at a time, refreshed by itself while messages wait. A
 * message opens with its text and attachments (each downloadable), 'Scarica .eml' and, when it
 * was not sent or was kept, 'Riprova'. Without SMTP_URL on the server every message is kept:
 * the page says so.
 */
import { useState, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  LinearProgress,
  Link,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Paper,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  ToggleButton,
  ToggleButtonGroup,
  Tooltip,
  Typography,
  type ChipProps,
} from '@mui/material';
import { Paging } from '../../layout/FilterBar';
import RefreshIcon from '@mui/icons-material/Refresh';
import ReplayIcon from '@mui/icons-material/Replay';
import DownloadIcon from '@mui/icons-material/Download';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import MailOutlineIcon from '@mui/icons-material/MailOutline';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify, usePermissions } from 'react-admin';
import { saveAs } from 'file-saver';
import { displayDateTime } from '../../../model/dates';
import { MAIL_RETRYABLE, MAIL_STATUSES, MAIL_STATUS_LABELS, type MailStatus } from '../../../model/mail';
import { useAppDataProvider, type MailDetail, type MailRow } from '../../dataProvider';
import { BulkScreenHeader } from '../../bulk/PreviewRun';
import { BulkErrorDialog, TEXTS } from '../../bulk/common';

/** the chip colour of each state (filled: it needs a look) */
const STATUS_COLOR: Record<MailStatus, ChipProps['color']> = {
  queued: 'info',
  sending: 'info',
  sent: 'success',
  failed: 'error',
  kept: 'warning',
};
const STATUS_FILLED: Record<MailStatus, boolean> = {
  queued: false,
  sending: true,
  sent: false,
  failed: true,
  kept: false,
};
const PAGE_SIZES = [25, 50, 100];
export const LOAD_ERROR = 'Errore nel caricamento dati';

/** A message's state: 'Trattenuta (SMTP non configurato)' on two lines, the reason smaller. */
export function StatusChip({ status }: { status: MailStatus }) {
  const [, main, why] = /^(.*?)(?: (\(.*\)))?$/.exec(MAIL_STATUS_LABELS[status] ?? status) ?? [];
  const label = why ? (
    <>
      {main}{' '}
      <Box component="span" sx={{ display: 'block', fontSize: '0.68rem' }}>
        {why}
      </Box>
    </>
  ) : (
    main
  );
  return (
    <Chip
      size="small"
      color={STATUS_COLOR[status] ?? 'default'}
      variant={STATUS_FILLED[status] ? 'filled' : 'outlined'}
      label={label}
      sx={{
        height: 'auto',
        fontWeight: 500,
        '& .MuiChip-label': { whiteSpace: 'nowrap', py: 0.25, lineHeight: 1.3, textAlign: 'center' },
      }}
    />
  );
}

const when = (v: string | null) => (v ? displayDateTime(v) : '');
const sizeText = (bytes: number) =>
  bytes < 1024
    ? `${bytes} B`
    : `${(bytes / 1024).toLocaleString('it-IT', { maximumFractionDigits: bytes < 10240 ? 1 : 0 })} KB`;

/** a label and its value in the message's header */
/** A message's text with its web addresses as links (an activation or reset link can be followed from here). */
function Linkified({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/[^\s<>"']+)/g);
  return (
    <>
      {parts.map((p, i) =>
        i % 2 === 1 ? (
          <a key={i} href={p} target="_blank" rel="noopener noreferrer">
            {p}
          </a>
        ) : (
          p
        ),
      )}
    </>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </>
  );
}

/** One message: header, last error, text, attachments; 'Scarica .eml' and 'Riprova'. */
function MessageDialog({
  id,
  smtp,
  onClose,
  onError,
}: {
  id: number | null;
  smtp: boolean;
  onClose: () => void;
  onError: (text: string) => void;
}) {
  const dp = useAppDataProvider();
  const notify = useNotify();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const q = useQuery({
    queryKey: ['mailMessage', id],
    enabled: id != null,
    queryFn: ({ signal }) => dp.mailMessage(id!, { signal }),
  });
  const m: MailDetail | undefined = q.data;
  const download = async (get: () => Promise<{ blob: Blob; filename: string }>) => {
    try {
      const { blob, filename } = await get();
      saveAs(blob, filename);
    } catch (e) {
      onError(`Errore in fase di download ${(e as Error).message ?? ''}`.trim());
    }
  };
  const retry = async () => {
    setBusy(true);
    try {
      const res = await dp.retryMail(id!);
      notify(res.message, { type: 'info' });
      client.setQueryData(['mailMessage', id], res.data);
      await client.invalidateQueries({ queryKey: ['mailOutbox'] });
    } catch (e) {
      onError(`${TEXTS.send} ${(e as Error).message ?? ''}`.trim());
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={id != null} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="mail-message-title">
      <DialogTitle id="mail-message-title" sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.5, pr: 3 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>{m ? m.subject : 'Messaggio'}</Box>
        {m && <StatusChip status={m.status} />}
      </DialogTitle>
      <DialogContent dividers>
        {q.isPending && <LinearProgress aria-label="Caricamento" />}
        {q.isError && <Alert severity="error">{`${LOAD_ERROR} ${(q.error as Error).message ?? ''}`}</Alert>}
        {m && (
          <>
            <Box
              component="dl"
              sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0, mb: 2 }}
            >
              <Field label="Tipo">
                {m.kind_label}
                {m.studio_name ? ` · ${m.studio_name}` : m.studio_id == null ? ' · posta del fornitore' : ''}
              </Field>
              <Field label="Da">{m.from}</Field>
              <Field label="A">{m.to.join(', ')}</Field>
              {m.cc.length > 0 && <Field label="Cc">{m.cc.join(', ')}</Field>}
              <Field label="Creato">
                {when(m.created_at)}
                {m.created_by_name ? ` da ${m.created_by_name}` : ''}
              </Field>
              <Field label="Inviato">{m.sent_at ? when(m.sent_at) : '—'}</Field>
              <Field label="Tentativi">{m.tries}</Field>
            </Box>
            {m.status === 'kept' && (
              <Alert severity="warning" sx={{ mb: 2 }}>
                {smtp
                  ? "Messaggio trattenuto: quando è stato scritto l'invio delle email non era configurato. Usa Riprova per inviarlo ora."
                  : "Messaggio trattenuto: sul server non è configurato l'invio delle email (SMTP_URL). Scaricalo come .eml oppure usa Riprova quando l'invio è configurato."}
              </Alert>
            )}
            {m.last_error && (
              <Alert
                severity={m.status === 'failed' ? 'error' : m.status === 'sent' ? 'info' : 'warning'}
                sx={{ mb: 2, overflowWrap: 'anywhere' }}
              >
                {m.status === 'sent' ? 'Errore di un tentativo precedente: ' : 'Ultimo errore: '}
                {m.last_error}
              </Alert>
            )}
            <Paper
              variant="outlined"
              sx={{
                p: 2,
                mb: 2,
                whiteSpace: 'pre-wrap',
                fontSize: 14,
                maxHeight: 320,
                overflow: 'auto',
                bgcolor: 'action.hover',
              }}
              tabIndex={0}
              aria-label="Testo del messaggio"
            >
              <Linkified text={m.body_text} />
            </Paper>
            <Typography component="h3" variant="subtitle2">
              Allegati
            </Typography>
            {m.files.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                Nessun allegato
              </Typography>
            ) : (
              <List dense disablePadding aria-label="Allegati">
                {m.files.map((f) => (
                  <ListItem
                    key={f.id}
                    disableGutters
                    secondaryAction={
                      <Button
                        size="small"
                        startIcon={<DownloadIcon />}
                        onClick={() => download(() => dp.downloadMailAttachment(m.id, f.id))}
                        aria-label={`Scarica ${f.filename}`}
                      >
                        Scarica
                      </Button>
                    }
                  >
                    <ListItemIcon sx={{ minWidth: 32 }}>
                      <AttachFileIcon fontSize="small" />
                    </ListItemIcon>
                    <ListItemText primary={f.filename} secondary={sizeText(f.size)} />
                  </ListItem>
                ))}
              </List>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        {m && MAIL_RETRYABLE.includes(m.status) && (
          <Button onClick={retry} disabled={busy} startIcon={<ReplayIcon />} color="warning">
            Riprova
          </Button>
        )}
        {m && (
          <Button onClick={() => download(() => dp.downloadMailEml(m.id))} startIcon={<MailOutlineIcon />}>
            Scarica .eml
          </Button>
        )}
        <Button onClick={onClose} variant="contained">
          Chiudi
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function MailOutbox() {
  const dp = useAppDataProvider();
  const { permissions } = usePermissions<{ role?: string }>();
  const allStudios = permissions?.role === 'SuperAdmin';
  const [status, setStatus] = useState<MailStatus | null>(null);
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(PAGE_SIZES[0]!);
  const [openId, setOpenId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const q = useQuery({
    queryKey: ['mailOutbox', status, page, perPage],
    queryFn: ({ signal }) => dp.mailOutbox({ status, page, perPage, signal }),
    placeholderData: keepPreviousData,
    // while messages wait or are being sent, their state is read again every few seconds
    refetchInterval: (query) =>
      (query.state.data?.meta.counts.queued ?? 0) + (query.state.data?.meta.counts.sending ?? 0) > 0 ? 4000 : false,
  });
  const counts = q.data?.meta.counts ?? {};
  const all = Object.values(counts).reduce((x, y) => x + (y ?? 0), 0);
  const rows: MailRow[] = q.data?.data ?? [];
  const filter = (s: MailStatus | null) => {
    setStatus(s);
    setPage(1);
  };
  return (
    <>
      <BulkScreenHeader title="Posta in uscita" />
      {q.data && !q.data.meta.smtp_configured && (
        <Alert severity="info" sx={{ mb: 2 }}>
          L&apos;invio delle email non è configurato sul server (SMTP_URL): i messaggi restano qui come «Trattenuta».
          Puoi scaricarli come .eml; una volta configurato l&apos;invio, usa Riprova.
        </Alert>
      )}
      <Card>
        <CardContent>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, flexWrap: 'wrap' }}>
            <Box sx={{ flex: 1, minWidth: 240 }}>
              <Typography component="h1" variant="h6">
                Posta in uscita
              </Typography>
              <Typography variant="body2" color="text.secondary">
                Le email inviate dal gestionale{allStudios ? ' da tutti gli studi' : ' dallo studio'}, dalla più
                recente.
              </Typography>
            </Box>
            <Tooltip title="Aggiorna">
              <span>
                <IconButton aria-label="Aggiorna" onClick={() => void q.refetch()} disabled={q.isFetching}>
                  <RefreshIcon />
                </IconButton>
              </span>
            </Tooltip>
          </Box>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={status ?? 'all'}
            aria-label="Filtra per stato"
            sx={{ flexWrap: 'wrap', mb: 2 }}
            onChange={(_e, v: MailStatus | 'all' | null) => {
              if (v) filter(v === 'all' ? null : v);
            }}
          >
            <ToggleButton value="all" sx={{ textTransform: 'none' }}>
              Tutti ({all})
            </ToggleButton>
            {MAIL_STATUSES.map((s) => (
              <ToggleButton key={s} value={s} sx={{ textTransform: 'none' }}>
                {MAIL_STATUS_LABELS[s].replace(/ \(.*\)$/, '')} ({counts[s] ?? 0})
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          {q.isError && (
            <Alert severity="error" sx={{ mb: 2 }}>{`${LOAD_ERROR} ${(q.error as Error).message ?? ''}`}</Alert>
          )}
          <Box sx={{ position: 'relative' }}>
            {q.isFetching && q.data && (
              <LinearProgress aria-label="Aggiornamento" sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />
            )}
            <TableContainer>
              <Table size="small" aria-label="Messaggi della posta in uscita">
                <TableHead>
                  <TableRow sx={{ '& th': { whiteSpace: 'nowrap', fontWeight: 600 } }}>
                    <TableCell>Stato</TableCell>
                    <TableCell>Oggetto</TableCell>
                    <TableCell>Destinatari</TableCell>
                    {allStudios && <TableCell>Studio</TableCell>}
                    <TableCell>Creato / inviato</TableCell>
                    <TableCell align="right">Tentativi</TableCell>
                    <TableCell>Ultimo errore</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {q.isPending &&
                    Array.from({ length: 3 }, (_, i) => (
                      <TableRow key={i}>
                        <TableCell colSpan={allStudios ? 7 : 6}>
                          <Skeleton />
                        </TableCell>
                      </TableRow>
                    ))}
                  {!q.isPending && rows.length === 0 && (
                    <TableRow>
                      <TableCell
                        colSpan={allStudios ? 7 : 6}
                        sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}
                      >
                        {status
                          ? `Nessun messaggio nello stato «${MAIL_STATUS_LABELS[status]}».`
                          : 'Nessun messaggio in uscita.'}
                      </TableCell>
                    </TableRow>
                  )}
                  {rows.map((r) => (
                    <TableRow
                      key={r.id}
                      hover
                      onClick={() => setOpenId(r.id)}
                      sx={{ cursor: 'pointer', '& td': { verticalAlign: 'top' } }}
                    >
                      <TableCell>
                        <StatusChip status={r.status} />
                      </TableCell>
                      <TableCell sx={{ minWidth: 220 }}>
                        <Link
                          component="button"
                          type="button"
                          underline="hover"
                          color="inherit"
                          onClick={(e) => {
                            e.stopPropagation();
                            setOpenId(r.id);
                          }}
                          sx={{ textAlign: 'left', fontWeight: 500 }}
                          aria-label={`Apri il messaggio ${r.subject}`}
                        >
                          {r.subject}
                        </Link>
                        <Typography
                          variant="caption"
                          color="text.secondary"
                          component="div"
                          sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}
                        >
                          {r.kind_label}
                          {r.attachments > 0 && (
                            <>
                              <AttachFileIcon sx={{ fontSize: 14 }} aria-hidden="true" />
                              {r.attachments === 1 ? '1 allegato' : `${r.attachments} allegati`}
                            </>
                          )}
                        </Typography>
                      </TableCell>
                      <TableCell sx={{ minWidth: 230 }}>
                        {r.to.join(', ')}
                        {r.cc.length > 0 && (
                          <Typography variant="caption" color="text.secondary" component="div">
                            cc {r.cc.join(', ')}
                          </Typography>
                        )}
                      </TableCell>
                      {allStudios && (
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>{r.studio_name ?? 'Fornitore'}</TableCell>
                      )}
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        {when(r.created_at)}
                        <Typography variant="caption" color="text.secondary" component="div">
                          {r.sent_at ? `inviato ${when(r.sent_at)}` : 'non inviato'}
                        </Typography>
                      </TableCell>
                      <TableCell align="right">{r.tries}</TableCell>
                      <TableCell sx={{ minWidth: 160, maxWidth: 280 }}>
                        {r.last_error && (
                          <Tooltip title={r.last_error}>
                            <Typography
                              variant="body2"
                              color={r.status === 'sent' ? 'text.secondary' : 'error'}
                              sx={{
                                display: '-webkit-box',
                                WebkitLineClamp: 2,
                                WebkitBoxOrient: 'vertical',
                                overflow: 'hidden',
                                overflowWrap: 'anywhere',
                              }}
                            >
                              {r.last_error}
                            </Typography>
                          </Tooltip>
                        )}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          </Box>
          <Paging
            count={q.data?.meta.total ?? 0}
            page={page}
            perPage={perPage}
            sizes={PAGE_SIZES}
            onPageChange={setPage}
            onPerPageChange={(n) => {
              setPerPage(n);
              setPage(1);
            }}
          />
        </CardContent>
      </Card>
      <MessageDialog
        id={openId}
        smtp={q.data?.meta.smtp_configured ?? false}
        onClose={() => setOpenId(null)}
        onError={setError}
      />
      <BulkErrorDialog text={error} onClose={() => setError(null)} />
    </>
  );
}
