/**
 * The only place where react-admin's dataProvider methods meet the seeds' calls: one object,
 * made of each area's calls (src/dataProvider/<area>.ts, named as the server's areas).
 * Resources are model names (PascalCase) from the registry.
 */
import { useDataProvider, type DataProvider } from 'react-admin';
import { attachmentFileCalls } from './attachments';
import { raMethods, recordCalls } from './records';
import { shellCalls } from './shell';
import { accountLifecycleCalls } from './accountLifecycle';
import { studioCalls } from './studio';
import { accountCalls } from './accounts';
import { documentCalls } from './documents';
import { mailCalls } from './mail';
import { wordTemplateCalls } from './wordTemplates';
import { jobCalls } from './jobs';
import { assignmentCalls } from './assignments';
import { payslipCalls } from './payslips';
import { creditCalls } from './credit';
import { paymentCalls } from './payments';
import { quickFindCalls } from './quickFind';
import { eDocumentCalls } from './eDocuments';
import { customerImportCalls } from './customerImport';
import { invoicingCalls } from './invoicing';
import { sdiCalls } from './sdi';
import { collectionCalls } from './collections';
import { amlCalls } from './aml';
import { reminderCalls } from './reminders';
import { preferenceCalls } from './preferences';
import { engagementCalls } from './engagements';
import { engagementLetterCalls } from './engagementLetters';
import { timeCalls } from './time';
import { profitabilityCalls } from './profitability';
import { portalCalls } from './portal';
import { portalRequestCalls } from './portalRequests';
import { portalMessageCalls } from './portalMessages';
import { portalMandateCalls } from './portalMandates';
import { portalDocumentCalls } from './portalDocuments';
import { portalDeclarationCalls } from './portalDeclarations';

export const dataProvider = {
  ...raMethods,
  ...attachmentFileCalls,
  ...recordCalls,
  ...shellCalls,
  ...accountLifecycleCalls,
  ...studioCalls,
  ...accountCalls,
  ...documentCalls,
  ...mailCalls,
  ...wordTemplateCalls,
  ...jobCalls,
  ...assignmentCalls,
  ...payslipCalls,
  ...creditCalls,
  ...paymentCalls,
  ...quickFindCalls,
  ...eDocumentCalls,
  ...customerImportCalls,
  ...invoicingCalls,
  ...sdiCalls,
  ...collectionCalls,
  ...amlCalls,
  ...reminderCalls,
  ...preferenceCalls,
  ...engagementCalls,
  ...engagementLetterCalls,
  ...timeCalls,
  ...profitabilityCalls,
  ...portalCalls,
  ...portalRequestCalls,
  ...portalMessageCalls,
  ...portalMandateCalls,
  ...portalDocumentCalls,
  ...portalDeclarationCalls,
} satisfies DataProvider;

export type AppDataProvider = typeof dataProvider;

/** The app's dataProvider with its extra methods (restore, selectAllIds, exportCsv, print, history, shell calls). */
export const useAppDataProvider = () => useDataProvider<AppDataProvider>();

export { listQuery, idBatches, type FilterSpec } from './common';
export type { ItemMetaData } from './records';
export { ATTACHMENTS_FIELD, type AttachmentRow, type AttachmentChanges } from './attachments';
export { type HistoryEntry } from './records';
export { type LoggedStudio } from './shell';
export { CAPTCHA_CHALLENGE_URL, type PublicAnswer } from './accountLifecycle';
export {
  type InstallmentMade,
  type InstallmentsResult,
  type YearlyAmountResult,
  type BalancerRow,
  type Receivables,
  type Statement,
} from './accounts';
export { type MailQueued, type MailRow, type MailDetail, type MailOutboxPage } from './mail';
export { type DashboardJob, type DashboardCustomer, type TaskStatus } from './jobs';
export { type AssignmentFee } from './assignments';
export { type CedoliniEntry } from './payslips';
export { type PaymentProviderInfo } from './payments';
export { type QuickFindHit } from './quickFind';
export { type InvoicingInput, type InvoicingPlan } from './invoicing';
export { type SdiChannelName, type SdiEvent, type SdiTimeline } from './sdi';
export {
  type BankColumns,
  type BankConfirmInput,
  type BankLineView,
  type BankMapping,
  type BankStatementDetail,
  type BankStatementSummary,
  type CustomerOpenItems,
  type CustomerOption,
  type RibaPlan,
  type RibaPresentation,
  type RibaPresentationDetail,
  type RibaReceiptRow,
  type SddBatch,
  type SddBatchDetail,
  type SddOutcome,
  type SddPlan,
  type UploadProgress,
} from './collections';
export {
  detailLines,
  type EDocumentStudio,
  type EDocumentRow,
  type EDocumentSaveInput,
  type EDocumentData,
} from './eDocuments';
