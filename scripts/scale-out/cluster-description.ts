/** What the tests of a running rehearsal are told about it (JSON, in the file named by SCALE_OUT_CLUSTER). */
export interface ClusterDescription {
  /** nginx, as clients reach the service: `http://127.0.0.1:<port>`. */
  proxyUrl: string;
  /** PUBLIC_URL of every process (the proxy's address). */
  publicUrl: string;
  /** Each API process, reachable directly as well (the tests pick one to talk to). */
  apis: Array<{ name: string; url: string; pid: number }>;
  workers: Array<{ name: string; pid: number }>;
  databaseUrl: string;
  databaseSchema: string;
  /** The AUTH_SECRET every process shares: tests write sessions as a sign-in writes them. */
  authSecret: string;
  healthDetailToken: string;
  songsDir: string;
  /** nginx's access log (`deploy/nginx.conf`'s format: which upstream answered each request). */
  accessLog: string;
  /** The rehearsal's own control endpoint: `POST /restart/<name>`, `POST /kill/<name>` (loopback only). */
  controlUrl: string;
}

/** The environment variable that names the description file of a running rehearsal. */
export const clusterDescriptionVariable = 'SCALE_OUT_CLUSTER';
