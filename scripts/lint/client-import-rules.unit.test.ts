import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

// The client's import boundaries live in eslint.config.js; these cases lint source text as if it
// sat at a path in the client, so a rule that stops firing (a zone typo, a glob that no longer
// matches) fails here rather than silently letting imports through.
const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const eslint = new ESLint({ cwd: repoRoot });

async function problemsOf(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${repoRoot}${filePath}` });
  return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`);
}

describe('client import rules (eslint.config.js)', () => {
  // The first lint loads the config, the TypeScript parser and the import resolver: seconds, once.
  beforeAll(() => problemsOf('client/src/lib/probe.ts', 'export const probe = 1;\n'), 60_000);

  it('a feature may not import another feature', async () => {
    const problems = await problemsOf(
      'client/src/features/library/probe.ts',
      "import { selectLastSongId } from '../player/player-slice';\nexport const probe = selectLastSongId;\n",
    );
    expect(problems).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*client features do not import each other/)]);
  });

  it('a feature may import its own files, the shared folders and the typed hooks', async () => {
    const problems = await problemsOf(
      'client/src/features/player/probe.ts',
      [
        "import { playerSlice } from './player-slice';",
        "import { paths } from '../../lib/routes/paths';",
        "import { LinkButton } from '../../components/ui/link-button';",
        "import { useAppDispatch } from '../../app/hooks';",
        'export const probe = [playerSlice, paths, LinkButton, useAppDispatch];',
        '',
      ].join('\n'),
    );
    expect(problems).toEqual([]);
  });

  it('a feature may not import the app layer beyond its typed hooks', async () => {
    const problems = await problemsOf(
      'client/src/features/player/probe.ts',
      "import { makeStore } from '../../app/store';\nexport const probe = makeStore;\n",
    );
    expect(problems).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*features do not import the app layer/)]);
  });

  it('lib and components import neither features nor the app layer', async () => {
    const fromLib = await problemsOf(
      'client/src/lib/probe.ts',
      "import { playerSlice } from '../features/player/player-slice';\nexport const probe = playerSlice;\n",
    );
    const fromComponents = await problemsOf(
      'client/src/components/ui/probe.ts',
      "import { useAppSelector } from '../../app/hooks';\nexport const probe = useAppSelector;\n",
    );
    expect([...fromLib, ...fromComponents]).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*are shared/),
      expect.stringMatching(/^import-x\/no-restricted-paths: .*are shared/),
    ]);
  });

  it("react-redux's untyped hooks are banned outside app/hooks.ts", async () => {
    const code = "import { Provider, useDispatch, useSelector, useStore } from 'react-redux';\nexport const probe = [Provider, useDispatch, useSelector, useStore];\n";
    const inComponent = await problemsOf('client/src/features/player/probe.tsx', code);
    expect(inComponent).toHaveLength(3);
    for (const problem of inComponent) expect(problem).toMatch(/^@typescript-eslint\/no-restricted-imports: '(useDispatch|useSelector|useStore)'/);
    expect(await problemsOf('client/src/app/hooks.ts', code)).toEqual([]);
  });
});
