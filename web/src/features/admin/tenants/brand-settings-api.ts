import type { InferRequestType } from 'hono/client';
import { api, unwrap } from '../../../lib/api';
import { unwrapSaveOrWait } from '../changes/changes-api';
import { tenantKeys } from './tenant-queries';

const settings = api.admin.tenants[':id'].settings;

/** A brand's overrides of the Global Settings; the answer carries both and what the brand gets. */
export const brandSettingsApi = {
  get: (id: string) => unwrap(settings.$get({ param: { id } })),
  save: (id: string, json: BrandOverrides) => unwrapSaveOrWait(settings.$put({ param: { id }, json })),
};

export const brandSettingsKey = (id: string) => [...tenantKeys.one(id), 'settings'] as const;

export type BrandSettings = Awaited<ReturnType<typeof brandSettingsApi.get>>;
/** What a save sends: the brand's whole set of overrides; a field left out follows the Global Settings. */
export type BrandOverrides = InferRequestType<typeof settings.$put>['json'];
