import type { CompletePresetData } from '../../../events/catalog';
import type { ErrorResponseBody } from '../../http/app-error';

/** GET and POST /api/songs/{id}/preset: tempo and transpose always there (1 and 0 when never saved). */
export interface PresetResponse {
  presetData: CompletePresetData;
}

/** 403 to a user without an active subscription: the client opens the Upgrade modal (trigger pro_feature). */
export interface RequiresUpgradeResponse extends ErrorResponseBody {
  requiresUpgrade: true;
}
