/**
 * Bulk action 'Fattura addebiti' (issue 28 item 1): the selected customers' charges of a period
 * invoiced — opens the 'Fattura addebiti' screen for these customers (the period, the preview and
 * the run are there).
 */
import { useListContext } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { ROUTES } from '../../../routeTable';
import type { InvoiceChargesState } from '../../../areas/invoicing/InvoiceCharges';
import { BulkTrigger } from './groups';

export function InvoiceChargesButton() {
  const { selectedIds } = useListContext();
  const navigate = useNavigate();
  return (
    <BulkTrigger
      onClick={() =>
        navigate(ROUTES.invoiceCharges, { state: { customerIds: [...selectedIds] } satisfies InvoiceChargesState })
      }
    >
      Fattura addebiti
    </BulkTrigger>
  );
}
