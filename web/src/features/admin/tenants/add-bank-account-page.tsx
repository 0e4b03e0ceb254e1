export function AddBankAccountPage() {
  return <h1>Add Bank Account</h1>;
}
