/** Invoices from the charges of a period (issue 28). */
import type { AreaScreens } from '../screen';

export default {
  invoiceCharges: {
    path: '/fattura_addebiti',
    role: 'Collaboratore',
    load: () => import('./InvoiceCharges').then((m) => m.InvoiceCharges),
  },
} satisfies AreaScreens;
