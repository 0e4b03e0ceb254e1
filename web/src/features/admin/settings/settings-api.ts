import type { InferRequestType } from 'hono/client';
import { api, unwrap } from '../../../lib/api';
import { unwrapSaveOrWait } from '../changes/changes-api';

export const settingsApi = {
  get: () => unwrap(api.admin.settings.$get()),
  save: (json: SettingsPatch) => unwrapSaveOrWait(api.admin.settings.$put({ json })),
};

export const settingsKey = ['admin', 'settings'] as const;

export type AdminSettings = Awaited<ReturnType<typeof settingsApi.get>>;
export type SettingsPatch = InferRequestType<typeof api.admin.settings.$put>['json'];
