/** Time tracking (issue 49 item 4): the weekly sheet. The timer lives in the app bar (TimerButton). */
import type { AreaScreens } from '../screen';

export default {
  timeSheet: {
    path: '/foglio_ore',
    role: 'Collaboratore',
    load: () => import('./WeekSheet').then((m) => m.WeekSheet),
  },
} satisfies AreaScreens;
