/** The customer import (issue 16). */
import type { AreaScreens } from '../screen';

export default {
  customerImport: {
    path: '/importa_clienti',
    role: 'Admin',
    load: () => import('./CustomerImport').then((m) => m.CustomerImport),
  },
} satisfies AreaScreens;
