/**
 * 'Area clienti' on a customer's card (issue 50): the area's address to tell the customer, the
 * customer's people invited to it with their state, when and by whom they were invited, their last
 * login and their open sessions; per person 'Chiudi sessioni' and 'Revoca accesso' (confirmed), or
 * 'Invita di nuovo' for one revoked; 'Invita all'area clienti' opens the invitation (one or more
 * addresses). Below the people:
 * - 'Richiedi documenti': a new document request to this customer (NewRequestDialog, the customer
 *   preset);
 * - 'File condivisi con il cliente': the files the studio shares with the customer in the area,
 *   with their size, when and by whom they were shared, when the customer first opened them;
 *   'Condividi file' uploads more (multipart), 'Rimuovi' (confirmed) stops sharing one;
 * - 'Dichiarazione antiriciclaggio' (PortalDeclarations.tsx): the AML declaration sent to read and
 *   accept in the area, with who accepted it, when and from where;
 * - 'Mandati SEPA firmati online' (PortalMandates.tsx): the mandates the customer's people signed
 *   in the area, with the evidence;
 * - 'Documenti aperti dal cliente' (PortalOpenings.tsx): what they opened of what the studio sends;
 * - 'Messaggi': the conversation with the customer (src/areas/portal/Thread.tsx), behind 'Apri la
 *   conversazione': reading it marks the customer's messages read, so it is read only when opened.
 * Shown on a saved customer only, inside the form: every button here is type="button" (nothing
 * submits it), the dialogs and the conversation have no form of their own; a failure to read a part
 * leaves the rest and the form as they are. On a phone the tables keep two columns (the person or
 * the file with its details, the actions).
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
  DialogTitle,
  Divider,
  IconButton,
  LinearProgress,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import DownloadIcon from '@mui/icons-material/Download';
import ChatIcon from '@mui/icons-material/Chat';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Confirm, useNotify, useRecordContext } from 'react-admin';
import { displayDateTime } from '../../../model/dates';
import {
  PORTAL_MESSAGES,
  PORTAL_STATUS_LABELS,
  REQUEST_MESSAGES,
  UPLOAD_FILE_MAX_BYTES,
  splitEmails,
  type PortalPersonStatus,
} from '../../../model/portal';
import type { PortalPeople, PortalPerson, SharedFile } from '../../../model/api/portal';
import { ApiError } from '../../api/client';
import { useAppDataProvider } from '../../dataProvider';
import { CellNote } from '../../bulk/cells';
import { StatusChip, type StatusColors } from '../../bulk/StatusChip';
import { failureText } from '../../bulk/texts';
import { useDownload } from '../../layout/FilterBar';
import { NewRequestDialog } from '../../areas/portal/NewRequestDialog';
import { CustomerThread } from '../../areas/portal/Thread';
import { PortalDeclarations } from './PortalDeclarations';
import { PortalMandates } from './PortalMandates';
import { PortalOpenings } from './PortalOpenings';
import { FilesPickButton, LIST_KEY as REQUESTS_KEY, sizeText } from '../../areas/portal/parts';

const STATUS_COLOR: StatusColors<PortalPersonStatus> = { invitato: 'info', attivo: 'success', revocato: 'default' };

/** A touch target of 44 px on a phone; the usual small button elsewhere. */
const TOUCH = { minHeight: { xs: 44, sm: 0 } } as const;

const keyOf = (id: string | number) => ['customer', Number(id), 'portal'] as const;
const filesKeyOf = (id: string | number) => ['customer', Number(id), 'portal', 'files'] as const;
/** At most this many files shared at once (the server's limit). */
const SHARE_FILES_MAX = 10;

/** 'Invito inviato a a@b.it' or 'Invito inviato a 3 indirizzi'. */
const invitedText = (emails: string[]) =>
  emails.length === 1 ? `Invito inviato a ${emails[0]}` : `Invito inviato a ${emails.length} indirizzi`;

export function CustomerPortal() {
  const record = useRecordContext();
  const id = record?.id;
  const dp = useAppDataProvider();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const q = useQuery({
    queryKey: keyOf(id ?? 0),
    queryFn: ({ signal }) => dp.customerPortal(id!, { signal }),
    enabled: id != null,
    retry: false,
  });
  /** the invitation dialog: closed (null) or open with its addresses prefilled ('' for none) */
  const [inviting, setInviting] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<PortalPerson | null>(null);
  /** the access whose call is running */
  const [busy, setBusy] = useState<number | null>(null);
  const [requesting, setRequesting] = useState(false);
  if (id == null) return null;
  const people = q.data?.people ?? [];

  const act = async (accessId: number, call: () => Promise<PortalPeople>, done: string) => {
    setBusy(accessId);
    try {
      queryClient.setQueryData<PortalPeople>(keyOf(id), await call());
      notify(done, { type: 'success' });
    } catch (e) {
      notify(failureText(e), { type: 'error' });
      // the person's state may have changed meanwhile (409: already revoked): read it again
      void queryClient.invalidateQueries({ queryKey: keyOf(id) });
    } finally {
      setBusy(null);
    }
  };
  const endSessions = (p: PortalPerson) =>
    act(p.access_id, () => dp.endPortalSessions(id, p.access_id), `Sessioni di ${p.email} chiuse`);
  const revoke = async () => {
    if (!revoking) return;
    await act(
      revoking.access_id,
      () => dp.revokePortalAccess(id, revoking.access_id),
      `Accesso di ${revoking.email} revocato`,
    );
    setRevoking(null);
  };

  const actions = (p: PortalPerson) => (
    <Stack direction={small ? 'column' : 'row'} spacing={small ? 0.5 : 1} sx={{ alignItems: 'flex-start' }}>
      {p.status === 'revocato' ? (
        <Button
          type="button"
          size="small"
          sx={TOUCH}
          onClick={() => setInviting(p.email)}
          aria-label={`Invita di nuovo ${p.email}`}
        >
          Invita di nuovo
        </Button>
      ) : (
        <>
          <Button
            type="button"
            size="small"
            sx={TOUCH}
            disabled={p.sessions === 0 || busy === p.access_id}
            onClick={() => void endSessions(p)}
            aria-label={`Chiudi sessioni di ${p.email}`}
          >
            Chiudi sessioni
          </Button>
          <Button
            type="button"
            size="small"
            color="warning"
            sx={TOUCH}
            disabled={busy === p.access_id}
            onClick={() => setRevoking(p)}
            aria-label={`Revoca accesso di ${p.email}`}
          >
            Revoca accesso
          </Button>
        </>
      )}
    </Stack>
  );
  const who = (p: PortalPerson) => (
    <>
      <Box component="span" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
        {p.email}
      </Box>
      {p.name && <CellNote sx={{ overflowWrap: 'anywhere' }}>{p.name}</CellNote>}
    </>
  );
  const chip = (p: PortalPerson) => (
    <>
      <StatusChip status={p.status} labels={PORTAL_STATUS_LABELS} colors={STATUS_COLOR} />
      {p.status === 'revocato' && p.revoked_at && <CellNote>il {displayDateTime(p.revoked_at)}</CellNote>}
    </>
  );
  const invitedBy = (p: PortalPerson) => (p.invited_by_name ? `da ${p.invited_by_name}` : null);
  const lastLogin = (p: PortalPerson) => (p.last_login_at ? displayDateTime(p.last_login_at) : '—');

  return (
    <Box component="section" aria-labelledby={titleId} sx={{ width: '100%', mt: 2 }}>
      <Divider sx={{ mb: 2 }} />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="h6" component="h2" id={titleId}>
          Area clienti
        </Typography>
        <Button type="button" size="small" startIcon={<PersonAddIcon />} sx={TOUCH} onClick={() => setInviting('')}>
          Invita all&apos;area clienti
        </Button>
      </Stack>
      {q.isPending && <LinearProgress aria-label="Caricamento dell'area clienti" />}
      {q.isError && <Alert severity="error">Area clienti non disponibile: {failureText(q.error)}</Alert>}
      {q.data && (
        <>
          <Typography variant="body2" sx={{ mb: 1 }}>
            Indirizzo dell&apos;area clienti da comunicare al cliente:{' '}
            <Link href={q.data.url} target="_blank" rel="noopener noreferrer" sx={{ overflowWrap: 'anywhere' }}>
              {q.data.url}
            </Link>
          </Typography>
          {people.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              Nessuna persona del cliente è invitata all&apos;area clienti.
            </Typography>
          ) : (
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small" aria-label="Persone del cliente nell'area clienti">
                <TableHead>
                  {small ? (
                    <TableRow>
                      <TableCell>Persona</TableCell>
                      <TableCell>Azioni</TableCell>
                    </TableRow>
                  ) : (
                    <TableRow>
                      <TableCell>E-mail</TableCell>
                      <TableCell>Stato</TableCell>
                      <TableCell>Invitato il</TableCell>
                      <TableCell>Ultimo accesso</TableCell>
                      <TableCell align="right">Sessioni aperte</TableCell>
                      <TableCell>Azioni</TableCell>
                    </TableRow>
                  )}
                </TableHead>
                <TableBody>
                  {people.map((p) =>
                    small ? (
                      <TableRow key={p.access_id}>
                        <TableCell sx={{ px: 1, verticalAlign: 'top' }}>
                          {who(p)}
                          <Box sx={{ my: 0.5 }}>{chip(p)}</Box>
                          <CellNote>
                            Invitato il {displayDateTime(p.invited_at)}
                            {invitedBy(p) ? ` ${invitedBy(p)}` : ''}
                          </CellNote>
                          <CellNote>Ultimo accesso: {lastLogin(p)}</CellNote>
                          <CellNote>Sessioni aperte: {p.sessions}</CellNote>
                        </TableCell>
                        <TableCell sx={{ px: 1, verticalAlign: 'top' }}>{actions(p)}</TableCell>
                      </TableRow>
                    ) : (
                      <TableRow key={p.access_id}>
                        <TableCell sx={{ minWidth: 160 }}>{who(p)}</TableCell>
                        <TableCell>{chip(p)}</TableCell>
                        <TableCell>
                          <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                            {displayDateTime(p.invited_at)}
                          </Box>
                          {invitedBy(p) && <CellNote>{invitedBy(p)}</CellNote>}
                        </TableCell>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>{lastLogin(p)}</TableCell>
                        <TableCell align="right">{p.sessions}</TableCell>
                        <TableCell>{actions(p)}</TableCell>
                      </TableRow>
                    ),
                  )}
                </TableBody>
              </Table>
            </Box>
          )}
        </>
      )}
      <Box sx={{ mt: 1.5 }}>
        <Button
          type="button"
          size="small"
          variant="outlined"
          startIcon={<PlaylistAddIcon />}
          sx={TOUCH}
          onClick={() => setRequesting(true)}
        >
          Richiedi documenti
        </Button>
      </Box>
      {/* keyed by the customer: another customer's card starts with its conversation closed */}
      <SharedFiles key={`files-${id}`} customerId={id} small={small} />
      <PortalDeclarations key={`declarations-${id}`} customerId={Number(id)} />
      <PortalMandates key={`mandates-${id}`} customerId={Number(id)} />
      <PortalOpenings key={`openings-${id}`} customerId={Number(id)} />
      <CustomerMessages key={`messages-${id}`} customerId={id} />
      {requesting && (
        <NewRequestDialog
          customerIds={[id]}
          onClose={() => setRequesting(false)}
          onCreated={() => void queryClient.invalidateQueries({ queryKey: REQUESTS_KEY })}
        />
      )}
      <Confirm
        isOpen={revoking != null}
        loading={busy != null}
        title="Revoca accesso"
        content={
          revoking
            ? `Revocare l'accesso di ${revoking.email} all'area clienti? Le sue sessioni si chiudono subito.`
            : ''
        }
        confirm="Revoca accesso"
        confirmColor="warning"
        cancel="Annulla"
        onConfirm={() => void revoke()}
        onClose={() => busy == null && setRevoking(null)}
      />
      {inviting != null && (
        <InviteDialog
          customerId={id}
          initial={inviting}
          fullScreen={small}
          onClose={() => setInviting(null)}
          onSent={(answer, emails) => {
            queryClient.setQueryData<PortalPeople>(keyOf(id), answer);
            setInviting(null);
            notify(invitedText(emails), { type: 'success' });
          }}
        />
      )}
    </Box>
  );
}

type InviteErrors = { emails?: string[]; name?: string[] };

/**
 * 'Invita all'area clienti': the addresses (one or more, as typed) and the person's name when only
 * one; the server's messages under their fields, what was typed kept.
 */
function InviteDialog({
  customerId,
  initial,
  fullScreen,
  onClose,
  onSent,
}: {
  customerId: string | number;
  initial: string;
  fullScreen: boolean;
  onClose: () => void;
  onSent: (answer: PortalPeople, emails: string[]) => void;
}) {
  const dp = useAppDataProvider();
  const titleId = useId();
  const [emails, setEmails] = useState(initial);
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<InviteErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const send = async () => {
    const list = splitEmails(emails);
    setProblem(null);
    if (!list.length) {
      setErrors({ emails: [PORTAL_MESSAGES.noEmails] });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const answer = await dp.inviteToPortal(customerId, { emails, ...(name.trim() ? { name: name.trim() } : {}) });
      onSent(answer.data, list);
    } catch (e) {
      const fields = e instanceof ApiError ? (e.body.errors as InviteErrors | undefined) : undefined;
      if (fields?.emails?.length || fields?.name?.length) setErrors({ emails: fields.emails, name: fields.name });
      else setProblem(failureText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={() => !busy && onClose()}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
    >
      <DialogTitle id={titleId}>Invita all&apos;area clienti</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <TextField
            label="Indirizzi e-mail"
            value={emails}
            onChange={(e) => setEmails(e.target.value)}
            multiline
            minRows={3}
            fullWidth
            autoFocus
            required
            disabled={busy}
            error={!!errors.emails?.length}
            helperText={
              errors.emails?.length ? errors.emails.join(' ') : 'Uno o più indirizzi, separati da virgola o a capo'
            }
          />
          <TextField
            label="Nome (se un solo indirizzo)"
            value={name}
            onChange={(e) => setName(e.target.value)}
            fullWidth
            disabled={busy}
            error={!!errors.name?.length}
            helperText={errors.name?.join(' ')}
          />
        </Stack>
        {problem && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {problem}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button type="button" onClick={onClose} disabled={busy} sx={TOUCH}>
          Annulla
        </Button>
        <Button type="button" variant="contained" onClick={() => void send()} disabled={busy} sx={TOUCH}>
          Invia invito
        </Button>
      </DialogActions>
      {busy && <LinearProgress aria-label="Invio dell'invito" />}
    </Dialog>
  );
}

/** 'Aperto dal cliente il …' or 'Non ancora aperto'. */
const openedText = (f: SharedFile) =>
  f.first_opened_at ? `Aperto dal cliente il ${displayDateTime(f.first_opened_at)}` : 'Non ancora aperto';

/**
 * 'File condivisi con il cliente': the files the customer finds in the area, newest first; 'Condividi
 * file' sends more (at most 10 of 20 MB at once: all or none), 'Rimuovi' asks first.
 */
function SharedFiles({ customerId, small }: { customerId: string | number; small: boolean }) {
  const dp = useAppDataProvider();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const titleId = useId();
  const q = useQuery({
    queryKey: filesKeyOf(customerId),
    queryFn: ({ signal }) => dp.sharedFiles(customerId, { signal }),
    retry: false,
  });
  /** the call running: the upload, or the removal of a file */
  const [busy, setBusy] = useState<'upload' | number | null>(null);
  const [removing, setRemoving] = useState<SharedFile | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const {
    downloading,
    error: downloadError,
    clearError,
    download,
  } = useDownload((fileId: string) => dp.downloadPortalFile(Number(fileId)));
  const files = q.data ?? [];

  const share = async (picked: File[]) => {
    setProblem(null);
    if (picked.length > SHARE_FILES_MAX) return setProblem(`Al massimo ${SHARE_FILES_MAX} file per volta`);
    const big = picked.find((f) => f.size > UPLOAD_FILE_MAX_BYTES);
    if (big) return setProblem(`${big.name}: ${REQUEST_MESSAGES.fileTooLarge}`);
    setBusy('upload');
    try {
      queryClient.setQueryData<SharedFile[]>(filesKeyOf(customerId), await dp.shareFiles(customerId, picked));
      notify(
        picked.length === 1
          ? `${picked[0]!.name} condiviso con il cliente`
          : `${picked.length} file condivisi con il cliente`,
        {
          type: 'success',
        },
      );
    } catch (e) {
      // the server's message says why (the kind of a file, the antivirus, the space): nothing was shared
      setProblem(failureText(e));
    } finally {
      setBusy(null);
    }
  };
  const remove = async () => {
    if (!removing) return;
    setBusy(removing.id);
    try {
      queryClient.setQueryData<SharedFile[]>(filesKeyOf(customerId), await dp.unshareFile(customerId, removing.id));
      notify(`${removing.filename} non è più condiviso con il cliente`, { type: 'success' });
    } catch (e) {
      notify(failureText(e), { type: 'error' });
      void queryClient.invalidateQueries({ queryKey: filesKeyOf(customerId) });
    } finally {
      setBusy(null);
      setRemoving(null);
    }
  };

  const actions = (f: SharedFile) => (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      {f.scan !== 'quarantena' && (
        <IconButton
          type="button"
          size="small"
          aria-label={`Scarica ${f.filename}`}
          disabled={downloading === String(f.id)}
          onClick={() => void download(String(f.id))}
        >
          <DownloadIcon fontSize="small" />
        </IconButton>
      )}
      <Button
        type="button"
        size="small"
        color="warning"
        sx={TOUCH}
        disabled={busy != null}
        onClick={() => setRemoving(f)}
        aria-label={`Rimuovi ${f.filename}`}
      >
        Rimuovi
      </Button>
    </Stack>
  );
  const name = (f: SharedFile) => (
    <>
      <Box component="span" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
        {f.filename}
      </Box>
      {f.scan === 'quarantena' && <Chip size="small" color="error" label="In quarantena" />}
    </>
  );
  const shared = (f: SharedFile) => (f.uploaded_by_name ? `da ${f.uploaded_by_name}` : null);

  return (
    <Box component="section" aria-labelledby={titleId} sx={{ mt: 3 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="subtitle1" component="h3" id={titleId} sx={{ fontWeight: 500 }}>
          File condivisi con il cliente
        </Typography>
        <FilesPickButton
          inputLabel="File da condividere con il cliente"
          icon={<UploadFileIcon />}
          disabled={busy != null}
          onPick={(picked) => void share(picked)}
        >
          Condividi file
        </FilesPickButton>
      </Stack>
      {busy === 'upload' && <LinearProgress sx={{ mb: 1 }} aria-label="Invio dei file" />}
      {problem && (
        <Alert severity="error" role="alert" sx={{ mb: 1 }} onClose={() => setProblem(null)}>
          {problem}
        </Alert>
      )}
      {downloadError && (
        <Alert severity="error" role="alert" sx={{ mb: 1 }} onClose={clearError}>
          {downloadError}
        </Alert>
      )}
      {q.isPending && <LinearProgress aria-label="Caricamento dei file condivisi" />}
      {q.isError && <Alert severity="error">File condivisi non disponibili: {failureText(q.error)}</Alert>}
      {q.data &&
        (files.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            Nessun file condiviso con il cliente.
          </Typography>
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label="File condivisi con il cliente">
              <TableHead>
                {small ? (
                  <TableRow>
                    <TableCell>File</TableCell>
                    <TableCell>Azioni</TableCell>
                  </TableRow>
                ) : (
                  <TableRow>
                    <TableCell>File</TableCell>
                    <TableCell align="right">Dimensione</TableCell>
                    <TableCell>Condiviso il</TableCell>
                    <TableCell>Apertura</TableCell>
                    <TableCell>Azioni</TableCell>
                  </TableRow>
                )}
              </TableHead>
              <TableBody>
                {files.map((f) =>
                  small ? (
                    <TableRow key={f.id}>
                      <TableCell sx={{ px: 1, verticalAlign: 'top' }}>
                        {name(f)}
                        <CellNote>{sizeText(f.size)}</CellNote>
                        <CellNote>
                          Condiviso il {displayDateTime(f.created_at)}
                          {shared(f) ? ` ${shared(f)}` : ''}
                        </CellNote>
                        <CellNote>{openedText(f)}</CellNote>
                      </TableCell>
                      <TableCell sx={{ px: 1, verticalAlign: 'top' }}>{actions(f)}</TableCell>
                    </TableRow>
                  ) : (
                    <TableRow key={f.id}>
                      <TableCell sx={{ minWidth: 160 }}>{name(f)}</TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {sizeText(f.size)}
                      </TableCell>
                      <TableCell>
                        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                          {displayDateTime(f.created_at)}
                        </Box>
                        {shared(f) && <CellNote>{shared(f)}</CellNote>}
                      </TableCell>
                      <TableCell>{openedText(f)}</TableCell>
                      <TableCell>{actions(f)}</TableCell>
                    </TableRow>
                  ),
                )}
              </TableBody>
            </Table>
          </Box>
        ))}
      <Confirm
        isOpen={removing != null}
        loading={busy != null}
        title="Rimuovi file condiviso"
        content={removing ? `Togliere «${removing.filename}» dall'area clienti? Il cliente non lo vedrà più.` : ''}
        confirm="Rimuovi"
        confirmColor="warning"
        cancel="Annulla"
        onConfirm={() => void remove()}
        onClose={() => busy == null && setRemoving(null)}
      />
    </Box>
  );
}

/**
 * 'Messaggi': the conversation with the customer, read (and so marked read by the studio) only
 * once 'Apri la conversazione' is pressed.
 */
function CustomerMessages({ customerId }: { customerId: string | number }) {
  const titleId = useId();
  const threadId = useId();
  const [open, setOpen] = useState(false);
  return (
    <Box component="section" aria-labelledby={titleId} sx={{ mt: 3 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="subtitle1" component="h3" id={titleId} sx={{ fontWeight: 500 }}>
          Messaggi
        </Typography>
        <Button
          type="button"
          size="small"
          variant="outlined"
          startIcon={<ChatIcon />}
          sx={TOUCH}
          aria-expanded={open}
          aria-controls={open ? threadId : undefined}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? 'Chiudi la conversazione' : 'Apri la conversazione'}
        </Button>
      </Stack>
      {open && (
        <Box id={threadId}>
          <CustomerThread customerId={customerId} />
        </Box>
      )}
    </Box>
  );
}
