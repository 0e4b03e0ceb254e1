import type { ReactNode } from 'react';
import { Detail } from '../../../components/detail';
import { ShortValue } from '../../../components/short-value';
import { isBuyOrder } from '../../../lib/order-format';
import type { AdminOrder } from '../admin-api';
import { InfoCard } from './info-card';

function DetailList({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="details">
      {rows.map(([label, value]) => (
        <Detail key={label} label={label}>
          {value}
        </Detail>
      ))}
    </dl>
  );
}

/** Who placed the order; `showBrand` adds the brand they placed it with (operator admins run several). */
export function UserInfoCard({ order, showBrand }: { order: AdminOrder; showBrand: boolean }) {
  return (
    <InfoCard title="User Information">
      <DetailList
        rows={[
          ['Phone', order.user.phone],
          ...(showBrand ? [['Brand', order.brand.name] as [string, string]] : []),
          // Ids are looked up, not read: their ends on screen, the whole in the tooltip and the copy.
          ['User ID', <ShortValue value={order.user._id} what="User ID" />],
          ['Order ID', <ShortValue value={order._id} what="Order ID" />],
          // Older orders were recorded without a network; TRC20 was the only one then.
          ['Network', order.network || 'TRC20'],
        ]}
      />
    </InfoCard>
  );
}

export function ReferencesCard({ order }: { order: AdminOrder }) {
  const all: [string, string | null][] = [
    ['Crypto Transaction', order.cryptoReference],
    ['Admin UTR', order.bankUtr],
    ['User Reference', order.bankReference],
  ];
  const references = all.filter((r): r is [string, string] => !!r[1]);
  return (
    <InfoCard title="Transaction References">
      {references.length === 0 ? (
        <p className="muted">No transaction references available</p>
      ) : (
        <dl className="details references">
          {references.map(([label, value]) => (
            <Detail key={label} label={label}>
              <ShortValue value={value} what={label} />
            </Detail>
          ))}
        </dl>
      )}
    </InfoCard>
  );
}

/** A buy pays out to the customer's USDT address; a sell is received at the operator's deposit address. */
export function AddressCard({ order }: { order: AdminOrder }) {
  const buy = isBuyOrder(order);
  const address = buy ? order.withdrawAddress : order.depositAddress;
  const title = buy ? "User's USDT Address" : 'Deposit Address';
  return (
    <InfoCard title={title}>
      {address ? (
        <p>
          <ShortValue value={address} what={title} head={8} tail={8} done="Address copied to clipboard!" />
        </p>
      ) : (
        <p className="muted">Not provided</p>
      )}
    </InfoCard>
  );
}
