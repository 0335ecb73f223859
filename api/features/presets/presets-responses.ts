import type { PresetData } from '../../../events/catalog';
import type { ErrorResponseBody } from '../../http/app-error';

/** GET and POST /api/songs/{id}/preset. */
export interface PresetResponse {
  presetData: PresetData;
}

/** 403 to a user without an active subscription: the client opens the Upgrade modal (trigger pro_feature). */
export interface RequiresUpgradeResponse extends ErrorResponseBody {
  requiresUpgrade: true;
}
