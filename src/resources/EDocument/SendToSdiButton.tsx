/**
 * 'Invia a SdI' (issue 28): on the e-invoices' bulk bar for the selection, and on an invoice's
 * editor for that one. A confirm first (on the simulator it says the invoices do not really reach
 * the Agenzia delle Entrate), then POST /api/sdi/send: 202 says how many are on their way and
 * reads the screen again; a 422 (nothing was sent: all or none) lists each refused invoice with its
 * reasons in a dialog, the selection kept to correct them; any other refusal is notified with the
 * server's message.
 */
import { useState } from 'react';
import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import { useQuery } from '@tanstack/react-query';
import { useListContext, useNotify, useRefresh, type Identifier } from 'react-admin';
import { useAppDataProvider } from '../../dataProvider';
import { ApiError } from '../../api/client';
import { AcknowledgeDialog } from '../../layout/ErrorDialog';
import { BulkDialog } from '../../bulk/common';

export const SDI_TEXTS = {
  button: 'Invia a SdI',
  confirm: (n: number) => (n === 1 ? 'Inviare 1 fattura a SdI?' : `Inviare ${n} fatture a SdI?`),
  queued: (n: number) => (n === 1 ? '1 fattura in invio a SdI' : `${n} fatture in invio a SdI`),
  simulator: "Simulatore SdI: le fatture non arrivano davvero all'Agenzia delle Entrate; le ricevute sono simulate",
  noChannel: 'Nessun intermediario SdI configurato su questo server: le fatture non possono essere inviate',
  readOnlyAfter: 'Una fattura inviata non si può più modificare: per correggerla si emette una nota di credito.',
  refused: 'Nessuna fattura è stata inviata a SdI',
  connection: 'Errore di connessione al server',
} as const;

/** The lines of a 422's `errors.ids` (each 'Fattura n. X: reason; reason'). */
const refusedLines = (e: unknown): string[] | null => {
  if (!(e instanceof ApiError) || e.status !== 422) return null;
  const ids = (e.body?.errors as Record<string, unknown> | undefined)?.ids;
  return Array.isArray(ids) ? ids.map(String) : [e.message];
};

/**
 * The button, its confirm and the dialog of the refused invoices, for `ids`; `onSent` once the
 * server has queued them (the caller reads its screen again).
 */
export function SendToSdi({
  ids,
  disabled,
  title,
  onSent,
  variant = 'text',
  size = 'small',
}: {
  ids: Identifier[];
  disabled?: boolean;
  /** why it is disabled, as a tooltip */
  title?: string;
  onSent: () => void;
  variant?: 'text' | 'outlined' | 'contained';
  size?: 'small' | 'medium';
}) {
  const dp = useAppDataProvider();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<{ message: string; lines: string[] } | null>(null);
  const channel = useQuery({
    queryKey: ['sdi', 'channel'],
    queryFn: ({ signal }) => dp.sdiChannel({ signal }),
    enabled: open,
    staleTime: 60_000,
    retry: false,
  });
  const n = ids.length;
  // a failed read of the channel does not stop the send: the server says what is missing
  const noChannel = channel.isSuccess && channel.data === null;
  const send = async () => {
    setBusy(true);
    try {
      const r = await dp.sendToSdi(ids);
      setOpen(false);
      notify(SDI_TEXTS.queued(r.queued), { type: 'info' });
      onSent();
    } catch (e) {
      setOpen(false);
      const lines = refusedLines(e);
      if (lines) setRefused({ message: (e as Error).message, lines });
      else notify(e instanceof ApiError ? e.message : SDI_TEXTS.connection, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button
        size={size}
        variant={variant}
        startIcon={<SendIcon />}
        disabled={disabled || busy || !n}
        title={title}
        onClick={() => setOpen(true)}
      >
        {SDI_TEXTS.button}
      </Button>
      <BulkDialog
        open={open}
        onClose={() => setOpen(false)}
        busy={busy}
        title={SDI_TEXTS.button}
        actions={
          <Button
            variant="contained"
            onClick={() => void send()}
            disabled={busy || channel.isPending || noChannel}
            autoFocus
          >
            {busy ? 'Invio…' : 'Invia'}
          </Button>
        }
      >
        <Typography sx={{ mb: 1 }}>{SDI_TEXTS.confirm(n)}</Typography>
        {channel.isPending ? <CircularProgress size={20} aria-label="Lettura del canale SdI" /> : null}
        {channel.data === 'simulator' ? (
          <Alert severity="warning" sx={{ mb: 1 }}>
            {SDI_TEXTS.simulator}
          </Alert>
        ) : null}
        {noChannel ? (
          <Alert severity="error" sx={{ mb: 1 }}>
            {SDI_TEXTS.noChannel}
          </Alert>
        ) : null}
        <Typography variant="body2">{SDI_TEXTS.readOnlyAfter}</Typography>
      </BulkDialog>
      <AcknowledgeDialog
        open={!!refused}
        onClose={() => setRefused(null)}
        title="Fatture da correggere prima dell'invio"
        text={
          <Box>
            <Typography sx={{ mb: 1 }}>{refused?.message || SDI_TEXTS.refused}</Typography>
            <Box component="ul" sx={{ m: 0, pl: 2 }} aria-label="Fatture non inviabili">
              {(refused?.lines ?? []).map((line, i) => (
                <li key={`${i}-${line}`}>{line}</li>
              ))}
            </Box>
          </Box>
        }
      />
    </>
  );
}

/** The e-invoices' bulk action: the selection sent; after a refusal it stays selected, to be corrected. */
export function SendToSdiBulkButton() {
  const { selectedIds, onUnselectItems } = useListContext();
  const refresh = useRefresh();
  return (
    <SendToSdi
      ids={selectedIds}
      onSent={() => {
        onUnselectItems();
        refresh();
      }}
    />
  );
}

export default SendToSdiBulkButton;
