import type { Plugin, Rolldown } from 'vite';
import type { ManifestTransform } from 'workbox-build';

/** What {@link shellPrecache} gives the build: the plugin that reads the bundle, and Workbox's filter. */
export interface ShellPrecache {
  plugin: Plugin;
  /** Keeps in the precache every file outside assets/, the stylesheet and the shell's chunks, nothing else. */
  manifestTransform: ManifestTransform;
  /** The shell's files under assets/, once the bundle is written (for the build's log and tests). */
  shellFiles(): ReadonlySet<string>;
}

/** The chunks a set of chunks needs before it can run: each one, its static imports, their styles. */
export function staticClosure(bundle: Rolldown.OutputBundle, roots: readonly string[]): Set<string> {
  const chunks = new Map(Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [[output.fileName, output] as const] : [])));
  const files = new Set<string>();
  const visit = (fileName: string) => {
    if (files.has(fileName)) return;
    files.add(fileName);
    const chunk = chunks.get(fileName);
    for (const css of chunk?.viteMetadata?.importedCss ?? []) files.add(css);
    for (const imported of chunk?.imports ?? []) visit(imported);
  };
  for (const root of roots) visit(root);
  return files;
}

/** The worker precaches only the app shell; other chunks are cached when first asked for. */
export function shellPrecache(shellModules: readonly string[]): ShellPrecache {
  let shell: Set<string> | undefined;
  const plugin: Plugin = {
    name: 'woodshed-shell-precache',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []));
      const roots = chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName);
      for (const module of shellModules) {
        const chunk = chunks.find((candidate) => candidate.facadeModuleId?.endsWith(module));
        if (!chunk) throw new Error(`shell-precache: no chunk of its own for ${module}`);
        roots.push(chunk.fileName);
      }
      shell = staticClosure(bundle, roots);
    },
  };
  return {
    plugin,
    manifestTransform: (entries) => {
      if (!shell) throw new Error('shell-precache: the service worker was generated before the bundle was read');
      const kept = shell;
      // The app has one stylesheet, linked from the page (cssCodeSplit off), so no chunk names it.
      const inShell = (url: string) => !url.startsWith('assets/') || url.endsWith('.css') || kept.has(url);
      return { manifest: entries.filter((entry) => inShell(entry.url)), warnings: [] };
    },
    shellFiles: () => shell ?? new Set(),
  };
}
