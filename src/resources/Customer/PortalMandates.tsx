/**
 * 'Mandati SEPA firmati online' on a customer's card (issue 50 item 4): the SEPA mandates the
 * customer's people signed in the customers' area, newest first — the mandate's reference and IBAN,
 * who signed (the name typed and the person's e-mail) and when, the address and browser it came from
 * with the SHA-256 of the PDF as signed, the mandate's state today — and 'PDF' downloads the mandate
 * as signed and stored. The mandates themselves are in 'Mandati SDD' (the studio's list). Inside the
 * customer's form: every button is type="button". On a phone the table keeps two columns (the mandate
 * with its details, the download), as the card's other tables of the area.
 */
import { useId } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
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
import DownloadIcon from '@mui/icons-material/Download';
import { useQuery } from '@tanstack/react-query';
import { displayDateTime } from '../../../model/dates';
import { ibanText } from '../../../model/iban';
import { MANDATE_STATUS_LABELS } from '../../../model/portal';
import type { PortalMandateSignature } from '../../../model/api/portalMandates';
import { useAppDataProvider } from '../../dataProvider';
import { CellNote } from '../../bulk/cells';
import { StatusChip, type StatusColors } from '../../bulk/StatusChip';
import { ReadState } from './ReadState';
import { useDownload } from '../../layout/FilterBar';

const STATUS_COLOR: StatusColors<PortalMandateSignature['status']> = { active: 'success', revoked: 'default' };

/** A touch target of 44 px on a phone; the usual small button elsewhere. */
const TOUCH = { minHeight: { xs: 44, sm: 0 } } as const;

export const portalMandatesKey = (id: number) => ['customer', id, 'portal', 'mandates'] as const;

export function PortalMandates({ customerId }: { customerId: number }) {
  const dp = useAppDataProvider();
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const q = useQuery({
    queryKey: portalMandatesKey(customerId),
    queryFn: ({ signal }) => dp.portalMandates(customerId, { signal }),
    retry: false,
  });
  const {
    downloading,
    error: downloadError,
    clearError,
    download,
  } = useDownload((signatureId: string) => dp.downloadPortalMandate(customerId, Number(signatureId)));

  const pdf = (m: PortalMandateSignature) => (
    <Button
      type="button"
      size="small"
      startIcon={<DownloadIcon fontSize="small" />}
      sx={TOUCH}
      disabled={downloading === String(m.id)}
      onClick={() => void download(String(m.id))}
      aria-label={`Scarica il PDF del mandato ${m.reference} firmato`}
    >
      PDF
    </Button>
  );
  const state = (m: PortalMandateSignature) => (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      <StatusChip status={m.status} labels={MANDATE_STATUS_LABELS} colors={STATUS_COLOR} />
      {m.trashed && <Chip size="small" label="Nel cestino" />}
    </Stack>
  );
  const signer = (m: PortalMandateSignature) => (
    <>
      <Box component="span" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
        {m.signer_name}
      </Box>
      <CellNote sx={{ overflowWrap: 'anywhere' }}>{m.signer_email}</CellNote>
    </>
  );
  const evidence = (m: PortalMandateSignature) => (
    <>
      {m.user_agent && <CellNote sx={{ overflowWrap: 'anywhere' }}>Browser: {m.user_agent}</CellNote>}
      <CellNote sx={{ overflowWrap: 'anywhere', wordBreak: 'break-all' }}>SHA-256 del PDF: {m.sha256}</CellNote>
    </>
  );
  const iban = (m: PortalMandateSignature) => (
    <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
      {ibanText(m.iban)}
    </Box>
  );

  return (
    <Box component="section" aria-labelledby={titleId} sx={{ mt: 3 }}>
      <Typography variant="subtitle1" component="h3" id={titleId} sx={{ fontWeight: 500, mb: 1 }}>
        Mandati SEPA firmati online
      </Typography>
      {downloadError && (
        <Alert severity="error" role="alert" sx={{ mb: 1 }} onClose={clearError}>
          {downloadError}
        </Alert>
      )}
      <ReadState
        q={q}
        loading="Caricamento dei mandati firmati online"
        failure="Mandati firmati online non disponibili"
        empty="Nessun mandato SEPA firmato online dalle persone del cliente."
      >
        {(rows) => (
          <Table size="small" aria-label="Mandati SEPA firmati online">
            <TableHead>
              {small ? (
                <TableRow>
                  <TableCell>Mandato</TableCell>
                  <TableCell>PDF</TableCell>
                </TableRow>
              ) : (
                <TableRow>
                  <TableCell>Riferimento</TableCell>
                  <TableCell>IBAN</TableCell>
                  <TableCell>Firmato da</TableCell>
                  <TableCell>Firmato il</TableCell>
                  <TableCell>IP</TableCell>
                  <TableCell>Stato</TableCell>
                  <TableCell>PDF</TableCell>
                </TableRow>
              )}
            </TableHead>
            <TableBody>
              {rows.map((m) =>
                small ? (
                  <TableRow key={m.id}>
                    <TableCell sx={{ px: 1, verticalAlign: 'top' }}>
                      <Box component="span" sx={{ display: 'block', overflowWrap: 'anywhere', fontWeight: 500 }}>
                        {m.reference}
                      </Box>
                      <CellNote>IBAN {ibanText(m.iban)}</CellNote>
                      <Box sx={{ my: 0.5 }}>{state(m)}</Box>
                      <CellNote>
                        Firmato il {displayDateTime(m.signed_at)} da {m.signer_name} ({m.signer_email})
                      </CellNote>
                      <CellNote>IP {m.ip ?? '—'}</CellNote>
                      {evidence(m)}
                    </TableCell>
                    <TableCell sx={{ px: 1, verticalAlign: 'top' }}>{pdf(m)}</TableCell>
                  </TableRow>
                ) : (
                  <TableRow key={m.id}>
                    <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 140 }}>{m.reference}</TableCell>
                    <TableCell sx={{ minWidth: 180 }}>{iban(m)}</TableCell>
                    <TableCell sx={{ minWidth: 140 }}>{signer(m)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{displayDateTime(m.signed_at)}</TableCell>
                    <TableCell sx={{ minWidth: 160 }}>
                      {m.ip ?? '—'}
                      {evidence(m)}
                    </TableCell>
                    <TableCell>{state(m)}</TableCell>
                    <TableCell>{pdf(m)}</TableCell>
                  </TableRow>
                ),
              )}
            </TableBody>
          </Table>
        )}
      </ReadState>
    </Box>
  );
}
