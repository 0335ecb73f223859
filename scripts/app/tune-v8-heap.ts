import { setFlagsFromString } from 'node:v8';

// Imported first. No pretenuring: long stem GETs made V8 put short-lived HEAD objects in the old generation.
setFlagsFromString('--no-allocation-site-pretenuring');
