/** The behaviour slots of each model that has any (see hooks.ts); the others are plain records. */
import type { ModelDef } from '../../model/define.js';
import type { ModelHooks } from './hooks.js';
import { UserHooks } from './User.js';
import { CustomerHooks } from './Customer.js';
import { WordTemplateHooks } from './WordTemplate.js';
import { StudioJobHooks, TaskHooks } from './StudioJob.js';
import { EDocumentHooks } from './EDocument.js';
import { CreditTransactionLogHooks } from './CreditTransactionLog.js';
import { PermissionHooks, RoleHooks } from './Role.js';
import { BankAccountHooks } from './BankAccount.js';
import { SddMandateHooks } from './SddMandate.js';
import { EngagementHooks } from './Engagement.js';
import { TimeEntryHooks } from './TimeEntry.js';

const HOOKS: Record<string, ModelHooks> = {
  User: UserHooks,
  Customer: CustomerHooks,
  WordTemplate: WordTemplateHooks,
  StudioJob: StudioJobHooks,
  Task: TaskHooks,
  EDocument: EDocumentHooks,
  CreditTransactionLog: CreditTransactionLogHooks,
  Role: RoleHooks,
  Permission: PermissionHooks,
  BankAccount: BankAccountHooks,
  SddMandate: SddMandateHooks,
  Engagement: EngagementHooks,
  TimeEntry: TimeEntryHooks,
};

const NONE: ModelHooks = {};
export const hooksOf = (model: ModelDef): ModelHooks => HOOKS[model.name] ?? NONE;
export type { ModelHooks } from './hooks.js';
