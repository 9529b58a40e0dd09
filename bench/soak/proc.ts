/**
 * Memory of other processes, read from Linux's /proc: VmRSS (resident now) and VmHWM (the
 * resident peak so far) of /proc/PID/status, and the children a process has spawned.
 * See proc_pid_status(5) and proc_pid_task(5) ("children").
 */
import { readdir, readFile } from 'node:fs/promises';

export interface Resident {
  /** Resident set now, MiB. */
  rssMb: number;
  /** Highest resident set of the process's life so far, MiB. */
  peakMb: number;
}

const kbField = (status: string, name: string) => {
  const m = new RegExp(`^${name}:\\s+(\\d+) kB$`, 'm').exec(status);
  return m ? Number(m[1]) / 1024 : undefined;
};

/** The resident memory of `pid`, or undefined once it has ended (or is a zombie, with no memory left). */
export async function residentOf(pid: number): Promise<Resident | undefined> {
  let status: string;
  try {
    status = await readFile(`/proc/${pid}/status`, 'utf8');
  } catch {
    return undefined;
  }
  const rssMb = kbField(status, 'VmRSS');
  const peakMb = kbField(status, 'VmHWM');
  return rssMb === undefined || peakMb === undefined ? undefined : { rssMb, peakMb };
}

/** The live children of `pid` whose command line contains `needle` (e.g. the Action's dist/index.js). */
export async function childrenRunning(pid: number, needle: string): Promise<number[]> {
  const found: number[] = [];
  let tasks: string[];
  try {
    tasks = await readdir(`/proc/${pid}/task`);
  } catch {
    return found;
  }
  for (const task of tasks) {
    // A child is listed under the thread that spawned it.
    const text = await readFile(`/proc/${pid}/task/${task}/children`, 'utf8').catch(() => '');
    for (const child of text.split(/\s+/).filter(Boolean)) {
      const cmdline = await readFile(`/proc/${child}/cmdline`, 'utf8').catch(() => '');
      if (cmdline.includes(needle)) found.push(Number(child));
    }
  }
  return found;
}
