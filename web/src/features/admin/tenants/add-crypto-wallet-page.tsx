export function AddCryptoWalletPage() {
  return <h1>Add Crypto Wallet</h1>;
}
