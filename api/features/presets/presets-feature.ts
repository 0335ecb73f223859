import type { Feature } from '../../feature';
import { presetsRouter } from './presets-router';

/** Pro users' mixer presets per song: save, load, reset. */
export const presetsFeature: Feature = {
  name: 'presets',
  routers: (deps) => [presetsRouter(deps)],
};
