/** Runs an external tool (fluidsynth, ffmpeg, mma), failing with its own last words when it fails. */
import { spawn } from 'node:child_process';

export function runTool(command: string, args: readonly string[], options: { cwd?: string; input?: Uint8Array } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, stdio: [options.input ? 'pipe' : 'ignore', 'pipe', 'pipe'] });
    const output: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('error', (error) => reject(new Error(`${command} could not start (${error.message}): run scripts/ensure-audio-tools.sh`)));
    child.on('close', (code) => {
      const text = Buffer.concat(output).toString('utf8');
      if (code === 0) resolve(text);
      else reject(new Error(`${command} ${args.join(' ')} failed (exit ${code}): ${text.trim().split('\n').slice(-3).join(' | ')}`));
    });
    if (options.input) child.stdin!.end(options.input);
  });
}
