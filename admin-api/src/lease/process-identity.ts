import { readFileSync, readlinkSync } from 'node:fs';
import { hostname } from 'node:os';

/** Who a process is, as a lease records it. */
export interface ProcessIdentity {
  host: string;
  pid: number;
  /**
   * On Linux `<boot id>/<pid namespace>/<start time>`: the machine's current boot, the namespace
   * the pid counts in, and when the process started (so a pid reused by another process is told
   * apart). '' where /proc cannot say.
   */
  processKey: string;
}

interface ProcStat {
  state: string;
  startTicks: string;
}

/** A process's state and start time (clock ticks since boot) from /proc/<pid>/stat; undefined when there is no such process. */
function procStat(pid: number): ProcStat | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count fields after its last ')'.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    const [state, startTicks] = [fields[0], fields[19]];
    return state && startTicks ? { state, startTicks } : undefined;
  } catch {
    return undefined;
  }
}

function machineScope(): string | undefined {
  try {
    return `${readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim()}/${readlinkSync('/proc/self/ns/pid')}`;
  } catch {
    return undefined;
  }
}

/** This process, as a lease names it. */
export function thisProcess(): ProcessIdentity {
  const scope = machineScope();
  const stat = procStat(process.pid);
  return { host: hostname(), pid: process.pid, processKey: scope && stat ? `${scope}/${stat.startTicks}` : '' };
}

/** The part of a process key that names the machine's boot and the pid namespace. */
const scopeOf = (processKey: string) => processKey.slice(0, processKey.lastIndexOf('/'));
const bootOf = (processKey: string) => processKey.slice(0, processKey.indexOf('/'));

export type Liveness = 'running' | 'ended' | 'unknown';

/**
 * Whether the process a lease names still runs, as far as this process can tell: it can tell for
 * a process on this machine in the same pid namespace (by its pid and start time, a zombie counting
 * as ended) and for one on this host from a boot before the current one (ended). Anywhere else
 * (another machine, another container) it cannot: 'unknown', and only the lease's expiry frees it.
 */
export function liveness(holder: ProcessIdentity, me: ProcessIdentity = thisProcess()): Liveness {
  if (holder.processKey !== '' && me.processKey !== '') {
    if (bootOf(holder.processKey) !== bootOf(me.processKey)) return holder.host === me.host ? 'ended' : 'unknown';
    if (scopeOf(holder.processKey) !== scopeOf(me.processKey)) return 'unknown';
    const stat = procStat(holder.pid);
    if (!stat || stat.state === 'Z' || stat.state === 'X') return 'ended';
    return `${scopeOf(holder.processKey)}/${stat.startTicks}` === holder.processKey ? 'running' : 'ended';
  }
  if (holder.host !== me.host || holder.processKey !== me.processKey) return 'unknown';
  try {
    process.kill(holder.pid, 0);
    return 'running';
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH' ? 'ended' : 'running';
  }
}
