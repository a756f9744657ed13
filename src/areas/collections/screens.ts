/** Collecting the fees (issue 29): the SDD batches, the RiBa presentations (issue 47), the bank statements. */
import type { AreaScreens } from '../screen';

export default {
  sddCollect: {
    path: '/incassa_sdd',
    role: 'Collaboratore',
    load: () => import('./SddCollect').then((m) => m.SddCollect),
  },
  ribaPresent: {
    path: '/presenta_riba',
    role: 'Collaboratore',
    load: () => import('./RibaPresent').then((m) => m.RibaPresent),
  },
  bankReconciliation: {
    path: '/riconciliazione',
    role: 'Collaboratore',
    load: () => import('./BankReconciliation').then((m) => m.BankReconciliation),
  },
} satisfies AreaScreens;
