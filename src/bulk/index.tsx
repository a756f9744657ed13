/** The bulk actions of the customers' table (seed A §2), each over one dataProvider call. */
import { GenerateInstallmentsButton } from './GenerateInstallmentsButton';
import { YearlyAmountButton } from './YearlyAmountButton';
import { AnnualBalancerButton } from './AnnualBalancerButton';
import { AssignCollaboratorButton } from './AssignCollaboratorButton';
import { AddTransactionButton } from './AddTransactionButton';
import { EmailExportButton } from './EmailExportButton';
import { BollettiniButton } from './BollettiniButton';
import { AccountBalanceButton } from './AccountBalanceButton';
import { TransferLetterButton } from './TransferLetterButton';
import { ContractButton } from './ContractButton';

export { GenerateInstallmentsButton, YearlyAmountButton, AnnualBalancerButton, AssignCollaboratorButton, AddTransactionButton, EmailExportButton, BollettiniButton, AccountBalanceButton, TransferLetterButton, ContractButton };

/** The customers' bulk toolbar (the e-mail actions and the Word templates come next, here). */
export function CustomerBulkActions() {
  return (
    <>
      <AssignCollaboratorButton />
      <GenerateInstallmentsButton />
      <YearlyAmountButton />
      <AddTransactionButton />
      <AnnualBalancerButton />
      <ContractButton />
      <BollettiniButton />
      <AccountBalanceButton />
      <TransferLetterButton />
      <EmailExportButton />
    </>
  );
}
