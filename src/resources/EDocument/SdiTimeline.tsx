/**
 * 'Storico SdI' on an invoice's editor (issue 28): its SdI status as the list's coloured chip and
 * its events oldest first (the file sent, the intermediary's refusal, the courtesy copy, SdI's
 * receipts with the errors of a rejection), each receipt's XML to download. While the invoice is
 * on its way ('in_invio', 'inviata') the status is read again every few seconds, so the outcome
 * appears without reloading; a final status stops it.
 */
import { Alert, Box, Button, LinearProgress, List, ListItem, Paper, Stack, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useQuery } from '@tanstack/react-query';
import { RecordContextProvider, useNotify } from 'react-admin';
import { saveAs } from 'file-saver';
import { modelByName } from '../../../model/registry';
import { SDI_EDITABLE, SDI_PENDING, SDI_POLL_MS, type SdiStatus } from '../../../model/models/EDocument';
import { EDOCUMENT_MESSAGES as M } from '../../../model/eDocumentMessages';
import { StatusCell } from '../../list/cells';
import { useAppDataProvider, type SdiEvent } from '../../dataProvider';

export { SDI_PENDING, SDI_POLL_MS };

/** Whether the invoice can no longer be changed (sent, or on its way): only a credit note corrects it. */
export const sdiLocked = (status: string | undefined) => !!status && !SDI_EDITABLE.includes(status as SdiStatus);

export const SDI_BANNERS = {
  locked: 'Fattura inviata a SdI: non è più modificabile. Per correggerla emetti una nota di credito.',
  /** a credit note is not corrected by another credit note: a new invoice restores what it took back */
  lockedCreditNote: 'Nota di credito inviata a SdI: non è più modificabile. Per correggerla emetti una nuova fattura.',
  rejected:
    'Scartata da SdI: correggi la fattura e inviala di nuovo (entro 5 giorni con lo stesso numero e data, poi con un nuovo numero e la data di oggi).',
} as const;

/** The Italian name of each kind of event. */
export const SDI_EVENT_LABELS: Record<string, string> = {
  invio: 'File inviato a SdI',
  errore: "Rifiutata dall'intermediario",
  copia: 'Copia di cortesia',
  RC: 'Ricevuta di consegna',
  NS: 'Notifica di scarto',
  MC: 'Mancata consegna',
  NE: 'Esito committente',
  DT: 'Decorrenza termini',
  AT: 'Impossibilità di recapito',
};
const labelOf = (kind: string) => SDI_EVENT_LABELS[kind] ?? kind;

/**
 * What an event says under its label, not the label again: a sending recorded before issue 45
 * ('File inviato a SdI (simulatore: sim-…)') says through which channel, without its raw id.
 */
function descriptionOf(e: { kind: string; description: string | null }, label: string): string | null {
  const d = e.description?.trim() ?? '';
  if (!d || d === label) return null;
  const old = /^File inviato a SdI \(([^:)]+):/.exec(d);
  if (e.kind === 'invio' && old)
    return old[1] === 'simulatore' ? 'Tramite il simulatore SdI (prova: nessun invio reale)' : `Tramite ${old[1]}`;
  return d;
}

/** 'dd/mm/yyyy hh:mm' from the server's local 'YYYY-MM-DDTHH:MM[:SS]' (no time zone: shown as written). */
export function sdiDateTime(at: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})/.exec(at);
  return m ? `${m[3]}/${m[2]}/${m[1]} ${m[4]}:${m[5]}` : at;
}

/** The invoice's SdI status and events (one query for the editor and its history), re-read while on its way. */
export function useSdiTimeline(id?: string) {
  const dp = useAppDataProvider();
  return useQuery({
    queryKey: ['edocuments', 'sdi', id],
    queryFn: ({ signal }) => dp.sdiTimeline(id!, { signal }),
    enabled: !!id,
    retry: false,
    // the editor and its history share one read (the history's mount reads it no second time)
    staleTime: SDI_POLL_MS,
    refetchInterval: (q) => (SDI_PENDING.includes(q.state.data?.status ?? '') ? SDI_POLL_MS : false),
  });
}

const statusDecl = modelByName.get('EDocument')!.list.status!;

/** The status as the list shows it: the declared colour, icon and text. */
export function SdiStatusChip({ status }: { status: string }) {
  return (
    <RecordContextProvider value={{ id: 0, [statusDecl.field]: status }}>
      <StatusCell status={statusDecl} />
    </RecordContextProvider>
  );
}

function EventItem({ e }: { e: SdiEvent }) {
  const dp = useAppDataProvider();
  const notify = useNotify();
  const label = labelOf(e.kind);
  const when = sdiDateTime(e.at);
  const download = async () => {
    try {
      const { blob, filename } = await dp.downloadSdiEventXml(e.id);
      saveAs(blob, filename);
    } catch (err) {
      notify(`${M.downloadFailed}: ${(err as Error).message}`, { type: 'error' });
    }
  };
  return (
    <ListItem
      divider
      alignItems="flex-start"
      aria-label={`${label} del ${when}`}
      sx={{ flexWrap: 'wrap', gap: 1, px: 0 }}
    >
      <Box sx={{ flex: '1 1 280px', minWidth: 0 }}>
        <Typography variant="body2" color="text.secondary" component="div">
          {when}
        </Typography>
        <Typography
          variant="subtitle2"
          component="div"
          color={e.kind === 'NS' || e.kind === 'errore' ? 'error' : undefined}
        >
          {label}
        </Typography>
        {descriptionOf(e, label) ? (
          <Typography variant="body2" component="div" sx={{ overflowWrap: 'anywhere' }}>
            {descriptionOf(e, label)}
          </Typography>
        ) : null}
        {e.errors.length ? (
          <Box
            component="ul"
            aria-label={`Errori: ${label}`}
            sx={{ m: 0, pl: 2, typography: 'body2', overflowWrap: 'anywhere' }}
          >
            {e.errors.map((x, i) => (
              <li key={`${i}-${x.code}`}>{`${x.code} — ${x.description}`}</li>
            ))}
          </Box>
        ) : null}
        {e.file_name ? (
          <Typography variant="caption" color="text.secondary" component="div" sx={{ overflowWrap: 'anywhere' }}>
            {e.file_name}
          </Typography>
        ) : null}
      </Box>
      {e.has_xml ? (
        <Button
          size="small"
          variant="outlined"
          startIcon={<DownloadIcon />}
          onClick={() => void download()}
          aria-label={`Scarica XML: ${label} del ${when}`}
        >
          Scarica XML
        </Button>
      ) : null}
    </ListItem>
  );
}

/** The 'Storico SdI' section of a saved invoice. */
export function SdiTimeline({ id }: { id: string }) {
  const q = useSdiTimeline(id);
  const status = q.data?.status;
  const events = q.data?.events ?? [];
  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 2 }} component="section" aria-labelledby="sdi-history-title">
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h6" component="h2" id="sdi-history-title">
          Storico SdI
        </Typography>
        {status ? <SdiStatusChip status={status} /> : null}
      </Stack>
      {q.isPending ? <LinearProgress aria-label="Caricamento dello storico SdI" /> : null}
      {q.isError ? <Alert severity="error">Errore di caricamento... {(q.error as Error).message}</Alert> : null}
      {q.isSuccess && !events.length ? (
        <Typography variant="body2" color="text.secondary">
          Nessun invio a SdI finora.
        </Typography>
      ) : null}
      {events.length ? (
        <List dense aria-label="Eventi SdI" disablePadding>
          {events.map((e) => (
            <EventItem key={e.id} e={e} />
          ))}
        </List>
      ) : null}
      {status && SDI_PENDING.includes(status) ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} role="status">
          In attesa dell'esito di SdI: lo stato si aggiorna da solo.
        </Typography>
      ) : null}
    </Paper>
  );
}
