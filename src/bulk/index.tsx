/** The bulk actions of the customers' table (seed A §2), each over one dataProvider call. */
import { GenerateInstallmentsButton } from './GenerateInstallmentsButton';
import { YearlyAmountButton } from './YearlyAmountButton';
import { AnnualBalancerButton } from './AnnualBalancerButton';

export { GenerateInstallmentsButton, YearlyAmountButton, AnnualBalancerButton };

/** The customers' bulk toolbar (the document and e-mail actions come next, here). */
export function CustomerBulkActions() {
  return (
    <>
      <GenerateInstallmentsButton />
      <YearlyAmountButton />
      <AnnualBalancerButton />
    </>
  );
}
