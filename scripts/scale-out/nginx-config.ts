/** What the rehearsal changes in deploy/nginx.conf: where it listens, the API processes, where it logs. */
export interface NginxSettings {
  /** `127.0.0.1:8080` */
  listen: string;
  /** `127.0.0.1:3001`, one per API process. */
  upstreams: readonly string[];
  accessLog: string;
  errorLog: string;
}

/**
 * deploy/nginx.conf with `settings` in place of its `listen`, upstream `server` and log lines, each of
 * which must be there exactly as the operator's copy has it: anything else of the file is kept, so
 * the rehearsal runs the configuration the docs give. Throws when the file no longer has one of them.
 */
export function renderNginxConfig(template: string, settings: NginxSettings): string {
  if (settings.upstreams.length === 0) throw new RangeError('at least one API process is needed');
  // The upstream's `server` lines, one after another: replaced as a block by one line per process.
  const block = /^( *)server \S+( [^;\n]*)?;\n(?:\1server \S+(?: [^;\n]*)?;\n)*/m.exec(template);
  if (block === null) throw new Error('deploy/nginx.conf has no upstream `server` line');
  const [lines, indent, options = ''] = block;
  if ((template.match(/^ *server \S+( [^;\n]*)?;$/gm)?.length ?? 0) !== lines.split('\n').length - 1) throw new Error('deploy/nginx.conf has `server` lines outside its one upstream block');
  let rendered = template.replace(lines, settings.upstreams.map((address) => `${indent}server ${address}${options};\n`).join(''));
  rendered = replaceOnce(rendered, /^( *)listen \S+;$/m, (indentation) => `${indentation}listen ${settings.listen};`);
  rendered = replaceOnce(rendered, /^( *)access_log \S+ (\S+);$/m, (indentation, format) => `${indentation}access_log ${settings.accessLog} ${format};`);
  rendered = replaceOnce(rendered, /^( *)error_log \S+ (\S+);$/m, (indentation, level) => `${indentation}error_log ${settings.errorLog} ${level};`);
  return rendered;
}

function replaceOnce(text: string, pattern: RegExp, replacement: (...groups: string[]) => string): string {
  const count = text.match(new RegExp(pattern.source, 'gm'))?.length ?? 0;
  if (count !== 1) throw new Error(`deploy/nginx.conf must have exactly one line matching ${pattern} (found ${count})`);
  return text.replace(pattern, (_line, ...groups: unknown[]) => replacement(...groups.filter((group): group is string => typeof group === 'string')));
}
