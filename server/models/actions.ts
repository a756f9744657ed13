/**
 * Named actions of a model (issue 26 item 2): one entry each — name, method, zod input, answer
 * and handler (whose service checks the caller's role) — beside the model's hooks. The engine mounts every action at
 * `/api/{base}/:id/actions/{name}` (server/records/actionRoutes.ts), where the seeds' paths have
 * that shape, and it appears in the OpenAPI reference by itself. A model with actions gets a file
 * `server/models/<Name>Actions.ts`, listed here.
 *
 * The actions live apart from the hooks (server/models/index.ts) because they call the areas'
 * services, which use the records engine, which calls the hooks: kept apart, the imports run one way.
 */
import type { ModelDef } from '../../model/define.js';
import type { ModelAction } from './action.js';
import { WordTemplateActions } from './WordTemplateActions.js';
import { EDocumentActions } from './EDocumentActions.js';
import { CustomerActions } from './CustomerActions.js';
import { SddMandateActions } from './SddMandateActions.js';
import { SddBatchActions } from './SddBatchActions.js';
import { RibaPresentationActions } from './RibaPresentationActions.js';
import { BankStatementActions } from './BankStatementActions.js';
import { BankStatementLineActions } from './BankStatementLineActions.js';
import { ReminderActions } from './ReminderActions.js';
import { SdiEventActions } from './SdiEventActions.js';
import { EngagementActions } from './EngagementActions.js';

const ACTIONS: Record<string, Record<string, ModelAction>> = {
  WordTemplate: WordTemplateActions,
  EDocument: EDocumentActions,
  Customer: CustomerActions,
  SddMandate: SddMandateActions,
  SddBatch: SddBatchActions,
  RibaPresentation: RibaPresentationActions,
  BankStatement: BankStatementActions,
  BankStatementLine: BankStatementLineActions,
  Reminder: ReminderActions,
  SdiEvent: SdiEventActions,
  Engagement: EngagementActions,
};

export const actionsOf = (model: ModelDef): Record<string, ModelAction> => ACTIONS[model.name] ?? {};
