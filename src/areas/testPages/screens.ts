/** The test pages of seed B §2. */
import type { AreaScreens } from '../screen';

export default {
  // the API console (issue 14 item 6): nothing is asked of the server for the other roles
  testApi: {
    path: '/test_api',
    role: 'SuperAdmin',
    load: () => import('./TestApi').then((m) => m.default),
  },
  // the shared parts of the screens at work (issue 25 item 15)
  testView: {
    path: '/test_view',
    role: 'Admin',
    load: () => import('./TestView').then((m) => m.TestView),
  },
} satisfies AreaScreens;
