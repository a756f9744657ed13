/** Collecting the fees (issue 29): the SDD batches, the bank statements. */
import type { AreaScreens } from '../screen';

export default {
  sddCollect: {
    path: '/incassa_sdd',
    role: 'Collaboratore',
    load: () => import('./SddCollect').then((m) => m.SddCollect),
  },
  bankReconciliation: {
    path: '/riconciliazione',
    role: 'Collaboratore',
    load: () => import('./BankReconciliation').then((m) => m.BankReconciliation),
  },
} satisfies AreaScreens;
