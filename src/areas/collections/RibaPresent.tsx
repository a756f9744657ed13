/**
 * `/presenta_riba` 'Presenta RiBa' (issue 47 item 5), Collaboratore and above: the open charges
 * falling due in a period of the customers who pay by RiBa (ricevuta bancaria), presented to the
 * bank in one CBI file. Shaped as 'Incassa con SDD' (SddCollect.tsx): 1) the due dates (this
 * month), how the bank credits them (salvo buon fine or al dopo incasso) and the studio's account
 * with its SIA code; 2) the preview — one receipt per customer and due date (the customer's bank,
 * the reference, the charges it holds) with the totals, the customers to fix and why, those who
 * pay otherwise; 3) 'Crea presentazione' makes it, all or nothing (when the charges changed since
 * the preview the server refuses and the preview is read again), then 'Scarica file RiBa'.
 * Below, 'Presentazioni': each with its file and its receipts, where the bank's credit, the
 * unpaid receipts (by hand or from the bank's file) and the cancellation are recorded
 * (RibaPresentations.tsx).
 */
import { useState } from 'react';
import { Button, MenuItem, TableCell, TableFooter, TableRow, TextField, Typography } from '@mui/material';
import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import { useQueryClient } from '@tanstack/react-query';
import { currentPeriod, displayDate } from '../../../model/dates';
import { formatEuro } from '../../../model/types';
import { useAppDataProvider, type RibaPlan } from '../../dataProvider';
import { DateCell, MoneyCell } from '../../bulk/cells';
import {
  BulkScreenHeader,
  DatesStep,
  DoneAlert,
  LeftOutTable,
  PlanSummary,
  PreviewRun,
  RegionTable,
  StepCard,
  usePreviewRun,
} from '../../bulk/PreviewRun';
import { AccountSelect, OthersDetails } from './parts';
import {
  CHANGED_TEXT,
  kindText,
  PresentationsCard,
  PRESENTATIONS_KEY,
  receiptsText,
  RIBA_KIND_CHOICES,
  usePresentationFile,
  type RibaKindValue,
} from './RibaPresentations';

export { CHANGED_TEXT };

const KIND_HELP: Record<RibaKindValue, string> = {
  sbf: 'La banca accredita subito il totale e riaddebita le ricevute insolute',
  dopo_incasso: 'La banca accredita ogni ricevuta quando il cliente la paga',
};

const DATE_FIELDS = [
  ['due_from', 'Scadenze dal'],
  ['due_to', 'Scadenze al'],
] as const;
type Form = Record<(typeof DATE_FIELDS)[number][0], string>;

export function RibaPresent() {
  const dp = useAppDataProvider();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<Form>(() => {
    const month = currentPeriod('month');
    return { due_from: month.from, due_to: month.to };
  });
  const [kind, setKind] = useState<RibaKindValue>('sbf');
  // '' : the account with the studio's IBAN ('Il mio studio'), as the server chooses it
  const [account, setAccount] = useState('');
  const request = () => ({ ...form, kind, ...(account ? { bank_account_id: Number(account) } : {}) });
  const flow = usePreviewRun({
    preview: () => dp.ribaPreview(request()),
    run: (plan) => dp.ribaCreatePresentation({ ...request(), fingerprint: plan.fingerprint }),
    onDone: () => queryClient.invalidateQueries({ queryKey: PRESENTATIONS_KEY }),
    // the charges changed (or another presentation took them): the preview as it is now
    changed: CHANGED_TEXT,
  });
  const download = usePresentationFile(flow.setMessage);

  return (
    <>
      <BulkScreenHeader title="Presenta RiBa" list={{ label: 'Presentazioni RiBa', to: '/table/RibaPresentation' }} />
      <DatesStep
        flow={flow}
        title="1. Scadenze da presentare"
        intro="Gli addebiti aperti in scadenza nel periodo dei clienti che pagano con RiBa diventano una ricevuta bancaria per cliente e data di scadenza, da presentare alla banca con il file CBI. Con il salvo buon fine la banca accredita subito il totale; al dopo incasso accredita ogni ricevuta quando il cliente la paga. Il conto dello studio deve avere il codice SIA (Conti bancari)."
        fields={DATE_FIELDS}
        value={form}
        onChange={setForm}
        extra={
          <>
            <TextField
              select
              id="input-kind"
              label="Accredito"
              value={kind}
              onChange={(e) => {
                setKind(e.target.value as RibaKindValue);
                flow.changed();
              }}
              error={!!flow.errors.kind}
              helperText={flow.errors.kind?.[0] ?? KIND_HELP[kind]}
              sx={{ width: { xs: '100%', sm: 260 } }}
            >
              {RIBA_KIND_CHOICES.map((k) => (
                <MenuItem key={k.value} value={k.value}>
                  {k.text}
                </MenuItem>
              ))}
            </TextField>
            <AccountSelect
              label="Conto di presentazione"
              help="Il conto dello studio a cui la banca accredita le ricevute: serve il suo codice SIA"
              describe={(a) =>
                a.iban ? `${a.name} — ${a.iban} (${a.sia ? `SIA ${a.sia}` : 'senza codice SIA'})` : null
              }
              // without a SIA code the bank cannot read the file
              disabled={(a) => !a.sia}
              value={account}
              onChange={(v) => {
                setAccount(v);
                flow.changed();
              }}
              error={flow.errors.bank_account_id?.[0]}
            />
          </>
        }
      />
      <PreviewRun
        flow={flow}
        labels={{ preview: 'Anteprima delle ricevute', run: 'Creazione della presentazione' }}
        result={(created) => (
          <DoneAlert download={{ label: 'Scarica file RiBa', onClick: () => download(created.id) }}>
            Presentazione {created.support_name} creata: {receiptsText(created.receipts)} per{' '}
            {formatEuro(created.total)} ({kindText(created.kind).toLowerCase()}). Scarica il file e caricalo
            nell&apos;home banking dello studio.
          </DoneAlert>
        )}
        plan={(plan) => <PlanView plan={plan} busy={!!flow.busy} onCreate={flow.run} />}
      />
      <PresentationsCard onError={flow.setMessage} />
    </>
  );
}

function PlanView({ plan, busy, onCreate }: { plan: RibaPlan; busy: boolean; onCreate: () => void }) {
  const n = plan.receipts.length;
  return (
    <StepCard
      title={`2. Anteprima: scadenze dal ${displayDate(plan.due_from)} al ${displayDate(plan.due_to)}, ${kindText(plan.kind).toLowerCase()}`}
    >
      <PlanSummary
        count={n}
        nothing="Nessuna ricevuta da presentare: nel periodo non ci sono addebiti aperti di clienti che pagano con RiBa"
        leftOut={plan.left_out.length > 0}
      >
        {() => (
          <>
            {receiptsText(n)} per {plan.totals.charges} {plan.totals.charges === 1 ? 'addebito' : 'addebiti'}: totale{' '}
            {formatEuro(plan.totals.amount)}, presentate {kindText(plan.kind).toLowerCase()} sul conto{' '}
            {plan.account.name} {plan.account.iban} (codice SIA <strong>{plan.account.sia}</strong>).
          </>
        )}
      </PlanSummary>
      {n > 0 && (
        <RegionTable
          label="Ricevute RiBa"
          head={
            <>
              <TableCell>Cliente</TableCell>
              <TableCell>Scadenza</TableCell>
              <TableCell align="right">Importo</TableCell>
              <TableCell>Banca (ABI/CAB)</TableCell>
              <TableCell>Riferimento</TableCell>
              <TableCell align="right">N. addebiti</TableCell>
            </>
          }
          rows={plan.receipts}
          row={(r) => (
            <TableRow key={`${r.customer_id}-${r.due}`}>
              <TableCell>{r.business_name}</TableCell>
              <DateCell value={r.due} />
              <MoneyCell value={r.amount} />
              <TableCell sx={{ whiteSpace: 'nowrap' }} title={`IBAN ${r.iban}`}>
                {r.abi}/{r.cab}
              </TableCell>
              <TableCell>{r.description}</TableCell>
              <TableCell
                align="right"
                title={r.charges.map((c) => `${displayDate(c.due)} ${c.note} (${formatEuro(c.open)})`).join('; ')}
              >
                {r.charges.length}
              </TableCell>
            </TableRow>
          )}
        >
          <TableFooter>
            <TableRow>
              <TableCell colSpan={2} component="th" scope="row">
                Totale: {receiptsText(n)}
              </TableCell>
              <MoneyCell value={plan.totals.amount} />
              <TableCell colSpan={2} />
              <TableCell align="right">{plan.totals.charges}</TableCell>
            </TableRow>
          </TableFooter>
        </RegionTable>
      )}
      {plan.left_out.length > 0 && <LeftOutTable label="Esclusi" toFix linked rows={plan.left_out} />}
      {plan.not_riba.length > 0 && <OthersDetails label="Non pagano con RiBa" rows={plan.not_riba} />}
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        La presentazione comprende tutte le ricevute dell&apos;anteprima: se nel frattempo gli addebiti cambiano non si
        crea, e l&apos;anteprima si aggiorna.
      </Typography>
      <Button variant="contained" startIcon={<RequestQuoteIcon />} onClick={onCreate} disabled={busy || !n}>
        Crea presentazione
      </Button>
    </StepCard>
  );
}
