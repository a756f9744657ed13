/**
 * `/fattura_addebiti` 'Fattura addebiti' (issue 28 item 1), Collaboratore and above: the charges
 * of a period not yet invoiced become one invoice (TD01) per customer, one line per charge.
 * 1) the period and the invoices' date (from the customers' bulk bar: only the selected
 * customers); 2) the preview — the invoices with their numbers and totals, the customers left
 * out and why; 3) 'Emetti' issues them all at once (or none): when the charges changed since the
 * preview the server refuses and the preview is read again.
 */
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Button, TableCell, TableRow } from '@mui/material';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { useNotify } from 'react-admin';
import { today } from '../../../model/dates';
import { formatEuro } from '../../../model/types';
import { useAppDataProvider, type InvoicingInput, type InvoicingPlan } from '../../dataProvider';
import {
  BulkScreenHeader,
  DatesStep,
  LeftOutTable,
  PreviewRun,
  PlanSummary,
  RegionTable,
  StepCard,
  usePreviewRun,
} from '../../bulk/PreviewRun';

/** The customers chosen in the customers' bulk bar (router state), if the screen was opened from there. */
export interface InvoiceChargesState {
  customerIds?: Array<string | number>;
}

/** The previous month, first and last day: the usual period to invoice. */
function lastMonth(now = new Date()): { from: string; to: string } {
  const [y, m] = today(now).split('-').map(Number) as [number, number];
  const year = m === 1 ? y - 1 : y;
  const month = m === 1 ? 12 : m - 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const mm = String(month).padStart(2, '0');
  return { from: `${year}-${mm}-01`, to: `${year}-${mm}-${String(last).padStart(2, '0')}` };
}

/** The screen's three dates: the period of the charges, the invoices' date. */
const DATE_FIELDS = [
  ['from', 'Dal'],
  ['to', 'Al'],
  ['date', 'Data delle fatture'],
] as const;

const dmy = (iso: string) => iso.split('-').reverse().join('/');

export function InvoiceCharges() {
  const dp = useAppDataProvider();
  const notify = useNotify();
  const navigate = useNavigate();
  const chosen = ((useLocation().state ?? {}) as InvoiceChargesState).customerIds;
  const [form, setForm] = useState(() => ({ ...lastMonth(), date: today() }));
  const request = (): InvoicingInput => ({ ...form, ...(chosen?.length ? { customer_ids: chosen } : {}) });
  const flow = usePreviewRun({
    preview: () => dp.invoicingPreview(request()),
    run: (plan) => dp.invoicingRun({ ...request(), fingerprint: plan.fingerprint }),
    onDone: (done) => {
      const n = done.invoices.length;
      notify(
        `${n === 1 ? 'Emessa 1 fattura' : `Emesse ${n} fatture`}: n. ${done.invoices[0]?.number}${n > 1 ? `–${done.invoices[n - 1]?.number}` : ''}`,
        { type: 'success' },
      );
      navigate('/table/EDocument');
    },
    // the charges changed (or another run issued them): the server's message, the preview as it is now
    changed: '',
  });

  return (
    <>
      <BulkScreenHeader
        title="Fattura addebiti"
        list={{ label: 'Gestione Fatture elettroniche', to: '/table/EDocument' }}
      />
      <DatesStep
        flow={flow}
        title="1. Periodo degli addebiti"
        intro={
          <>
            Gli addebiti del periodo non ancora fatturati diventano una fattura per cliente, una riga per addebito, con
            l'IVA del regime dello studio e i numeri successivi all'ultima fattura dell'anno.
            {chosen?.length
              ? ` Solo ${chosen.length === 1 ? 'il cliente selezionato' : `i ${chosen.length} clienti selezionati`}.`
              : ' Tutti i clienti con addebiti nel periodo.'}
          </>
        }
        fields={DATE_FIELDS}
        value={form}
        onChange={setForm}
      />
      <PreviewRun
        flow={flow}
        labels={{ preview: 'Anteprima delle fatture', run: 'Emissione delle fatture' }}
        plan={(plan) => <PlanView plan={plan} busy={!!flow.busy} onRun={flow.run} />}
      />
    </>
  );
}

function PlanView({ plan, busy, onRun }: { plan: InvoicingPlan; busy: boolean; onRun: () => void }) {
  const n = plan.invoices.length;
  return (
    <StepCard title={`2. Anteprima: addebiti dal ${dmy(plan.from)} al ${dmy(plan.to)}, fatture del ${dmy(plan.date)}`}>
      <PlanSummary
        count={n}
        nothing="Nessuna fattura da emettere: nel periodo non ci sono addebiti da fatturare"
        leftOut={plan.skipped.length > 0}
      >
        {() => (
          <>
            {n === 1 ? '1 fattura' : `${n} fatture`} (n. {plan.invoices[0]!.number}
            {n > 1 ? `–${plan.invoices[n - 1]!.number}` : ''}) con {plan.totals.lines}{' '}
            {plan.totals.lines === 1 ? 'addebito' : 'addebiti'}: imponibile {formatEuro(plan.totals.taxable)}, totale{' '}
            {formatEuro(plan.totals.total)}, netto a pagare {formatEuro(plan.totals.payable)}.
          </>
        )}
      </PlanSummary>
      {n > 0 && (
        <RegionTable
          label="Fatture da emettere"
          head={
            <>
              <TableCell>Numero</TableCell>
              <TableCell>Cliente</TableCell>
              <TableCell>Addebiti</TableCell>
              <TableCell align="right">Compenso</TableCell>
              <TableCell align="right">Cassa 4%</TableCell>
              <TableCell align="right">IVA</TableCell>
              <TableCell align="right">Bollo</TableCell>
              <TableCell align="right">Totale</TableCell>
              <TableCell align="right">Ritenuta</TableCell>
              <TableCell align="right">Netto a pagare</TableCell>
            </>
          }
          rows={plan.invoices}
          row={(inv) => (
            <TableRow key={inv.customer_id}>
              <TableCell>{inv.number}</TableCell>
              <TableCell>{inv.business_name}</TableCell>
              <TableCell>{inv.lines.map((l) => `${l.description} (${formatEuro(l.amount)})`).join('; ')}</TableCell>
              {[inv.fee, inv.cassa, inv.tax, inv.stamp_duty, inv.total].map((v, i) => (
                <TableCell key={i} align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatEuro(v)}
                </TableCell>
              ))}
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {inv.withholding ? `− ${formatEuro(inv.withholding)}` : formatEuro(0)}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontWeight: 700 }}>
                {formatEuro(inv.payable)}
              </TableCell>
            </TableRow>
          )}
        />
      )}
      {plan.skipped.length > 0 && (
        <LeftOutTable
          label="Clienti esclusi"
          toFix
          rows={plan.skipped}
          amountHead="Addebiti"
          amount={(s) => `${s.charges} (${formatEuro(s.amount)})`}
        />
      )}
      <Button variant="contained" startIcon={<ReceiptLongIcon />} onClick={onRun} disabled={busy || !n}>
        {n === 1 ? 'Emetti 1 fattura' : `Emetti ${n} fatture`}
      </Button>
    </StepCard>
  );
}
