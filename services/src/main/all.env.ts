import { parseEnv } from '@desk/platform/config/env-schema';
import { projectorEnv } from '@desk/projections/runtime/projector-env-schema';
import { apiEnvSchema, apiRequirements } from './api-env-schema';

/** `npm start`: API and projection workers in one process. */
export const allEnv = parseEnv({ ...apiEnvSchema, ...projectorEnv }, process.env, apiRequirements);
