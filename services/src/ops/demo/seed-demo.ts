import { CommandError } from '../cli-errors';
import { seconds, type WriteLine } from '../progress';
import { ask } from './demo-api';
import type { DemoApps } from './demo-apps';
import { DEMO_BRAND, DEMO_CUSTOMERS, DEMO_OPERATOR, DEMO_PASSWORDS, STATUS_OF_STATE } from './demo-data';
import { seedOrders, type SeededOrder } from './seed-orders';
import { seedPeople } from './seed-people';
import { seedStatements } from './seed-statements';
import { chainClosingLines, seedChainOrders } from './seed-chain';

export interface DemoLogin {
  role: 'operator admin' | 'brand admin' | 'customer';
  phone: string;
  password: string;
  brand: string;
  host: string;
}

export interface DemoResult {
  sunriseId: string;
  orders: (SeededOrder & { status: string; repriced: boolean; proofCount: number })[];
  logins: DemoLogin[];
  /** True when the database already held all of it: this run recorded nothing new. */
  alreadySeeded: boolean;
}

interface ListedOrder {
  _id: string;
  status: string;
  proofCount: number;
  priceHistory: unknown[];
}

/**
 * `npm run seed -- demo`: brands, people and orders in every state (demo-data.ts) for newcomers and
 * screenshots, through the API. Each order's status is then read back from the admin list (the read
 * model, as the screens show it) and checked against the state it was meant to reach.
 */
export async function seedDemo(apps: DemoApps, write: WriteLine): Promise<DemoResult> {
  const started = Date.now();
  const people = await seedPeople(apps, write);
  const seeded = [...(await seedOrders(apps, people, write)), ...(await seedChainOrders(apps, people, write))];
  await apps.project();

  const listed = await ask<{ items: ListedOrder[] }>(apps.api, 'GET', '/api/admin/orders?pageSize=200', people.operator);
  const byId = new Map(listed.body.items.map((o) => [o._id, o]));
  const orders = seeded.map((order) => {
    const row = byId.get(order.id);
    if (!row) throw new CommandError(`order ${order.refCode} is not in the admin list after the projections caught up`);
    const result = { ...order, status: row.status, repriced: row.priceHistory.length > 0, proofCount: row.proofCount };
    if (row.status !== STATUS_OF_STATE[order.state] || (order.state.includes('repriced') && !result.repriced)) {
      throw new CommandError(`order ${order.refCode} was to be ${order.state} but is ${row.status}`);
    }
    return result;
  });

  await seedStatements(apps, people, orders, write);

  const sunriseHost = DEMO_BRAND.domain;
  const logins: DemoLogin[] = [
    { role: 'operator admin', phone: DEMO_OPERATOR.phone, password: DEMO_PASSWORDS.operator, brand: 'every brand', host: 'localhost' },
    { role: 'brand admin', phone: DEMO_BRAND.admin.phone, password: DEMO_PASSWORDS.brandAdmin, brand: DEMO_BRAND.name, host: sunriseHost },
    ...DEMO_CUSTOMERS.map((c) => ({
      role: 'customer' as const,
      phone: c.phone,
      password: DEMO_PASSWORDS.customer,
      brand: c.brand === 'sunrise' ? DEMO_BRAND.name : "operator's brand",
      host: c.brand === 'sunrise' ? sunriseHost : 'localhost',
    })),
  ];
  const alreadySeeded = orders.every((o) => o.replayed);
  write(`[seed] ${orders.length} orders ${alreadySeeded ? 'were already there' : 'in place'} in ${seconds(Date.now() - started)}`);
  return { sunriseId: people.sunriseId, orders, logins, alreadySeeded };
}

/** The lines a newcomer reads at the end: what is there, and how to sign in as whom. */
export function describeDemo(result: DemoResult, port: number): string[] {
  const states = new Map(Object.keys(STATUS_OF_STATE).map((state) => [state, 0]));
  for (const order of result.orders) states.set(order.state, (states.get(order.state) ?? 0) + 1);
  const url = (host: string) => `http://${host}:${port}`;
  return [
    '',
    `Orders by state: ${[...states].flatMap(([state, n]) => (n > 0 ? [`${state} ${n}`] : [])).join('; ')}`,
    ...chainClosingLines(result.orders),
    '',
    'Logins (demo passwords: never use this database for real money):',
    ...result.logins.map((l) => `  ${l.role.padEnd(15)} ${l.phone}  ${l.password.padEnd(17)} ${l.brand.padEnd(17)} ${url(l.host)}`),
    '',
    `${DEMO_BRAND.name} answers on ${url(DEMO_BRAND.domain)} (browsers send *.localhost to this machine; elsewhere add`,
    `"127.0.0.1 ${DEMO_BRAND.domain}" to /etc/hosts). Its customers sign in there, the operator's on ${url('localhost')}.`,
  ];
}
