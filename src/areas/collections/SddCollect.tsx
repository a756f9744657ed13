/**
 * `/incassa_sdd` 'Incassa con SDD' (issue 29), Collaboratore and above: the customers' open
 * charges falling due in a period, collected by SEPA Direct Debit under their mandates.
 * 1) the due dates (this month) and the date of the debit (five working days ahead); 2) the
 * preview — one debit per customer and mandate (sequence FRST/RCUR, scheme, amount, the charges
 * it holds, the remittance) with the totals, and the customers left out and why; 3) 'Crea
 * distinta' makes the batch (when the charges changed since the preview the server refuses and
 * the preview is read again), then 'Scarica file SDD' gives the pain.008 XML for the bank.
 * Below, 'Distinte': every batch with its file, its debits and, while none is collected, its
 * cancellation.
 */
import { useState } from 'react';
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
  DialogContentText,
  DialogTitle,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableFooter,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import DownloadIcon from '@mui/icons-material/Download';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DateTextField, INVALID_DATE } from '../../form/DateInput';
import { useNotify } from 'react-admin';
import { saveAs } from 'file-saver';
import { addBankDays, currentPeriod, displayDate, displayDateTime, isoDate, today } from '../../../model/dates';
import { formatEuro } from '../../../model/types';
import type { SDD_BATCH_STATUS, SddBatchDebit } from '../../../model/api/collections';
import { useAppDataProvider, type SddBatch, type SddBatchDetail, type SddPlan } from '../../dataProvider';
import { ApiError } from '../../api/client';
import { ScreenTitle } from '../../layout/PageTitle';
import { CloseHeader } from '../../layout/CloseHeader';

/** The batches' statuses as the server names them (model/api/collections.ts), with their chip's colour. */
const BATCH_STATUS: typeof SDD_BATCH_STATUS = { presented: 'Presentata', paid: 'Pagata', cancelled: 'Annullata' };
const BATCH_COLOR = { presented: 'info', paid: 'success', cancelled: 'default' } as const;
const DEBIT_STATUS: Record<SddBatchDebit['status'], string> = {
  presented: 'Presentato',
  paid: 'Incassato',
  returned: 'Stornato',
  cancelled: 'Annullato',
};
const DEBIT_COLOR = { presented: 'info', paid: 'success', returned: 'error', cancelled: 'default' } as const;

export const BATCHES_KEY = ['sdd', 'batches'] as const;
/** what the 409 of 'Crea distinta' adds to the server's message */
export const CHANGED_TEXT = "L'anteprima è stata aggiornata: controllala e crea di nuovo la distinta.";

export { addBankDays };

/** The screen's three dates: the due dates of the charges, the debit's date. */
const DATE_FIELDS = [
  ['due_from', 'Scadenze dal'],
  ['due_to', 'Scadenze al'],
  ['collection_date', 'Data di addebito'],
] as const;
type Form = Record<(typeof DATE_FIELDS)[number][0], string>;

const errorText = (e: unknown) => (e as Error)?.message || 'Operazione non riuscita';

/** read by screen readers, not shown */
const HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** Downloads a batch's pain.008 file (name from the server: SDD_<message id>.xml). */
function useBatchFile(onError: (m: string) => void) {
  const dp = useAppDataProvider();
  return async (id: number) => {
    try {
      const { blob, filename } = await dp.downloadSddBatchFile(id);
      saveAs(blob, filename);
    } catch (e) {
      onError(`Download non riuscito: ${errorText(e)}`);
    }
  };
}

export function SddCollect() {
  const dp = useAppDataProvider();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<Form>(() => {
    const month = currentPeriod('month');
    return { due_from: month.from, due_to: month.to, collection_date: addBankDays(today(), 5) };
  });
  const [plan, setPlan] = useState<SddPlan | null>(null);
  const [busy, setBusy] = useState<'preview' | 'create' | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [created, setCreated] = useState<SddBatch | null>(null);
  const download = useBatchFile(setMessage);

  const fail = (e: unknown) => {
    if (e instanceof ApiError && e.body.errors)
      setErrors(Object.fromEntries(Object.entries(e.body.errors).map(([k, v]) => [k, v[0] ?? e.message])));
    setMessage(errorText(e));
  };
  const load = async () => {
    setBusy('preview');
    setErrors({});
    setMessage(null);
    setCreated(null);
    try {
      setPlan(await dp.sddPreview(form));
    } catch (e) {
      setPlan(null);
      fail(e);
    } finally {
      setBusy(null);
    }
  };
  const create = async () => {
    if (!plan) return;
    setBusy('create');
    setMessage(null);
    try {
      const batch = await dp.sddCreateBatch({ ...form, fingerprint: plan.fingerprint });
      setCreated(batch);
      setPlan(null);
      await queryClient.invalidateQueries({ queryKey: BATCHES_KEY });
    } catch (e) {
      // the charges changed (or another batch took them): the preview as it is now
      if (e instanceof ApiError && e.status === 409) {
        setMessage(`${e.message} ${CHANGED_TEXT}`);
        try {
          setPlan(await dp.sddPreview(form));
        } catch {
          setPlan(null);
        }
      } else fail(e);
    } finally {
      setBusy(null);
    }
  };
  const changed = (f: () => void) => {
    f();
    setPlan(null);
    setErrors({});
  };

  return (
    <>
      <ScreenTitle title="Incassa con SDD" />
      <CloseHeader
        fallback="/table/SddMandate"
        crumbs={[
          { label: 'Home', to: '/Menu' },
          { label: 'Gestione Mandati SDD', to: '/table/SddMandate' },
          { label: 'Incassa con SDD' },
        ]}
      />
      <Card sx={{ mb: 2 }}>
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            1. Scadenze da incassare
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            Gli addebiti aperti in scadenza nel periodo dei clienti con un mandato SDD attivo diventano una disposizione
            di incasso per cliente, da presentare alla banca con la distinta. La data di addebito deve lasciare alla
            banca il tempo di presentarla: di solito almeno 2 giorni lavorativi.
          </Typography>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
            {DATE_FIELDS.map(([field, label]) => (
              // the app's own date field, GG-MM-AAAA in every browser (issue 45 item 17); a text that is
              // no date goes as typed, and the server's 422 says which field
              <Box key={field} sx={{ width: 200 }}>
                <DateTextField
                  id={`input-${field}`}
                  label={label}
                  value={isoDate(form[field]) ?? (form[field] ? undefined : null)}
                  onChange={(iso) =>
                    changed(() => setForm((f) => ({ ...f, [field]: iso === undefined ? INVALID_DATE : (iso ?? '') })))
                  }
                  error={!!errors[field]}
                  helperText={errors[field]}
                />
              </Box>
            ))}
            <Button variant="contained" onClick={load} disabled={!!busy} sx={{ mt: 1 }}>
              Anteprima
            </Button>
          </Box>
        </CardContent>
      </Card>
      {busy && (
        <LinearProgress
          aria-label={busy === 'create' ? 'Creazione della distinta' : "Anteprima dell'incasso"}
          sx={{ mb: 2 }}
        />
      )}
      {message && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {message}
        </Alert>
      )}
      {created && (
        <Alert
          severity="success"
          sx={{ mb: 2 }}
          role="status"
          action={
            <Button color="inherit" size="small" startIcon={<DownloadIcon />} onClick={() => download(created.id)}>
              Scarica file SDD
            </Button>
          }
        >
          Distinta {created.message_id} creata: {created.debits}{' '}
          {created.debits === 1 ? 'disposizione' : 'disposizioni'} per {formatEuro(created.total)}, data di addebito{' '}
          {displayDate(created.collection_date)}. Scarica il file e caricalo nell&apos;home banking dello studio.
        </Alert>
      )}
      {plan && <PlanView plan={plan} busy={!!busy} onCreate={create} />}
      <BatchesCard onError={setMessage} />
    </>
  );
}

function PlanView({ plan, busy, onCreate }: { plan: SddPlan; busy: boolean; onCreate: () => void }) {
  const n = plan.debits.length;
  return (
    <Card sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          2. Anteprima: scadenze dal {displayDate(plan.due_from)} al {displayDate(plan.due_to)}, addebito il{' '}
          {displayDate(plan.collection_date)}
        </Typography>
        {plan.collection_note ? (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {plan.collection_note}
          </Alert>
        ) : null}
        {n ? (
          <Alert severity="info" sx={{ mb: 2 }}>
            {n === 1 ? '1 disposizione' : `${n} disposizioni`} per {plan.totals.charges}{' '}
            {plan.totals.charges === 1 ? 'addebito' : 'addebiti'}: totale {formatEuro(plan.totals.amount)}, accreditato
            a {plan.creditor.name} sul conto {plan.creditor.iban} (identificativo creditore {plan.creditor.creditor_id}
            ).
          </Alert>
        ) : (
          <Alert severity="warning" sx={{ mb: 2 }}>
            Nessuna disposizione da presentare: nel periodo non ci sono addebiti aperti di clienti con un mandato attivo
            {plan.left_out.length ? ' (tranne quelli dei clienti esclusi qui sotto)' : ''}.
          </Alert>
        )}
        {n > 0 && (
          // a scrolling region reached by keyboard (WCAG 2.1.1), named by its table
          <TableContainer sx={{ maxHeight: 420, mb: 2 }} tabIndex={0} role="region" aria-label="Disposizioni SDD">
            <Table size="small" stickyHeader aria-label="Disposizioni SDD">
              <TableHead>
                <TableRow>
                  <TableCell>Cliente</TableCell>
                  <TableCell>Mandato</TableCell>
                  <TableCell>IBAN</TableCell>
                  <TableCell>Sequenza</TableCell>
                  <TableCell>Schema</TableCell>
                  <TableCell align="right">Importo</TableCell>
                  <TableCell align="right">N. addebiti</TableCell>
                  <TableCell>Causale</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {plan.debits.map((d) => (
                  <TableRow key={`${d.customer_id}-${d.mandate_id}`}>
                    <TableCell>{d.business_name}</TableCell>
                    <TableCell>{d.mandate_reference}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{d.iban}</TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        variant="outlined"
                        color={d.sequence_type === 'FRST' ? 'warning' : 'default'}
                        label={d.sequence_type}
                        title={
                          d.sequence_type === 'FRST' ? 'Prima disposizione del mandato' : 'Disposizione ricorrente'
                        }
                      />
                    </TableCell>
                    <TableCell>{d.scheme}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {formatEuro(d.amount)}
                    </TableCell>
                    <TableCell
                      align="right"
                      title={d.charges.map((c) => `${displayDate(c.due)} ${c.note} (${formatEuro(c.open)})`).join('; ')}
                    >
                      {d.charges.length}
                    </TableCell>
                    <TableCell>{d.remittance}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
              <TableFooter>
                <TableRow>
                  <TableCell colSpan={5} component="th" scope="row">
                    Totale: {n === 1 ? '1 disposizione' : `${n} disposizioni`}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatEuro(plan.totals.amount)}
                  </TableCell>
                  <TableCell align="right">{plan.totals.charges}</TableCell>
                  <TableCell />
                </TableRow>
              </TableFooter>
            </Table>
          </TableContainer>
        )}
        {plan.left_out.length > 0 && (
          <LeftOutTable
            label="Esclusi"
            title={`Esclusi (${plan.left_out.length}): correggi i loro dati e rifai l'anteprima`}
            rows={plan.left_out}
          />
        )}
        {plan.not_sdd.length > 0 && (
          <details style={{ marginBottom: 16 }}>
            <summary>
              <Typography variant="body2" component="span">
                Senza mandato SDD ({plan.not_sdd.length}, {formatEuro(plan.not_sdd.reduce((s, x) => s + x.amount, 0))}
                ): pagano con altri mezzi, non c&apos;è nulla da correggere
              </Typography>
            </summary>
            <LeftOutTable label="Senza mandato SDD" rows={plan.not_sdd} />
          </details>
        )}
        <Button variant="contained" startIcon={<AccountBalanceIcon />} onClick={onCreate} disabled={busy || !n}>
          Crea distinta
        </Button>
      </CardContent>
    </Card>
  );
}

/** Customers left out of a batch, with the amount and why. */
function LeftOutTable({ label, title, rows }: { label: string; title?: string; rows: SddPlan['left_out'] }) {
  return (
    <>
      {title ? (
        <Typography variant="subtitle1" component="h3" gutterBottom>
          {title}
        </Typography>
      ) : null}
      <TableContainer sx={{ maxHeight: 300, mb: 2 }} tabIndex={0} role="region" aria-label={label}>
        <Table size="small" stickyHeader aria-label={label}>
          <TableHead>
            <TableRow>
              <TableCell>Cliente</TableCell>
              <TableCell align="right">Importo</TableCell>
              <TableCell>Motivo</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((s) => (
              <TableRow key={s.customer_id}>
                <TableCell>{s.business_name}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatEuro(s.amount)}
                </TableCell>
                <TableCell>{s.reasons.join('; ')}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}

function BatchesCard({ onError }: { onError: (m: string) => void }) {
  const dp = useAppDataProvider();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const q = useQuery({ queryKey: BATCHES_KEY, queryFn: ({ signal }) => dp.sddBatches({ signal }), retry: false });
  const download = useBatchFile(onError);
  const [detailOf, setDetailOf] = useState<SddBatch | null>(null);
  const [cancelOf, setCancelOf] = useState<SddBatch | null>(null);
  const [busy, setBusy] = useState(false);
  const cancel = async () => {
    if (!cancelOf) return;
    setBusy(true);
    try {
      await dp.sddCancelBatch(cancelOf.id);
      notify(`Distinta ${cancelOf.message_id} annullata`, { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: BATCHES_KEY });
    } catch (e) {
      onError(errorText(e));
    } finally {
      setBusy(false);
      setCancelOf(null);
    }
  };
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          Distinte
        </Typography>
        {q.isError && <Alert severity="error">Distinte non disponibili: {errorText(q.error)}</Alert>}
        {q.isLoading && <LinearProgress aria-label="Caricamento delle distinte" />}
        {q.data && !q.data.length && (
          <Typography variant="body2" color="text.secondary">
            Nessuna distinta.
          </Typography>
        )}
        {!!q.data?.length && (
          <TableContainer>
            <Table size="small" aria-label="Distinte">
              <TableHead>
                <TableRow>
                  <TableCell>Data</TableCell>
                  <TableCell>Riferimento</TableCell>
                  <TableCell>Data addebito</TableCell>
                  <TableCell align="right">Disposizioni</TableCell>
                  <TableCell align="right">Totale</TableCell>
                  <TableCell align="right">Incassate / stornate</TableCell>
                  <TableCell>Stato</TableCell>
                  <TableCell>
                    <Box component="span" sx={HIDDEN}>
                      Azioni
                    </Box>
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {q.data.map((b) => (
                  <TableRow key={b.id}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {displayDateTime(b.created_at)}
                      {b.created_by_name && (
                        <Typography variant="caption" display="block" color="text.secondary">
                          {b.created_by_name}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell>{b.message_id}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{displayDate(b.collection_date)}</TableCell>
                    <TableCell align="right">{b.debits}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {formatEuro(b.total)}
                    </TableCell>
                    <TableCell align="right">
                      {b.paid} / {b.returned}
                    </TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        variant="outlined"
                        color={BATCH_COLOR[b.status]}
                        label={BATCH_STATUS[b.status]}
                        title={b.cancelled_at ? `Annullata il ${displayDateTime(b.cancelled_at)}` : undefined}
                      />
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      <Button
                        size="small"
                        startIcon={<DownloadIcon />}
                        onClick={() => download(b.id)}
                        aria-label={`Scarica il file della distinta ${b.message_id}`}
                      >
                        Scarica file
                      </Button>
                      <Button
                        size="small"
                        onClick={() => setDetailOf(b)}
                        aria-label={`Dettaglio della distinta ${b.message_id}`}
                      >
                        Dettaglio
                      </Button>
                      {b.status === 'presented' && b.paid === 0 && (
                        <Button
                          size="small"
                          color="warning"
                          onClick={() => setCancelOf(b)}
                          aria-label={`Annulla la distinta ${b.message_id}`}
                        >
                          Annulla
                        </Button>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </CardContent>
      {detailOf && <BatchDetailDialog batch={detailOf} onClose={() => setDetailOf(null)} />}
      <Dialog open={!!cancelOf} onClose={() => !busy && setCancelOf(null)} aria-labelledby="sdd-cancel-title">
        <DialogTitle id="sdd-cancel-title">Attenzione!!</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Annullare la distinta {cancelOf?.message_id} ({cancelOf?.debits}{' '}
            {cancelOf?.debits === 1 ? 'disposizione' : 'disposizioni'} per {formatEuro(cancelOf?.total ?? 0)})? I suoi
            addebiti torneranno da incassare. Se hai già caricato il file in banca, revoca prima la distinta anche
            nell&apos;home banking.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setCancelOf(null)} disabled={busy}>
            No
          </Button>
          <Button onClick={cancel} disabled={busy} variant="contained" color="warning">
            Sì, annulla la distinta
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}

function BatchDetailDialog({ batch, onClose }: { batch: SddBatch; onClose: () => void }) {
  const dp = useAppDataProvider();
  const q = useQuery<SddBatchDetail>({
    queryKey: [...BATCHES_KEY, batch.id],
    queryFn: ({ signal }) => dp.sddBatch(batch.id, { signal }),
    retry: false,
  });
  return (
    <Dialog open onClose={onClose} maxWidth="lg" fullWidth aria-labelledby="sdd-detail-title">
      <DialogTitle id="sdd-detail-title">Distinta {batch.message_id}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Addebito il {displayDate(batch.collection_date)}, scadenze dal {displayDate(batch.due_from)} al{' '}
          {displayDate(batch.due_to)}: {batch.debits} {batch.debits === 1 ? 'disposizione' : 'disposizioni'} per{' '}
          {formatEuro(batch.total)}.
        </DialogContentText>
        {q.isLoading && <LinearProgress aria-label="Caricamento delle disposizioni" />}
        {q.isError && <Alert severity="error">Disposizioni non disponibili: {errorText(q.error)}</Alert>}
        {q.data && (
          <TableContainer>
            <Table size="small" aria-label="Disposizioni della distinta">
              <TableHead>
                <TableRow>
                  <TableCell>Cliente</TableCell>
                  <TableCell>Mandato</TableCell>
                  <TableCell>Sequenza</TableCell>
                  <TableCell align="right">Importo</TableCell>
                  <TableCell align="right">N. addebiti</TableCell>
                  <TableCell>Riferimento disposizione</TableCell>
                  <TableCell>Stato</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {q.data.debit_list.map((d) => (
                  <TableRow key={d.end_to_end_id}>
                    <TableCell>{d.business_name}</TableCell>
                    <TableCell>{d.mandate_reference}</TableCell>
                    <TableCell>{d.sequence_type}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {formatEuro(d.amount)}
                    </TableCell>
                    <TableCell align="right">{d.charges}</TableCell>
                    <TableCell>{d.end_to_end_id}</TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        variant="outlined"
                        color={DEBIT_COLOR[d.status]}
                        label={DEBIT_STATUS[d.status]}
                      />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          Chiudi
        </Button>
      </DialogActions>
    </Dialog>
  );
}
