import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const nginxPath = '/usr/sbin/nginx';

/**
 * nginx from Debian's packages, installed with apt when missing and we are root. The package's own
 * service is never started: the rehearsal runs nginx in the foreground with its own configuration.
 */
export function ensureNginx(log: (line: string) => void): string {
  if (existsSync(nginxPath)) return nginxPath;
  if (process.getuid?.() !== 0) throw new Error(`nginx is missing: install Debian's package (apt-get install nginx) and run again`);
  log('installing nginx from Debian (apt-get install -y --no-install-recommends nginx) ...');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', '--no-install-recommends', 'nginx']]) {
    const result = spawnSync('nice', ['-n', '19', 'apt-get', ...args], { env, stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
  }
  if (!existsSync(nginxPath)) throw new Error(`apt-get installed nginx but ${nginxPath} is missing`);
  return nginxPath;
}
