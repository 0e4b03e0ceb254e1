import { parseEnv } from '@desk/platform/config/env-schema';
import { apiEnvSchema, apiRequirements } from './api-env-schema';

/** `npm run start:api`: the HTTP API alone (projections run elsewhere). */
export const apiEnv = parseEnv(apiEnvSchema, process.env, apiRequirements);
