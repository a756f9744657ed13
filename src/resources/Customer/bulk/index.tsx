/** The bulk actions of the customers' table (seed A §2), each over one dataProvider call. */
import { GenerateInstallmentsButton } from './GenerateInstallmentsButton';
import { YearlyAmountButton } from './YearlyAmountButton';
import { AnnualBalancerButton } from './AnnualBalancerButton';
import { AssignCollaboratorButton } from './AssignCollaboratorButton';
import { AddTransactionButton } from './AddTransactionButton';
import { EmailExportButton } from './EmailExportButton';
import { BollettiniButton } from './BollettiniButton';
import { AccountBalanceButton, AccountBalanceEmailButton } from './AccountBalanceButton';
import { TransferLetterButton } from './TransferLetterButton';
import { ContractButton, ContractEmailButton } from './ContractButton';
import { WordTemplateButton } from './WordTemplateButton';
import { InvoiceChargesButton } from './InvoiceChargesButton';
import { CollectionMethodButton } from './CollectionMethodButton';
import { RequestDocumentsButton } from './RequestDocumentsButton';
import { BulkGroup } from './groups';

export {
  GenerateInstallmentsButton,
  YearlyAmountButton,
  AnnualBalancerButton,
  AssignCollaboratorButton,
  AddTransactionButton,
  EmailExportButton,
  BollettiniButton,
  AccountBalanceButton,
  TransferLetterButton,
  ContractButton,
  WordTemplateButton,
  InvoiceChargesButton,
  ContractEmailButton,
  AccountBalanceEmailButton,
  RequestDocumentsButton,
};

export { BULK_GROUPS, bulkGroupOf } from './groupNames';

/**
 * The customers' bulk bar: the thirteen actions of seed A §2, 'Fattura addebiti' (issue 28),
 * 'Modalità di pagamento' (issue 47) and 'Richiedi documenti' (issue 50) in one line — 'Assegna
 * collaboratori' and three menus ('Addebiti', 'Documenti', 'Email'); every action keeps its label
 * and is reached by keyboard.
 */
export function CustomerBulkActions() {
  return (
    <>
      <AssignCollaboratorButton />
      <BulkGroup label="Addebiti">
        <AddTransactionButton />
        <GenerateInstallmentsButton />
        <YearlyAmountButton />
        <AnnualBalancerButton />
        <InvoiceChargesButton />
        <CollectionMethodButton />
      </BulkGroup>
      <BulkGroup label="Documenti">
        <ContractButton />
        <AccountBalanceButton />
        <TransferLetterButton />
        <BollettiniButton />
        <WordTemplateButton />
        <RequestDocumentsButton />
      </BulkGroup>
      <BulkGroup label="Email">
        <ContractEmailButton />
        <AccountBalanceEmailButton />
        <EmailExportButton />
      </BulkGroup>
    </>
  );
}
