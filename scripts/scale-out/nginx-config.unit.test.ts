import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderNginxConfig } from './nginx-config';

const template = readFileSync(new URL('../../deploy/nginx.conf', import.meta.url), 'utf8');
const settings = { listen: '127.0.0.1:8080', upstreams: ['127.0.0.1:4001', '127.0.0.1:4002', '127.0.0.1:4003'], accessLog: '/tmp/x/access.log', errorLog: '/tmp/x/error.log' };

describe('renderNginxConfig', () => {
  it('puts the rehearsal’s ports and logs into the operator’s file and changes nothing else', () => {
    const rendered = renderNginxConfig(template, settings);
    expect(rendered).toContain('    listen 127.0.0.1:8080;\n');
    expect(rendered).toContain(
      '    server 127.0.0.1:4001 max_fails=0;\n    server 127.0.0.1:4002 max_fails=0;\n    server 127.0.0.1:4003 max_fails=0;\n    keepalive',
    );
    expect(rendered).toContain('  access_log /tmp/x/access.log woodshed;\n');
    expect(rendered).toContain('  error_log /tmp/x/error.log warn;\n');
    expect(rendered).not.toMatch(/3001|3002|listen 80;|\/var\/log/);
    const unchanged = (text: string) => text.split('\n').filter((line) => !/^\s*(server \S+ |listen |access_log |error_log )/.test(line));
    expect(unchanged(rendered)).toEqual(unchanged(template));
  });

  it('refuses a file that lost a line it replaces, rather than running another configuration', () => {
    expect(() => renderNginxConfig(template.replace(/^ *listen .*\n/m, ''), settings)).toThrow(/listen/);
    expect(() => renderNginxConfig(template.replace(/^ *server 127.*\n/gm, ''), settings)).toThrow(/server/);
    expect(() => renderNginxConfig(template, { ...settings, upstreams: [] })).toThrow(RangeError);
  });
});
