import { BENCH_ADMIN } from './app-process.ts';
import { expect, type Visitor } from './soak-client.ts';
import { userAddress } from './soak-setup.ts';

/** A bench user's character and the Dink address made for it. */
export interface DinkAddress {
  womId: string;
  name: string;
  token: string;
  /** The game account Dink reports for this character. */
  accountHash: string;
}

/** Users set up at once: sign-up hashes a password, which two cores do a few at a time. */
const SETUP_BATCH = 4;

async function prepareAddress(
  base: string,
  admin: Visitor,
  index: number,
  member: { wom_id: string; name: string },
): Promise<DinkAddress> {
  const username = `dinkbench${index}`;
  const password = `dink-bench-password-${index}`;
  const visitor: Visitor = { address: userAddress(index), cookie: null };
  const register = { username, password, confirm_password: password };
  await expect(base, visitor, { method: 'POST', path: '/api/auth/register', body: register }, 201);
  const claim = { method: 'POST' as const, path: '/api/admin/claim-codes', body: { wom_id: member.wom_id } };
  const { code } = await expect<{ code: string }>(base, admin, claim, 201);
  await expect(base, visitor, { method: 'POST', path: '/api/claims/redeem', body: { code } }, 200);
  const link = { method: 'POST' as const, path: `/api/me/characters/${member.wom_id}/dink` };
  const { url } = await expect<{ url: string }>(base, visitor, link, 201);
  return {
    womId: member.wom_id,
    name: member.name,
    token: url.split('/').pop() as string,
    accountHash: `bench-account-${index}`,
  };
}

/**
 * `count` users, each signed up through the HTTP API with one claimed member of the demo clan and a
 * Dink address for it (one account per address).
 */
export async function prepareDinkAddresses(base: string, count: number): Promise<DinkAddress[]> {
  const admin: Visitor = { address: '10.99.0.1', cookie: null };
  await expect(base, admin, { method: 'POST', path: '/api/auth/login', body: BENCH_ADMIN }, 200);
  const members = await expect<Array<{ wom_id: string; name: string }>>(
    base,
    admin,
    { path: '/api/members' },
    200,
  );
  if (members.length < count)
    throw new Error(`The clan has ${members.length} members, the bench needs ${count}`);
  const addresses: DinkAddress[] = [];
  for (let first = 0; first < count; first += SETUP_BATCH) {
    const batch = Array.from({ length: Math.min(SETUP_BATCH, count - first) }, (_, i) => first + i);
    addresses.push(
      ...(await Promise.all(batch.map((index) => prepareAddress(base, admin, index, members[index]!)))),
    );
  }
  return addresses;
}
