import { WalletsManager } from './wallets-manager';

export function WalletsPage() {
  return (
    <section className="card">
      <h1>USDT Wallets</h1>
      <WalletsManager />
    </section>
  );
}
