/**
 * The engagement letter's panel on the engagement's card (issue 49 item 2): the letter in PDF and in
 * Word as it is now; 'Invia al cliente' (a confirmation naming the recipient: the customer's e-mail,
 * else PEC); 'Segna come firmato' (the scan of the letter signed on paper: PDF, JPEG or PNG up to
 * 10 MB); 'Riporta in bozza'; 'Cessa incarico' (the date, and 'cessazione consensuale' to end before
 * the notice); and the history of the letters: sent to whom and when, the SHA-256, opened, accepted
 * by whom, when and from which IP, or the scan — each downloadable as it was sent or uploaded.
 *
 * Which buttons show follows the engagement's state (draft, sent, signed, ended) as the server
 * answers it; every change answers the engagement's letters anew, which the panel shows and hands to
 * `onChanged` (the card reads the engagement again). Every button is type="button": inside the
 * engagement's form none submits it. On a phone the history is a list of cards, the dialogs full screen.
 */
import { useId, useState, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  IconButton,
  Stack,
  Tooltip,
  Typography,
  FormHelperText,
} from '@mui/material';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import DescriptionIcon from '@mui/icons-material/Description';
import SendIcon from '@mui/icons-material/Send';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import UndoIcon from '@mui/icons-material/Undo';
import BlockIcon from '@mui/icons-material/Block';
import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useNotify } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { addDays, displayDate, displayDateTime, today } from '../../../model/dates';
import { ENGAGEMENT_STATUSES } from '../../../model/engagements';
import type { EngagementLetter, EngagementLetters, LetterLinkState } from '../../../model/api/engagementLetters';
import { useAppDataProvider } from '../../dataProvider';
import { saveFile } from '../../bulk/common';
import { failureText } from '../../bulk/texts';
import { ApiError } from '../../api/client';
import { DateTextField, INVALID_DATE } from '../../form/DateInput';
import { AmlDialog, FilePickButton, sizeText, TableOrCards, uploadProblem } from '../Customer/AmlParts';

/** The engagement's letters in the query cache. */
export const lettersKey = (id: string | number) => ['engagement', Number(id), 'letters'] as const;

const statusText = (s: string) => ENGAGEMENT_STATUSES.find((x) => x.value === s)?.text ?? s;
/** Whether a letter's link still accepts, in words (model/api/engagementLetters.ts LETTER_LINK_STATES). */
const LINK_TEXTS: Record<LetterLinkState, string> = {
  open: 'In attesa di accettazione',
  accepted: 'Accettata',
  superseded: 'Sostituita da una lettera più recente',
  expired: 'Link scaduto',
  closed: 'Non più accettabile (incarico non più in attesa)',
};
const linkText = (s: EngagementLetter['link_state']) => (s ? LINK_TEXTS[s] : '');

type Dialog = 'send' | 'sign' | 'draft' | 'end' | null;

export function EngagementLetterPanel({
  engagementId,
  status,
  onChanged,
}: {
  engagementId: number | string;
  /** the engagement's state as the card has it: a change reads the letters again */
  status?: string;
  /** after each change, with the engagement's letters and state as the server answers them */
  onChanged?: (letters: EngagementLetters) => void;
}) {
  const dp = useAppDataProvider();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const headingId = useId();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const query = useQuery({
    queryKey: [...lettersKey(engagementId), status ?? ''],
    queryFn: ({ signal }) => dp.engagementLetters(engagementId, { signal }),
  });
  const data = query.data;
  const state = data?.status ?? status ?? 'draft';

  /** what every change does once the server answered: show it, tell the card */
  const changed = (answer: EngagementLetters, message: string) => {
    queryClient.setQueryData([...lettersKey(engagementId), answer.status], answer);
    void queryClient.invalidateQueries({ queryKey: lettersKey(engagementId) });
    notify(message, { type: 'success' });
    onChanged?.(answer);
  };

  const download = async (what: string, call: () => Promise<{ blob: Blob; filename: string }>) => {
    setBusy(what);
    try {
      await saveFile(call());
    } catch (e) {
      notify(`Documento non disponibile: ${failureText(e)}`, { type: 'error' });
    } finally {
      setBusy(null);
    }
  };

  const canSend = state === 'draft' || state === 'sent';
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography variant="subtitle1" component="h3" id={headingId} sx={{ fontWeight: 500, mb: 1 }}>
        Lettera d’incarico
      </Typography>
      {query.isError && (
        <Alert severity="error" sx={{ mb: 1 }}>
          Lettere non disponibili: {failureText(query.error)}
        </Alert>
      )}
      <StateLine data={data} state={state} />
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ flexWrap: 'wrap', my: 1.5 }}
        role="group"
        aria-label="Azioni della lettera d’incarico"
      >
        <Button
          type="button"
          size="small"
          variant="outlined"
          startIcon={<PictureAsPdfIcon />}
          disabled={busy !== null}
          onClick={() => void download('pdf', () => dp.downloadEngagementLetter(engagementId, 'pdf'))}
        >
          Scarica PDF
        </Button>
        <Tooltip
          title={
            data?.word_template === 'studio' ? 'Dal modello Word dello studio' : 'Dal modello predefinito della lettera'
          }
        >
          <span>
            <Button
              type="button"
              size="small"
              variant="outlined"
              startIcon={<DescriptionIcon />}
              disabled={busy !== null}
              onClick={() => void download('docx', () => dp.downloadEngagementLetter(engagementId, 'docx'))}
            >
              Scarica Word
            </Button>
          </span>
        </Tooltip>
        {canSend && (
          <Button
            type="button"
            size="small"
            variant="contained"
            startIcon={<SendIcon />}
            disabled={!data}
            onClick={() => setDialog('send')}
          >
            Invia al cliente
          </Button>
        )}
        {canSend && (
          <Button type="button" size="small" startIcon={<TaskAltIcon />} onClick={() => setDialog('sign')}>
            Segna come firmato
          </Button>
        )}
        {state === 'sent' && (
          <Button type="button" size="small" startIcon={<UndoIcon />} onClick={() => setDialog('draft')}>
            Riporta in bozza
          </Button>
        )}
        {state === 'signed' && (
          <Button
            type="button"
            size="small"
            color="warning"
            startIcon={<BlockIcon />}
            disabled={!data}
            onClick={() => setDialog('end')}
          >
            Cessa incarico
          </Button>
        )}
      </Stack>
      <LettersHistory
        letters={data?.letters ?? []}
        loading={query.isPending}
        busy={busy}
        onDownload={(l) => void download(`letter-${l.id}`, () => dp.downloadEngagementLetterFile(engagementId, l.id))}
      />
      {dialog === 'send' && data && (
        <ActionDialog
          title="Invia la lettera al cliente"
          submitLabel="Invia"
          busyLabel="Invio della lettera"
          locked={!data.recipient}
          onClose={() => setDialog(null)}
          run={() => dp.sendEngagementLetter(engagementId)}
          onDone={(answer) => {
            setDialog(null);
            changed(answer, `Lettera inviata a ${answer.recipient ?? data.recipient}`);
          }}
        >
          {data.recipient ? (
            <Typography>
              La lettera d’incarico in PDF sarà inviata a <strong>{data.recipient}</strong>, con il link alla pagina
              dove il cliente la legge e la accetta.
              {state === 'sent' && ' La lettera inviata in precedenza non potrà più essere accettata.'}
            </Typography>
          ) : (
            <Alert severity="warning">
              Il cliente non ha un indirizzo email né una PEC: indicali nella scheda del cliente prima di inviare la
              lettera.
            </Alert>
          )}
        </ActionDialog>
      )}
      {dialog === 'sign' && (
        <SignDialog
          engagementId={engagementId}
          onClose={() => setDialog(null)}
          onDone={(answer) => {
            setDialog(null);
            changed(answer, 'Incarico segnato come firmato');
          }}
        />
      )}
      {dialog === 'draft' && (
        <ActionDialog
          title="Riporta in bozza"
          submitLabel="Riporta in bozza"
          busyLabel="Ritorno in bozza"
          onClose={() => setDialog(null)}
          run={() => dp.engagementBackToDraft(engagementId)}
          onDone={(answer) => {
            setDialog(null);
            changed(answer, 'Incarico riportato in bozza');
          }}
        >
          <Typography>
            L’incarico torna in bozza per essere modificato: il link della lettera inviata non permetterà più di
            accettarla. Dopo le modifiche invia di nuovo la lettera.
          </Typography>
        </ActionDialog>
      )}
      {dialog === 'end' && data && (
        <EndDialog
          engagementId={engagementId}
          data={data}
          onClose={() => setDialog(null)}
          onDone={(answer) => {
            setDialog(null);
            changed(answer, `Incarico cessato dal ${displayDate(answer.end_date)}`);
          }}
        />
      )}
    </Box>
  );
}

/** The engagement's state in words: sent on …, signed on … and how, ended on …. */
function StateLine({ data, state }: { data: EngagementLetters | undefined; state: string }) {
  const parts = [`Stato: ${statusText(state)}`];
  if (state === 'sent' && data?.sent_at) parts.push(`lettera inviata il ${displayDateTime(data.sent_at)}`);
  if ((state === 'signed' || state === 'ended') && data?.signed_how) parts.push(data.signed_how);
  else if ((state === 'signed' || state === 'ended') && data?.signed_at)
    parts.push(`firmato il ${displayDateTime(data.signed_at)}`);
  if (state === 'ended' && data?.ended_at) parts.push(`cessato dal ${displayDate(data.ended_at)}`);
  return (
    <Typography variant="body2" color="text.secondary" role="status">
      {parts.join(' · ')}
    </Typography>
  );
}

/** The letters sent and the scans, newest first. */
function LettersHistory({
  letters,
  loading,
  busy,
  onDownload,
}: {
  letters: EngagementLetter[];
  loading: boolean;
  busy: string | null;
  onDownload: (l: EngagementLetter) => void;
}) {
  if (loading) return null;
  if (!letters.length)
    return (
      <Typography variant="body2" color="text.secondary">
        Nessuna lettera inviata né firmata.
      </Typography>
    );
  return (
    <TableOrCards
      label="Lettere inviate e firmate"
      rows={letters}
      rowKey={(l) => l.id}
      columns={[
        {
          head: 'Documento',
          cell: (l) => (l.kind === 'scan' ? `Scansione firmata (${l.filename})` : 'Lettera inviata'),
          minWidth: 150,
        },
        { head: 'Inviata a', cell: (l) => l.recipient ?? '—', minWidth: 140 },
        {
          head: 'Quando',
          cell: (l) => `${displayDateTime(l.created_at)} · ${l.created_by_name}`,
          minWidth: 150,
        },
        {
          head: 'SHA-256',
          cell: (l) => (
            <Tooltip title={l.sha256} describeChild>
              <Box
                component="span"
                tabIndex={0}
                sx={{ fontFamily: 'monospace', fontSize: '0.8125rem', whiteSpace: 'nowrap' }}
              >
                {l.sha256.slice(0, 12)}…
              </Box>
            </Tooltip>
          ),
        },
        {
          head: 'Aperta',
          cell: (l) => (l.kind === 'scan' ? '—' : l.opened_at ? displayDateTime(l.opened_at) : 'No'),
          nowrap: true,
        },
        {
          head: 'Accettazione',
          cell: (l) =>
            l.accepted_at
              ? `Accettata da ${l.accepted_name ?? ''} il ${displayDateTime(l.accepted_at)}${l.accepted_ip ? ` (IP ${l.accepted_ip})` : ''}`
              : l.kind === 'scan'
                ? 'Firmata su carta'
                : linkText(l.link_state),
          minWidth: 180,
        },
        {
          head: 'Scarica',
          action: true,
          cell: (l) => (
            <IconButton
              type="button"
              size="small"
              aria-label={`Scarica ${l.kind === 'scan' ? 'la scansione' : 'la lettera inviata'} del ${displayDateTime(l.created_at)} (${sizeText(l.size)})`}
              disabled={busy !== null}
              onClick={() => onDownload(l)}
            >
              <DownloadIcon fontSize="small" />
            </IconButton>
          ),
        },
      ]}
    />
  );
}

/** The server's field errors and message of a failed call. */
const problemOf = (e: unknown) => ({
  fields: e instanceof ApiError ? (e.body.errors ?? {}) : {},
  message: failureText(e),
});

/** A dialog that makes one call: its problem shown above the buttons, busy while it runs. */
function ActionDialog({
  title,
  submitLabel,
  busyLabel,
  locked,
  run,
  onDone,
  onClose,
  children,
}: {
  title: string;
  submitLabel: string;
  busyLabel: string;
  locked?: boolean;
  run: () => Promise<EngagementLetters>;
  onDone: (answer: EngagementLetters) => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async () => {
    setBusy(true);
    setProblem(null);
    try {
      onDone(await run());
    } catch (e) {
      setProblem(problemOf(e).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <AmlDialog
      title={title}
      busy={busy}
      locked={locked}
      busyLabel={busyLabel}
      submitLabel={submitLabel}
      problem={problem}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      {children}
    </AmlDialog>
  );
}

/** 'Segna come firmato': the scan of the signed letter. */
function SignDialog({
  engagementId,
  onDone,
  onClose,
}: {
  engagementId: number | string;
  onDone: (answer: EngagementLetters) => void;
  onClose: () => void;
}) {
  const dp = useAppDataProvider();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async () => {
    setProblem(null);
    if (!file) return setError('Scegli la scansione della lettera firmata');
    const bad = uploadProblem(file);
    if (bad) return setError(bad);
    setBusy(true);
    try {
      onDone(await dp.markEngagementSigned(engagementId, file));
    } catch (e) {
      const p = problemOf(e);
      if (p.fields.file) setError(p.fields.file.join(' '));
      setProblem(p.message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <AmlDialog
      title="Segna come firmato"
      busy={busy}
      busyLabel="Caricamento della scansione"
      submitLabel="Segna come firmato"
      problem={problem}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <Typography sx={{ mb: 2 }}>
        Allega la scansione della lettera firmata dal cliente: è conservata con la sua impronta SHA-256 e l’incarico
        risulta «Firmato su carta».
      </Typography>
      <FilePickButton
        inputLabel="Scansione della lettera firmata"
        icon={<UploadFileIcon />}
        disabled={busy}
        sx={{ maxWidth: '100%', overflowWrap: 'anywhere' }}
        onPick={(chosen) => {
          setFile(chosen);
          setProblem(null);
          setError(uploadProblem(chosen));
        }}
      >
        {file ? file.name : 'Scegli la scansione'}
      </FilePickButton>
      <FormHelperText error={!!error} sx={{ mx: 0 }}>
        {error ?? (file ? sizeText(file.size) : 'PDF, JPEG o PNG, fino a 10 MB')}
      </FormHelperText>
    </AmlDialog>
  );
}

/** 'Cessa incarico': the date, and the mutual consent that waives the notice. */
function EndDialog({
  engagementId,
  data,
  onDone,
  onClose,
}: {
  engagementId: number | string;
  data: EngagementLetters;
  onDone: (answer: EngagementLetters) => void;
  onClose: () => void;
}) {
  const dp = useAppDataProvider();
  const uid = useId();
  const openEnded = !data.end_date;
  const earliest = addDays(today(), data.notice_days);
  const [date, setDate] = useState<string | null | undefined>(openEnded ? earliest : data.end_date);
  const [waive, setWaive] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async () => {
    setBusy(true);
    setError(null);
    setProblem(null);
    try {
      onDone(
        await dp.endEngagement(engagementId, {
          date: date === undefined ? INVALID_DATE : (date ?? ''),
          waive_notice: waive,
        }),
      );
    } catch (e) {
      const p = problemOf(e);
      if (p.fields.date) setError(p.fields.date.join(' '));
      else setProblem(p.message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <AmlDialog
      title="Cessa incarico"
      busy={busy}
      busyLabel="Cessazione dell’incarico"
      submitLabel="Cessa incarico"
      problem={problem}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <Stack spacing={2}>
        <Typography>
          {openEnded
            ? `L’incarico è a tempo indeterminato con ${data.notice_days} giorni di preavviso: può cessare dal ${displayDate(earliest)}, o prima se la cessazione è consensuale.`
            : `L’incarico termina il ${displayDate(data.end_date)}: puoi anticiparne la cessazione.`}{' '}
          Dopo la data di cessazione non si fanno nuovi addebiti.
        </Typography>
        <DateTextField
          id={`${uid}-date`}
          label="Data di cessazione"
          required
          value={date}
          disabled={busy}
          onChange={(v) => {
            setDate(v);
            setError(null);
          }}
          error={!!error}
          helperText={error ?? ' '}
        />
        <FormControlLabel
          control={
            <Checkbox
              checked={waive}
              disabled={busy}
              onChange={(e) => {
                setWaive(e.target.checked);
                setError(null);
              }}
            />
          }
          label="Cessazione consensuale (senza preavviso)"
        />
      </Stack>
    </AmlDialog>
  );
}
