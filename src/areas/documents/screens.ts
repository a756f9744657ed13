/** The payment notice generator (seed A §5, create only). */
import type { AreaScreens } from '../screen';

export default {
  bollettino: {
    path: '/NewSchedaBollettino',
    role: 'Collaboratore',
    load: () => import('./BollettinoGenerator').then((m) => m.BollettinoGenerator),
  },
} satisfies AreaScreens;
