/**
 * A customer's conversation with the studio in the customers' area (issue 50 item 5): the screen
 * `/messaggi_clienti/{customer id}` and the customer card's 'Messaggi' (src/resources/Customer/Portal.tsx)
 * show the same `CustomerThread`.
 * - The messages, oldest first (the last 200: the server's), the customer's on the left and the
 *   studio's on the right, each with its author, its side, its date and time, its text as written
 *   (text, never HTML: line breaks kept) and its files, downloaded through the app's download; a
 *   file the antivirus put in quarantine is marked 'In quarantena' and cannot be downloaded.
 * - Reading the thread (GET) marks the customer's messages read by the studio: the lists of the
 *   threads and the home page's count are read again when there were unread ones.
 * - 'Messaggio' (at most 5 000 characters, a counter under it), files to attach (at most 5),
 *   'Invia': JSON, or multipart with the files. The server's messages (422) go under their field
 *   and what was typed stays. No <form>: the card's conversation is inside the customer's form, and
 *   every button is type="button".
 */
import { useEffect, useId, useRef, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  FormHelperText,
  IconButton,
  LinearProgress,
  Link,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import CloseIcon from '@mui/icons-material/Close';
import DownloadIcon from '@mui/icons-material/Download';
import SendIcon from '@mui/icons-material/Send';
import { alpha } from '@mui/material/styles';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LinkBase, useGetOne, useNotify } from 'react-admin';
import { useLocation, useParams } from 'react-router-dom';
import { displayDateTime } from '../../../model/dates';
import {
  MESSAGE_FILES_MAX,
  MESSAGE_MAX_CHARS,
  MESSAGE_MESSAGES,
  REQUEST_MESSAGES,
  UPLOAD_FILE_MAX_BYTES,
} from '../../../model/portal';
import { ApiError } from '../../api/client';
import { useAppDataProvider } from '../../dataProvider';
import type { PortalMessage, PortalThread } from '../../dataProvider/portalMessages';
import { BulkScreenHeader } from '../../bulk/PreviewRun';
import { failureText } from '../../bulk/texts';
import { useDownload } from '../../layout/FilterBar';
import { FilesPickButton, MESSAGES_PATH, MESSAGES_TITLE, sizeText, THREADS_KEY, threadKey, UNREAD_KEY } from './parts';

const SCREEN_TITLE = 'Conversazione con il cliente';

/** `/messaggi_clienti/{customer id}`: the conversation with one customer, back to the list with its filters. */
export function ThreadScreen() {
  const { id = '' } = useParams();
  const state = useLocation().state as { back?: string; name?: string } | null;
  const back = state?.back ?? '';
  // opened from the list the customer's name comes with the link; opened by its address it is read
  const customer = useGetOne<{ id: number; business_name?: string | null }>(
    'Customer',
    { id: Number(id) },
    { enabled: !state?.name && /^\d+$/.test(id), retry: false },
  );
  const name = state?.name ?? customer.data?.business_name ?? null;
  return (
    <>
      <BulkScreenHeader title={SCREEN_TITLE} list={{ label: MESSAGES_TITLE, to: `${MESSAGES_PATH}${back}` }} />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'baseline' }, justifyContent: 'space-between', mb: 2 }}
      >
        <Typography component="h1" variant="h5">
          {name ? `Conversazione con ${name}` : SCREEN_TITLE}
        </Typography>
        <Link component={LinkBase} to={`/Customer/${id}`}>
          Scheda del cliente
        </Link>
      </Stack>
      <CustomerThread customerId={id} />
    </>
  );
}

type FieldErrors = { body?: string; file?: string };

/** 5000 → '5.000' (the Italian grouping of thousands, four digits included: as the server's messages write it). */
const thousands = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '.');

/** The server's messages under their fields ('body', 'file'), one text each. */
const fieldErrorsOf = (e: unknown): FieldErrors => {
  const errors = e instanceof ApiError ? e.body.errors : undefined;
  const text = (k: string) => (errors?.[k]?.length ? errors[k].join(' ') : undefined);
  return { body: text('body'), file: text('file') };
};

/** A customer's conversation: the messages (read by the studio once shown) and the studio's new one. */
export function CustomerThread({ customerId }: { customerId: string | number }) {
  const dp = useAppDataProvider();
  const queryClient = useQueryClient();
  const q = useQuery({
    queryKey: threadKey(customerId),
    queryFn: async ({ signal }) => {
      const thread = await dp.customerThread(customerId, { signal });
      // read now: the lists of the threads and the home page's count change
      if (thread.unread > 0) {
        void queryClient.invalidateQueries({ queryKey: THREADS_KEY });
        void queryClient.invalidateQueries({ queryKey: UNREAD_KEY });
      }
      return thread;
    },
    retry: false,
  });
  const {
    downloading,
    error: downloadError,
    clearError,
    download,
  } = useDownload((fileId: string) => dp.downloadPortalFile(Number(fileId)));

  return (
    <Box>
      {q.isPending && <LinearProgress sx={{ mb: 1 }} aria-label="Caricamento dei messaggi" />}
      {q.isError && (
        <Alert severity="error" role="alert" sx={{ mb: 1 }}>
          Messaggi non disponibili: {failureText(q.error)}
        </Alert>
      )}
      {downloadError && (
        <Alert severity="error" role="alert" sx={{ mb: 1 }} onClose={clearError}>
          {downloadError}
        </Alert>
      )}
      {q.data && (
        <>
          <MessageLog
            messages={q.data.messages}
            downloading={downloading}
            onDownload={(fileId) => void download(String(fileId))}
          />
          <NewMessage customerId={customerId} />
        </>
      )}
    </Box>
  );
}

function MessageLog({
  messages,
  downloading,
  onDownload,
}: {
  messages: PortalMessage[];
  downloading: string | null;
  onDownload: (fileId: number) => void;
}) {
  const log = useRef<HTMLDivElement>(null);
  const last = messages[messages.length - 1]?.id;
  // the newest message in sight
  useEffect(() => {
    if (log.current) log.current.scrollTop = log.current.scrollHeight;
  }, [last]);
  if (!messages.length)
    return (
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Nessun messaggio con il cliente: scrivi il primo qui sotto.
      </Typography>
    );
  return (
    <Box
      ref={log}
      role="log"
      aria-label="Messaggi"
      tabIndex={0}
      sx={{
        display: 'flex',
        flexDirection: 'column',
        gap: 1.5,
        maxHeight: 520,
        overflowY: 'auto',
        p: { xs: 1, sm: 1.5 },
        mb: 2,
        borderRadius: 1,
        bgcolor: 'action.hover',
      }}
    >
      {messages.map((m) => (
        <Message key={m.id} message={m} downloading={downloading} onDownload={onDownload} />
      ))}
    </Box>
  );
}

function Message({
  message: m,
  downloading,
  onDownload,
}: {
  message: PortalMessage;
  downloading: string | null;
  onDownload: (fileId: number) => void;
}) {
  const studio = m.side === 'studio';
  const side = studio ? 'studio' : 'cliente';
  const when = displayDateTime(m.created_at);
  return (
    <Paper
      component="article"
      variant="outlined"
      aria-label={`Messaggio di ${m.author_name} (${side}), ${when}`}
      data-side={side}
      sx={{
        alignSelf: studio ? 'flex-end' : 'flex-start',
        maxWidth: { xs: '92%', sm: '78%' },
        px: 1.5,
        py: 1,
        bgcolor: studio ? (t) => alpha(t.palette.primary.main, 0.08) : 'background.paper',
        borderColor: studio ? 'primary.light' : 'divider',
      }}
    >
      <Typography variant="caption" component="p" color="text.secondary" sx={{ mb: 0.5 }}>
        <Box component="span" sx={{ fontWeight: 500, color: 'text.primary' }}>
          {m.author_name}
        </Box>{' '}
        · {studio ? 'Studio' : 'Cliente'} · {when}
      </Typography>
      <Typography variant="body2" component="p" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', m: 0 }}>
        {m.body}
      </Typography>
      {m.files.length > 0 && (
        <Box component="ul" aria-label="Allegati" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
          {m.files.map((f) => {
            const quarantined = f.scan === 'quarantena';
            return (
              <Box component="li" key={f.id} sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                <AttachFileIcon fontSize="small" color="action" aria-hidden="true" />
                <Typography variant="body2" component="span" sx={{ overflowWrap: 'anywhere' }}>
                  {f.filename}
                </Typography>
                <Typography variant="caption" component="span" color="text.secondary">
                  {sizeText(f.size)}
                </Typography>
                {quarantined ? (
                  <Chip
                    size="small"
                    color="error"
                    label="In quarantena"
                    title="L'antivirus vi ha trovato una minaccia: non si scarica"
                  />
                ) : (
                  <IconButton
                    type="button"
                    size="small"
                    aria-label={`Scarica ${f.filename}`}
                    disabled={downloading === String(f.id)}
                    onClick={() => onDownload(f.id)}
                  >
                    <DownloadIcon fontSize="small" />
                  </IconButton>
                )}
              </Box>
            );
          })}
        </Box>
      )}
    </Paper>
  );
}

/** 'Messaggio', the files attached, 'Invia': the studio's message to the customer. */
function NewMessage({ customerId }: { customerId: string | number }) {
  const dp = useAppDataProvider();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const uid = useId();
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const pick = (picked: File[]) => {
    const all = [...files, ...picked];
    const big = picked.find((f) => f.size > UPLOAD_FILE_MAX_BYTES);
    if (big) return setErrors((e) => ({ ...e, file: `${big.name}: ${REQUEST_MESSAGES.fileTooLarge}` }));
    if (all.length > MESSAGE_FILES_MAX) return setErrors((e) => ({ ...e, file: MESSAGE_MESSAGES.tooManyFiles }));
    setFiles(all);
    setErrors((e) => ({ ...e, file: undefined }));
  };

  const send = async () => {
    setProblem(null);
    if (!text.trim()) return setErrors({ body: MESSAGE_MESSAGES.empty });
    setErrors({});
    setBusy(true);
    try {
      const thread = await dp.postCustomerMessage(customerId, text, files);
      queryClient.setQueryData<PortalThread>(threadKey(customerId), thread);
      void queryClient.invalidateQueries({ queryKey: THREADS_KEY });
      // the answer reads the thread too: the customer's messages that came meanwhile are read now
      if (thread.unread > 0) void queryClient.invalidateQueries({ queryKey: UNREAD_KEY });
      setText('');
      setFiles([]);
      notify('Messaggio inviato', { type: 'success' });
    } catch (e) {
      const fields = fieldErrorsOf(e);
      if (fields.body || fields.file) setErrors(fields);
      else setProblem(failureText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box role="group" aria-labelledby={`${uid}-title`}>
      <Typography variant="subtitle2" component="h3" id={`${uid}-title`} sx={{ mb: 1 }}>
        Nuovo messaggio
      </Typography>
      <TextField
        id={`${uid}-body`}
        label="Messaggio"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          if (errors.body) setErrors((x) => ({ ...x, body: undefined }));
        }}
        multiline
        minRows={3}
        maxRows={12}
        fullWidth
        disabled={busy}
        error={!!errors.body}
        helperText={errors.body ?? `${thousands(text.length)}/${thousands(MESSAGE_MAX_CHARS)} caratteri`}
        slotProps={{ htmlInput: { maxLength: MESSAGE_MAX_CHARS } }}
      />
      {files.length > 0 && (
        <Box
          component="ul"
          aria-label="File da allegare"
          sx={{ listStyle: 'none', p: 0, m: 0, mt: 1, display: 'flex', gap: 1, flexWrap: 'wrap' }}
        >
          {files.map((f, i) => (
            <Box
              component="li"
              key={`${f.name}-${i}`}
              sx={{
                display: 'inline-flex',
                alignItems: 'center',
                gap: 0.5,
                border: 1,
                borderColor: 'divider',
                borderRadius: 4,
                pl: 1,
              }}
            >
              <AttachFileIcon fontSize="small" color="action" aria-hidden="true" />
              <Typography variant="body2" component="span" sx={{ overflowWrap: 'anywhere' }}>
                {f.name}
              </Typography>
              <Typography variant="caption" component="span" color="text.secondary">
                {sizeText(f.size)}
              </Typography>
              <IconButton
                type="button"
                size="small"
                aria-label={`Togli ${f.name}`}
                disabled={busy}
                onClick={() => setFiles((all) => all.filter((_, j) => j !== i))}
              >
                <CloseIcon fontSize="small" />
              </IconButton>
            </Box>
          ))}
        </Box>
      )}
      {errors.file && (
        <FormHelperText error id={`${uid}-file-error`} sx={{ mx: 1.75 }}>
          {errors.file}
        </FormHelperText>
      )}
      {problem && (
        <Alert severity="error" role="alert" sx={{ mt: 1 }}>
          {problem}
        </Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap', gap: 1 }} useFlexGap>
        <FilesPickButton
          inputLabel="File da allegare al messaggio"
          icon={<AttachFileIcon />}
          disabled={busy || files.length >= MESSAGE_FILES_MAX}
          onPick={pick}
        >
          Allega file
        </FilesPickButton>
        <Button
          type="button"
          variant="contained"
          size="small"
          endIcon={<SendIcon />}
          disabled={busy}
          onClick={() => void send()}
          sx={{ minHeight: { xs: 44, sm: 0 } }}
        >
          Invia
        </Button>
        <Typography variant="caption" color="text.secondary">
          Le persone del cliente nell&apos;area clienti ricevono un avviso per e-mail, senza il testo. Al massimo{' '}
          {MESSAGE_FILES_MAX} file.
        </Typography>
      </Stack>
      {busy && <LinearProgress sx={{ mt: 1 }} aria-label="Invio del messaggio" />}
    </Box>
  );
}
