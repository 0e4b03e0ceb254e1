import { api, unwrap } from '../../../lib/api';
import { unwrapSaveOrWait } from '../changes/changes-api';

/** A profile create or edit: multipart, so a logo file can travel with the fields. */
export interface TenantProfileForm {
  name?: string;
  domain?: string;
  logoUrl?: string;
  primaryColor?: string;
  removeLogo?: 'true';
  logo?: File;
  /** The support contact shown on the brand's landing page; '' clears one. */
  supportPhone?: string;
  supportEmail?: string;
  supportWhatsApp?: string;
  supportHours?: string;
}

/** A JSON edit; the bank account and wallet lists are sent whole (the server replaces them). */
export interface TenantListsEdit {
  bankAccounts?: BankAccountInput[];
  cryptoWallets?: CryptoWalletInput[];
}

// A brand's change takes either body, its profile as multipart or its lists as JSON (both are declared);
// the typed client asks for one field per declared body at once, so the one sent stands for both.
type TenantPut = Parameters<(typeof api.admin.tenants)[':id']['$put']>[0];
const withBody = <Args extends object>(args: Args, body: { form: TenantProfileForm } | { json: TenantListsEdit }) => ({ ...args, ...body }) as Args & TenantPut;

const formFields = (form: TenantProfileForm) => Object.fromEntries(Object.entries(form).filter(([, v]) => v !== undefined)) as TenantProfileForm;

export const tenantApi = {
  list: () => unwrap(api.admin.tenants.$get()),
  get: (id: string) => unwrap(api.admin.tenants[':id'].$get({ param: { id } })),
  create: (form: TenantProfileForm) => unwrap(api.admin.tenants.$post(withBody({}, { form: formFields(form) }))),
  updateProfile: (id: string, form: TenantProfileForm) =>
    unwrapSaveOrWait(api.admin.tenants[':id'].$put(withBody({ param: { id } }, { form: formFields(form) }))),
  // New, changed or activated accounts and wallets wait for a second admin (202, docs/desk-changes.md).
  updateLists: (id: string, json: TenantListsEdit) => unwrapSaveOrWait(api.admin.tenants[':id'].$put(withBody({ param: { id } }, { json }))),
  // Deleting a brand waits for a second admin (202).
  remove: (id: string) => unwrapSaveOrWait(api.admin.tenants[':id'].$delete({ param: { id } })),
};

export type Tenant = Awaited<ReturnType<typeof tenantApi.get>>;
export type TenantBankAccount = Tenant['bankAccounts'][number];
export type TenantWallet = Tenant['cryptoWallets'][number];
export type WalletNetwork = TenantWallet['network'];

export interface BankAccountInput {
  bankName: string;
  accountName: string;
  accountNumber: string;
  ifsc: string;
  isActive: boolean;
}

export interface CryptoWalletInput {
  network: WalletNetwork;
  address: string;
  /** A data URL to store, one of our own file links to keep, or absent to have a QR generated. */
  qrCodeUrl?: string;
  isActive: boolean;
}

/** A saved account as the edit sends it back: the same fields without the list position id. */
export const bankAccountInput = ({ bankName, accountName, accountNumber, ifsc, isActive }: TenantBankAccount): BankAccountInput => ({
  bankName,
  accountName,
  accountNumber,
  ifsc,
  isActive,
});

/** A saved wallet with its own QR link, so the server keeps that QR instead of making a new one. */
export const cryptoWalletInput = ({ network, address, qrCodeUrl, isActive }: TenantWallet): CryptoWalletInput => ({
  network,
  address,
  isActive,
  ...(qrCodeUrl ? { qrCodeUrl } : {}),
});
