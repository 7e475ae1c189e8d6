import type { Context } from 'hono';
import type { Principal } from '../base/principal';
import type { Env, Settings } from '../base/env';
import type { ApiError } from '../../../src/shared/errors';

export interface AppVariables {
  requestId: string;
  settings: Settings;
  principal?: Principal;
  /** Why the credentials sent were refused; raised only by routes that need them. */
  authError?: ApiError;
}

export type AppEnv = { Bindings: Env; Variables: AppVariables };
export type Ctx = Context<AppEnv>;
