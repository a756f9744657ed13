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

export { GenerateInstallmentsButton, YearlyAmountButton, AnnualBalancerButton, AssignCollaboratorButton, AddTransactionButton, EmailExportButton, BollettiniButton, AccountBalanceButton, TransferLetterButton, ContractButton, WordTemplateButton, ContractEmailButton, AccountBalanceEmailButton };

/** The customers' bulk toolbar: the actions of seed A §2, the e-mail sends beside their downloads. */
export function CustomerBulkActions() {
  return (
    <>
      <AssignCollaboratorButton />
      <GenerateInstallmentsButton />
      <YearlyAmountButton />
      <AddTransactionButton />
      <AnnualBalancerButton />
      <ContractButton />
      <ContractEmailButton />
      <BollettiniButton />
      <AccountBalanceButton />
      <AccountBalanceEmailButton />
      <TransferLetterButton />
      <WordTemplateButton />
      <EmailExportButton />
    </>
  );
}
