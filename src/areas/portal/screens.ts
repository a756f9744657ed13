/**
 * The customers' area (issue 50), the studio's side: the document requests and one request's
 * documents; the customers' messages and one customer's conversation.
 */
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
  portalMessages: {
    path: '/messaggi_clienti',
    role: 'Collaboratore',
    load: () => import('./Messages').then((m) => m.Messages),
  },
  portalThread: {
    path: '/messaggi_clienti/:id',
    role: 'Collaboratore',
    load: () => import('./Thread').then((m) => m.ThreadScreen),
  },
} satisfies AreaScreens;
