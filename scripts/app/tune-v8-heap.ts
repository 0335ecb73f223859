import { setFlagsFromString } from 'node:v8';

/*
 * Imported first, before the code V8's flags affect is compiled. No allocation-site pretenuring
 * (decision 0049): long stem GETs taught V8 to put response objects straight in the old
 * generation, where the short-lived ones of HEADs then piled up into long mark-compacts.
 */
setFlagsFromString('--no-allocation-site-pretenuring');
