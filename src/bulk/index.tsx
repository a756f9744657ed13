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
import { BulkGroup } from './groups';

export { GenerateInstallmentsButton, YearlyAmountButton, AnnualBalancerButton, AssignCollaboratorButton, AddTransactionButton, EmailExportButton, BollettiniButton, AccountBalanceButton, TransferLetterButton, ContractButton, WordTemplateButton, ContractEmailButton, AccountBalanceEmailButton };

/**
 * The actions of each menu of the customers' bulk bar, by their labels (seed A §2): the charges
 * and amounts, the documents, the e-mails. 'Assegna collaboratori' is a button of its own.
 */
export const BULK_GROUPS = {
  Addebiti: ['Aggiungi movimento', 'Genera rate', 'Tariffa annuale', 'Conguaglio annuale'],
  Documenti: ['Contratto', 'Estratto conto', 'Lettera bonifico', 'Bollettini', 'Modelli Word'],
  Email: ['Invia contratti via email', 'Invia estratti conto via email', 'Esporta email'],
} as const;

/**
 * The customers' bulk bar: the thirteen actions of seed A §2 in one line — 'Assegna
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
      </BulkGroup>
      <BulkGroup label="Documenti">
        <ContractButton />
        <AccountBalanceButton />
        <TransferLetterButton />
        <BollettiniButton />
        <WordTemplateButton />
      </BulkGroup>
      <BulkGroup label="Email">
        <ContractEmailButton />
        <AccountBalanceEmailButton />
        <EmailExportButton />
      </BulkGroup>
    </>
  );
}
