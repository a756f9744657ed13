/** The anti-money-laundering area (issue 48): the checks due, the studio's self-assessment. */
import type { AreaScreens } from '../screen';

export default {
  amlChecks: {
    path: '/verifiche_antiriciclaggio',
    role: 'Collaboratore',
    load: () => import('./AmlChecks').then((m) => m.AmlChecks),
  },
  amlSelfAssessment: {
    path: '/autovalutazione_antiriciclaggio',
    role: 'Admin',
    load: () => import('./SelfAssessment').then((m) => m.SelfAssessment),
  },
} satisfies AreaScreens;
