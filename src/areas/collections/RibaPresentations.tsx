/**
 * 'Presentazioni' of 'Presenta RiBa' (issue 47 item 5): the RiBa presentations made, newest
 * first, each with its CBI file and, in its dialog, its receipts and what happens to them after
 * the bank has them — 'Registra accredito' (salvo buon fine: every receipt presented is credited;
 * al dopo incasso: those due by the credit's date), 'Segna insolute' (the receipts chosen, with
 * the reason and the bank's fee to charge each customer), 'Importa insoluti' (the bank's return
 * file) and, while no receipt is credited or unpaid, 'Annulla presentazione' after a question.
 */
import { useState, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { displayDate, displayDateTime, isoDate, today } from '../../../model/dates';
import { formatEuro } from '../../../model/types';
import type { RIBA_KINDS, RIBA_PRESENTATION_STATUS, RIBA_RECEIPT_STATUS } from '../../../model/api/collections';
import {
  useAppDataProvider,
  type RibaPresentation,
  type RibaPresentationDetail,
  type RibaReceiptRow,
} from '../../dataProvider';
import { ApiError } from '../../api/client';
import { DateTextField, INVALID_DATE } from '../../form/DateInput';
import { DateCell, HIDDEN, MadeCell, MoneyCell } from '../../bulk/cells';
import { HistoryCard } from '../../bulk/HistoryCard';
import { StatusChip } from '../../bulk/StatusChip';
import { ConfirmDialog, useConfirm } from '../../layout/ConfirmDialog';
import { failureText } from '../../bulk/texts';
import { DetailDialog, FeeUpload, HistoryActions, useFileDownload } from './parts';

/** How the bank credits a presentation, as the server names it (model/api/collections.ts). */
export const RIBA_KIND_CHOICES: typeof RIBA_KINDS = [
  { value: 'sbf', text: 'Salvo buon fine' },
  { value: 'dopo_incasso', text: 'Al dopo incasso' },
];
export type RibaKindValue = (typeof RIBA_KINDS)[number]['value'];
export const kindText = (k: RibaKindValue) => RIBA_KIND_CHOICES.find((x) => x.value === k)?.text ?? k;

/** The statuses as the server names them, with their chip's colour. */
const STATUS: typeof RIBA_PRESENTATION_STATUS = { presented: 'Presentata', closed: 'Chiusa', cancelled: 'Annullata' };
const STATUS_COLOR = { presented: 'info', closed: 'success', cancelled: 'default' } as const;
const RECEIPT_STATUS: typeof RIBA_RECEIPT_STATUS = {
  presented: 'Presentata',
  paid: 'Incassata',
  unpaid: 'Insoluta',
  cancelled: 'Annullata',
};
const RECEIPT_COLOR = { presented: 'info', paid: 'success', unpaid: 'error', cancelled: 'default' } as const;

export const PRESENTATIONS_KEY = ['riba', 'presentations'] as const;
/** what the 409 of 'Crea presentazione' adds to the server's message */
export const CHANGED_TEXT = "L'anteprima è stata aggiornata: controllala e crea di nuovo la presentazione.";
/** the bank's fee charged to the customer, as the SDD outcomes say it */
const FEE_HELP = 'Facoltative: le spese della banca, riaddebitate al cliente fuori campo IVA (art. 15 DPR 633/1972)';

export const receiptsText = (n: number) => (n === 1 ? '1 ricevuta' : `${n} ricevute`);
/** A presentation may be cancelled only while no receipt is credited or unpaid. */
const cancellable = (p: RibaPresentation) => p.status === 'presented' && p.paid === 0 && p.unpaid === 0;

/** Downloads a presentation's CBI file as written (its name from the server). */
export function usePresentationFile(onError: (m: string) => void) {
  const dp = useAppDataProvider();
  return useFileDownload(dp.downloadRibaFile, onError);
}

export function PresentationsCard({ onError }: { onError: (m: string) => void }) {
  const dp = useAppDataProvider();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const q = useQuery({
    queryKey: PRESENTATIONS_KEY,
    queryFn: ({ signal }) => dp.ribaPresentations({ signal }),
    retry: false,
  });
  const download = usePresentationFile(onError);
  const [detailOf, setDetailOf] = useState<RibaPresentation | null>(null);
  const cancel = useConfirm(
    async (p: RibaPresentation) => {
      await dp.ribaCancel(p.id);
      notify(`Presentazione ${p.support_name} annullata`, { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: PRESENTATIONS_KEY });
    },
    // asked from the presentation's dialog, the failure is said over it
    (e) => (detailOf ? notify(failureText(e), { type: 'error' }) : onError(failureText(e))),
  );
  const cancelOf = cancel.asked;

  return (
    <HistoryCard
      title="Presentazioni"
      rows={q.data}
      loading={q.isLoading}
      loadingLabel="Caricamento delle presentazioni"
      error={q.isError && `Presentazioni non disponibili: ${failureText(q.error)}`}
      empty="Nessuna presentazione."
      tableLabel="Presentazioni"
      // 'Azioni' at its cell's corner: where its text would be, it widened the page at 390 px
      hiddenSx={HIDDEN}
      head={
        <>
          <TableCell>Data</TableCell>
          <TableCell>Supporto</TableCell>
          <TableCell>Accredito</TableCell>
          <TableCell>Scadenze</TableCell>
          <TableCell align="right">Ricevute</TableCell>
          <TableCell align="right">Totale</TableCell>
          <TableCell align="right">Incassate / insolute</TableCell>
          <TableCell>Stato</TableCell>
        </>
      }
      row={(p) => (
        <TableRow key={p.id}>
          <MadeCell at={p.created_at} by={p.created_by_name} />
          <TableCell>{p.support_name}</TableCell>
          <TableCell>{kindText(p.kind)}</TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>
            {displayDate(p.due_from)} – {displayDate(p.due_to)}
          </TableCell>
          <TableCell align="right">{p.receipts}</TableCell>
          <MoneyCell value={p.total} />
          <TableCell align="right">
            {p.paid} / {p.unpaid}
          </TableCell>
          <TableCell>
            <StatusChip
              status={p.status}
              labels={STATUS}
              colors={STATUS_COLOR}
              title={p.cancelled_at ? `Annullata il ${displayDateTime(p.cancelled_at)}` : undefined}
            />
          </TableCell>
          <HistoryActions
            noun="presentazione"
            name={p.support_name}
            onDownload={() => download(p.id)}
            onDetail={() => setDetailOf(p)}
            onCancel={cancellable(p) ? () => cancel.ask(p) : undefined}
          />
        </TableRow>
      )}
    >
      {detailOf && (
        <RibaPresentationDialog
          presentation={q.data?.find((p) => p.id === detailOf.id) ?? detailOf}
          onClose={() => setDetailOf(null)}
          onCancel={(p) => cancel.ask(p)}
        />
      )}
      <ConfirmDialog
        {...cancel.dialog}
        titleId="riba-cancel-title"
        text={
          <>
            Annullare la presentazione {cancelOf?.support_name} ({receiptsText(cancelOf?.receipts ?? 0)} per{' '}
            {formatEuro(cancelOf?.total ?? 0)})? I suoi addebiti torneranno da presentare. Se hai già caricato il file
            in banca, chiedi alla banca di ritirare la presentazione.
          </>
        }
        yes="Sì, annulla la presentazione"
      />
    </HistoryCard>
  );
}

/**
 * An action of the dialog: busy while it runs; done, its notice and the presentation as the
 * server now has it (`onDone`); failed, the server's Italian message and its fields' errors.
 */
function useAction(onDone: (d: RibaPresentationDetail) => Promise<void>) {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const run = async (call: () => Promise<RibaPresentationDetail>, done: (d: RibaPresentationDetail) => string) => {
    setBusy(true);
    setMessage(null);
    setErrors({});
    try {
      const d = await call();
      notify(done(d), { type: 'success' });
      await onDone(d);
    } catch (e) {
      if (e instanceof ApiError && e.body.errors) setErrors(e.body.errors);
      setMessage(failureText(e));
    } finally {
      setBusy(false);
    }
  };
  return { busy, message, errors, run };
}

/** A part of the dialog: its heading (naming the region), what it does, its failure, its fields (in a row unless `row` is false). */
function ActionSection({
  id,
  title,
  intro,
  message = null,
  row = true,
  children,
}: {
  id: string;
  title: string;
  intro: string;
  message?: string | null;
  row?: boolean;
  children: ReactNode;
}) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ mt: 3 }}>
      <Typography id={id} variant="h6" component="h3" gutterBottom>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {intro}
      </Typography>
      {message && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {message}
        </Alert>
      )}
      {row ? (
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>{children}</Box>
      ) : (
        children
      )}
    </Box>
  );
}

/** A day of an action (the app's date field, GG-MM-AAAA), today unless changed; its error from the server's 422. */
function DayField({
  id,
  label,
  value,
  onChange,
  error,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  error: string | undefined;
}) {
  const bad = value !== '' && !isoDate(value);
  return (
    <Box sx={{ width: { xs: '100%', sm: 200 } }}>
      <DateTextField
        id={id}
        label={label}
        value={isoDate(value) ?? (value ? undefined : null)}
        onChange={(iso) => onChange(iso === undefined ? INVALID_DATE : (iso ?? ''))}
        error={bad || !!error}
        helperText={error ?? (bad ? 'Data non valida (GG-MM-AAAA)' : undefined)}
      />
    </Box>
  );
}

function CollectedSection({
  detail,
  onDone,
}: {
  detail: RibaPresentationDetail;
  onDone: (d: RibaPresentationDetail) => Promise<void>;
}) {
  const dp = useAppDataProvider();
  const action = useAction(onDone);
  const [date, setDate] = useState(today());
  const presented = detail.receipt_list.filter((r) => r.status === 'presented').length;
  const register = () =>
    action.run(
      () => dp.ribaCollected(detail.id, date),
      (d) => {
        const n = d.paid - detail.paid;
        return `Accredito del ${displayDate(date)} registrato: ${n === 1 ? '1 ricevuta incassata' : `${n} ricevute incassate`}`;
      },
    );
  return (
    <ActionSection
      id="riba-collected-title"
      title="Registra accredito"
      intro={
        detail.kind === 'sbf'
          ? `Salvo buon fine: con l'accredito della banca le ricevute presentate (${presented}) diventano incassate e pagano i loro addebiti.`
          : "Al dopo incasso: con l'accredito della banca diventano incassate le ricevute presentate in scadenza entro la data dell'accredito, e pagano i loro addebiti."
      }
      message={action.message}
    >
      <DayField
        id="input-collected-date"
        label="Data dell'accredito"
        value={date}
        onChange={setDate}
        error={action.errors.date?.[0]}
      />
      <Button
        variant="contained"
        onClick={register}
        disabled={action.busy || !presented || !isoDate(date)}
        sx={{ mt: 0.5 }}
      >
        Registra accredito
      </Button>
    </ActionSection>
  );
}

function UnpaidSection({
  detail,
  chosen,
  onDone,
}: {
  detail: RibaPresentationDetail;
  chosen: number[];
  onDone: (d: RibaPresentationDetail) => Promise<void>;
}) {
  const dp = useAppDataProvider();
  const action = useAction(onDone);
  const [date, setDate] = useState(today());
  const [reason, setReason] = useState('');
  const [fee, setFee] = useState('');
  const mark = () =>
    action.run(
      () =>
        dp.ribaUnpaid(detail.id, {
          numbers: chosen,
          date,
          ...(reason.trim() ? { reason: reason.trim() } : {}),
          ...(fee.trim() ? { fee: fee.trim() } : {}),
        }),
      () => (chosen.length === 1 ? '1 ricevuta segnata insoluta' : `${chosen.length} ricevute segnate insolute`),
    );
  const fieldError = (f: string) => action.errors[f]?.[0];
  return (
    <ActionSection
      id="riba-unpaid-title"
      title="Segna insolute"
      intro={`Scegli nella tabella le ricevute che la banca ha restituito insolute (scelte: ${chosen.length}): i loro addebiti tornano da incassare dalle loro scadenze, e un incasso già registrato viene stornato.`}
      message={action.message}
    >
      <DayField
        id="input-unpaid-date"
        label="Data dell'insoluto"
        value={date}
        onChange={setDate}
        error={fieldError('date')}
      />
      <TextField
        id="input-unpaid-reason"
        label="Motivo"
        size="small"
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        error={!!fieldError('reason')}
        helperText={fieldError('reason') ?? "Senza: 'Insoluto segnalato dalla banca'"}
        inputProps={{ maxLength: 200 }}
        sx={{ width: { xs: '100%', sm: 280 } }}
      />
      <TextField
        id="input-unpaid-fee"
        label="Spese per ricevuta (€)"
        size="small"
        value={fee}
        onChange={(e) => setFee(e.target.value)}
        error={!!fieldError('fee')}
        helperText={fieldError('fee') ?? FEE_HELP}
        inputProps={{ inputMode: 'decimal' }}
        sx={{ width: { xs: '100%', sm: 300 } }}
      />
      <Button
        variant="contained"
        color="warning"
        onClick={mark}
        disabled={action.busy || !chosen.length || !isoDate(date)}
        sx={{ mt: 0.5 }}
      >
        Segna insolute
      </Button>
    </ActionSection>
  );
}

/** The receipts of a presentation; those presented or credited may be chosen (to mark them unpaid). */
function ReceiptsTable({
  detail,
  choosable,
  chosen,
  onChosen,
}: {
  detail: RibaPresentationDetail;
  choosable: (r: RibaReceiptRow) => boolean;
  chosen: number[];
  onChosen: (numbers: number[]) => void;
}) {
  const open = detail.receipt_list.filter(choosable).map((r) => r.number);
  const all = open.length > 0 && open.every((n) => chosen.includes(n));
  const toggle = (n: number) => onChosen(chosen.includes(n) ? chosen.filter((x) => x !== n) : [...chosen, n]);
  return (
    <TableContainer>
      <Table size="small" aria-label="Ricevute della presentazione">
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox">
              <Checkbox
                checked={all}
                indeterminate={!all && chosen.length > 0}
                disabled={!open.length}
                onChange={() => onChosen(all ? [] : open)}
                inputProps={{ 'aria-label': 'Scegli tutte le ricevute' }}
              />
            </TableCell>
            <TableCell align="right">Numero</TableCell>
            <TableCell>Cliente</TableCell>
            <TableCell>Scadenza</TableCell>
            <TableCell align="right">Importo</TableCell>
            <TableCell>Stato</TableCell>
            <TableCell>Motivo insoluto</TableCell>
            <TableCell align="right">Spese</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {detail.receipt_list.map((r) => (
            <TableRow key={r.number} selected={chosen.includes(r.number)}>
              <TableCell padding="checkbox">
                <Checkbox
                  checked={chosen.includes(r.number)}
                  disabled={!choosable(r)}
                  onChange={() => toggle(r.number)}
                  inputProps={{ 'aria-label': `Scegli la ricevuta ${r.number}` }}
                />
              </TableCell>
              <TableCell align="right">{r.number}</TableCell>
              <TableCell>{r.business_name}</TableCell>
              <DateCell value={r.due} />
              <MoneyCell value={r.amount} />
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <StatusChip status={r.status} labels={RECEIPT_STATUS} colors={RECEIPT_COLOR} />
                {r.status === 'paid' && r.paid_on ? (
                  <Typography variant="caption" component="div">
                    il {displayDate(r.paid_on)}
                  </Typography>
                ) : null}
                {r.status === 'unpaid' && r.unpaid_on ? (
                  <Typography variant="caption" component="div">
                    il {displayDate(r.unpaid_on)}
                  </Typography>
                ) : null}
              </TableCell>
              <TableCell>{r.unpaid_reason ?? ''}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {r.fee != null ? formatEuro(r.fee) : ''}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** A presentation's receipts and what can be done with them. */
function RibaPresentationDialog({
  presentation,
  onClose,
  onCancel,
}: {
  presentation: RibaPresentation;
  onClose: () => void;
  onCancel: (p: RibaPresentation) => void;
}) {
  const dp = useAppDataProvider();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const key = [...PRESENTATIONS_KEY, presentation.id];
  const q = useQuery<RibaPresentationDetail>({
    queryKey: key,
    queryFn: ({ signal }) => dp.ribaPresentation(presentation.id, { signal }),
    retry: false,
  });
  const [chosen, setChosen] = useState<number[]>([]);
  /** an action's answer: the presentation as it is now, and the list read again */
  const apply = async (d: RibaPresentationDetail) => {
    queryClient.setQueryData(key, d);
    setChosen([]);
    await queryClient.invalidateQueries({ queryKey: PRESENTATIONS_KEY, exact: true });
  };
  const importFile = async (file: File, fee: string) => {
    const before = q.data?.unpaid ?? presentation.unpaid;
    const d = await dp.ribaImportUnpaid(presentation.id, file, fee);
    const n = d.unpaid - before;
    notify(`Insoluti importati: ${n === 1 ? '1 ricevuta insoluta' : `${n} ricevute insolute`}`, { type: 'success' });
    await apply(d);
  };
  const p = q.data ?? presentation;
  const choosable = (r: RibaReceiptRow) =>
    p.status !== 'cancelled' && (r.status === 'presented' || r.status === 'paid');
  return (
    <DetailDialog
      titleId="riba-detail-title"
      title={`Presentazione ${presentation.support_name}`}
      summary={
        <>
          {kindText(p.kind)}, scadenze dal {displayDate(p.due_from)} al {displayDate(p.due_to)}:{' '}
          {receiptsText(p.receipts)} per {formatEuro(p.total)}
          {p.bank_account_name ? `, conto ${p.bank_account_name}` : ''}. Incassate {p.paid}, insolute {p.unpaid}.
          {p.cancelled_at ? ` Annullata il ${displayDateTime(p.cancelled_at)}.` : ''}
        </>
      }
      query={q}
      loadingLabel="Caricamento delle ricevute"
      failure="Ricevute non disponibili"
      actions={
        cancellable(p) && (
          <Button color="warning" onClick={() => onCancel(p)}>
            Annulla presentazione
          </Button>
        )
      }
      onClose={onClose}
    >
      {(detail) => (
        <>
          <ReceiptsTable detail={detail} choosable={choosable} chosen={chosen} onChosen={setChosen} />
          {detail.receipt_list.some((r) => r.status === 'presented') && (
            <CollectedSection detail={detail} onDone={apply} />
          )}
          {detail.receipt_list.some(choosable) && (
            <>
              <UnpaidSection detail={detail} chosen={chosen} onDone={apply} />
              <ActionSection
                id="riba-unpaid-file-title"
                title="Importa insoluti"
                intro="Il file degli insoluti che la banca restituisce (tracciato CBI RiBa): le sue ricevute diventano insolute come se le segnassi a mano."
                row={false}
              >
                <FeeUpload
                  choose="Scegli il file degli insoluti (CBI)"
                  fileLabel="File degli insoluti della banca"
                  feeId="input-unpaid-file-fee"
                  feeLabel="Spese per ricevuta insoluta (€)"
                  feeHelp={FEE_HELP}
                  button="Importa insoluti"
                  busyLabel="Importazione degli insoluti"
                  onUpload={importFile}
                />
              </ActionSection>
            </>
          )}
        </>
      )}
    </DetailDialog>
  );
}
