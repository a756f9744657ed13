/**
 * `/incassa_sdd` 'Incassa con SDD' (issue 29), Collaboratore and above: the customers' open
 * charges falling due in a period, collected by SEPA Direct Debit under their mandates.
 * 1) the due dates (this month) and the date of the debit (five working days ahead); 2) the
 * preview — one debit per customer and mandate (sequence FRST/RCUR, scheme, amount, the charges
 * it holds, the remittance) with the totals, and the customers left out and why; 3) 'Crea
 * distinta' makes the batch (when the charges changed since the preview the server refuses and
 * the preview is read again), then 'Scarica file SDD' gives the file for the bank in the format of the account it credits (CBI or pain.008).
 * Below, 'Distinte': every batch with its file, its debits and, while none is collected, its
 * cancellation.
 */
import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
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
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { addBankDays, currentPeriod, displayDate, displayDateTime, today } from '../../../model/dates';
import { formatEuro } from '../../../model/types';
import { SDD_FORMATS } from '../../../model/models/BankAccount';
import type { SDD_BATCH_STATUS, SddBatchDebit } from '../../../model/api/collections';
import {
  useAppDataProvider,
  type SddBatch,
  type SddBatchDetail,
  type SddOutcome,
  type SddPlan,
} from '../../dataProvider';
import { DateCell, HIDDEN, MadeCell, MoneyCell } from '../../bulk/cells';
import {
  BulkScreenHeader,
  DatesStep,
  DoneAlert,
  LeftOutTable,
  PreviewRun,
  PlanSummary,
  RegionTable,
  StepCard,
  usePreviewRun,
} from '../../bulk/PreviewRun';
import { HistoryCard } from '../../bulk/HistoryCard';
import { StatusChip } from '../../bulk/StatusChip';
import { ConfirmDialog, useConfirm } from '../../layout/ConfirmDialog';
import { failureText } from '../../bulk/texts';
import { AccountSelect, DetailDialog, FeeUpload, HistoryActions, OthersDetails, useFileDownload } from './parts';

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

/** Downloads a batch's file as written (name from the server: SDD_CBI_<message id>.xml, .zip, or SDD_<message id>.xml). */
function useBatchFile(onError: (m: string) => void) {
  const dp = useAppDataProvider();
  return useFileDownload(dp.downloadSddBatchFile, onError);
}

/** The name of a format of the SDD file, as 'Conti bancari' says it. */
const formatText = (f: string | null) => SDD_FORMATS.find((x) => x.value === f)?.text ?? 'formato non indicato';

export function SddCollect() {
  const dp = useAppDataProvider();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<Form>(() => {
    const month = currentPeriod('month');
    return { due_from: month.from, due_to: month.to, collection_date: addBankDays(today(), 5) };
  });
  // '' : the account with the studio's IBAN ('Il mio studio'), as the server chooses it
  const [account, setAccount] = useState('');
  const request = () => ({ ...form, ...(account ? { bank_account_id: Number(account) } : {}) });
  const flow = usePreviewRun({
    preview: () => dp.sddPreview(request()),
    run: (plan) => dp.sddCreateBatch({ ...request(), fingerprint: plan.fingerprint }),
    onDone: () => queryClient.invalidateQueries({ queryKey: BATCHES_KEY }),
    // the charges changed (or another batch took them): the preview as it is now
    changed: CHANGED_TEXT,
  });
  const download = useBatchFile(flow.setMessage);

  return (
    <>
      <BulkScreenHeader title="Incassa con SDD" list={{ label: 'Gestione Mandati SDD', to: '/table/SddMandate' }} />
      <DatesStep
        flow={flow}
        title="1. Scadenze da incassare"
        intro="Gli addebiti aperti in scadenza nel periodo dei clienti con un mandato SDD attivo diventano una disposizione di incasso per cliente, da presentare alla banca con la distinta. La data di addebito deve lasciare alla banca il tempo di presentarla: di solito almeno 2 giorni lavorativi."
        fields={DATE_FIELDS}
        value={form}
        onChange={setForm}
        extra={
          <AccountSelect
            label="Conto da accreditare"
            help="Il formato del file è quello che la banca del conto accetta (Conti bancari)"
            // an account without an IBAN cannot be credited: not offered
            describe={(a) => (a.iban ? `${a.name} — ${a.iban} (${formatText(a.sdd_format)})` : null)}
            value={account}
            onChange={(v) => {
              setAccount(v);
              flow.changed();
            }}
            error={flow.errors.bank_account_id?.[0]}
          />
        }
      />
      <PreviewRun
        flow={flow}
        labels={{ preview: "Anteprima dell'incasso", run: 'Creazione della distinta' }}
        result={(created) => (
          <DoneAlert download={{ label: 'Scarica file SDD', onClick: () => download(created.id) }}>
            Distinta {created.message_id} creata: {created.debits}{' '}
            {created.debits === 1 ? 'disposizione' : 'disposizioni'} per {formatEuro(created.total)}, data di addebito{' '}
            {displayDate(created.collection_date)}. Scarica il file e caricalo nell&apos;home banking dello studio.
          </DoneAlert>
        )}
        plan={(plan) => <PlanView plan={plan} busy={!!flow.busy} onCreate={flow.run} />}
      />
      <BatchesCard onError={flow.setMessage} />
    </>
  );
}

function PlanView({ plan, busy, onCreate }: { plan: SddPlan; busy: boolean; onCreate: () => void }) {
  const n = plan.debits.length;
  return (
    <StepCard
      title={`2. Anteprima: scadenze dal ${displayDate(plan.due_from)} al ${displayDate(plan.due_to)}, addebito il ${displayDate(plan.collection_date)}`}
    >
      {plan.collection_note ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {plan.collection_note}
        </Alert>
      ) : null}
      <PlanSummary
        count={n}
        nothing="Nessuna disposizione da presentare: nel periodo non ci sono addebiti aperti di clienti con un mandato attivo"
        leftOut={plan.left_out.length > 0}
      >
        {() => (
          <>
            {n === 1 ? '1 disposizione' : `${n} disposizioni`} per {plan.totals.charges}{' '}
            {plan.totals.charges === 1 ? 'addebito' : 'addebiti'}: totale {formatEuro(plan.totals.amount)}, accreditato
            a {plan.creditor.name} sul conto {plan.account ? `${plan.account.name} ` : ''}
            {plan.creditor.iban} (identificativo creditore {plan.creditor.creditor_id}). File per la banca:{' '}
            <strong>{plan.format_label}</strong>
            {plan.account?.cuc ? ` (CUC ${plan.account.cuc})` : ''}.
          </>
        )}
      </PlanSummary>
      {n > 0 && (
        <RegionTable
          label="Disposizioni SDD"
          head={
            <>
              <TableCell>Cliente</TableCell>
              <TableCell>Mandato</TableCell>
              <TableCell>IBAN</TableCell>
              <TableCell>Sequenza</TableCell>
              <TableCell>Schema</TableCell>
              <TableCell align="right">Importo</TableCell>
              <TableCell align="right">N. addebiti</TableCell>
              <TableCell>Causale</TableCell>
            </>
          }
          rows={plan.debits}
          row={(d) => (
            <TableRow key={`${d.customer_id}-${d.mandate_id}`}>
              <TableCell>{d.business_name}</TableCell>
              <TableCell>
                {d.mandate_reference}
                {d.amendment ? (
                  <Chip
                    size="small"
                    color="warning"
                    variant="outlined"
                    label="Modificato"
                    title={d.amendment}
                    sx={{ ml: 1 }}
                  />
                ) : null}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{d.iban}</TableCell>
              <TableCell>
                <Chip
                  size="small"
                  variant="outlined"
                  color={d.sequence_type === 'FRST' ? 'warning' : 'default'}
                  label={d.sequence_type}
                  title={d.sequence_type === 'FRST' ? 'Prima disposizione del mandato' : 'Disposizione ricorrente'}
                />
              </TableCell>
              <TableCell>{d.scheme}</TableCell>
              <MoneyCell value={d.amount} />
              <TableCell
                align="right"
                title={d.charges.map((c) => `${displayDate(c.due)} ${c.note} (${formatEuro(c.open)})`).join('; ')}
              >
                {d.charges.length}
              </TableCell>
              <TableCell>{d.remittance}</TableCell>
            </TableRow>
          )}
        >
          <TableFooter>
            <TableRow>
              <TableCell colSpan={5} component="th" scope="row">
                Totale: {n === 1 ? '1 disposizione' : `${n} disposizioni`}
              </TableCell>
              <MoneyCell value={plan.totals.amount} />
              <TableCell align="right">{plan.totals.charges}</TableCell>
              <TableCell />
            </TableRow>
          </TableFooter>
        </RegionTable>
      )}
      {plan.left_out.length > 0 && <LeftOutTable label="Esclusi" toFix rows={plan.left_out} />}
      {plan.not_sdd.length > 0 && <OthersDetails label="Senza mandato SDD" rows={plan.not_sdd} />}
      <Button variant="contained" startIcon={<AccountBalanceIcon />} onClick={onCreate} disabled={busy || !n}>
        Crea distinta
      </Button>
    </StepCard>
  );
}

function BatchesCard({ onError }: { onError: (m: string) => void }) {
  const dp = useAppDataProvider();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const q = useQuery({ queryKey: BATCHES_KEY, queryFn: ({ signal }) => dp.sddBatches({ signal }), retry: false });
  const download = useBatchFile(onError);
  const [detailOf, setDetailOf] = useState<SddBatch | null>(null);
  const cancel = useConfirm(
    async (batch: SddBatch) => {
      await dp.sddCancelBatch(batch.id);
      notify(`Distinta ${batch.message_id} annullata`, { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: BATCHES_KEY });
    },
    (e) => onError(failureText(e)),
  );
  const cancelOf = cancel.asked;

  return (
    <HistoryCard
      title="Distinte"
      rows={q.data}
      loading={q.isLoading}
      loadingLabel="Caricamento delle distinte"
      error={q.isError && `Distinte non disponibili: ${failureText(q.error)}`}
      empty="Nessuna distinta."
      tableLabel="Distinte"
      // 'Azioni' at its cell's corner: where its text would be, it widened the page at 390 px
      hiddenSx={HIDDEN}
      head={
        <>
          <TableCell>Data</TableCell>
          <TableCell>Riferimento</TableCell>
          <TableCell>Data addebito</TableCell>
          <TableCell align="right">Disposizioni</TableCell>
          <TableCell align="right">Totale</TableCell>
          <TableCell align="right">Incassate / stornate</TableCell>
          <TableCell>Stato</TableCell>
        </>
      }
      row={(b) => (
        <TableRow key={b.id}>
          <MadeCell at={b.created_at} by={b.created_by_name} />
          <TableCell>{b.message_id}</TableCell>
          <DateCell value={b.collection_date} />
          <TableCell align="right">{b.debits}</TableCell>
          <MoneyCell value={b.total} />
          <TableCell align="right">
            {b.paid} / {b.returned}
          </TableCell>
          <TableCell>
            <StatusChip
              status={b.status}
              labels={BATCH_STATUS}
              colors={BATCH_COLOR}
              title={b.cancelled_at ? `Annullata il ${displayDateTime(b.cancelled_at)}` : undefined}
            />
          </TableCell>
          <HistoryActions
            noun="distinta"
            name={b.message_id}
            onDownload={() => download(b.id)}
            onDetail={() => setDetailOf(b)}
            onCancel={b.status === 'presented' && b.paid === 0 ? () => cancel.ask(b) : undefined}
          />
        </TableRow>
      )}
    >
      {detailOf && <BatchDetailDialog batch={detailOf} onClose={() => setDetailOf(null)} />}
      <ConfirmDialog
        {...cancel.dialog}
        titleId="sdd-cancel-title"
        text={
          <>
            Annullare la distinta {cancelOf?.message_id} ({cancelOf?.debits}{' '}
            {cancelOf?.debits === 1 ? 'disposizione' : 'disposizioni'} per {formatEuro(cancelOf?.total ?? 0)})? I suoi
            addebiti torneranno da incassare. Se hai già caricato il file in banca, revoca prima la distinta anche
            nell&apos;home banking.
          </>
        }
        yes="Sì, annulla la distinta"
      />
    </HistoryCard>
  );
}

/**
 * 'Esiti' of a batch (issue 47 item 3): the bank's status report uploaded, with the fee to charge
 * each customer whose debit it rejected; the outcomes imported, each undone as a whole.
 */
function OutcomesSection({ batch }: { batch: SddBatchDetail }) {
  const dp = useAppDataProvider();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [error, setError] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: BATCHES_KEY });
  const undo = useConfirm(
    async (o: SddOutcome) => {
      await dp.sddUndoOutcome(batch.id, o.id);
      notify(`Esito ${o.message_id} annullato`, { type: 'success' });
      await refresh();
    },
    (e) => setError(failureText(e)),
  );
  const upload = async (file: File, fee: string) => {
    const o = await dp.sddImportOutcome(batch.id, file, fee);
    notify(
      `Esito ${o.message_id} importato: ${o.rejected === 1 ? '1 addebito respinto' : `${o.rejected} addebiti respinti`}`,
      { type: 'success' },
    );
    await refresh();
  };
  return (
    <Box component="section" aria-labelledby="sdd-outcomes-title" sx={{ mt: 3 }}>
      <Typography id="sdd-outcomes-title" variant="h6" component="h3" gutterBottom>
        Esiti della banca
      </Typography>
      {batch.status !== 'cancelled' && (
        <FeeUpload
          choose="Scegli l'esito (CBI o pain.002)"
          fileLabel="File dell'esito della banca"
          accept=".xml,text/xml,application/xml"
          feeId="input-outcome-fee"
          feeLabel="Commissione per cliente respinto (€)"
          feeHelp="Facoltativa: la spesa della banca, riaddebitata fuori campo IVA (art. 15 DPR 633/1972)"
          button="Importa esito"
          busyLabel="Importazione dell'esito"
          onUpload={upload}
        />
      )}
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      {batch.outcomes.length === 0 ? (
        <Typography variant="body2">Nessun esito importato.</Typography>
      ) : (
        batch.outcomes.map((o) => (
          <Box key={o.id} sx={{ mb: 2 }}>
            <Typography variant="body2" sx={{ mb: 1 }}>
              {displayDateTime(o.created_at)} — {o.file_name} ({o.format === 'cbi' ? 'esito CBI' : 'pain.002'},{' '}
              {o.message_id}): {o.rejected === 1 ? '1 addebito respinto' : `${o.rejected} addebiti respinti`}
              {o.fee ? `, commissione ${formatEuro(o.fee)} a cliente` : ''}
              {o.undone_at ? ` — annullato il ${displayDateTime(o.undone_at)}` : ''}
              {!o.undone_at && (
                <Button size="small" color="warning" sx={{ ml: 1 }} onClick={() => undo.ask(o)}>
                  Annulla esito
                </Button>
              )}
            </Typography>
            {o.items.length > 0 && (
              <Table size="small" aria-label={`Addebiti respinti dall'esito ${o.message_id}`}>
                <TableHead>
                  <TableRow>
                    <TableCell>Cliente</TableCell>
                    <TableCell align="right">Importo</TableCell>
                    <TableCell>Motivo</TableCell>
                    <TableCell>Effetto</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {o.items.map((i) => (
                    <TableRow key={i.end_to_end_id}>
                      <TableCell>{i.business_name ?? i.end_to_end_id}</TableCell>
                      <MoneyCell value={i.amount ?? 0} />
                      <TableCell>{i.reason_text}</TableCell>
                      <TableCell>
                        {!i.applied
                          ? 'già incassato o stornato: nessuna modifica'
                          : [
                              'addebiti di nuovo da incassare',
                              i.fee ? `commissione ${formatEuro(i.fee)}` : null,
                              i.mandate_flagged ? 'mandato da verificare' : null,
                            ]
                              .filter(Boolean)
                              .join('; ')}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </Box>
        ))
      )}
      <ConfirmDialog
        {...undo.dialog}
        titleId="sdd-outcome-undo-title"
        text={`Annullare l'esito ${undo.asked?.message_id ?? ''}? Gli addebiti che ha respinto tornano presentati, le commissioni vanno nel cestino e i mandati tornano com'erano.`}
        yes="Sì, annulla l'esito"
      />
    </Box>
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
    <DetailDialog
      titleId="sdd-detail-title"
      title={`Distinta ${batch.message_id}`}
      summary={
        <>
          Addebito il {displayDate(batch.collection_date)}, scadenze dal {displayDate(batch.due_from)} al{' '}
          {displayDate(batch.due_to)}: {batch.debits} {batch.debits === 1 ? 'disposizione' : 'disposizioni'} per{' '}
          {formatEuro(batch.total)}.
        </>
      }
      query={q}
      loadingLabel="Caricamento delle disposizioni"
      failure="Disposizioni non disponibili"
      onClose={onClose}
    >
      {(detail) => (
        <>
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
                {detail.debit_list.map((d) => (
                  <TableRow key={d.end_to_end_id}>
                    <TableCell>{d.business_name}</TableCell>
                    <TableCell>{d.mandate_reference}</TableCell>
                    <TableCell>{d.sequence_type}</TableCell>
                    <MoneyCell value={d.amount} />
                    <TableCell align="right">{d.charges}</TableCell>
                    <TableCell>{d.end_to_end_id}</TableCell>
                    <TableCell>
                      <StatusChip status={d.status} labels={DEBIT_STATUS} colors={DEBIT_COLOR} />
                      {d.reason ? (
                        <Typography variant="caption" component="div">
                          {d.reason}
                        </Typography>
                      ) : null}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <OutcomesSection batch={detail} />
        </>
      )}
    </DetailDialog>
  );
}
