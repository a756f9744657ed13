/**
 * 'Dichiarazione antiriciclaggio' of a customer's 'Area clienti' (issue 50 item 3): the declarations
 * for the due diligence (art. 22 D.Lgs. 231/2007) sent to the customer to read and accept in the
 * area, newest first — when and by whom each was sent, its state (to accept, accepted, replaced by a
 * newer one), when the customer first opened it, who accepted it, when and from which address (the
 * browser as a tooltip), the SHA-256 of the PDF as sent (shortened, the whole as a tooltip), and the
 * PDF to download. 'Invia la dichiarazione da accettare' asks first, then sends a new one (the earlier
 * ones not accepted are replaced) and says how many people were notified; the server's refusal (a
 * customer with nobody active in the area) is shown as it says it.
 * Inside the customer's form: every button is type="button"; 44 px targets on a phone, where the
 * table keeps two columns (the declaration with its details, the PDF).
 */
import { useId, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import DownloadIcon from '@mui/icons-material/Download';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Confirm, useNotify } from 'react-admin';
import { displayDateTime } from '../../../model/dates';
import { DECLARATION_STATE_LABELS, type DeclarationState } from '../../../model/portal';
import type { PortalDeclaration } from '../../../model/api/portalDeclarations';
import { useAppDataProvider } from '../../dataProvider';
import { CellNote } from '../../bulk/cells';
import { StatusChip, type StatusColors } from '../../bulk/StatusChip';
import { failureText } from '../../bulk/texts';
import { ReadState } from './ReadState';
import { useDownload } from '../../layout/FilterBar';

const STATE_COLOR: StatusColors<DeclarationState> = {
  da_accettare: 'info',
  accettata: 'success',
  sostituita: 'default',
};

/** A touch target of 44 px on a phone; the usual small button elsewhere. */
const TOUCH = { minHeight: { xs: 44, sm: 0 } } as const;

const keyOf = (id: number) => ['customer', id, 'portal', 'declarations'] as const;

/** 'Dichiarazione inviata: 2 persone avvisate per e-mail'. */
export const sentText = (notified: number) =>
  `Dichiarazione inviata: ${notified === 1 ? '1 persona avvisata' : `${notified} persone avvisate`} per e-mail`;

/** The first 12 characters of a SHA-256, the whole as a tooltip. */
function Sha({ value }: { value: string }) {
  return (
    <Box
      component="code"
      title={value}
      aria-label={`SHA-256 ${value}`}
      sx={{ fontFamily: 'monospace', fontSize: '0.8rem' }}
    >
      {value.slice(0, 12)}…
    </Box>
  );
}

const openedText = (d: PortalDeclaration) =>
  d.first_opened_at ? `Aperta il ${displayDateTime(d.first_opened_at)}` : 'Non ancora aperta';

/** Who accepted, when, from which address (the browser as a tooltip); '—' before. */
function Accepted({ d }: { d: PortalDeclaration }) {
  if (!d.accepted_at) return <>—</>;
  return (
    <Box component="span" title={d.accepted_user_agent ?? undefined}>
      <Box component="span" sx={{ display: 'block', whiteSpace: 'nowrap' }}>
        {displayDateTime(d.accepted_at)}
      </Box>
      <CellNote sx={{ overflowWrap: 'anywhere' }}>
        da {d.accepted_name}
        {d.accepted_email ? ` (${d.accepted_email})` : ''}
      </CellNote>
      {d.accepted_ip && <CellNote>IP {d.accepted_ip}</CellNote>}
    </Box>
  );
}

export function PortalDeclarations({ customerId }: { customerId: number }) {
  const dp = useAppDataProvider();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const q = useQuery({
    queryKey: keyOf(customerId),
    queryFn: ({ signal }) => dp.customerDeclarations(customerId, { signal }),
    retry: false,
  });
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const {
    downloading,
    error: downloadError,
    clearError,
    download,
  } = useDownload((id: string) => dp.downloadDeclaration(customerId, Number(id)));

  const send = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const answer = await dp.sendDeclaration(customerId);
      queryClient.setQueryData<PortalDeclaration[]>(keyOf(customerId), answer.data);
      notify(sentText(answer.notified), { type: 'success' });
    } catch (e) {
      // the server says why (nobody active in the area): nothing was sent
      setProblem(failureText(e));
      notify('Dichiarazione non inviata', { type: 'error' });
    } finally {
      setBusy(false);
      setAsking(false);
    }
  };

  const pdfButton = (d: PortalDeclaration) => (
    <Button
      type="button"
      size="small"
      startIcon={<DownloadIcon />}
      sx={TOUCH}
      disabled={downloading === String(d.id)}
      onClick={() => void download(String(d.id))}
      aria-label={`Scarica il PDF della dichiarazione inviata il ${displayDateTime(d.sent_at)}`}
    >
      PDF
    </Button>
  );
  const chip = (d: PortalDeclaration) => (
    <StatusChip status={d.state} labels={DECLARATION_STATE_LABELS} colors={STATE_COLOR} />
  );
  const sent = (d: PortalDeclaration) => (
    <>
      <Box component="span" sx={{ display: 'block', whiteSpace: 'nowrap' }}>
        {displayDateTime(d.sent_at)}
      </Box>
      {d.sent_by_name && <CellNote>da {d.sent_by_name}</CellNote>}
    </>
  );

  return (
    <Box component="section" aria-labelledby={titleId} sx={{ mt: 3 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="subtitle1" component="h3" id={titleId} sx={{ fontWeight: 500 }}>
          Dichiarazione antiriciclaggio
        </Typography>
        <Button
          type="button"
          size="small"
          variant="outlined"
          startIcon={<SendIcon />}
          sx={TOUCH}
          disabled={busy}
          onClick={() => setAsking(true)}
        >
          Invia la dichiarazione da accettare
        </Button>
      </Stack>
      {busy && <LinearProgress sx={{ mb: 1 }} aria-label="Invio della dichiarazione" />}
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
      <ReadState
        q={q}
        loading="Caricamento delle dichiarazioni"
        failure="Dichiarazioni non disponibili"
        empty="Nessuna dichiarazione inviata al cliente da accettare nell'area clienti."
      >
        {(list) => (
          <Table size="small" aria-label="Dichiarazioni antiriciclaggio inviate al cliente">
            <TableHead>
              {small ? (
                <TableRow>
                  <TableCell>Dichiarazione</TableCell>
                  <TableCell>PDF</TableCell>
                </TableRow>
              ) : (
                <TableRow>
                  <TableCell>Inviata il</TableCell>
                  <TableCell>Stato</TableCell>
                  <TableCell>Apertura</TableCell>
                  <TableCell>Accettata</TableCell>
                  <TableCell>SHA-256</TableCell>
                  <TableCell>PDF</TableCell>
                </TableRow>
              )}
            </TableHead>
            <TableBody>
              {list.map((d) =>
                small ? (
                  <TableRow key={d.id}>
                    <TableCell sx={{ px: 1, verticalAlign: 'top' }}>
                      {sent(d)}
                      <Box sx={{ my: 0.5 }}>{chip(d)}</Box>
                      <CellNote>{openedText(d)}</CellNote>
                      {d.accepted_at && <Accepted d={d} />}
                      <CellNote>
                        SHA-256 <Sha value={d.sha256} />
                      </CellNote>
                    </TableCell>
                    <TableCell sx={{ px: 1, verticalAlign: 'top' }}>{pdfButton(d)}</TableCell>
                  </TableRow>
                ) : (
                  <TableRow key={d.id}>
                    <TableCell>{sent(d)}</TableCell>
                    <TableCell>{chip(d)}</TableCell>
                    <TableCell>{openedText(d)}</TableCell>
                    <TableCell sx={{ minWidth: 160 }}>
                      <Accepted d={d} />
                    </TableCell>
                    <TableCell>
                      <Sha value={d.sha256} />
                    </TableCell>
                    <TableCell>{pdfButton(d)}</TableCell>
                  </TableRow>
                ),
              )}
            </TableBody>
          </Table>
        )}
      </ReadState>
      <Confirm
        isOpen={asking}
        loading={busy}
        title="Invia la dichiarazione da accettare"
        content="Inviare al cliente la dichiarazione antiriciclaggio da leggere e accettare nell'area clienti? Le persone del cliente ricevono un avviso per e-mail; una dichiarazione precedente non ancora accettata è sostituita."
        confirm="Invia"
        cancel="Annulla"
        onConfirm={() => void send()}
        onClose={() => !busy && setAsking(false)}
      />
    </Box>
  );
}
