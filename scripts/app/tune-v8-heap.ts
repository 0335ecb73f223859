import { setFlagsFromString } from 'node:v8';

/*
 * Imported first by `npm start` (and by the stream bench, which builds the same app), before any
 * of the app's code runs: V8 flags are process-wide and are best set before the code they affect
 * is compiled.
 *
 * No allocation-site pretenuring (decision 0049). While stem GETs stream, the objects of each
 * response (the response, its headers, the socket's write requests, Koa's context) live for the
 * hundreds of milliseconds a body takes, so V8 learns to allocate them straight in the old
 * generation. The same code then answers HEADs and short GETs whose objects die within a
 * millisecond, and fills the old generation with them: under HEAD load after GETs, four
 * mark-compacts in 9 s (the longest 34 ms) and scavenges three times as long, which was most of
 * the HEAD credit check's p99 (decision 0049). Without it those objects die young, as they should.
 */
setFlagsFromString('--no-allocation-site-pretenuring');
