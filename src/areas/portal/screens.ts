/** The customers' area (issue 50), the studio's side: the document requests and one request's documents. */
import type { AreaScreens } from '../screen';

export default {
  portalRequests: {
    path: '/richieste_documenti',
    role: 'Collaboratore',
    load: () => import('./Requests').then((m) => m.Requests),
  },
  portalRequest: {
    path: '/richieste_documenti/:id',
    role: 'Collaboratore',
    load: () => import('./RequestDetail').then((m) => m.RequestDetailScreen),
  },
} satisfies AreaScreens;
