/**
 * Payslips (seed B): one customer's saved payslips (CedoliniSavedView); the customers with a
 * cedolino rate are a view of the customers' list, /table/CustomersForCedolini.
 */
import type { AreaScreens } from '../screen';

export default {
  cedoliniSaved: {
    path: '/cedolini_saved/:customer_id',
    role: 'Collaboratore',
    load: () => import('./CedoliniSaved').then((m) => m.CedoliniSaved),
  },
} satisfies AreaScreens;
