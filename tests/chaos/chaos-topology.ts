import { generateKeyPairSync } from 'node:crypto';
import { startRecordingServer, type RecordingServer } from '../support/recording-http-server';
import { staffSignIn } from '../support/staff-accounts';
import { waitFor } from '../support/wait-for';
import { startComposeTopology, type Topology } from '../topology/compose-topology';
import type { RetryingClient } from './retrying-client';
import type { Customer } from './workload';

export const ADMIN = { phone: '+919000000031', password: 'chaos-admin-password' };

/**
 * docker-compose.yml as processes (tests/topology): PostgreSQL (reached through a hop that can be
 * partitioned), Redis, two APIs behind the proxy, two projectors, the worker.
 */
export async function startChaosTopology(): Promise<{ topology: Topology; gateway: RecordingServer }> {
  const gateway = await startRecordingServer();
  try {
    const topology = await startComposeTopology({
      vars: {
        POSTGRES_PASSWORD: 'chaos-postgres-password',
        JWT_SECRET: 'chaos-jwt-secret-chaos-jwt-secret-chaos',
        AUDIT_SIGNING_KEY: Buffer.from(generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()).toString('base64'),
        ADMIN_PHONE: ADMIN.phone,
        ADMIN_PASSWORD: ADMIN.password,
        METRICS_TOKEN: 'chaos-metrics-token-0123456789abcdef',
        SMS_HTTP_URL: `${gateway.url}/v1/sms`,
        SMS_HTTP_AUTH_HEADER: 'Authorization: Bearer chaos-gateway-key',
        // No EventStoreDB server here: the events are in PostgreSQL too.
        EVENTSTORE: 'postgres',
        TRUST_PROXY: '1',
        LOG_LEVEL: 'warn',
      },
      scale: { api: 2 },
      // The postgres-partition fault holds the services' traffic to it.
      databaseHop: true,
    });
    return { topology, gateway };
  } catch (error) {
    await gateway.close();
    throw error;
  }
}

/** The operator's admin, signed in (an authenticator set up at the first sign-in, as production requires). */
export async function signInAdmin(client: RetryingClient): Promise<string> {
  const post = async (path: string, body: unknown) => (await client.once('POST', path, body))?.body;
  return (await staffSignIn(post, ADMIN)).token;
}

/** Customers registered as people do: a code by SMS (sent by the worker through the gateway), then the account. */
export async function registerCustomers(client: RetryingClient, gateway: RecordingServer, count: number): Promise<Customer[]> {
  const customers: Customer[] = [];
  for (let i = 0; i < count; i++) {
    const phone = `+9198000031${String(i).padStart(2, '0')}`;
    const sent = await client.once('POST', '/api/auth/register/otp/send', { phone });
    if (sent?.status !== 200) throw new Error(`sending a code to ${phone} answered ${JSON.stringify(sent)}`);
    const request = await waitFor(`the code for ${phone}`, async () => gateway.requests.find((r) => r.body.includes(phone)), 60_000);
    const otp = /(\d{6}) is your verification code/.exec(request.body)?.[1];
    if ((await client.once('POST', '/api/auth/register/otp/verify', { phone, otp }))?.status !== 200) throw new Error(`the code for ${phone} was refused`);
    const registered = await client.once('POST', '/api/auth/register', { username: `Chaos ${i}`, phone, password: `chaos-customer-${i}` });
    if (registered?.status !== 201) throw new Error(`registering ${phone} answered ${JSON.stringify(registered)}`);
    customers.push({ userId: registered.body.user.id ?? registered.body.user._id, token: registered.body.token });
  }
  return customers;
}
